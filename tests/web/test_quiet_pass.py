"""A no in an open race is told to that seat alone: a message to all would say someone passed (I-2)."""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from cardgames.core.options import make_options
from cardgames.core.record import Seat
from cardgames.core.table import Table
from cardgames.web.live import LiveTable, Settings
from cardgames.web.seats import new_keys
from cardgames.web.store import TableMeta

sys.path.insert(0, str(Path(__file__).parents[1]))
from framework_durak import Durak


async def _no_save(_: LiveTable) -> None:
    return None


def test_a_no_in_a_race_is_sent_only_to_the_seat_that_said_it() -> None:
    game = Durak()
    options = make_options(game.options_type, game.presets, game.default_preset)
    table = Table.start(game, options, [Seat("Anna"), Seat("Boris"), Seat("Vera")], 4)
    while not table.state.race():  # lead and beat until the attackers may throw in
        table.act(table.state.legal_actions()[0])
    told: list[frozenset[int] | None] = []
    live = LiveTable(
        TableMeta("t", new_keys(3)[0]), table, Settings(), _no_save, lambda _, seats=None: told.append(seats)
    )

    async def race() -> None:
        live.applied()  # saved, then the race opens to the throwers at once: every seat is told
        for _ in range(10):
            await asyncio.sleep(0)
        assert live.round is not None and len(live.round.asks) >= 2 and told[-1] is None
        first = live.round.asks[0]
        reply = live.answer(first.seat, first.silence)
        assert reply.changed and live.round is not None  # the others may still throw in
        assert told[-1] == frozenset({first.seat})  # only the seat that said no hears of it
        live.round = None  # close the table's window: nothing more is asked in this test

    failed: list[BaseException] = []
    # on a thread of its own: a browser test before this one may leave an event loop on this thread
    runner = threading.Thread(target=lambda: _run(race(), failed))
    runner.start()
    runner.join()
    if failed:
        raise failed[0]


def _run(coroutine: Coroutine[Any, Any, None], failed: list[BaseException]) -> None:
    try:
        asyncio.run(coroutine)
    except BaseException as exc:  # handed to the test's thread, which raises it
        failed.append(exc)
