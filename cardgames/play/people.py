"""A person's turn at a session's table, and what happens between moves: the scores at a hand's end,
the pause before the next deal, the quit dialog, hints, the rules and the position.

:class:`PersonTurns` is the middle layer of :class:`cardgames.play.session.Session`, above
:class:`cardgames.play.narration.Narration`.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Sequence
from typing import Any, NoReturn

from rich.markup import escape
from rich.text import Text

from cardgames.core.table import decide as engine_decide
from cardgames.output.asking import YES_WORDS
from cardgames.output.console import not_allowed
from cardgames.play import autosave, report
from cardgames.play.hotseat import HotSeat
from cardgames.play.lines import seconds_left, typed_ahead
from cardgames.play.logs import log_of, new_entries, seat_legend, spoken_names
from cardgames.play.narration import Narration
from cardgames.play.quitting import QuitDialog
from cardgames.play.rulesview import card_of
from cardgames.play.table import chosen_cards, table_text, tabletop_for
from cardgames.play.tabletext import hand_line
from cardgames.play.timer import TimedOut
from cardgames.play.turn import MoveReader, QuitRequested
from cardgames.play.words import QUIT_WORDS, RULES_WORDS, hand_of
from cardgames.primitives.cards import Card
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.language import catalog
from cardgames.primitives.text import inert

_ = catalog("cardgames").gettext


class End(enum.Enum):
    """How a session stopped."""

    FINISHED = "finished"
    QUIT = "quit"
    INPUT_ENDED = "input ended"


class _Stop(Exception):  # noqa: N818  (control flow, not a failure)
    def __init__(self, end: End) -> None:
        super().__init__(end.value)
        self.end = end


class PersonTurns(Narration):
    """A person's turn, and the moments between moves that wait for a person."""

    bell: bool
    reminders: bool
    between: str | None = None  # between two hands: what the full screen shows instead of the table
    bot_delay: float
    hotseat: HotSeat | None
    reader: MoveReader
    numbered: dict[int, tuple[tuple[Card, ...], int]]
    hands_shown: int
    _current: int | None
    deadline: float | None = None  # the move timer's deadline for the person deciding now

    def seconds_left(self, seat: int) -> float | None:
        """What is left of the move timer for ``seat`` deciding now (None: no timer runs for it)."""
        timed = self.timer is not None and self.source.interactive  # a script's moves are not timed
        if self.deadline is None or self.timer is None or not timed or seat != self._current:
            return None
        return float(seconds_left(self.deadline, self.timer.clock))

    def _human_turn(self, seat: int) -> None:
        try:
            self._human_move(seat)
        finally:
            self.deadline = None

    def _human_move(self, seat: int, race: dict[int, Any] | None = None) -> None:
        """The person at ``seat`` moves; in a race (``race``) the answer is kept there, not applied."""
        from cardgames.core.choosing import Picks  # simultaneous choices: only a person's turn needs them

        game, name = self.table.game, self._name(seat)
        self.checkpoint()
        if self.hotseat is not None:
            try:
                self.hotseat.hand_over(name)
            except EOFError:
                self._input_ended()
            # the screen was cleared: say again the commitment to the deal, who P1, P2, … are and the goal
            deal = self.table.record.deal
            if deal is not None:
                self.console.print(deal.announce(), highlight=False, markup=False, soft_wrap=True)
            self.console.print(
                _("Seats: {seats}").format(
                    seats=seat_legend(self.table.seats, game),
                ),
                highlight=False,
                markup=False,
            )
            goal = card_of(game, self.table.options).goal
            self.console.print(self._plain(goal), highlight=False, markup=False)
            self._how_to_type()
        self._current = seat
        state = self.table.state
        view = state.view(seat)
        if self.bell and self.source.interactive and not self.quiet:
            self.console.bell()  # "your turn", for a person looking elsewhere
        self._show_log(seat, view, _("Since your last move:") if seat in self.seen else _("So far:"))
        self._show_new_cards(seat, view, _("New in your hand since your last move:"))
        before = self.numbered.get(seat)
        # the timer starts before the table is shown, which says how long is left
        deadline = self.deadline = self.timer.deadline() if self.timer else None
        self._show_current_table()
        if self.reminders:
            for reminder in game.reminders(view):
                text = _("Reminder: {what}.").format(what=self._plain(reminder))
                self.console.print(text, highlight=False, markup=False)
        played = len(state.hand_results())
        # a number typed before the hand was shown again means the hand as it was shown before
        ahead = typed_ahead(self.source)
        shown_before = before[0] if ahead and before is not None and before[1] == played else None
        while True:
            legal = list(state.legal_actions_for(seat))
            try:
                action = self.reader.read(name, view, legal, deadline, shown_before, asked=self._asked(seat))
                shown_before = self.reader.shown_before
            except TimedOut:
                assert self.timer is not None
                if race is not None:  # silence is a pass
                    race[seat] = state.race_pass(seat)
                    return
                action = game.timeout_action(state.view(seat))
                try:
                    self.table.act(action)
                except IllegalActionError as exc:  # the game has no penalty to give here
                    text = _("Time is up, but {why}; go on.").format(why=exc)
                    self.console.print(text, highlight=False, markup=False)
                    deadline = self.deadline = None
                    continue
                # what the timeout costs is in the log that follows
                up = _("Time is up")
                self.console.print(f"[bold red]{up}[/] ({self.timer.seconds:g} s).", highlight=False)
                self._after_move(mover=seat)
                self._show_new_cards(seat, self.table.state.view(seat), _("New in your hand:"))
                return
            except QuitRequested:
                if self._quit_dialog():
                    raise _Stop(End.QUIT) from None
                deadline = self.deadline = self.timer.deadline() if self.timer else None
                continue
            except EOFError:
                self._input_ended()
            if race is not None:  # nothing is applied until every seat has answered
                if action in legal:
                    race[seat] = action
                    return
                self._not_allowed(self._refused(seat, [action]) or "")
                continue
            if isinstance(action, Picks):
                refused = self._refused(seat, action.picks)
                if refused is not None:
                    self._not_allowed(refused)
                    continue
                for pick in action.picks:
                    self.table.act(pick, seat)
                self._note_effects(seat, view)
                self._after_move(mover=seat)
                self._show_new_cards(seat, self.table.state.view(seat), _("New in your hand:"))
                return
            allowed = action in legal
            try:
                if not allowed and not self._misplay_confirmed(seat, action, deadline):
                    continue
            except EOFError:
                self._input_ended()
            try:
                self.table.act(action, seat)
                self._note_effects(seat, view)
            except IllegalActionError as exc:
                self._not_allowed(str(exc))
                continue
            if not allowed:
                said = escape(_("That move was not allowed, and it costs a penalty."))
                self.console.print(f"[bold red]{said}[/]", highlight=False)
            self._after_move(mover=seat)
            self._show_new_cards(seat, self.table.state.view(seat), _("New in your hand:"))
            return

    def _not_allowed(self, reason: str) -> None:
        """Say that a move is refused, and why, in the language in force."""
        self.console.print(escape(not_allowed(self._plain(reason))), style="yellow", highlight=False)

    def _misplay_confirmed(self, seat: int, action: Any, deadline: float | None) -> bool:
        """A move the game would penalise (a misplay) is made only if the person, told what it costs,
        confirms it: a slip at the keyboard costs nothing (see the rules page of a game with misplays)."""
        trial = self.table.state.clone()
        before = log_of(trial.view(seat))
        try:
            engine_decide(trial, action, seat)
        except IllegalActionError:
            return True  # refused without a penalty: the game says why when it is made
        # what everyone will read of it (the public text: never a card the trial drew)
        made = new_entries(before, log_of(trial.view(seat)))
        said = "; ".join(self._entry_text(entry, True, self._reader(seat)) for entry in made)
        cost = said or _("a penalty")
        answer = self.source.read(
            _(
                "That move is not allowed and costs a penalty: {cost}. Type y to make it anyway, "
                "or press Enter to take it back: "
            ).format(cost=cost),
            deadline,
        )
        if answer.strip().casefold() in YES_WORDS:
            return True
        self.console.print(_("Move taken back: nothing was played."), highlight=False)
        return False

    def _refused(self, seat: int, picks: Sequence[Any]) -> str | None:
        """Why these moves of ``seat`` (a race's answer, picks) cannot be made (tried on a copy), or None."""
        trial = self.table.state.clone()
        for pick in picks:
            if seat not in trial.to_decide() or pick not in trial.legal_actions_for(seat):
                return _("you cannot choose {move} now").format(move=self.table.game.format_action(pick))
            try:
                engine_decide(trial, pick, seat)
            except IllegalActionError as exc:
                return str(exc)
        return None

    def _input_ended(self) -> NoReturn:
        self.checkpoint()
        if self.source.interactive:
            self.console.print(_("End of input."), highlight=False)
            if self._quit_dialog():
                raise _Stop(End.QUIT)
            raise _Stop(End.INPUT_ENDED)
        kept = self.save_path or autosave.keep(self.console, self.table)
        dialog = QuitDialog(self.console, self.source, self.table, self.save_path, self.ascii_only)
        resume = dialog.resume(kept) if kept else ""  # the same display, and --isolate-bots if needed
        where = (
            _("It is saved in {path}: continue with {command}.")
            if self.save_path
            else _("It is kept in {path}: continue with {command}.")
            if kept
            else _("It is not saved: with --save FILE an unfinished game can be resumed.")
        ).format(path=inert(kept), command=resume)
        self.console.print(
            _("The moves ran out before the end of the game.") + " " + where,
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
        raise _Stop(End.INPUT_ENDED)

    def _quit_dialog(self) -> bool:
        """Offer to save; True to quit, False to keep playing."""
        self.checkpoint()
        saved = self.save_path is not None and self._saved
        dialog = QuitDialog(self.console, self.source, self.table, self.save_path, self.ascii_only)
        try:
            return dialog.run(saved)
        except EOFError:
            dialog.interrupted(saved, ended=True)
            return True
        except KeyboardInterrupt:
            dialog.interrupted(saved)
            return True

    def _after_move(self, mover: int | None = None) -> None:
        state = self.table.state
        self._saved = False
        results = list(state.hand_results())
        ended = len(results) > self.hands_shown  # then the next hand's deal waits for the scores
        if mover is not None:
            self.checkpoint()
            self._show_log(mover, state.view(mover), None, hold_deal=ended)
        elif self.narrator is not None and (self.narrator not in self.humans or self.bot_delay):
            # bots alone are narrated move by move; with --bot-delay a person follows them so too
            self._show_log(self.narrator, state.view(self.narrator), None, hold_deal=ended)
            if self.bot_delay and not self.quiet:
                self.console.file.flush()
                if (screen := getattr(self.console, "full_screen", None)) is not None:
                    screen.refresh()  # the full-screen table shows the move now
                time.sleep(self.bot_delay)
        if ended:
            self.checkpoint()
            if self.narrator is not None and self.narrator in self.humans:
                self._show_log(self.narrator, state.view(self.narrator), None, hold_deal=True)
            for hand in results[self.hands_shown :]:
                if not self.quiet:
                    card = card_of(self.table.game, self.table.options)
                    report.show_hand(
                        self.console,
                        self.table.seats,
                        results,
                        hand,
                        ascii_only=self.ascii_only,
                        hand_word=card.hand_word,
                        points_count=card.points_count,
                        names=spoken_names(self.table.seats, self.table.game),
                        reader=self._reader(),
                    )
            self.hands_shown = len(results)
            if not state.is_over() and self.source.interactive and self.humans and not self.quiet:
                if self.hotseat is not None:
                    self.hotseat.leave()
                self._pause_before_deal()

    def _pause_before_deal(self) -> None:
        """Wait for an empty line before the next deal; other words are answered, never taken for Enter.

        Meanwhile the full-screen table shows its heading and the seats with their scores, and no
        cards: the next hand is dealt already, and is not shown before its deal is announced.
        """
        ended = self._hand_title(0, capital=True)
        self.between = _("{hand}: over. The cards are dealt again when you press Enter.").format(hand=ended)
        try:
            self._wait_for_the_deal()
        finally:
            self.between = None

    def _hand_title(self, ahead: int, *, capital: bool = False) -> str:
        """The hand just played (``ahead`` 0) or the next one (1) as the rules card names it: "hand 2"."""
        word = card_of(self.table.game, self.table.options).hand_word
        results = self.table.state.hand_results()
        title = f"{word} {(results[-1].number if results else 0) + ahead}"
        return title[:1].upper() + title[1:] if capital else title

    def _wait_for_the_deal(self) -> None:
        while True:
            try:
                ask = _("Press Enter to deal {hand} (or type quit). ").format(hand=self._hand_title(1))
                text = self.source.read(ask).strip()
            except EOFError:
                self._input_ended()
            said = text.casefold()
            if not said:
                return
            if said in QUIT_WORDS or said == "q":
                if self._quit_dialog():
                    raise _Stop(End.QUIT)
            elif said in RULES_WORDS:
                self._show_rules()
            else:
                said = _("{hand} is over: press Enter to deal, or type rules or quit.")
                self.console.print(said.format(hand=self._hand_title(0, capital=True)), highlight=False)

    def _asked(self, seat: int) -> str:
        """What the person at ``seat`` is asked, in the game's words (the table model's decision)."""
        decision = tabletop_for(self.table, seat).decision
        return decision.text if decision is not None and seat in decision.seats else _("your move")

    def _show_chosen(self) -> None:
        """Line mode: the hand again, the cards named so far marked chosen (the full screen redraws it)."""
        if self._current is None or getattr(self.console, "full_screen", None) is not None:
            return
        view = self.table.state.view(self._current)
        model = tabletop_for(self.table, self._current)
        chosen = chosen_cards(view, self.reader.chosen)
        self.console.print(Text.from_markup(hand_line(model, self.ascii_only, chosen=chosen), emoji=False))

    def _show_current_table(self) -> None:
        if self._current is None:
            return
        view = self.table.state.view(self._current)
        if getattr(self.console, "full_screen", None) is None:  # the full-screen table keeps it in place
            # no seconds left in the lines: the prompt under them says them, counting down
            model = tabletop_for(self.table, self._current)
            names = spoken_names(self.table.seats, self.table.game)
            chosen = chosen_cards(view, self.reader.chosen)
            drawn = table_text(
                self.table.game, view, model, ascii_only=self.ascii_only, names=names, chosen=chosen
            )
            self.console.print(drawn)
        hand = hand_of(view)
        if hand is not None:
            self.numbered[self._current] = (hand, len(self.table.state.hand_results()))
