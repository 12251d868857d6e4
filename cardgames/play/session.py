"""The session loop: bots and people take turns at a table until the match ends or someone quits."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from cardgames.bots.lookup import decide
from cardgames.bots.worlds import catch_up
from cardgames.core.game import Bot, silent_answer
from cardgames.core.position import start_state
from cardgames.core.state import LogEntry
from cardgames.core.table import Table
from cardgames.play.hotseat import HotSeat
from cardgames.play.lines import LineSource
from cardgames.play.people import End, PersonTurns, _Stop
from cardgames.play.seats import humans
from cardgames.play.thinking import thinking
from cardgames.play.timer import MoveTimer
from cardgames.play.turn import MoveReader
from cardgames.plugins.sandbox import seat_bot
from cardgames.primitives.cards import Card
from cardgames.primitives.language import FRAMEWORK
from cardgames.primitives.said import Said

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["End", "Session"]


class Session(PersonTurns):
    """One table played from the terminal (or a script), with bots choosing from their views only.

    The loop and the bots are here; a person's turn is :class:`cardgames.play.people.PersonTurns`,
    what everyone is shown :class:`cardgames.play.narration.Narration`.
    """

    def __init__(
        self,
        table: Table,
        console: Console,
        source: LineSource,
        *,
        ascii_only: bool = False,
        save_path: Path | None = None,
        timer: MoveTimer | None = None,
        quiet: bool = False,
        bot_delay: float = 0.0,
        bell: bool = False,
        isolate_bots: bool = False,
        reminders: bool = True,
    ) -> None:
        self.table = table
        self.console = console
        self.source = source
        self.ascii_only = ascii_only
        self.save_path = save_path
        self.timer = timer
        self.quiet = quiet
        self.bot_delay = bot_delay
        self.bell = bell
        self.reminders = reminders
        self.humans = humans(table.seats)
        self.bots: dict[int, Bot] = {
            seat: seat_bot(table.game, who.bot, table.record.seed, seat, isolate=isolate_bots)
            for seat, who in enumerate(table.seats)
            if who.bot is not None
        }
        self._catch_up_bots()
        self.hotseat = HotSeat(console, source) if len(self.humans) > 1 else None
        # one narrator follows the log as it happens: the only person, or seat 0 when bots play alone
        self.narrator: int | None = (
            self.humans[0] if len(self.humans) == 1 else (0 if not self.humans else None)
        )
        self.seen: dict[int, tuple[LogEntry, ...]] = {}
        # each person's hand when they last saw it, and the number of hands played by then
        self.hands_held: dict[int, tuple[tuple[Card, ...], int]] = {}
        self.hands_shown = len(table.state.hand_results())
        self.reader = MoveReader(
            table.game,
            console,
            source,
            self._show_current_table,
            self._show_rules,
            show_hint=self._show_hint,
            show_position=self._show_position,
            show_chosen=self._show_chosen,
            ascii_only=ascii_only,
            clock=timer.clock if timer is not None else time.monotonic,
        )
        self._current: int | None = None
        self._saved = False
        # each person's hand as last numbered on the screen, and the hands played by then
        self.numbered: dict[int, tuple[tuple[Card, ...], int]] = {}
        # the game's announcements, by the length of the log after the move that caused them
        self.notes: dict[int, list[str | Said]] = {}

    def _catch_up_bots(self) -> None:
        """On resume, let each bot see its past decisions again, so its generator (and any memory)
        is where it would be had the game never stopped, and the rest of the game is the same.
        A bot that says it is ``memoryless`` (its move depends on its view and seed only) is skipped."""
        if not self.bots or not self.table.record.actions:
            return
        record = self.table.record
        state = start_state(
            self.table.game,
            self.table.options,
            len(record.seats),
            record.dealt_seed,
            record.position,
            legacy=record.legacy_deal,
        )
        catch_up(self.bots, state, record.actions)

    def run(self) -> End:
        """Play until the game ends, the person quits or the input ends."""
        while True:
            try:
                self._play()
                self._finish()
                return End.FINISHED
            except _Stop as stop:
                return stop.end
            except KeyboardInterrupt:
                self.console.print("\n" + FRAMEWORK.gettext("Interrupted."), highlight=False)
                if self._quit_dialog():
                    return End.QUIT
                # an interrupt may have come in the middle of a move: rebuild from the record
                self.table = Table.from_record(self.table.game, self.table.record)

    def _play(self) -> None:
        while not self.table.state.is_over():
            state = self.table.state
            seat = state.to_act()
            assert seat is not None
            bot = self.bots.get(seat)
            if state.race():
                self._race()
            elif bot is not None:
                before = state.view(seat)
                with thinking(self.console, self._name(seat), show=not self.quiet):
                    action = decide(bot, state, seat)
                self.table.act(action)
                self._note_effects(seat, before)
                self._after_move()
            elif self.hotseat is None and self._only_silence(seat):
                # e.g. an anticipo offer to a person without the card (D-20): the game asks
                # everyone so that silence gives nothing away (I-2), and the one person at
                # this screen learns nothing from being spared the question. In hot-seat the
                # question is asked all the same, or handing the screen over would tell.
                self.table.act(self.table.state.legal_actions()[0])
                self._after_move()
            else:
                self._human_turn(seat)

    def _race(self) -> None:
        """Ask every seat of a race the same question, then settle it: the first claim wins, else all pass.

        Nothing is applied until every seat has answered, so nobody's answer depends on another's,
        and claims count in ``to_decide()``'s order (the game's precedence), never by who typed
        first or how fast a bot thought. The people are asked first, each privately (in hot-seat
        the screen is handed over); one person alone at the screen with nothing to claim is spared
        the question, which tells nobody anything. Then the bots answer, from their own views.
        """
        state = self.table.state
        seats = state.to_decide()
        answers: dict[int, object] = {}
        for seat in (s for s in seats if s not in self.bots):
            if self.hotseat is None and list(state.legal_actions_for(seat)) == [state.race_pass(seat)]:
                answers[seat] = state.race_pass(seat)
            else:
                answers[seat] = self._race_answer(seat)
        for seat in (s for s in seats if s in self.bots):
            with thinking(self.console, self._name(seat), show=not self.quiet):
                answers[seat] = decide(self.bots[seat], state, seat)
        self.table.settle_race([(s, answers[s]) for s in seats])
        self._after_move()

    def _race_answer(self, seat: int) -> object:
        """The person's answer in a race, kept (not applied) until every seat has answered."""
        answers: dict[int, object] = {}
        try:
            self._human_move(seat, answers)
        finally:
            self.deadline = None
        return answers[seat]

    def _only_silence(self, seat: int) -> bool:
        """Whether the seat's one legal answer is the game's answer for saying nothing."""
        state = self.table.state
        legal = list(state.legal_actions())
        return len(legal) == 1 and silent_answer(self.table.game, state.view(seat), legal) is not None
