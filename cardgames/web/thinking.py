"""Bots' work on the server, fair to every table: a queue per table, served in turn, with a time budget.

A searching bot may think for seconds; a table of them must not hold up the others. Each
table has its own queue of bot work, and the worker threads take the tables in turn
(round robin), one piece of work at a time: a table with many bots waiting gets no more
turns than a table with one. A search is given a budget of its own: the host's cap
(``--bot-seconds``) divided among the tables waiting for a search at the moment it starts,
so that a whole round of tables costs about one cap however many there are (see
docs/hosting.md#bots-and-fairness). Quick bots (the heuristic, random, a game's own bots, in
process or, with ``--isolate-bots``, in a child process) have a lane of their own, so a search
never holds them up; a game's own bot is the host's installed code and is not capped.
"""

from __future__ import annotations

import asyncio
import copy
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from attrs import evolve

from cardgames.bots.ismcts import IsmctsBot, Settings
from cardgames.core.game import Bot

T = TypeVar("T")
MIN_SHARE = 0.05  # a search's budget under contention never falls below this (seconds)
QUESTION_SECONDS = 0.05  # a search answering a round's question decides at once, within this
QUICK_WORKERS = 4  # quick bots (with --isolate-bots, a bot in its own process waits on a pipe)
SEARCH_WORKERS = 1  # searches hold the interpreter's lock: one at a time keeps the event loop quick


def capped(bot: Bot, seconds: float) -> Bot:
    """The bot with every search budget at most ``seconds`` (a bot that does not search, unchanged).

    An iteration budget stays, and stops the search first when it is quicker; the copy
    plays as the bot does, as the search bot keeps no memory between decisions.
    """
    if not isinstance(bot, IsmctsBot):
        return bot

    def cap(s: Settings) -> Settings:
        return evolve(s, seconds=seconds if s.seconds is None else min(s.seconds, seconds))

    out = copy.copy(bot)
    out.settings = cap(bot.settings)
    out.by_players = {n: cap(s) for n, s in bot.by_players.items()}
    return out


class Lane:
    """Worker threads that take the tables with work waiting in turn, one piece of work at a time."""

    def __init__(self, workers: int, name: str) -> None:
        self.workers = workers
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix=name)
        self.queues: dict[str, deque[tuple[Callable[[int], Any], asyncio.Future[Any]]]] = {}
        self.turns: deque[str] = deque()  # the tables with work waiting, in the order they are served
        self.running: dict[str, int] = {}  # tables with work running now, and how many

    async def run(self, table: str, work: Callable[[int], T]) -> T:
        """Run ``work(tables)`` in a worker when the table's turn comes; ``tables``: how many were waiting."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        if table not in self.queues:
            self.queues[table] = deque()
            self.turns.append(table)
        self.queues[table].append((work, future))
        self._pump()
        return await future

    def _pump(self) -> None:
        loop = asyncio.get_running_loop()
        while sum(self.running.values()) < self.workers and self.turns:
            table = self.turns.popleft()
            work, future = self.queues[table].popleft()
            if self.queues[table]:
                self.turns.append(table)  # its next piece of work waits for the other tables' turns
            else:
                del self.queues[table]
            if future.cancelled():  # the table moved on (a person's move, the server stopping)
                continue
            tables = len({*self.queues, *self.running, table})
            self.running[table] = self.running.get(table, 0) + 1
            done = loop.run_in_executor(self.pool, work, tables)
            done.add_done_callback(lambda d, t=table, f=future: self._done(t, d, f))  # type: ignore[misc]

    def _done(self, table: str, done: asyncio.Future[Any], future: asyncio.Future[Any]) -> None:
        self.running[table] -= 1
        if not self.running[table]:
            del self.running[table]
        if table in self.turns:  # it just had its turn: the other tables waiting go first
            self.turns.remove(table)
            self.turns.append(table)
        if not future.cancelled():
            if done.cancelled():
                future.cancel()
            elif done.exception() is not None:
                future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                future.set_result(done.result())
        self._pump()

    def forget(self, table: str) -> None:
        """Drop a table's waiting work (the table is closed)."""
        for _, future in self.queues.pop(table, ()):
            future.cancel()
        if table in self.turns:
            self.turns.remove(table)


class Thinkers:
    """The server's bot work: a lane for searches, with the per-move cap, and a lane for quick bots."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.search = Lane(SEARCH_WORKERS, "cardgames-search")
        self.quick = Lane(QUICK_WORKERS, "cardgames-bot")

    def share(self, tables: int) -> float:
        """A search's budget when ``tables`` tables wait for one (this one included)."""
        return max(MIN_SHARE, self.seconds / max(1, tables))

    async def choose(self, table: str, bot: Bot, choose: Callable[[Any], T]) -> T:
        """``choose(bot)`` in its lane, a search within its share of the cap."""
        if isinstance(bot, IsmctsBot):
            return await self.search.run(table, lambda tables: choose(capped(bot, self.share(tables))))
        return await self.quick.run(table, lambda _: choose(bot))

    def forget(self, table: str) -> None:
        """Drop a closed table's waiting work."""
        self.search.forget(table)
        self.quick.forget(table)

    def close(self) -> None:
        """Stop the workers once their work is done."""
        self.search.pool.shutdown(wait=False, cancel_futures=True)
        self.quick.pool.shutdown(wait=False, cancel_futures=True)
