"""The full-screen table: the same session drawn in fixed places on the terminal's alternate screen.

The session prints as it does in line mode, into a console that keeps its lines (the log,
announcements, answers to help); the screen draws the table from the current state for the
person at the screen, those lines beside it, and an input line it edits itself, so that a
resize redraws everything and the move timer counts down in place. Imported only when the
screen is on (see ``cardgames.play.commands``): nothing here is loaded for other commands.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import math
import os
import select
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import IO, Any, cast

import attrs
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from cardgames.core.tabletop import Mark
from cardgames.play.lines import LEFT, seconds_left
from cardgames.play.logs import spoken_names
from cardgames.play.screen_layout import Frame, layout, log_room, wrap
from cardgames.play.table import chosen_cards, game_names, render_table, tabletop_for
from cardgames.play.tabletext import Parts, screen_parts
from cardgames.play.timer import Clock, TimedOut, discard_typed
from cardgames.play.words import HELP_WORDS, POSITION_WORDS, RULES_WORDS
from cardgames.primitives.language import N_, catalog

_ = catalog("cardgames").gettext

HELP_LINE = N_("Type a card or its number · help · hint · rules · quit")
HELP_BETWEEN = N_("Enter: next deal · rules · quit")
ALT_ON, ALT_OFF = "\033[?1049h", "\033[?1049l"
KEEP = 200  # lines of the log kept for the screen (the screen shows the latest)


def _ansi(file: IO[str], width: int, like: Console) -> Console:
    """A console that writes ANSI for the terminal ``like`` draws on (its colours), at ``width``."""
    system = like.color_system
    colours: Any = system if system in ("standard", "256", "truecolor", "windows") else None
    return Console(file=file, width=width, force_terminal=True, color_system=colours, legacy_windows=False)


class _Lines(io.TextIOBase):
    """Where the session's console writes: each finished line becomes a line of the screen's log."""

    def __init__(self, screen: FullScreen) -> None:
        self.screen = screen
        self.partial = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.partial += text
        *done, self.partial = self.partial.split("\n")
        for line in done:
            self.screen.add(Text.from_ansi(line))
        return len(text)


class _Console(Console):
    """The session's console on the screen: its lines go to the log, its bell to the terminal."""

    full_screen: FullScreen

    def bell(self) -> None:
        """Ring the terminal's bell (--bell), which a console writing lines would drop."""
        self.full_screen.real.file.write("\a")
        self.full_screen.real.file.flush()


class FullScreen:
    """The alternate screen, its drawing, and the input line (a LineSource for the session)."""

    interactive = True

    def __init__(self, console: Console, fd: int, clock: Clock) -> None:
        self.real = console
        self.fd = fd
        self.clock = clock
        self.session: Any = None
        self.lines: list[Text] = []
        self.fresh = 0  # where the lines since the last answer begin
        self.last_answer = ""
        self.status = ""
        self.skip = 0  # lines of a long answer already paged past
        self.more = False  # whether the screen shows a page with more below it
        self.room = 1
        self.lock = threading.RLock()
        self._pending = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_w, False)
        self.console = _Console(
            file=cast(IO[str], _Lines(self)),
            width=self.size()[0],
            color_system="truecolor",  # kept as styles in the log; the terminal draws them as it can
            force_terminal=False,
            soft_wrap=True,
            highlight=False,
            legacy_windows=False,
        )
        self.console.full_screen = self  # the hooks of the session, hotseat and thinking look for it

    # -- the session's side ---------------------------------------------------------------

    def attach(self, session: Any) -> None:
        """Draw this session's table (its state, seats and people)."""
        self.session = session

    def add(self, line: Text) -> None:
        """One more line of the log (what the session printed)."""
        with self.lock:
            self.lines.append(line)
            if len(self.lines) > KEEP:
                cut = len(self.lines) - KEEP
                del self.lines[:cut]
                self.fresh = max(self.fresh - cut, 0)

    def wipe(self) -> None:
        """Hot-seat: the previous player's hand and log leave the screen before the next one comes."""
        with self.lock:
            self.lines.clear()
            self.fresh = 0
            self.draw(Text(""))

    def refresh(self) -> None:
        """Draw the table as it is now (after a bot's move, with --bot-delay)."""
        self.draw(Text(""))

    @contextlib.contextmanager
    def thinking(self, name: str) -> Iterator[None]:
        """Say on the screen that a bot is thinking, while it is."""
        self.status = _("{name} is thinking…").format(name=name)
        self.draw(Text(""))
        try:
            yield
        finally:
            self.status = ""

    # -- what is shown ----------------------------------------------------------------------

    def size(self) -> tuple[int, int]:
        try:
            columns, rows = os.get_terminal_size(self.real.file.fileno())
        except (OSError, ValueError, AttributeError):
            return self.real.width, self.real.height
        return columns, rows

    def viewer(self) -> int | None:
        """The seat whose table is on the screen: the person at it (hot-seat: nobody between turns)."""
        session = self.session
        if session is None:
            return None
        if getattr(session, "between", None):  # between two hands: the next is not shown before its deal
            return None
        if session.hotseat is not None:
            at = session.hotseat.at_screen
            return next((i for i in session.humans if session.table.seats[i].name == at), None)
        seat: int | None = session.humans[0] if session.humans else session.narrator
        return seat

    def _table(self, seat: int, width: int) -> tuple[Parts | None, tuple[Text, ...]]:
        """The table model in parts, or the lines of the game's own drawing where it has one."""
        session = self.session
        table, ascii_only = session.table, session.ascii_only
        model = tabletop_for(table, seat, seconds=session.seconds_left(seat))
        names = spoken_names(table.seats, table.game)
        view = table.state.view(seat)
        try:
            drawn = render_table(
                table.game, view, ascii_only=ascii_only, names=names, playable=model.playable
            )
        except Exception:  # a plugin's broken drawing: the model still shows the table
            drawn = None
        if drawn is None:
            chosen = chosen_cards(view, session.reader.chosen)
            return screen_parts(model, ascii_only, game_names(table.game), chosen=chosen, full=names), ()
        out = io.StringIO()
        _ansi(out, width, self.real).print(drawn)
        return None, tuple(Text.from_ansi(line) for line in out.getvalue().splitlines())

    def _between(self, between: str) -> Parts | None:
        """Between two hands: the table's heading and seats (the scores so far) beside what to do now;
        no cards, as the next hand is not shown before its deal is announced."""
        session = self.session
        if not session.humans:
            return None
        seat = session.humans[0]
        model = tabletop_for(session.table, seat)
        model = attrs.evolve(
            model, seats=tuple(attrs.evolve(p, marks=p.marks - {Mark.TO_ACT}) for p in model.seats)
        )
        game, own = session.table.game, session.hotseat is None
        full = spoken_names(session.table.seats, game)
        parts = screen_parts(model, session.ascii_only, game_names(game), own=own, full=full)
        return Parts(heading=parts.heading, seats=parts.seats, centre=(f"[bold]{escape(between)}[/]",))

    def frame(self, prompt: Text, width: int, height: int) -> Frame:
        seat = self.viewer()
        table, fallback = (None, ()) if seat is None else self._table(seat, width)
        between = getattr(self.session, "between", None)
        hidden = _("The table is hidden until the next player is at the screen.")
        notice = "" if seat is not None else between or hidden
        help_line = _(HELP_LINE)
        if between is not None:  # only Enter, rules and quit are read until the next deal
            table, fallback, help_line = self._between(between), (), _(HELP_BETWEEN)
        log = [*self.lines, *([Text(self.status, style="italic")] if self.status else [])]
        frame = Frame(
            table=table,
            fallback=fallback,
            log=tuple(log),
            help_line=help_line,
            prompt=prompt,
            notice=notice,
        )
        self.more = False
        commands = (*HELP_WORDS, *RULES_WORDS, *POSITION_WORDS)  # long answers, paged
        # after a hand the session waits for Enter (in the player's language): its scores are long
        answer = self.last_answer.casefold() in commands or between is not None
        fresh = [part for line in self.lines[self.fresh :] for part in wrap(line, width)] if answer else []
        if len(fresh) > log_room(frame, width, height):  # help, rules, scores: the whole screen, page by page
            frame = Frame(table=table, page=True, help_line=help_line, prompt=prompt, notice=notice)
            room = max(log_room(frame, width, height), 1)
            self.more = self.skip + room < len(fresh)
            if self.more:
                prompt = Text("-- more below: press Enter --", style="reverse")
            page = fresh[self.skip : self.skip + room] if self.more else fresh[-room:]
            frame = Frame(table=table, log=tuple(page), page=True, help_line=help_line, prompt=prompt)
            self.room = room
        return frame

    def draw(self, prompt: Text) -> None:
        """Draw the whole screen, the cursor at the end of the input line."""
        with self.lock:
            width, height = self.size()
            self.console.width = width
            lines = layout(self.frame(prompt, width, height), width, height)
            out = io.StringIO()
            ansi = _ansi(out, width + 1, self.real)
            for row, line in enumerate(lines, 1):
                out.write(f"\033[{row};1H")
                ansi.print(line, end="", soft_wrap=True)
                out.write("\033[K")
            out.write(f"\033[{height};{min(lines[-1].cell_len + 1, width)}H")
            self.real.file.write(out.getvalue())
            self.real.file.flush()

    # -- the terminal -----------------------------------------------------------------------

    def __enter__(self) -> FullScreen:
        self.real.file.write(ALT_ON)
        self.real.file.flush()
        self._old_winch = signal.signal(signal.SIGWINCH, self._resized)
        return self

    def __exit__(self, *exc: object) -> None:
        signal.signal(signal.SIGWINCH, self._old_winch)
        self.real.file.write(ALT_OFF)
        self.real.file.flush()
        # what the screen showed last stays readable: the final scores, the reveal, where it is saved
        height = self.size()[1]
        for line in self.lines[-max(height - 2, 1) :]:
            self.real.print(line, soft_wrap=True)
        os.close(self._wake_r)
        os.close(self._wake_w)

    def _resized(self, signum: int, frame: FrameType | None) -> None:
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"r")

    def read(self, prompt: str, deadline: float | None = None) -> str:
        """One line typed at the input line; TimedOut past the deadline, EOFError at Ctrl-D."""
        session = self.session
        if session is not None and hasattr(session, "reader"):
            # the hand is on the screen as it is now: its numbers are the ones the person sees
            session.reader.shown_before = None
        typed = ""
        with _cbreak(self.fd):
            while True:
                if "\n" in self._pending:
                    line, self._pending = self._pending.split("\n", 1)
                    return self._answered(prompt, line.rstrip("\r"), deadline)
                typed = self._pending
                width = len(str(seconds_left(deadline, self.clock)))
                shown = prompt.replace(LEFT, f"{seconds_left(deadline, self.clock):>{width}}")
                self.draw(Text(shown) + Text(typed))
                wait = None
                if deadline is not None:
                    left = deadline - self.clock()
                    if left <= 0:
                        self._pending = ""
                        discard_typed(self.fd)
                        self._answered(prompt, "", deadline)
                        raise TimedOut()
                    wait = min(left - math.floor(left) or 1.0, left)
                ready, _, _ = select.select([self.fd, self._wake_r], [], [], wait)
                if self._wake_r in ready:
                    with contextlib.suppress(OSError):
                        os.read(self._wake_r, 64)
                if self.fd in ready:
                    data = os.read(self.fd, 4096)
                    if not data:
                        raise EOFError
                    if self.more:  # a key turns the page; it is not part of the answer
                        self.skip += self.room
                        continue
                    if not self._edit(self._decoder.decode(data)):
                        self._pending = ""
                        raise EOFError

    def _edit(self, chars: str) -> bool:
        """Apply typed keys to the pending input; False for Ctrl-D on an empty line."""
        text, skipping = self._pending, False
        for ch in chars:
            if skipping:  # the rest of an escape sequence (arrow keys): ignored
                skipping = not ch.isalpha() and ch != "~"
            elif ch == "\033":
                skipping = True
            elif ch in "\r\n":
                text += "\n"
            elif ch in "\x7f\b":
                line_start = text.rfind("\n") + 1
                if len(text) > line_start:
                    text = text[:-1]
            elif ch == "\x15":  # Ctrl-U: the line is erased
                text = text[: text.rfind("\n") + 1]
            elif ch == "\x04" and (not text or text.endswith("\n")):  # Ctrl-D on an empty line: the end
                self._pending = text
                return bool(text)
            elif ch.isprintable():
                text += ch
        self._pending = text
        return True

    def _answered(self, prompt: str, line: str, deadline: float | None) -> str:
        """Keep the question and its answer in the log, as line mode shows them."""
        self.last_answer = line.strip()
        shown = prompt.replace(LEFT, str(seconds_left(deadline, self.clock)))
        with self.lock:
            self.add(Text(shown, style="dim") + Text(line))
            self.fresh = len(self.lines)
            self.skip = 0
        return line


@contextlib.contextmanager
def _cbreak(fd: int) -> Iterator[None]:
    """Keys one at a time, not echoed (the screen draws them); Ctrl-C still interrupts."""
    try:
        import termios
        import tty

        old = termios.tcgetattr(fd)
    except Exception:
        yield
        return
    # TCSANOW, not setcbreak's default TCSAFLUSH: keys typed ahead while the table was busy are kept.
    tty.setcbreak(fd, termios.TCSANOW)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
