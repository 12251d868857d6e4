"""What a session shows everyone: the log as it happens, new cards, the introduction and the end.

:class:`Narration` is the lowest layer of :class:`cardgames.play.session.Session` (the loop and
the bots), below :class:`cardgames.play.people.PersonTurns` (a person's turn); the session sets
the attributes declared here.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardgames.core.state import LogEntry
from cardgames.core.table import Table
from cardgames.core.utility import utility_of
from cardgames.play import report
from cardgames.play.hints import hint, hint_action, whole_choice_hint
from cardgames.play.lines import LineSource
from cardgames.play.logs import (
    YOU,
    entry_text,
    log_of,
    named,
    new_entries,
    seat_legend,
    short,
    short_names,
    shown,
    spoken_names,
)
from cardgames.play.positions import position_lines
from cardgames.play.rulesview import announcements, card_of, show_rules_card
from cardgames.play.saving import save_or_ask
from cardgames.play.start import changed_options
from cardgames.play.timer import MoveTimer
from cardgames.primitives.cards import Card, shown_card
from cardgames.primitives.language import catalog
from cardgames.primitives.said import Said
from cardgames.primitives.seating import draw_said
from cardgames.primitives.text import inert

if TYPE_CHECKING:
    from rich.console import Console

_ = catalog("cardgames").gettext
ngettext = catalog("cardgames").ngettext

# A log entry that starts a hand, by its English key ("hand 2: P3 deals", "deals for deal 2").
DEALS = re.compile(r"\b(deals|dealt)\b", re.IGNORECASE)


class Narration:
    """The log, new cards, the introduction and the end, as the session's console shows them."""

    table: Table
    console: Console
    source: LineSource
    ascii_only: bool
    save_path: Path | None
    timer: MoveTimer | None
    quiet: bool
    humans: list[int]
    narrator: int | None
    seen: dict[int, tuple[LogEntry, ...]]
    hands_held: dict[int, tuple[tuple[Card, ...], int]]
    notes: dict[int, list[str | Said]]
    _saved: bool
    _current: int | None  # the person deciding now

    def _name(self, seat: int | None) -> str:
        return "" if seat is None else spoken_names(self.table.seats, self.table.game)[seat]

    def _reader(self, seat: int | None = None) -> int | None:
        """Who reads what is shown now: the person at ``seat``, or (no seat) the one person at the
        keyboard; None for a spectator of bots, or between two people at one screen."""
        if seat is not None:
            return seat if seat in self.humans else None
        return self.humans[0] if len(self.humans) == 1 else None

    def checkpoint(self) -> None:
        """Save the table if it changed since the last save (with --save).

        Every person's move is saved at once; the bots' moves in between are saved before a
        person is asked anything, at the end of each hand and at the end, so an unattended
        game does not wait for the disk after every bot move.
        """
        if self.save_path is not None and not self._saved:
            attended = self.source.interactive and bool(self.humans)
            self.save_path = save_or_ask(
                self.console, self.source, self.save_path, self.table, attended=attended
            )
            self._saved = self.save_path is not None

    def _note_effects(self, seat: int, before: Any) -> None:
        """Keep the game's announcements of a move, to be shown after the move's log entries."""
        after = self.table.state.view(seat)
        lines = announcements(self.table.game, before, after)
        if lines:
            self.notes.setdefault(len(log_of(after)), []).extend(lines)

    def _show_log(self, seat: int, view: Any, title: str | None, *, hold_deal: bool = False) -> None:
        """Print the entries ``seat`` has not seen; ``hold_deal``: keep the next hand's deal for later.

        When a hand has just ended the log already holds the next hand's deal; it is shown
        after the hand's scores (with the next move), not before them.
        """
        now = log_of(view)
        fresh = new_entries(self.seen.get(seat, ()), now)
        if hold_deal:
            deals = [i for i, entry in enumerate(fresh) if DEALS.search(entry.said.key)]
            if deals:  # fresh is the tail of now: what is held back stays unseen
                held = len(fresh) - deals[-1]
                fresh, now = fresh[: deals[-1]], now[: len(now) - held]
        self.seen[seat] = now
        outcome = self.table.state.outcome()
        if outcome is not None:  # the outcome's words head the final table: the log does not say them first
            fresh = [e for e in fresh if e.said != outcome.summary]
        if self.quiet or not fresh:
            return
        left_out, entries = short(fresh, 40 if title is None else 14)
        if title:
            self.console.print(f"[bold]{title}[/]")
        if left_out:
            self.console.print(
                self._plain("  … " + _("{n} earlier events").format(n=left_out)), highlight=False
            )
        start = len(now) - len(entries)
        public = seat not in self.humans  # bots alone are watched as a spectator: the public texts
        reader = self._reader(seat)
        for index, entry in enumerate(entries, start + 1):
            self.console.print(f"  {self._entry_text(entry, public, reader)}", highlight=False, markup=False)
            for note in self.notes.get(index, ()):
                said = "» " + named(self.table.seats, note, reader=reader)
                self.console.print(f"  [bold cyan]{escape(self._plain(said))}[/]", highlight=False)

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
                cards.append(shown_card(c, ascii_only=self.ascii_only))
        self.console.print(f"  {title} {' '.join(cards)}", highlight=False, markup=False)

    def _plain(self, text: str) -> str:
        return shown(text, self.ascii_only)

    def _entry_text(self, entry: LogEntry, public: bool = False, reader: int | None = None) -> str:
        return self._plain(entry_text(self.table.seats, entry, public=public, reader=reader))

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
                names=spoken_names(self.table.seats, self.table.game),
                reader=self._reader(),
            )
            deal = self.table.record.deal
            if deal is not None:  # the game is over: the seed may be known, and checked
                self.console.print(deal.reveal(), highlight=False, markup=False, soft_wrap=True)

    def introduce(self, *, heading: bool = True) -> None:
        """Say the game, the commitment to its seed, who sits where and the options, before the first move."""
        game, record = self.table.game, self.table.record
        name = game.id.title() if self.ascii_only and not game.name.isascii() else game.name
        if heading:
            self.console.print(f"[bold]{escape(name)}[/]", highlight=False)
            if (
                record.deal is not None
            ):  # never the seed before the end: a commitment to it (cardgames.core.fairdeal)
                self.console.print(record.deal.announce(), highlight=False, soft_wrap=True)
        self.console.print(
            _("Seats: {seats}").format(seats=seat_legend(self.table.seats, game)),
            highlight=False,
            markup=False,
        )
        draw = self.table.state.seat_draw()
        if (
            draw is not None and not record.position
        ):  # the game's draw decided who sits where (and deals first)
            text = shown(self._draw_text(draw_said(draw)), self.ascii_only)
            self.console.print(text[0].upper() + text[1:] + ".", highlight=False, markup=False)
        changed = changed_options(game, self.table.options)
        if changed:
            self.console.print(
                _("Options: {options} (cardgames rules {game} explains them)").format(
                    options=changed, game=game.id
                ),
                highlight=False,
                markup=False,
            )
        if self.timer is not None:
            seconds = f"{self.timer.seconds:g}"
            one = 1 if self.timer.seconds == 1 else 2  # 1.5 seconds are seconds
            if self.source.interactive:
                said = ngettext(
                    "Move timer: {seconds} second per move.",
                    "Move timer: {seconds} seconds per move.",
                    one,
                )
            else:  # the deadline is kept only at a terminal
                said = ngettext(
                    "Move timer: {seconds} second per move typed at a terminal; "
                    "moves read from a file or a pipe are not timed.",
                    "Move timer: {seconds} seconds per move typed at a terminal; "
                    "moves read from a file or a pipe are not timed.",
                    one,
                )
            said = said.format(seconds=seconds)
            self.console.print(said, highlight=False)
        if self.save_path is not None:
            self.console.print(
                _("Saving every move in {path}.").format(path=inert(self.save_path)),
                highlight=False,
                markup=False,
            )
        self.console.print(self._plain(card_of(game, self.table.options).goal), highlight=False, markup=False)
        if self.humans:
            self._how_to_type()

    def _draw_text(self, draw: Said) -> str:
        """The seat draw's sentence with every player's full name, the person reading as "you"."""
        names, reader = short_names(self.table.seats), self._reader()
        if reader is not None:
            names[reader] = _(YOU)
        return named(self.table.seats, draw, names, reader=reader)

    def _how_to_type(self) -> None:
        """The prompt itself only says "your move": this line says what it takes."""
        self.console.print(
            _(
                "At 'your move:' type a card or its number in your hand; help lists every form and "
                "the moves you can make, rules what each card does, hint suggests a move, quit stops "
                "(offering to save)."
            ),
            highlight=False,
            markup=False,
        )

    def _show_hint(self, view: Any, legal: Any) -> None:
        from cardgames.core.choosing import Pick

        seat = self._current
        first = hint_action(self.table.game, view, legal)
        if isinstance(first, Pick) and seat is not None:  # a choice of several cards: hint all of it
            text = whole_choice_hint(self.table.game, self.table.state, seat, first)
            self.console.print(self._plain(text), highlight=False, markup=False)
            return
        self.console.print(self._plain(hint(self.table.game, view, legal)), highlight=False, markup=False)

    def _show_position(self) -> None:
        """The ``position`` command: the game as the person deciding may know it."""
        table = self.table
        for line in position_lines(table.game, table.state, table.record.options, self._current):
            self.console.print(line, highlight=False, markup=False, soft_wrap=True)

    def _show_rules(self) -> None:
        game = self.table.game
        self.console.print(f"[bold]{escape(game.name)}[/]: {escape(game.summary)}", highlight=False)
        show_rules_card(self.console, game, self.table.options, ascii_only=self.ascii_only)
