"""Little Hearts: a third-party game plugin for the ledger tests (not a built-in game).

High Card's tricks, scored like Hearts: every heart in a trick is a point against its
taker, fewest points win. At a real table the organiser enters each player's points for
the deal (``--points NAME=N``); the game ends when someone reaches ``TARGET``. It declares
all of that through its scoresheet, exactly as Dernier and Последний do.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from framework_highcard import HighCard, HighCardOptions, HighCardState

from cardgames.core.scoresheet import (
    DealScore,
    EndScore,
    EntryError,
    Field,
    PlayerNumbersField,
    Scoresheet,
    Totals,
    Units,
    Value,
)
from cardgames.core.state import HandResult, Outcome
from cardgames.primitives.cards import Suit

TARGET = 10


class HeartsState(HighCardState):
    """A deal of Little Hearts: High Card's play, hearts counted against their takers."""

    def hearts(self) -> tuple[int, ...]:
        out = [0] * self.n
        for trick in self.taken:
            out[trick.winner] += sum(1 for c in trick.cards if c.suit is Suit.HEARTS)
        return tuple(out)

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        points = self.hearts()
        winners = tuple(s for s, p in enumerate(points) if p == min(points))
        return Outcome(winners, tuple(-p for p in points), "fewest hearts win")

    def hand_results(self) -> Sequence[HandResult]:
        if not self.over:
            return ()
        points = self.hearts()
        winners = tuple(s for s, p in enumerate(points) if p == min(points))
        losers = tuple(s for s, p in enumerate(points) if p == max(points) and p != min(points))
        return (HandResult(1, 0, winners, losers, points, (0,) * self.n, f"P1 dealt; hearts {list(points)}"),)


class HeartsSheet(Scoresheet):
    """Each player's heart points per deal; fewest win; the game ends at TARGET."""

    def mode(self, options: HighCardOptions) -> str:
        return "hearts"

    def describe(self, options: HighCardOptions) -> str:
        return f"Little Hearts, a point a heart, to {TARGET}"

    def units(self, options: HighCardOptions) -> Units:
        return Units(points="heart points", low_points_win=True, chips=False, rank_by="points")

    def fields(self, options: HighCardOptions, players: int) -> tuple[Field, ...]:
        return (PlayerNumbersField("points", "each player's hearts taken this deal", ("points",), 0, 13),)

    def score_deal(
        self, options: HighCardOptions, dealer: int, values: Mapping[str, Value], names: Sequence[str]
    ) -> DealScore:
        given = values.get("points") or {}
        assert isinstance(given, dict)
        missing = [names[s] for s in range(len(names)) if s not in given]
        if missing:
            raise EntryError("points", f"give the points of every player: {', '.join(missing)}")
        points = tuple(given[s][0] for s in range(len(names)))
        if sum(points) > 13:
            raise EntryError("points", f"there are 13 hearts, not {sum(points)}")
        won = tuple(s for s, p in enumerate(points) if p == min(points))
        lost = tuple(s for s, p in enumerate(points) if p == max(points) and p != min(points))
        text = "hearts " + ", ".join(f"{n} {p}" for n, p in zip(names, points, strict=True))
        return DealScore(points, (), won, lost, text)

    def game_end(self, options: HighCardOptions, totals: Totals) -> EndScore | None:
        if max(totals.points) < TARGET:
            return None
        won = tuple(s for s, p in enumerate(totals.points) if p == min(totals.points))
        return EndScore((), won, tuple(s for s in range(len(totals.points)) if s not in won))


class LittleHearts(HighCard):
    """Little Hearts: take no hearts."""

    id = "little-hearts"
    name = "Little Hearts"
    aliases: ClassVar[tuple[str, ...]] = ()
    summary = "High Card's tricks; every heart taken is a point against you."
    zero_sum = False
    state_type: ClassVar[type[HighCardState]] = HeartsState
    scoresheet = HeartsSheet()

    def new_game(self, options: HighCardOptions, players: int, seed: int) -> Any:
        return super().new_game(options, players, seed)
