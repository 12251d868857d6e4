"""A table in play on the server: people's moves (checked in ``moves``), bots after a delay, clocks, saving.

Everything that changes the game runs on the event loop without awaiting in between,
so two messages never interleave: the first valid answer to a decision wins and a later
one finds the decision gone ("too late"), which changes nothing.

Real time, on the game protocol only:

- a decision whose timeout action is itself a legal action is a *question* that silence
  answers (an out-of-turn claim: silence declines); the questions the engine would ask in a
  row are open to all their seats at once for ``answer_seconds`` (``cardgames.web.rounds``);
- any other decision of a person runs the game's move timer (``Game.move_seconds``), and
  when it runs out ``Game.timeout_action`` is applied, as in the terminal (D-19);
- at a simultaneous decision (protocol 2) every person deciding has a move timer of their
  own, and a bot's search goes on while the others choose (``cardgames.web.simultaneous``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from attrs import define, field

from cardgames.bots.worlds import SearchingBot, Worlds, catch_up
from cardgames.core.game import Bot
from cardgames.core.position import start_state
from cardgames.core.table import Table
from cardgames.core.table import decide as engine_decide
from cardgames.output.console import not_allowed
from cardgames.plugins.sandbox import seat_bot
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.language import FRAMEWORK
from cardgames.web.moves import Reply
from cardgames.web.notes import Note, time_up
from cardgames.web.rounds import Ask, Round, is_question, probe_round
from cardgames.web.simultaneous import Clock, Thinking, own_since, people_clocks
from cardgames.web.store import TableMeta
from cardgames.web.thinking import QUESTION_SECONDS, Thinkers, capped

log = logging.getLogger("cardgames.web")
_ = FRAMEWORK.gettext


@define
class Settings:
    """How the server runs its tables."""

    bot_delay: float = 0.8  # seconds a bot waits, so people can follow
    answer_seconds: float = 2.5  # how long a round of questions (an anticipo) stays open
    bot_seconds: float = 2.0  # the most a bot may think about a move (docs/hosting.md#bots-and-fairness)
    tables_per_client: int = 20  # tables one client may have open at once (docs/hosting.md#limits)
    idle_seconds: float = 2 * 3600.0  # an unfinished table nobody has been at for this long is closed
    finished_seconds: float = 600.0  # a finished table nobody is looking at is closed after this long
    ledger: Any = None  # the ledger file for tournaments (None: the default ledger)
    isolate_bots: bool = False  # bots that choose from their views run in child processes
    read_seconds: float = 30.0  # the most bots and clocks wait for a person reading a hand's summary


def bots_for(table: Table, isolate: bool = False) -> dict[int, Bot]:
    """The table's bots, each having seen its past decisions again (so a resumed game goes on alike).

    ``isolate`` (``serve --isolate-bots``) runs each bot that chooses from its view in a child process.
    """
    bots: dict[int, Bot] = {
        seat: seat_bot(table.game, who.bot, table.record.seed, seat, isolate=isolate)
        for seat, who in enumerate(table.seats)
        if who.bot is not None
    }
    if bots and table.record.actions:
        record = table.record
        state = start_state(
            table.game,
            table.options,
            len(table.seats),
            record.dealt_seed,
            record.position,
            legacy=record.legacy_deal,
        )
        catch_up(bots, state, table.record.actions)
    return bots


class Changed(Protocol):
    """Tells the connected browsers what changed: every seat's, or only ``seats``' (a quiet no)."""

    def __call__(self, live: LiveTable, seats: frozenset[int] | None = None) -> None: ...


@define(eq=False)
class LiveTable:
    """One table on the server."""

    meta: TableMeta
    table: Table
    settings: Settings
    save: Callable[[LiveTable], Coroutine[Any, Any, None]]  # saves the record and the links file
    on_change: Changed  # tells the connected browsers
    bots: dict[int, Bot] = field(factory=dict)
    clock: Clock | None = None
    clocks: dict[int, Clock] = field(factory=dict)  # at a simultaneous decision: each person's own
    thinking: Thinking | None = None  # a bot choosing at a simultaneous decision
    round: Round | None = None  # the questions open now
    announced: int | None = None  # the decision the browsers were told of; None while a move is saved
    notes: list[Note] = field(factory=list)  # what the server said to the whole table (time is up …)
    simultaneous_from: int | None = None  # the first decision of a simultaneous one in play (protocol 2)
    thinkers: Thinkers | None = None  # the server's bot workers (None: a lane of the table's own)
    gathering: Any = None  # the seats' values awaited before the deal (cardgames.web.fairdeal.Gathering)
    reading: set[int] = field(factory=set)  # seats reading a hand's summary (cardgames.web.pause)
    _task: asyncio.Task[None] | None = None
    _settled: asyncio.Event = field(factory=asyncio.Event)  # set while no move is being saved

    @property
    def id(self) -> str:
        """The table's id (in its links)."""
        return self.meta.id

    @property
    def decision(self) -> int:
        """The number of the decision in play: how many actions were applied so far."""
        return len(self.table.record.actions)

    def to_act(self) -> int | None:
        """The seat to decide now, or None when the game is over."""
        return self.table.state.to_act()

    # -- the game moves on -------------------------------------------------------------

    def start(self) -> None:
        """Begin (or resume) play: bots and clocks take over from here."""
        self._next()

    def resume_after_save(self) -> None:
        """Save the table, then let play begin (the deal was just made)."""
        self.applied()

    def stop(self) -> None:
        """Cancel the pending bot move, clock, round and thinking bot (the server is stopping)."""
        self._pause()
        self._stop_thinking()

    def _pause(self) -> None:
        """Cancel the pending bot move, clock or round (a move came first); a thinking bot goes on."""
        task, self._task = self._task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        if self.round is not None:
            self.round.drop()
            self.round = None

    def _stop_thinking(self) -> None:
        thinking, self.thinking = self.thinking, None
        if thinking is not None and thinking.task is not asyncio.current_task():
            thinking.task.cancel()

    def asked(self, seat: int | None) -> Ask | None:
        """The seat's open question in the round, if any."""
        return None if self.round is None or seat is None else self.round.ask_of(seat)

    def _next(self) -> None:
        """After a (saved) change: finish, or set the next bot move or clock; then tell everyone.

        On a resume the clock of the decision in play starts again in full.
        """
        self._pause()
        self.clock = None
        self.announced = self.decision
        self._settled.set()
        state = self.table.state
        seat = state.to_act()
        loop = asyncio.get_running_loop()
        together = seat is not None and state.simultaneous()
        if not together:
            self.simultaneous_from = None
            self.clocks = {}
            self._stop_thinking()
        elif self.simultaneous_from is None:
            self.simultaneous_from = self.decision
        if seat is None:
            self._finish()
        elif self.reading:  # bots and clocks wait while people read a hand's summary, for a while at most
            self._task = loop.create_task(self._read_for(self.settings.read_seconds))
        elif together:  # every seat of to_decide() chooses at once: people now, bots one pick at a time
            self._together()
        elif state.race() or is_question(self.table.game, state.view(seat), list(state.legal_actions())):
            self._open_round()
            if self.round is None:  # every seat answered at once (bots only, none claims)
                return
        elif seat in self.bots:
            self._task = loop.create_task(self._bot_move(self.decision, seat))
        else:
            seconds = self.table.game.move_seconds(self.table.options)
            if seconds is not None:
                self.clock = Clock(self.decision, seat, "move", time.monotonic() + seconds)
                self._task = loop.create_task(self._time_up(self.clock, seconds))
        self.on_change(self)

    # -- a round of questions (the anticipo) ----------------------------------------------

    def _open_round(self) -> None:
        """Open the questions to every seat asked; bots answer now, a bot's claim comes after its delay."""
        loop = asyncio.get_running_loop()
        seconds = self.settings.answer_seconds
        state = self.table.state
        rnd = self.round = Round(self.decision, probe_round(self.table.game, state), state.race())
        for ask in rnd.asks:
            bot = self.bots.get(ask.seat)
            if bot is None:
                continue
            if isinstance(bot, SearchingBot) and ask.worlds is not None:  # on the event loop: kept short
                budget = min(QUESTION_SECONDS, self.settings.bot_seconds)  # not the people's window
                choice = capped(bot, budget).choose_in(ask.worlds, ask.view, ask.legal)  # type: ignore[attr-defined]
            else:
                choice = bot.choose(ask.view, ask.legal)
            if choice == ask.silence:
                rnd.answered.add(ask.seat)
            else:
                rnd.claims.append(loop.create_task(self._bot_claim(rnd, ask.seat, choice)))
        if len(rnd.answered) == len(rnd.asks):
            self._close_round()
            return
        self.clock = Clock(self.decision, None, "answer", time.monotonic() + seconds)
        self._task = loop.create_task(self._round_ends(rnd, seconds))

    async def _bot_claim(self, rnd: Round, seat: int, action: Any) -> None:
        await asyncio.sleep(self.settings.bot_delay)
        if self.round is rnd:
            self.answer(seat, action)

    async def _round_ends(self, rnd: Round, seconds: float) -> None:
        await asyncio.sleep(seconds)
        if self.round is rnd:
            self._close_round()

    def _close_round(self) -> None:
        """Nobody claimed: silence answers every question of the round, in the engine's order."""
        rnd = self.round
        assert rnd is not None
        rnd.silence(self.table)
        self.applied()

    def answer(self, seat: int, action: Any) -> Reply:
        """A seat's answer in the round: a no waits for the others, a valid claim wins at once."""
        rnd = self.round
        ask = self.asked(seat)
        if rnd is None or ask is None:
            return Reply(_("It is not your turn."), "warn")
        if action == ask.silence:
            rnd.answered.add(seat)
            if len(rnd.answered) == len(rnd.asks):
                self._close_round()
            else:  # only the seat that said no hears of it: a message to all would say someone passed (I-2)
                self.on_change(self, frozenset({seat}))
            return Reply(changed=True)
        probe = self.table.state.clone()  # check the claim before anything changes
        try:
            for earlier in rnd.before(seat):
                probe.apply(earlier.silence)
            engine_decide(probe, action, seat)
            if rnd.race and not any(action == a for a in ask.legal):
                raise IllegalActionError(_("that is not a claim you may make now"))
        except IllegalActionError as exc:
            return Reply(not_allowed(exc), "warn")
        for earlier in rnd.before(seat):
            self.table.act(earlier.silence)
        self.table.act(action, seat)
        self.applied()
        if not any(action == a for a in ask.legal):
            return Reply(_("That move was not allowed, and it costs a penalty."), "warn", changed=True)
        return Reply(changed=True)

    def _finish(self) -> None:
        if self.meta.tournament and self.meta.recorded is None:
            from cardgames.web.ledger_link import record_table

            self.meta.recorded = record_table(self.settings.ledger, self.meta.tournament, self.table)
            self._task = asyncio.get_running_loop().create_task(self.save(self))

    def applied(self) -> None:
        """An action was applied: save it, and only then tell anyone and let play go on.

        Nobody (bot, clock or person) sees the new decision before it is on disk, so a move
        a player saw is never lost, and the table's saves never overlap.
        """
        self._pause()
        self.clock = None
        self.announced = None
        self._settled.clear()
        self._task = asyncio.get_running_loop().create_task(self._save_then_next())

    async def _save_then_next(self) -> None:
        await self.save(self)
        self._next()

    async def _bot_move(self, decision: int, seat: int) -> None:
        await asyncio.sleep(self.settings.bot_delay)
        if decision != self.decision or seat not in self.table.state.to_decide() or seat not in self.bots:
            return
        action, legal = await self._bot_choice(seat)
        if decision == self.decision:  # nothing else can act meanwhile: it is the bot's decision
            self._bot_plays(seat, action, legal)

    async def _bot_choice(self, seat: int) -> tuple[Any, list[Any]]:
        """The bot's choice and the legal actions it chose from; a broken bot plays the first of them.

        A searching bot may think for a while: in a worker thread, on its frozen view and worlds
        dealt from the state as it is now, within its share of the cap, when the table's turn
        comes (``cardgames.web.thinking``), so the other tables go on.
        """
        state, bot = self.table.state, self.bots[seat]
        legal = list(state.legal_actions_for(seat))
        view = state.view(seat)
        if self.thinkers is None:
            self.thinkers = Thinkers(self.settings.bot_seconds)
        try:
            if isinstance(bot, SearchingBot):
                worlds = Worlds(state, seat)
                action = await self.thinkers.choose(self.id, bot, lambda b: b.choose_in(worlds, view, legal))
            else:
                action = await self.thinkers.choose(self.id, bot, lambda b: b.choose(view, legal))
            return action, legal
        except Exception:  # a broken bot must not stop the table
            log.exception("table %s: the bot at seat %d failed; it plays its first legal move", self.id, seat)
            return legal[0], legal

    def _bot_plays(self, seat: int, action: Any, legal: list[Any]) -> None:
        try:
            self.table.act(action, seat)
        except Exception:  # a broken bot must not stop the table: it plays its first legal move
            log.exception("table %s: the bot at seat %d failed; it plays its first legal move", self.id, seat)
            self.table.act(legal[0], seat)
        self.applied()

    async def _read_for(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.reading.clear()
        self._next()

    async def _time_up(self, clock: Clock, seconds: float) -> None:
        """A person's clock ran out: the game's timeout action is theirs (at a simultaneous decision, the
        others' clocks run on); where the game refuses it, this clock stops and the seat takes its time."""
        await asyncio.sleep(seconds)
        seat = clock.seat
        assert seat is not None
        if clock is not self.clock and clock is not self.clocks.get(seat):
            return
        try:
            self.table.act(self.table.game.timeout_action(self.table.state.view(seat)), seat)
        except IllegalActionError:  # the game has no penalty to give here: the clock stops
            if clock is self.clock:
                self.clock = None
                self.on_change(self)
            else:
                self.clocks[seat] = clock.stopped()
                self._next()
            return
        self.notes.append(time_up(self.table.seats[seat].name))
        self.applied()

    # -- a simultaneous decision (protocol 2) --------------------------------------------

    def _together(self) -> None:
        """Each person deciding gets (or keeps) their own clock; a bot deciding thinks, or thinks on."""
        state, loop = self.table.state, asyncio.get_running_loop()
        start = self.simultaneous_from if self.simultaneous_from is not None else self.decision
        since = {s: own_since(self.table.record.actions, start, s) for s in state.to_decide()}
        thinking = self.thinking
        if thinking is not None and thinking.since != since.get(thinking.seat):
            self._stop_thinking()  # its decision is over
        bot = None if self.thinking else next((s for s in since if s in self.bots), None)
        if bot is not None:  # one bot thinks at a time, and keeps thinking while the others choose
            self.thinking = Thinking(bot, since[bot], loop.create_task(self._think(bot)))
        seconds = self.table.game.move_seconds(self.table.options)
        people = {s: began for s, began in since.items() if s not in self.bots}
        now = time.monotonic()
        self.clocks = {} if seconds is None else people_clocks(self.clocks, people, seconds, now)
        running = [c for c in self.clocks.values() if c.running]
        if running:
            first = min(running, key=lambda c: c.ends)
            self._task = loop.create_task(self._time_up(first, max(0.0, first.ends - now)))

    async def _think(self, seat: int) -> None:
        """A bot's choice at a simultaneous decision, kept while other seats choose meanwhile.

        Nothing the bot is shown or offered tells which choice another seat made (the
        conformance kit holds games to that), so its search is as good after them as before;
        it thinks again only if its legal actions changed after all. Its move waits for any
        move being saved.
        """
        await asyncio.sleep(self.settings.bot_delay)
        while True:
            action, legal = await self._bot_choice(seat)
            await self._settled.wait()
            if list(self.table.state.legal_actions_for(seat)) == legal:
                break
        self.thinking = None
        self._bot_plays(seat, action, legal)
