"""The game protocol: what a game plugin declares and what a game in progress can do.

A plugin is a subclass of :class:`Game` (the rules: id, names, player range, options,
presets, action types) whose :meth:`Game.new_game` returns a :class:`GameState` (one
game in progress). See ``docs/architecture.md`` for a worked example.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from cardgames.core.options import NoOptions
from cardgames.core.rulescard import RulesCard
from cardgames.core.state import GameState
from cardgames.core.tabletop import Tabletop
from cardgames.primitives.cards import Card
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK, N_

HIDDEN_MOVE = N_("a hidden move")
"""What a replay says of a move its reader did not see."""

if TYPE_CHECKING:
    from cardgames.core.position import PositionNotation
    from cardgames.core.scoresheet import Scoresheet
    from cardgames.core.utility import Utility

O = TypeVar("O")  # the game's options class  # noqa: E741
# The name of the count, in Game.statistics, of hands ended by a program safeguard (a turn limit).
SAFEGUARD_ENDINGS = "safeguard endings"
PROTOCOL_VERSION = 2
"""The version of the game protocol this framework speaks (docs/architecture.md says what changed)."""
PROTOCOL_VERSIONS = (1, 2)
"""The versions a plugin may declare in ``Game.protocol``; the registry refuses any other."""
DEFAULT_MAX_DECISIONS = 10_000
"""``Game.max_decisions`` of a game that declares no bound: a safeguard against a game that never ends."""
REQUIRED_MEMBERS = (
    "Game.id",
    "Game.min_players",
    "Game.action_types",
    "Game.new_game",
    "GameState.zones",
    "GameState.fields",
    "GameState.to_act",
    "GameState.legal_actions",
    "GameState.apply",
    "GameState.outcome",
)
"""What a playable game must write (docs/plugins.md); every other member has a default."""


class Bot(Protocol):
    """A player program. It sees only its own view and its legal actions, never the state."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Pick one of ``legal``."""
        ...


S = TypeVar("S", bound=GameState)


class Game(ABC, Generic[O, S]):
    """A game plugin: the rules of one card game."""

    id: ClassVar[str]
    """The stable short name in records, entry points and commands: lowercase ASCII ("hearts")."""
    name: ClassVar[str]
    """The name people read, in any script (default: the id, capitalised)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names people may type; names are matched ignoring case and accents."""
    summary: ClassVar[str] = ""
    """One line about the game, for ``cardgames list``."""
    min_players: ClassVar[int]
    """The fewest players; ``check`` refuses fewer."""
    max_players: ClassVar[int]
    """The most players; ``check`` refuses more (default: ``min_players``)."""
    default_players: ClassVar[int]
    """The player count when none is given (default: ``min_players``)."""
    rules_version: ClassVar[str] = "1"
    """Bump it when a rule change would replay old records differently; those are then refused."""
    options_type: ClassVar[type[Any]] = NoOptions
    """The options class: frozen attrs, every field with a default (see ``cardgames.core.options``)."""
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """Named sets of option values; text values are read like the command line's."""
    default_preset: ClassVar[str | None] = None
    """The preset used when none is given (None: the options class's defaults)."""
    action_types: ClassVar[tuple[type[Any], ...]]
    """The frozen attrs classes an action can be; records write them tagged with the class name."""
    zero_sum: ClassVar[bool] = True
    """Whether the chips (``Outcome.scores``, ``HandResult.chips``) add up to zero; the kit checks it."""
    bots: ClassVar[Mapping[str, Callable[[random.Random], Bot]]] = {}
    """Bots by name: a factory taking the bot's own seeded generator. "random" is built in."""
    search_settings: ClassVar[Mapping[str, float]] = {}
    """The game's own defaults for the ``hard`` and ``ismcts`` bots, keys as in ``ismcts:horizon=8``."""
    search_settings_by_players: ClassVar[Mapping[int, Mapping[str, float]]] = {}
    """Over ``search_settings``, the game's own defaults for a number of players (``{4: {"bias": 2}}``)."""
    scoresheet: ClassVar[Scoresheet | None] = None
    """How the game is scored at a real table, for the tournament ledger (None: it cannot keep it)."""
    protocol: ClassVar[int] = 1
    """The game protocol version the plugin is written for (``PROTOCOL_VERSIONS``); declare 2 to
    use simultaneous decisions. A plugin that declares nothing is read as version 1."""

    position: ClassVar[PositionNotation | None] = None
    """How a state is written down as text and read back (``cardgames.core.position``; None: no notation)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Fill in the defaults that follow from what the game declares: name, player range."""
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "name") and isinstance(getattr(cls, "id", None), str):
            cls.name = cls.id.replace("-", " ").capitalize()
        if hasattr(cls, "min_players"):
            if not hasattr(cls, "max_players"):
                cls.max_players = cls.min_players
            if not hasattr(cls, "default_players"):
                cls.default_players = cls.min_players

    def utility(self, options: O) -> Utility:
        """What ``Outcome.scores`` and hand winners and losers mean under ``options`` (``core.utility``).

        The default, for a game that declares nothing: chips if ``zero_sum``, else a plain score.
        """
        from cardgames.core.utility import default_utility

        return default_utility(self)

    def check(self, options: O, players: int) -> None:
        """Refuse a player count or option combination that cannot be played."""
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                FRAMEWORK.gettext("{game} is played by {low} to {high} players, not {players}").format(
                    game=self.name, low=self.min_players, high=self.max_players, players=players
                )
            )

    @abstractmethod
    def new_game(self, options: O, players: int, seed: int) -> S:
        """Start a game (after ``check``) whose chance all comes from ``seed``."""

    def max_decisions(self, options: O, players: int) -> int:
        """An upper bound on the decisions in one game; the conformance kit holds it.

        The default, ``DEFAULT_MAX_DECISIONS``, is only a safeguard: a game that knows a
        tighter bound should say it, so that the kit and the lab hold it to it.
        """
        return DEFAULT_MAX_DECISIONS

    def parse_action(self, text: str, view: Any) -> Any:
        """Read a player's typed move in the context of their view; ParseError if unreadable.

        Raise ``IncompleteAction`` to ask one more question (which suit, say) instead.
        An empty ``text`` should raise a ParseError that says what the game reads after a
        short complaint ("nothing typed; write …"): the terminal's help shows that part.
        The default reads the notation derived from ``action_types`` (``cardgames.core.actiontext``):
        a card or its number in the view's ``hand``, or an action's word and its fields.
        """
        from cardgames.core.actiontext import read_action

        return read_action(self.action_types, text, view)

    def format_action(self, action: Any) -> str:
        """Write an action the way parse_action reads it (the default: its word and its fields)."""
        from cardgames.core.actiontext import write_action

        return write_action(action)

    def typed_action(self, action: Any) -> str:
        """An action as a player types it at the prompt in the language in force, for the list of moves.

        The default is :meth:`format_action`; a game whose parser reads words or letters of the
        player's language writes them here ("pesca" for draw), so that the list reads back as typed.
        """
        return self.format_action(action)

    def action_seen_by(self, action: Any, actor: int, view: Any) -> Any:
        """How ``actor``'s ``action`` looks to the player whose view (before it) is ``view``.

        The action itself where that player sees it (the default: every action public),
        else a stand-in shared by every action that looks the same to them, such as a pass
        of three cards face down. Replays shown for one seat write only what it sees, and
        the conformance kit checks that views agree with this in both directions.
        """
        return action

    def describe_action(self, action: Any, actor: int, view: Any | None) -> str:
        """``actor``'s ``action`` in words, as the player whose view (before it) is ``view`` may read it.

        ``view=None`` is a spectator, who sees only what every player sees. A replay shows
        moves through this, in the reader's language, and the conformance kit checks that it
        names no card the reader cannot know. The default writes ``typed_action`` (the move as
        the reader would type it) where ``action_seen_by`` says the player sees the move and
        "a hidden move" where it does not; a spectator reads every move when the game keeps
        the default ``action_seen_by`` (all moves public), else "a hidden move" unless the game
        says more by overriding this method.
        """
        if view is None:
            if type(self).action_seen_by is Game.action_seen_by or _guarded_default(self):
                return self.typed_action(action)
            return FRAMEWORK.gettext(HIDDEN_MOVE)
        if self.action_seen_by(action, actor, view) == action:
            return self.typed_action(action)
        return FRAMEWORK.gettext(HIDDEN_MOVE)

    def render(
        self,
        view: Any,
        *,
        ascii_only: bool = False,
        names: Sequence[str] | None = None,
        playable: frozenset[Card] = frozenset(),
    ) -> Any:
        """A drawing of the table of the game's own, as a rich renderable; None (the default): none.

        The terminal draws every game's ``tabletop``; a game whose table that cannot show (its
        "cards" are numbers, not ``Card`` values) draws it here instead. ``names``: the players'
        names by seat; ``playable``: the hand's cards that may be played now. A game may ignore both.
        """
        return None

    def tabletop(
        self,
        view: Any,
        names: Sequence[str],
        *,
        playable: frozenset[Card] = frozenset(),
        asked: Sequence[int] | None = None,
        seconds: float | None = None,
    ) -> Tabletop:
        """What lies on the table as the seat of ``view`` sees it: the model every front end draws.

        ``names``: the players' names by seat; ``playable``: the cards of the hand the seat may
        play now; ``asked``: the seats asked now, as the table knows them (None: the view's
        ``to_act``); ``seconds``: what is left of a move timer. The default draws a game's declared
        zones (``cardgames.core.zonetable``, for a view derived from them), else reads the view's
        usual fields (``cardgames.core.tableread``); a game overrides it to say what is its own.
        Every text in it names seats by name and no card the seat cannot know.
        """
        from cardgames.core.tableread import read_tabletop
        from cardgames.core.zones import ZoneView
        from cardgames.core.zonetable import zone_tabletop

        read = zone_tabletop if isinstance(view, ZoneView) else read_tabletop
        return read(self.name, view, names, playable=playable, asked=asked, seconds=seconds)

    def announce(self, before: Any, after: Any) -> Sequence[str]:
        """Lines that say what a move changed for whose turn it is or who draws (a skip, a reverse).

        ``before`` and ``after`` are one seat's views around the move; use public facts only.
        """
        return ()

    def reminders(self, view: Any) -> Sequence[str]:
        """Reminders for a person about to move (a call the rules require now); a setting turns them off."""
        return ()

    def rules_card(self, options: O) -> RulesCard:
        """How the match is won and what each card does, under ``options`` (for ``rules``)."""
        return RulesCard(goal=self.summary)

    def move_seconds(self, options: O) -> float | None:
        """The time a person has for a move, if the options set a move timer."""
        return None

    def timeout_action(self, view: Any) -> Any:
        """The action applied for a person who ran out of time (only if move_seconds is set)."""
        raise NotImplementedError(f"{self.name} has no move timer")

    def statistics(self, state: S, actions: Sequence[Any]) -> Mapping[str, float]:
        """Named counts about a finished game, read from public data (its actions, log, hand results).

        ``cardgames simulate`` reports each one per game and per hand with an interval; the
        name SAFEGUARD_ENDINGS counts hands that a program safeguard (a turn limit) ended.
        """
        return {}

    def standings(self, state: S) -> Sequence[Sequence[float]]:
        """Every seat's match score after each finished hand, higher is better (for lead changes).

        The default adds up the hands' chips or, when no chips change hands, hands won minus lost.
        """
        results = state.hand_results()
        chips = any(any(r.chips) for r in results)
        score = [0.0] * state.players
        out: list[tuple[float, ...]] = []
        for r in results:
            if chips:
                score = [s + c for s, c in zip(score, r.chips, strict=True)]
            else:
                for w in r.winners:
                    score[w] += 1
                for lost in r.losers:
                    score[lost] -= 1
            out.append(tuple(score))
        return out


def _guarded_default(game: Game[Any, Any]) -> bool:
    """Whether a guarded game's plugin keeps the default ``action_seen_by`` (every move public)."""
    plugin = getattr(type(game), "guarded_plugin", None)
    return plugin is not None and plugin.action_seen_by is Game.action_seen_by


def silent_answer(game: Game[Any, Any], view: Any, legal: Sequence[Any]) -> Any:
    """What saying nothing answers this decision (the game's timeout action, when legal), else None.

    A question that only some hidden holdings let a seat answer otherwise (an anticipo) is
    asked of everyone, so that silence gives nothing away (I-2); this is how a table that
    cannot wait for every seat (the terminal, the web) knows what silence means.
    """
    try:
        silence = game.timeout_action(view)
    except Exception:  # a game without a move timer has no timeout action (guarded: PluginFailedError)
        return None
    return silence if any(silence == a for a in legal) else None
