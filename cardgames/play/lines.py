"""Where a person's answers come from: the terminal (with the move timer) or a script of lines."""

from __future__ import annotations

import codecs
import math
import os
import select
import time
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Protocol

from cardgames.play.timer import Clock, TimedOut, discard_typed, wait_readable
from cardgames.primitives.errors import FileLimitError
from cardgames.primitives.files import LINE_LIMIT, check_line
from cardgames.primitives.language import FRAMEWORK, grouped
from cardgames.primitives.text import inert

_ = FRAMEWORK.gettext

if TYPE_CHECKING:
    from rich.console import Console

# Where a prompt shows the seconds left on the move timer; a terminal counts it down live.
LEFT = "\x00"
# How a timed prompt says the seconds left: "You, your move (5 s left): ".
TIMED = f" ({LEFT} s left)"
# What a script's echoed prompt says instead: only moves typed at a terminal are timed.
UNTIMED = " (no move timer: not typed at a terminal)"


def seconds_left(deadline: float | None, clock: Clock) -> int:
    """Whole seconds left before ``deadline`` (at least 1 while it has not passed)."""
    return 0 if deadline is None else max(1, math.ceil(deadline - clock()))


def fill_left(prompt: str, deadline: float | None, clock: Clock, width: int = 1) -> str:
    """The prompt with the seconds left written in."""
    return prompt.replace(LEFT, f"{seconds_left(deadline, clock):>{width}}")


def live_countdown(console: Console) -> bool:
    """Whether the terminal can rewrite the seconds left in place (not a dumb terminal or a file)."""
    return console.is_terminal and os.environ.get("TERM", "") not in ("", "dumb")


class LineSource(Protocol):
    """Answers to prompts. ``read`` raises EOFError when there are no more, TimedOut past the deadline."""

    @property
    def interactive(self) -> bool:
        """Whether a person answers (and may be asked to press Enter)."""
        ...

    def read(self, prompt: str, deadline: float | None = None) -> str:
        """Show ``prompt`` and return one answer line, without its line end."""
        ...


class TerminalSource:
    """A person at a terminal, read unbuffered so that a deadline can be kept with ``select``."""

    interactive = True

    def __init__(self, console: Console, fd: int, clock: Clock = time.monotonic) -> None:
        self.console = console
        self.fd = fd
        self.clock = clock
        self._pending = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def read(self, prompt: str, deadline: float | None = None) -> str:
        """One line typed by the person; TimedOut when the deadline passes first.

        A prompt with the seconds left (``LEFT``) counts them down in place while the person
        types: the cursor is saved, the number rewritten, and the cursor put back.
        """
        # a terminal's prompt only; imported before the prompt shows, so that a key pressed at once
        # (Ctrl-C) never interrupts an import
        from rich.cells import cell_len

        width = len(str(seconds_left(deadline, self.clock)))
        first = fill_left(prompt, deadline, self.clock, width)
        self.console.print(first, end="", highlight=False, markup=False)
        self.console.file.flush()
        column = cell_len(prompt.split(LEFT, 1)[0]) if LEFT in prompt and "\n" not in prompt else None
        live = column is not None and live_countdown(self.console)
        while "\n" not in self._pending:
            if deadline is not None and not self._wait(deadline, column if live else None, width):
                self._pending = ""
                discard_typed(self.fd)
                self.console.print()
                raise TimedOut()
            chunk = os.read(self.fd, 4096)
            if not chunk:
                if self._pending:
                    line, self._pending = self._pending, ""
                    return line
                self.console.print()
                raise EOFError
            self._pending += self._decoder.decode(chunk)
        line, self._pending = self._pending.split("\n", 1)
        return line.rstrip("\r")

    def typed_ahead(self) -> bool:
        """Whether a line was typed already, before what is on the screen now could be read."""
        return "\n" in self._pending or bool(select.select([self.fd], [], [], 0)[0])

    def _wait(self, deadline: float, column: int | None, width: int) -> bool:
        """Wait for input until the deadline, rewriting the seconds left at ``column`` every second."""
        if column is None:
            return wait_readable(self.fd, deadline, self.clock)
        shown = seconds_left(deadline, self.clock)
        while True:
            left = deadline - self.clock()
            if left <= 0:
                return False
            tick = left - math.floor(left) or 1.0  # until the whole number of seconds changes
            if wait_readable(self.fd, self.clock() + min(tick, left), self.clock):
                return True
            now = seconds_left(deadline, self.clock)
            if now != shown and deadline - self.clock() > 0:
                shown = now
                move = f"\033[{column}C" if column else ""
                self.console.file.write(f"\0337\r{move}{now:>{width}}\0338")
                self.console.file.flush()


def typed_ahead(source: LineSource) -> bool:
    """Whether a person at a terminal typed a line before the table now shown (a script's lines
    are read as answers to what it shows)."""
    return isinstance(source, TerminalSource) and source.typed_ahead()


class PromptSource:
    """A person at a terminal where ``select`` cannot wait on input (Windows): a late answer is
    noticed when it arrives, and then counts as too late."""

    interactive = True

    def __init__(self, console: Console, clock: Clock = time.monotonic) -> None:
        self.console = console
        self.clock = clock

    def read(self, prompt: str, deadline: float | None = None) -> str:
        """One line typed by the person; TimedOut if it came after the deadline."""
        self.console.print(fill_left(prompt, deadline, self.clock), end="", highlight=False, markup=False)
        line = input()
        if deadline is not None and self.clock() > deadline:
            raise TimedOut()
        return line


class ScriptSource:
    """Answers read from a file or a pipe, one a line, echoed so a transcript reads like a session."""

    interactive = False

    def __init__(self, console: Console, stream: IO[str], *, echo: bool = True) -> None:
        self.console = console
        self.stream = stream
        self.echo = echo

    def read(self, prompt: str, deadline: float | None = None) -> str:
        """The next line of the script (a script answers at once, so the deadline never passes).

        A line longer than any move is skipped with one line saying so, as a typing slip is
        (the game goes on); a NUL byte or text that is not UTF-8 ends the script with one clear
        line (FileLimitError); the echo is made inert, so a script cannot drive the terminal.
        """
        try:
            line = self.stream.readline(LINE_LIMIT + 2)
            while len(line.rstrip("\r\n")) > LINE_LIMIT:
                while line and not line.endswith("\n"):  # the rest, a bounded piece at a time
                    line = self.stream.readline(LINE_LIMIT + 2)
                said = _("a line longer than {limit} characters is no move: it is skipped")
                self.console.print(said.format(limit=grouped(LINE_LIMIT)), highlight=False, markup=False)
                line = self.stream.readline(LINE_LIMIT + 2)
        except UnicodeDecodeError:
            raise FileLimitError(_("the input is not UTF-8 text")) from None
        if not line:
            raise EOFError
        line = check_line(line.rstrip("\r\n"))
        if self.echo:  # a script answers at once and is never timed: its prompt does not count down
            shown = prompt.replace(TIMED, UNTIMED).replace(LEFT, "")
            self.console.print(shown + inert(line), highlight=False, markup=False)
        return line


class ChainSource:
    """Several sources one after the other: a file of moves, then the terminal."""

    def __init__(self, sources: Sequence[LineSource]) -> None:
        self.sources = list(sources)

    @property
    def interactive(self) -> bool:
        """Whether the current source is a person."""
        return bool(self.sources) and self.sources[0].interactive

    def read(self, prompt: str, deadline: float | None = None) -> str:
        """A line from the first source that still has one."""
        while self.sources:
            try:
                return self.sources[0].read(prompt, deadline)
            except EOFError:
                if len(self.sources) == 1:
                    raise
                self.sources.pop(0)
        raise EOFError
