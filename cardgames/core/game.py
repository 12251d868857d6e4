"""The game protocol: what a game plugin declares and what a game in progress can do.

A plugin is a subclass of :class:`Game` (the rules: id, names, player range, options,
presets, action types) whose :meth:`Game.new_game` returns a :class:`GameState` (one
game in progress). See ``docs/architecture.md`` for a worked example.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from attrs import frozen

from cardgames.core.rulescard import RulesCard
from cardgames.core.screentable import ScreenTable
from cardgames.primitives.cards import Card
from cardgames.primitives.errors import OptionError
from cardgames.primitives.seating import SeatDraw

if TYPE_CHECKING:
    from cardgames.core.position import PositionNotation
    from cardgames.core.scoresheet import Scoresheet
    from cardgames.core.utility import Utility
    from cardgames.primitives.copying import Fields

O = TypeVar("O")  # the game's options class  # noqa: E741
# The name of the count, in Game.statistics, of hands ended by a program safeguard (a turn limit).
SAFEGUARD_ENDINGS = "safeguard endings"
PROTOCOL_VERSION = 2
"""The version of the game protocol this framework speaks (docs/architecture.md says what changed)."""
PROTOCOL_VERSIONS = (1, 2)
"""The versions a plugin may declare in ``Game.protocol``; the registry refuses any other."""


@frozen
class Choice:
    """One seat's decision at a simultaneous decision (``GameState.simultaneous``): who, and what.

    The state keeps it hidden from the other seats until every seat of the decision has
    chosen; records keep it so, with its seat.
    """

    seat: int
    action: Any


@frozen
class Outcome:
    """How a finished game ended: who won and the final chip change of every seat."""

    winners: tuple[int, ...]
    """The seats that won the game: at least one, several on a tie."""
    scores: tuple[int, ...]
    """One number per seat, higher is better: the chips each seat won (+) or lost (-), or,
    in a game without chips, its own match score (where low totals win, negated, so that
    higher is still better). ``Game.utility`` declares which, their sum and range (the kit
    checks outcomes against it); with ``Game.zero_sum`` they add up to zero."""
    summary: str
    """The ending in words, for the final table and the log."""


@frozen
class LogEntry:
    """One event of the log, as the seat whose view holds it may read it: who (seat, or None) and what.

    Most events read the same for everyone. An event some seats see in more detail (the
    cards of a face-down pass, for its giver and receiver; the card a player drew, for that
    player) carries in ``text`` what the view's own seat reads and in ``public`` what every
    other seat and a spectator reads. A view never holds another seat's ``text``.
    """

    seat: int | None
    """The seat the event is about (who played, who drew), or None for the table (a deal)."""
    text: str
    """The event in words as the view's seat may read it: it names no card that seat cannot know."""
    public: str | None = None
    """What everyone else reads, where the view's seat reads more (None: ``text`` is public)."""

    @property
    def public_text(self) -> str:
        """The event as every player and a spectator may read it: it names no hidden card."""
        return self.text if self.public is None else self.public

    def for_public(self) -> LogEntry:
        """This event as a spectator sees it (itself when it is public)."""
        return self if self.public is None else LogEntry(self.seat, self.public)


@frozen
class PrivateText:
    """An event of a game's log that some seats read in more detail than the rest.

    A game whose log is an :class:`cardgames.core.eventlog.EventLog` may put a record into
    words as one of these: the log shown to seat s (``EventLog.words(write, s)``) then
    holds ``entry_for(s)``, and no seat ever sees another's private text.
    """

    seat: int | None
    """The seat the event is about, as in ``LogEntry.seat``."""
    public: str
    """The event as everyone reads it (a pass of "3 cards face down")."""
    private: tuple[tuple[int, str], ...]
    """(seat, text) for every seat that reads more ("passes 7♥ 8♥ 9♥ to the left")."""

    def entry_for(self, observer: int | None) -> LogEntry:
        """The entry seat ``observer`` reads (None: a spectator, who reads the public text)."""
        for seat, text in self.private:
            if seat == observer:
                return LogEntry(self.seat, text, self.public)
        return LogEntry(self.seat, self.public)


def public_log(log: Iterable[LogEntry]) -> tuple[LogEntry, ...]:
    """A view's log as a spectator may read it: every entry's public text (for a public observer)."""
    return tuple(e if e.public is None else LogEntry(e.seat, e.public) for e in log)


@frozen
class HandResult:
    """The result of one hand (deal) of a match, for scoreboards and the ledger."""

    number: int
    """The hand's number in the match, from 1."""
    dealer: int
    """The seat that dealt it."""
    winners: tuple[int, ...]
    """The seats that won the hand by the game's rules; may be empty (a deal nobody wins).
    ``Game.utility(options).hand_winners`` says who they are in words."""
    losers: tuple[int, ...]
    """The seats that lost it; may be empty (``Game.utility(options).hand_losers`` says who).
    Where no chips change hands, ``Game.standings`` counts +1 for each hand won and -1 for
    each hand lost."""
    points: tuple[int, ...]
    """The points each seat scored in the hand, in the game's own unit (card points left,
    penalty points); the game's ``scoresheet`` says what they are and which way they count."""
    chips: tuple[int, ...]
    """The chips each seat won (+) or paid (-) in the hand; zeros in a game without chips.
    With ``Game.zero_sum`` they add up to zero."""
    summary: str
    """The hand in words ("P2 wins; points left: …")."""


class GameState(ABC):
    """One game in progress. Mutable and owned by whoever plays it; views are frozen.

    Chance is drawn only from the state's own seeded generator, so the seed and the
    list of applied actions determine the state completely.

    A state may declare its fields once (``fields``, see :mod:`cardgames.primitives.copying`): it
    then gets ``clone`` and ``__eq__`` compiled from the declaration unless it writes them.
    """

    __slots__ = ()  # a subclass with __slots__ has no attribute dictionary, so no undeclared field

    fields: ClassVar[Fields | None] = None
    """The state's fields, each with how a copy gets it (``cardgames.primitives.copying.Fields``), or None."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Compile ``clone`` and ``__eq__`` from ``fields`` for a class declaring them that writes neither."""
        super().__init_subclass__(**kwargs)
        declared = cls.fields
        if declared is None:
            return
        for name in ("clone", "__eq__"):
            owner = next(k for k in cls.__mro__ if name in k.__dict__)
            if owner is GameState or getattr(owner.__dict__[name], "from_fields", False):
                made: Any = declared.clone_function(cls) if name == "clone" else declared.eq_function(cls)
                made.from_fields = True
                setattr(cls, name, made)
                if name == "__eq__":
                    cls.__hash__ = None  # type: ignore[assignment]  # mutable and compared by value

    @property
    @abstractmethod
    def players(self) -> int:
        """How many seats there are."""

    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide now (also out of turn), or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Any]:
        """Every action the seat to act may take now, exactly."""

    @abstractmethod
    def apply(self, action: Any) -> None:
        """Apply an action of the seat to act.

        Raises IllegalActionError, leaving the state unchanged, when it is not allowed.
        A game may accept actions that legal_actions does not list (a misplay that its
        rules penalise, a timer's penalty); those are still deterministic.
        """

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act() is None

    def to_decide(self) -> tuple[int, ...]:
        """The seats whose decision is awaited now (protocol 2).

        The default is ``to_act()`` alone (none once the game is over). At a simultaneous
        decision it is every seat that has not chosen yet, ``to_act()`` among them.
        """
        seat = self.to_act()
        return () if seat is None else (seat,)

    def simultaneous(self) -> bool:
        """Whether the seats of ``to_decide()`` decide together now (protocol 2; default False).

        Then each seat's action is applied as ``apply(Choice(seat, action))``, in any order,
        and is hidden from the other seats until all are in; the order in which they arrive
        must not change the result (the kit checks both). A bare action is the choice of
        ``to_act()``, so code that knows only ``to_act`` still plays the game correctly.
        """
        return False

    def legal_actions_for(self, seat: int) -> Sequence[Any]:
        """Every action ``seat`` may take now (protocol 2): its own at a simultaneous decision.

        The default is ``legal_actions()`` for the seat to act and nothing for any other.
        """
        return self.legal_actions() if seat == self.to_act() else ()

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else None."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know: a frozen attrs value with no hidden information.

        It must have a field ``log: tuple[LogEntry, ...]`` of public events (the kit
        checks it). A field named exactly ``hand`` holding a tuple of cards is read as
        the seat's hand: the terminal then names the cards that came into it since the
        player's last move. Any other field is the game's own.
        """

    def clone(self) -> Self:
        """An independent copy, generator included: compiled from ``fields``, or written by the game."""
        raise TypeError(f"{type(self).__name__} neither declares its fields nor writes clone()")

    @abstractmethod
    def all_cards(self) -> list[Card]:
        """Every card in every zone (hands, piles, tricks); used to check conservation."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which everything hidden from ``seat`` is dealt again at random.

        The copy is consistent with what ``seat`` knows, so ``view(seat)`` must not
        change: the conformance kit uses this to prove that views do not leak.
        """

    def plausible_world(self, seat: int, rng: random.Random, weigh: int = 1) -> Self:
        """A ``determinize`` copy dealt as the others' play suggests (a search's worlds); here, uniformly.

        A game that can read more than hard facts from the log (a player who drew probably
        had nothing to play) deals the hidden cards by that; the copy keeps ``view(seat)``.
        ``weigh``: a game that can weigh a deal by how well it explains the others' plays keeps
        one of that many candidate deals by those weights (the search's ``weigh`` setting).
        """
        return self.determinize(seat, rng)

    def hand_results(self) -> Sequence[HandResult]:
        """Results of the hands (deals) finished so far."""
        return ()

    def evaluate(self) -> Sequence[float]:
        """How well each seat stands, from 0 to 1, for a search that stops before the hand ends.

        A guess, not a rule: the default knows nothing of the game and calls every seat
        even (0.5); a game that can tell who is ahead (fewer cards left, say) should say so.
        """
        return (0.5,) * self.players

    def seat_draw(self) -> SeatDraw | None:
        """The game's own draw for seats, when it decides where the players sit (else None).

        ``seating[s]`` is the player, counted in the order they were named, who sits at
        seat s; starting a table seats the named players so (``Table.start``).
        """
        return None

    def __eq__(self, other: object) -> bool:
        """Full equality, including the generator's state; replays are checked with it.

        Compiled from ``fields`` (every field but the derived ones), or written by the game;
        without either a state equals only itself, which the conformance kit refuses.
        """
        return self is other


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
    """The name people read, in any script."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names people may type; names are matched ignoring case and accents."""
    summary: ClassVar[str] = ""
    """One line about the game, for ``cardgames list``."""
    min_players: ClassVar[int]
    """The fewest players; ``check`` refuses fewer."""
    max_players: ClassVar[int]
    """The most players; ``check`` refuses more."""
    default_players: ClassVar[int]
    """The player count when none is given."""
    rules_version: ClassVar[str] = "1"
    """Bump it when a rule change would replay old records differently; those are then refused."""
    options_type: ClassVar[type[Any]]
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
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players}"
            )

    @abstractmethod
    def new_game(self, options: O, players: int, seed: int) -> S:
        """Start a game (after ``check``) whose chance all comes from ``seed``."""

    @abstractmethod
    def max_decisions(self, options: O, players: int) -> int:
        """An upper bound on the decisions in one game; the conformance kit holds it."""

    @abstractmethod
    def parse_action(self, text: str, view: Any) -> Any:
        """Read a player's typed move in the context of their view; ParseError if unreadable.

        Raise ``IncompleteAction`` to ask one more question (which suit, say) instead.
        An empty ``text`` should raise a ParseError that says what the game reads after a
        short complaint ("nothing typed; write …"): the terminal's help shows that part.
        """

    @abstractmethod
    def format_action(self, action: Any) -> str:
        """Write an action the way parse_action reads it."""

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

        ``view=None`` is a spectator, who sees only what every player sees. The framework
        shows moves through this everywhere (replays, the lab, ``--json``), and the
        conformance kit checks that it names no card the reader cannot know. The default
        writes ``format_action`` where ``action_seen_by`` says the player sees the move and
        "a hidden move" where it does not; a spectator reads every move when the game keeps
        the default ``action_seen_by`` (all moves public), else "a hidden move" unless the game
        says more by overriding this method.
        """
        if view is None:
            if type(self).action_seen_by is Game.action_seen_by or _guarded_default(self):
                return self.format_action(action)
            return "a hidden move"
        if self.action_seen_by(action, actor, view) == action:
            return self.format_action(action)
        return "a hidden move"

    def render(
        self,
        view: Any,
        *,
        ascii_only: bool = False,
        names: Sequence[str] | None = None,
        playable: frozenset[Card] = frozenset(),
    ) -> Any:
        """A rich renderable of a player's view (the table as that player sees it).

        ``names``: the players' names by seat; ``playable``: the cards of the hand that the
        player may play now (to mark them). A game may ignore both.
        """
        from rich.pretty import Pretty

        return Pretty(view)

    def screen_table(
        self,
        view: Any,
        *,
        ascii_only: bool = False,
        names: Sequence[str] | None = None,
        playable: frozenset[Card] = frozenset(),
    ) -> ScreenTable | None:
        """The view in the parts the full-screen table keeps in fixed places; None: show ``render``."""
        return None

    def announce(self, before: Any, after: Any) -> Sequence[str]:
        """Lines that say what a move changed for whose turn it is or who draws (a skip, a reverse).

        ``before`` and ``after`` are one seat's views around the move; use public facts only.
        """
        return ()

    def prompt(self, view: Any) -> str:
        """What the person to act is asked for, in a few words, for the input prompt."""
        return "your move"

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
