"""The session loop: bots and people take turns at a table until the match ends or someone quits."""

from __future__ import annotations

import enum
import re
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from cardgames.bots import bot_rng, decide, make_bot
from cardgames.cards import Card, format_card
from cardgames.choosing import Pick, Picks
from cardgames.engine import Table
from cardgames.engine import decide as engine_decide
from cardgames.errors import IllegalActionError
from cardgames.game import Bot, Choice, LogEntry, silent_answer
from cardgames.play import report
from cardgames.play.hints import hint, hint_action
from cardgames.play.hotseat import HotSeat
from cardgames.play.lines import LineSource
from cardgames.play.logs import entry_text, log_of, named, new_entries, seat_legend, short, shown
from cardgames.play.plain import escape
from cardgames.play.positions import position_lines
from cardgames.play.quitting import QuitDialog
from cardgames.play.rulesview import announcements, card_of, show_rules_card
from cardgames.play.saving import save_quietly
from cardgames.play.seats import default_bot, humans
from cardgames.play.start import changed_options
from cardgames.play.table import playable_cards, render_table
from cardgames.play.thinking import thinking
from cardgames.play.timer import MoveTimer, TimedOut
from cardgames.play.turn import MoveReader, QuitRequested
from cardgames.play.words import QUIT_WORDS, RULES_WORDS, hand_of
from cardgames.position import start_state
from cardgames.seating import describe_draw
from cardgames.text import inert
from cardgames.utility import utility_of

if TYPE_CHECKING:
    from rich.console import Console

# A log entry that starts a hand ("hand 2: P3 deals", "P2 deals for deal 2", "Hand 1 is dealt").
DEALS = re.compile(r"\b(deals|dealt)\b", re.IGNORECASE)


class End(enum.Enum):
    """How a session stopped."""

    FINISHED = "finished"
    QUIT = "quit"
    INPUT_ENDED = "input ended"


class _Stop(Exception):  # noqa: N818  (control flow, not a failure)
    def __init__(self, end: End) -> None:
        super().__init__(end.value)
        self.end = end


class Session:
    """One table played from the terminal (or a script), with bots choosing from their views only."""

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
        self.humans = humans(table.seats)
        if isolate_bots:  # imported only then: it needs subprocess (issue 14)
            from cardgames.sandbox import isolated_bot
        self.bots: dict[int, Bot] = {
            seat: isolated_bot(table.game, who.bot, table.record.seed, seat)
            if isolate_bots  # out of process: the bot gets views as data, and cannot reach the state
            else make_bot(table.game, who.bot, bot_rng(table.record.seed, seat))
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
            ascii_only=ascii_only,
            clock=timer.clock if timer is not None else time.monotonic,
        )
        self._current: int | None = None
        self._saved = False
        # each person's hand as last numbered on the screen, and the hands played by then
        self.numbered: dict[int, tuple[tuple[Card, ...], int]] = {}
        # the game's announcements, by the length of the log after the move that caused them
        self.notes: dict[int, list[str]] = {}

    def _catch_up_bots(self) -> None:
        """On resume, let each bot see its past decisions again, so its generator (and any memory)
        is where it would be had the game never stopped, and the rest of the game is the same.
        A bot that says it is ``memoryless`` (its move depends on its view and seed only) is skipped."""
        bots = {seat: bot for seat, bot in self.bots.items() if not getattr(bot, "memoryless", False)}
        if not bots or not self.table.record.actions:
            return
        record = self.table.record
        state = start_state(
            self.table.game, self.table.options, len(record.seats), record.seed, record.position
        )
        for action in record.actions:
            seat = action.seat if isinstance(action, Choice) else state.to_act()
            bot = bots.get(seat) if seat is not None else None
            if bot is not None:
                decide(bot, state, seat)
            state.apply(action)

    # -- the loop -------------------------------------------------------------------------

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
                self.console.print("\nInterrupted.", highlight=False)
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
            if bot is not None:
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

    def _only_silence(self, seat: int) -> bool:
        """Whether the seat's one legal answer is the game's answer for saying nothing."""
        state = self.table.state
        legal = list(state.legal_actions())
        return len(legal) == 1 and silent_answer(self.table.game, state.view(seat), legal) is not None

    # -- people ---------------------------------------------------------------------------

    def _name(self, seat: int | None) -> str:
        return "" if seat is None else self.table.seats[seat].name

    def _human_turn(self, seat: int) -> None:
        game, name = self.table.game, self._name(seat)
        self.checkpoint()
        if self.hotseat is not None:
            try:
                self.hotseat.hand_over(name)
            except EOFError:
                self._input_ended()
            # the screen was cleared: say again who P1, P2, … are
            self.console.print("Seats: " + seat_legend(self.table.seats), highlight=False, markup=False)
            self._how_to_type()
        self._current = seat
        state = self.table.state
        view = state.view(seat)
        if self.bell and self.source.interactive and not self.quiet:
            self.console.bell()  # "your turn", for a person looking elsewhere
        self._show_log(seat, view, "Since your last move:" if seat in self.seen else "So far:")
        self._show_new_cards(seat, view, "New in your hand since your last move:")
        before = self.numbered.get(seat)
        self._show_current_table()
        played = len(state.hand_results())
        shown_before = before[0] if before is not None and before[1] == played else None
        deadline = self.timer.deadline() if self.timer else None
        while True:
            legal = list(state.legal_actions())
            try:
                action = self.reader.read(name, view, legal, deadline, shown_before)
                shown_before = self.reader.shown_before
            except TimedOut:
                assert self.timer is not None
                action = game.timeout_action(state.view(seat))
                try:
                    self.table.act(action)
                except IllegalActionError as exc:  # the game has no penalty to give here
                    self.console.print(f"Time is up, but {exc}; go on.", highlight=False, markup=False)
                    deadline = None
                    continue
                # what the timeout costs is in the log that follows
                self.console.print(f"[bold red]Time is up[/] ({self.timer.seconds:g} s).", highlight=False)
                self._after_move(mover=seat)
                self._show_new_cards(seat, self.table.state.view(seat), "New in your hand:")
                return
            except QuitRequested:
                if self._quit_dialog():
                    raise _Stop(End.QUIT) from None
                deadline = self.timer.deadline() if self.timer else None
                continue
            except EOFError:
                self._input_ended()
            if isinstance(action, Picks):
                refused = self._picks_refused(seat, action)
                if refused is not None:
                    said = escape(self._plain(refused))
                    self.console.print(f"[yellow]Not allowed:[/] {said}", highlight=False)
                    continue
                for pick in action.picks:
                    self.table.act(pick, seat)
                self._note_effects(seat, view)
                self._after_move(mover=seat)
                self._show_new_cards(seat, self.table.state.view(seat), "New in your hand:")
                return
            allowed = action in legal
            try:
                self.table.act(action, seat)
                self._note_effects(seat, view)
            except IllegalActionError as exc:
                self.console.print(
                    f"[yellow]Not allowed:[/] {escape(self._plain(str(exc)))}", highlight=False
                )
                continue
            if not allowed:
                self.console.print("[bold red]That move was not allowed, and it costs a penalty:[/]")
            self._after_move(mover=seat)
            self._show_new_cards(seat, self.table.state.view(seat), "New in your hand:")
            return

    def _picks_refused(self, seat: int, picks: Picks) -> str | None:
        """Why a typed choice of several cards cannot be made (tried on a copy: all or nothing), or None."""
        trial = self.table.state.clone()
        for pick in picks.picks:
            if seat not in trial.to_decide() or pick not in trial.legal_actions_for(seat):
                return f"you cannot choose {self.table.game.format_action(pick)} now"
            try:
                engine_decide(trial, pick, seat)
            except IllegalActionError as exc:
                return str(exc)
        return None

    def _note_effects(self, seat: int, before: Any) -> None:
        """Keep the game's announcements of a move, to be shown after the move's log entries."""
        after = self.table.state.view(seat)
        lines = announcements(self.table.game, before, after)
        if lines:
            self.notes.setdefault(len(log_of(after)), []).extend(lines)

    def _input_ended(self) -> NoReturn:
        self.checkpoint()
        if self.source.interactive:
            self.console.print("End of input.", highlight=False)
            if self._quit_dialog():
                raise _Stop(End.QUIT)
            raise _Stop(End.INPUT_ENDED)
        saved_in = inert(self.save_path) if self.save_path else ""
        where = (
            f" It is saved in {saved_in}: continue with cardgames resume {saved_in}."
            if self.save_path
            else " It is not saved: with --save FILE an unfinished game can be resumed."
        )
        self.console.print(
            f"The moves ran out before the end of the game.{where}", highlight=False, markup=False
        )
        raise _Stop(End.INPUT_ENDED)

    def _quit_dialog(self) -> bool:
        """Offer to save; True to quit, False to keep playing."""
        self.checkpoint()
        saved = self.save_path is not None and self._saved
        dialog = QuitDialog(self.console, self.source, self.table, self.save_path, self.ascii_only)
        try:
            return dialog.run(saved)
        except (EOFError, KeyboardInterrupt):
            dialog.interrupted(saved)
            return True

    # -- what everyone sees -------------------------------------------------------------------

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
                    )
            self.hands_shown = len(results)
            if not state.is_over() and self.source.interactive and self.humans and not self.quiet:
                if self.hotseat is not None:
                    self.hotseat.leave()
                self._pause_before_deal()

    def _pause_before_deal(self) -> None:
        """Wait for an empty line before the next deal; other words are answered, never taken for Enter."""
        while True:
            try:
                word = card_of(self.table.game, self.table.options).hand_word
                ask = f"to deal the next {word}" if word == "hand" else f"for the next {word}"
                text = self.source.read(f"Press Enter {ask} (or type quit). ").strip()
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
                self.console.print(
                    f"The {word} is over and its scores are above: press Enter (an empty line) to "
                    "deal the next one, rules for the rules card, or quit.",
                    highlight=False,
                )

    def checkpoint(self) -> None:
        """Save the table if it changed since the last save (with --save).

        Every person's move is saved at once; the bots' moves in between are saved before a
        person is asked anything, at the end of each hand and at the end, so an unattended
        game does not wait for the disk after every bot move.
        """
        if self.save_path is not None and not self._saved:
            self._saved = save_quietly(self.console, self.save_path, self.table)

    def _show_log(self, seat: int, view: Any, title: str | None, *, hold_deal: bool = False) -> None:
        """Print the entries ``seat`` has not seen; ``hold_deal``: keep the next hand's deal for later.

        When a hand has just ended the log already holds the next hand's deal; it is shown
        after the hand's scores (with the next move), not before them.
        """
        now = log_of(view)
        fresh = new_entries(self.seen.get(seat, ()), now)
        if hold_deal:
            deals = [i for i, entry in enumerate(fresh) if DEALS.search(entry.text)]
            if deals:  # fresh is the tail of now: what is held back stays unseen
                held = len(fresh) - deals[-1]
                fresh, now = fresh[: deals[-1]], now[: len(now) - held]
        self.seen[seat] = now
        outcome = self.table.state.outcome()
        if outcome is not None:  # the outcome's words head the final table: the log does not say them first
            fresh = [e for e in fresh if e.text.casefold() != outcome.summary.casefold()]
        if self.quiet or not fresh:
            return
        left_out, entries = short(fresh, 40 if title is None else 14)
        if title:
            self.console.print(f"[bold]{title}[/]")
        if left_out:
            self.console.print(self._plain(f"  … {left_out} earlier events"), highlight=False)
        start = len(now) - len(entries)
        public = seat not in self.humans  # bots alone are watched as a spectator: the public texts
        for index, entry in enumerate(entries, start + 1):
            self.console.print(f"  {self._entry_text(entry, public)}", highlight=False, markup=False)
            for note in self.notes.get(index, ()):
                note = named(self.table.seats, "» " + note)
                self.console.print(f"  [bold cyan]{escape(self._plain(note))}[/]", highlight=False)

    def _show_new_cards(self, seat: int, view: Any, title: str) -> None:
        """Name the cards that came into a person's hand since they last saw it (draws, penalties, passes).

        The log says only how many cards a player drew; the player may see which. A new hand
        (a fresh deal) is not news, and neither is the first look at a hand.
        """
        hand = getattr(view, "hand", None)
        if not isinstance(hand, tuple) or not all(isinstance(c, Card) for c in hand):
            return
        played = len(self.table.state.hand_results())
        before = self.hands_held.get(seat)
        self.hands_held[seat] = (hand, played)
        if before is None or before[1] != played or self.quiet:
            return
        new = Counter(hand) - Counter(before[0])
        if not new or sum(new.values()) >= len(hand):
            return
        cards = []
        for c in hand:  # in the order of the hand as shown
            if new[c] > 0:
                new[c] -= 1
                cards.append(format_card(c, glyphs=not self.ascii_only))
        self.console.print(f"  {title} {' '.join(cards)}", highlight=False, markup=False)

    def _plain(self, text: str) -> str:
        return shown(text, self.ascii_only)

    def _entry_text(self, entry: LogEntry, public: bool = False) -> str:
        return self._plain(entry_text(self.table.seats, entry, public=public))

    def _show_current_table(self) -> None:
        if self._current is None:
            return
        state = self.table.state
        view = state.view(self._current)
        mine = state.to_act() == self._current
        # cards to play, not cards to choose among (a pass made of picks marks none)
        playable = (
            playable_cards([a for a in state.legal_actions() if not isinstance(a, Pick)])
            if mine
            else frozenset()
        )
        names = [s.name for s in self.table.seats]
        if getattr(self.console, "full_screen", None) is None:  # the full-screen table keeps it in place
            self.console.print(
                render_table(
                    self.table.game, view, ascii_only=self.ascii_only, names=names, playable=playable
                )
            )
        hand = hand_of(view)
        if hand is not None:
            self.numbered[self._current] = (hand, len(self.table.state.hand_results()))

    def _show_hint(self, view: Any, legal: Any) -> None:
        seat = self._current
        first = hint_action(self.table.game, view, legal)
        if isinstance(first, Pick) and seat is not None:  # a choice of several cards: hint all of it
            text = self._whole_choice_hint(seat, first)
            self.console.print(self._plain(text), highlight=False, markup=False)
            return
        self.console.print(self._plain(hint(self.table.game, view, legal)), highlight=False, markup=False)

    def _show_position(self) -> None:
        """The ``position`` command: the game as the person deciding may know it."""
        table = self.table
        for line in position_lines(table.game, table.state, table.record.options, self._current):
            self.console.print(line, highlight=False, markup=False, soft_wrap=True)

    def _whole_choice_hint(self, seat: int, first: Pick) -> str:
        """The bot's whole choice, pick after pick on a copy of the table (the game is not changed)."""
        game, trial, picks = self.table.game, self.table.state.clone(), [first]
        engine_decide(trial, first, seat)
        while seat in trial.to_decide():
            legal = list(trial.legal_actions_for(seat))
            if not legal or not all(isinstance(a, Pick) for a in legal):
                break
            nxt = hint_action(game, trial.view(seat), legal)
            picks.append(nxt)
            engine_decide(trial, nxt, seat)
        move = game.format_action(Picks(tuple(picks)))
        return f"Hint: {move} (what the {default_bot(game)} bot would choose here)"

    def _show_rules(self) -> None:
        game = self.table.game
        self.console.print(f"[bold]{escape(game.name)}[/]: {escape(game.summary)}", highlight=False)
        show_rules_card(self.console, game, self.table.options, ascii_only=self.ascii_only)

    def _finish(self) -> None:
        self.checkpoint()
        state = self.table.state
        outcome = state.outcome()
        if self.narrator is not None:
            self._show_log(self.narrator, state.view(self.narrator), None)
        if outcome is not None and not self.quiet:
            report.show_outcome(
                self.console,
                self.table.seats,
                outcome,
                ascii_only=self.ascii_only,
                utility=utility_of(self.table.game, self.table.options),
            )
            deal = self.table.record.deal
            if deal is not None:  # the game is over: the seed may be known, and checked
                self.console.print(deal.reveal(), highlight=False, markup=False, soft_wrap=True)

    # -- set-up ---------------------------------------------------------------------------

    def introduce(self, *, heading: bool = True) -> None:
        """Say the game, the commitment to its seed, who sits where and the options, before the first move."""
        game, record = self.table.game, self.table.record
        name = game.id.title() if self.ascii_only and not game.name.isascii() else game.name
        if heading:
            self.console.print(f"[bold]{escape(name)}[/]", highlight=False)
            if record.deal is not None:  # never the seed before the end: a commitment to it (cardgames.deal)
                self.console.print(record.deal.announce(), highlight=False, soft_wrap=True)
        self.console.print("Seats: " + seat_legend(self.table.seats), highlight=False, markup=False)
        draw = self.table.state.seat_draw()
        if (
            draw is not None and not record.position
        ):  # the game's draw decided who sits where (and deals first)
            text = shown(describe_draw(draw, [s.name for s in self.table.seats]), self.ascii_only)
            self.console.print(text[0].upper() + text[1:] + ".", highlight=False, markup=False)
        changed = changed_options(game, self.table.options)
        if changed:
            self.console.print(
                f"Options: {changed} (cardgames rules {game.id} explains them)", highlight=False, markup=False
            )
        if self.timer is not None:
            unit = "second" if self.timer.seconds == 1 else "seconds"
            said = f"Move timer: {self.timer.seconds:g} {unit} per move"
            if not self.source.interactive:  # the deadline is kept only at a terminal
                said += " typed at a terminal; moves read from a file or a pipe are not timed"
            self.console.print(f"{said}.", highlight=False)
        if self.save_path is not None:
            self.console.print(
                f"Saving every move in {inert(self.save_path)}.", highlight=False, markup=False
            )
        self.console.print(self._plain(card_of(game, self.table.options).goal), highlight=False, markup=False)
        if self.humans:
            self._how_to_type()

    def _how_to_type(self) -> None:
        """The prompt itself only says "your move": this line says what it takes."""
        self.console.print(
            "At 'your move:' type a card or its number in your hand; help lists every form and "
            "the moves you can make, rules what each card does, hint suggests a move, quit stops "
            "(offering to save).",
            highlight=False,
            markup=False,
        )
