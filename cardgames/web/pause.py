"""The pause at a hand's end: while a person reads the hand's summary, the bots and the clocks wait.

A page that shows the summary of the hand just over says so (``reading``, with how many hands
are over); the table then holds its bots and clocks until every seat reading has gone on
(``continue``), or ``Settings.read_seconds`` have passed. People may still move meanwhile. A
client that never says it reads (a program at the websocket) holds nothing.
"""

from __future__ import annotations

from typing import Any

from cardgames.web.live import LiveTable
from cardgames.web.moves import Reply


def reading(live: LiveTable, seat: int, hands: Any) -> Reply:
    """The seat's page shows the summary of the last hand over (``hands``: how many are over)."""
    state = live.table.state
    if not isinstance(hands, int) or hands != len(state.hand_results()) or state.is_over():
        return Reply()  # an earlier hand's summary, or the game's end: nothing to wait for
    if seat not in live.reading:
        live.reading.add(seat)
        if live.announced is not None:  # else the move being saved holds when it is announced
            live.start()
    return Reply()


def going_on(live: LiveTable, seat: int) -> Reply:
    """The seat has read the summary: once nobody reads any more, the bots and clocks go on."""
    if seat in live.reading:
        live.reading.discard(seat)
        if not live.reading and live.announced is not None:
            live.start()
    return Reply()
