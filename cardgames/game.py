"""The game protocol: what a game plugin declares and what a game in progress can do.

A plugin is a subclass of :class:`Game` (the rules: id, names, player range, options,
presets, action types) whose :meth:`Game.new_game` returns a :class:`GameState` (one
game in progress). See ``docs/architecture.md`` for a worked example.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from attrs import frozen

from cardgames.cards import Card
from cardgames.errors import OptionError
from cardgames.rulescard import RulesCard
from cardgames.seating import SeatDraw

if TYPE_CHECKING:
    from cardgames.scoresheet import Scoresheet

O = TypeVar("O")  # the game's options class  # noqa: E741
# The name of the count, in Game.statistics, of hands ended by a program safeguard (a turn limit).
SAFEGUARD_ENDINGS = "safeguard endings"


@frozen
class Outcome:
    """How a finished game ended: who won and the final chip change of every seat."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    summary: str


@frozen
class LogEntry:
    """One public event, as every player may see it: who (seat, or None) and what, in words."""

    seat: int | None
    text: str


@frozen
class HandResult:
    """The result of one hand (deal) of a match, for scoreboards and the ledger."""

    number: int
    dealer: int
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    points: tuple[int, ...]
    chips: tuple[int, ...]
    summary: str


class GameState(ABC):
    """One game in progress. Mutable and owned by whoever plays it; views are frozen.

    Chance is drawn only from the state's own seeded generator, so the seed and the
    list of applied actions determine the state completely.
    """

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

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else None."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know: a frozen attrs value with no hidden information."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, generator included."""

    @abstractmethod
    def all_cards(self) -> list[Card]:
        """Every card in every zone (hands, piles, tricks); used to check conservation."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which everything hidden from ``seat`` is dealt again at random.

        The copy is consistent with what ``seat`` knows, so ``view(seat)`` must not
        change: the conformance kit uses this to prove that views do not leak.
        """

    def hand_results(self) -> Sequence[HandResult]:
        """Results of the hands (deals) finished so far."""
        return ()

    def seat_draw(self) -> SeatDraw | None:
        """The game's own draw for seats, when it decides where the players sit (else None).

        ``seating[s]`` is the player, counted in the order they were named, who sits at
        seat s; starting a table seats the named players so (``Table.start``).
        """
        return None

    @abstractmethod
    def __eq__(self, other: object) -> bool:
        """Full equality, including the generator's state; replays are checked with it."""


class Bot(Protocol):
    """A player program. It sees only its own view and its legal actions, never the state."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Pick one of ``legal``."""
        ...


S = TypeVar("S", bound=GameState)


class Game(ABC, Generic[O, S]):
    """A game plugin: the rules of one card game."""

    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    rules_version: ClassVar[str] = "1"
    options_type: ClassVar[type[Any]]
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    default_preset: ClassVar[str | None] = None
    action_types: ClassVar[tuple[type[Any], ...]]
    zero_sum: ClassVar[bool] = True
    # Bots by name: a factory taking the bot's own seeded generator. "random" is built in.
    bots: ClassVar[Mapping[str, Callable[[random.Random], Bot]]] = {}
    # How the game is scored at a real table, for the tournament ledger (None: the ledger cannot keep it).
    scoresheet: ClassVar[Scoresheet | None] = None

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
        """Read a player's typed move in the context of their view; ParseError if unreadable."""

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
