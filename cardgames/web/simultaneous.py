"""A simultaneous decision at a web table (protocol 2): each seat's own clock, and a bot that keeps thinking.

Every seat of ``to_decide()`` chooses at once. A seat's *own decision* begins when the
simultaneous decision does, or at its own last choice (a choice made card by card is one
decision a pick, as in the terminal); another seat's choice meanwhile changes nothing of it:
not the person's move timer, which keeps its deadline, and not a bot's search, which goes on.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Mapping, Sequence

from attrs import define, evolve

from cardgames.core.state import Choice


@define
class Clock:
    """The running deadline of a decision: what it is for and when it ends."""

    decision: int  # the decision it times (at a simultaneous one: where the seat's own decision began)
    seat: int | None  # None: a round of questions open to several seats
    kind: str  # "answer" (a round of questions) or "move" (the move timer)
    ends: float  # time.monotonic(); infinite: stopped (the game has no default for this decision)

    @property
    def running(self) -> bool:
        """Whether the clock still counts down."""
        return not math.isinf(self.ends)

    def stopped(self) -> Clock:
        """The same clock, stopped where it is."""
        return evolve(self, ends=math.inf)


@define
class Thinking:
    """A bot choosing at a simultaneous decision: kept while the other seats choose."""

    seat: int
    since: int  # the decision its own decision began at
    task: asyncio.Task[None]


def own_since(actions: Sequence[object], start: int, seat: int) -> int:
    """Where ``seat``'s own decision began: after its last choice since ``start``, else at ``start``."""
    for at in range(len(actions) - 1, start - 1, -1):
        made = actions[at]
        if isinstance(made, Choice) and made.seat == seat:
            return at + 1
    return start


def people_clocks(
    before: Mapping[int, Clock], since: Mapping[int, int], seconds: float, now: float
) -> dict[int, Clock]:
    """Each person's move timer (``since``: the people deciding, and where each one's decision began).

    A clock already running for the same decision of a seat keeps its deadline (or stays
    stopped); a seat whose own decision is new gets ``seconds`` from ``now``.
    """
    clocks = {}
    for seat, began in since.items():
        old = before.get(seat)
        same = old is not None and old.decision == began
        clocks[seat] = old if same and old is not None else Clock(began, seat, "move", now + seconds)
    return clocks


def shown_clock(clocks: Mapping[int, Clock], seat: int | None) -> Clock | None:
    """The clock a page shows: its seat's own while it decides, else the one that runs out first."""
    running = [c for c in clocks.values() if c.running]
    own = clocks.get(seat) if seat is not None else None
    if own is not None and own.running:
        return own
    return min(running, key=lambda c: c.ends, default=None)
