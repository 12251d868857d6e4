"""Duel: a small plugin game for the lab's tests, fair or (with ``rigged``) won by the first seat.

Each hand deals three cards from a 24-card deck to every player; in turn from the seat
after the dealer, each plays one card face up; the highest rank wins the hand (ties: the
earlier player). First to ``hands_to_win`` hands wins. With ``rigged`` the first seat wins
every hand whatever is played. It declares one statistic, "aces played", through the
protocol (``Game.statistics``), the way a third-party plugin would.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Self

from attrs import frozen

from cardgames.core.game import Game
from cardgames.core.options import in_range, option
from cardgames.core.state import GameState, HandResult, LogEntry, Outcome
from cardgames.primitives.cards import Card, Rank, format_card, parse_card
from cardgames.primitives.decks import deck_24
from cardgames.primitives.errors import IllegalActionError, ParseError

ACES = "aces played"


@frozen
class DuelOptions:
    """How many hands win, and whether the first seat always wins."""

    hands_to_win: int = option(2, "hands a player must win", in_range(1, 9))
    rigged: bool = option(False, "the first seat wins every hand")


@frozen
class Lay:
    """Play a card."""

    card: Card


@frozen
class DuelView:
    """One seat's hand and the public table."""

    seat: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    wins: tuple[int, ...]


class DuelState(GameState):
    """A match of Duel."""

    def __init__(self, options: DuelOptions, players: int, seed: int) -> None:
        self.opts = options
        self.n = players
        self.rng = random.Random(seed)
        self.wins = [0] * players
        self.results: list[HandResult] = []
        self.log: list[LogEntry] = []
        self.dealer = 0
        self.hands: list[list[Card]] = []
        self.table: list[tuple[int, Card]] = []
        self.current: int | None = None
        self._deal()

    def _deal(self) -> None:
        deck = list(deck_24())
        self.rng.shuffle(deck)
        self.hands = [deck[3 * s : 3 * s + 3] for s in range(self.n)]
        self.table = []
        self.current = (self.dealer + 1) % self.n

    @property
    def players(self) -> int:
        """Seats."""
        return self.n

    def to_act(self) -> int | None:
        """Who plays now."""
        return self.current

    def legal_actions(self) -> Sequence[Any]:
        """Any card in hand."""
        return [] if self.current is None else [Lay(c) for c in self.hands[self.current]]

    def apply(self, action: Any) -> None:
        """Play a card; the last card of a round decides the hand."""
        seat = self.current
        if seat is None:
            raise IllegalActionError("the match is over")
        if not isinstance(action, Lay) or action.card not in self.hands[seat]:
            raise IllegalActionError("play a card you hold")
        self.hands[seat].remove(action.card)
        self.table.append((seat, action.card))
        self.log.append(LogEntry(seat, f"plays {format_card(action.card)}"))
        if len(self.table) < self.n:
            self.current = (seat + 1) % self.n
            return
        if self.opts.rigged:
            winner = 0
        else:
            best = self.table[0]
            for played in self.table[1:]:
                if int(played[1].rank or 0) > int(best[1].rank or 0):
                    best = played
            winner = best[0]
        self.wins[winner] += 1
        losers = tuple(s for s in range(self.n) if s != winner)
        self.results.append(
            HandResult(
                len(self.results) + 1, self.dealer, (winner,), losers, (0,) * self.n, (0,) * self.n, ""
            )
        )
        if self.wins[winner] >= self.opts.hands_to_win:
            self.current = None
            return
        self.dealer = (self.dealer + 1) % self.n
        self._deal()

    def outcome(self) -> Outcome | None:
        """The seat with most hands won."""
        if self.current is not None:
            return None
        best = max(self.wins)
        return Outcome(tuple(s for s in range(self.n) if self.wins[s] == best), tuple(self.wins), "")

    def hand_results(self) -> Sequence[HandResult]:
        """Hands so far."""
        return tuple(self.results)

    def view(self, seat: int) -> DuelView:
        """Own hand and the table."""
        return DuelView(seat, tuple(self.hands[seat]), tuple(c for _, c in self.table), tuple(self.wins))

    def clone(self) -> Self:
        """A copy."""
        new = type(self).__new__(type(self))
        new.__dict__ = dict(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.hands = [list(h) for h in self.hands]
        new.table = list(self.table)
        new.wins = list(self.wins)
        new.results = list(self.results)
        new.log = list(self.log)
        return new

    def all_cards(self) -> list[Card]:
        """Cards in hands and on the table."""
        return [c for h in self.hands for c in h] + [c for _, c in self.table]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Not needed by the lab's tests: the same state."""
        return self.clone()

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, DuelState)
            and self.__dict__.keys() == other.__dict__.keys()
            and all(
                getattr(self, k) == getattr(other, k) for k in ("wins", "hands", "table", "current", "dealer")
            )
        )

    __hash__ = None  # type: ignore[assignment]


class FirstCardBot:
    """Plays the first card it was dealt: no better and no worse than random at Duel."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The first legal card."""
        return legal[0]


class Duel(Game[DuelOptions, DuelState]):
    """Duel (see the module)."""

    id = "duel"
    name = "Duel"
    min_players = 2
    max_players = 4
    default_players = 3
    options_type = DuelOptions
    presets: Mapping[str, Mapping[str, Any]] = {"rigged": {"rigged": True}}
    action_types = (Lay,)
    bots: Mapping[str, Any] = {"first": FirstCardBot}

    def new_game(self, options: DuelOptions, players: int, seed: int) -> DuelState:
        """Deal the first hand."""
        return DuelState(options, players, seed)

    def max_decisions(self, options: DuelOptions, players: int) -> int:
        """Three cards a player a hand, at most players * (hands - 1) + 1 hands."""
        return 3 * players * (players * (options.hands_to_win - 1) + 1)

    def parse_action(self, text: str, view: Any) -> Any:
        """A card."""
        try:
            return Lay(parse_card(text))
        except ValueError as exc:
            raise ParseError(str(exc)) from None

    def format_action(self, action: Any) -> str:
        """A card."""
        return format_card(action.card)

    def statistics(self, state: DuelState, actions: Sequence[Any]) -> Mapping[str, float]:
        """Aces played, counted from the record of actions."""
        return {ACES: sum(1 for a in actions if a.card.rank == Rank.ACE)}
