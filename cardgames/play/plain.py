"""What rich prints on a file that is not a terminal, for the lines and tables of a game, without rich.

An unattended game (bots only, its output going to a file or a pipe) should not wait for rich's
import, which costs about as much as the game itself (start-up). The session, the turn and the
report keep writing their lines as rich markup and their tables as :class:`Grid` values (one
place for each line's words); :func:`console` gives them a :class:`PlainConsole` where rich would
print no colours, and rich's own ``Console`` elsewhere (a terminal, Windows, an encoding other
than UTF-8). The plain console prints the same bytes as rich: markup tags dropped, text wrapped
where rich wraps it, tables laid out as rich lays out a table that fits. Anything it is not sure
of (a character that is not one cell wide, an unknown tag, a table too wide for the line) it hands
to a rich console made then. Tests compare both on the real game output and on generated text.
"""

from __future__ import annotations

import os
import re
import sys
from typing import IO, Any

from cardgames.output.console import styled

# Characters rich counts one cell wide without looking them up (rich.cells' own ranges), and the
# few more a game prints (suits, punctuation; a test checks rich counts each of them one cell).
_RANGES = ((0x20, 0x7E), (0xA0, 0xAC), (0xAE, 0x2FF), (0x370, 0x482), (0x2500, 0x25FC), (0x2800, 0x28FF))
_OTHER = re.compile("[^" + "".join(f"{chr(a)}-{chr(b)}" for a, b in _RANGES) + "♠♥♦♣♤♡♢♧…‘’“”–—•]")
_TAG = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")  # a markup tag, with any backslashes before it
_ESCAPABLE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
_WORD = re.compile(r"\s*\S+\s*")  # a word with the spaces before and after it, as rich divides lines
_TRAILING = re.compile(r"\s+$")
# the style words the program's markup uses; any other tag is left to rich
_COLOURS = {"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}
_STYLES = {"bold", "dim", "italic", "underline", "reverse", "strike", "not", "on"} | _COLOURS
_STYLES |= {f"bright_{c}" for c in _COLOURS}
# rich.box's HEAVY_HEAD and ASCII: top, header row, below the header, body row, (two unused), bottom
_BOXES = {
    False: ("┏━┳┓", "┃ ┃┃", "┡━╇┩", "│ ││", "├─┼┤", "├─┼┤", "│ ││", "└─┴┘"),
    True: ("+--+", "| ||", "|-+|", "| ||", "|-+|", "|-+|", "| ||", "+--+"),
}


def single(text: str) -> bool:
    """Whether every character of ``text`` is one that rich counts one cell wide (no line breaks)."""
    return _OTHER.search(text) is None


def escape(text: str) -> str:
    """rich.markup.escape: text that markup shows as it is (a backslash before each tag-like part)."""
    text = _ESCAPABLE.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", text)
    return text + "\\" if text.endswith("\\") and not text.endswith("\\\\") else text


def markup_text(markup: str) -> str | None:
    """The text rich shows for ``markup`` (its tags dropped); None where rich would read it otherwise."""
    if "[" not in markup:
        return markup
    parts: list[str] = []
    opened: list[str] = []
    position = 0
    for match in _TAG.finditer(markup):
        full, escapes, tag = match.groups()
        parts.append(markup[position : match.start()].replace("\\[", "["))  # rich: \[ outside a tag is [
        position = match.end()
        backslashes, escaped = divmod(len(escapes), 2)
        parts.append("\\" * backslashes)
        if escaped:
            parts.append(full[len(escapes) :])
        elif tag.startswith("/"):
            name = " ".join(tag[1:].split()).lower()
            if name not in opened if name else not opened:
                return None  # rich: nothing to close
            del opened[len(opened) - 1 - opened[::-1].index(name) if name else -1]
        elif set(tag.lower().split()) <= _STYLES:
            opened.append(" ".join(tag.split()).lower())
        else:
            return None
    parts.append(markup[position:].replace("\\[", "["))
    return "".join(parts)


def wrapped(text: str, width: int) -> list[str]:
    """The lines rich divides one line of text into at ``width`` cells (every character one cell)."""
    breaks: list[int] = []
    offset = 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group(0)
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:  # folded across lines
            pieces = [word[i : i + width] for i in range(0, len(word), width)]
            for piece in pieces[:-1]:
                if start:
                    breaks.append(start)
                start += len(piece)
            if start:
                breaks.append(start)
            offset = len(pieces[-1])
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    lines = [text[a:b] for a, b in zip([0, *breaks], [*breaks, len(text)], strict=True)]
    return [_fit(line, width) for line in lines]


def _fit(line: str, width: int) -> str:
    """rich's rstrip_end and fold: spaces beyond the width go first, then the line is cut there."""
    if len(line) > width:
        trailing = _TRAILING.search(line)
        if trailing is not None:
            line = line[: len(line) - min(len(trailing.group(0)), len(line) - width)]
    return line[:width]


class Plain(str):
    """Text shown as written (rich's ``Text``): markup in it is not read."""

    __slots__ = ()

    def __rich__(self) -> Any:
        """The text for a rich console."""
        from rich.text import Text

        return Text(str(self))


class Heading(str):
    """A line in bold above a table (a table's own title would wrap at the table's width)."""

    __slots__ = ()

    def __rich__(self) -> Any:
        """The heading for a rich console."""
        from rich.text import Text

        return Text(str(self), style="bold")


class Grid:
    """A table of text: rich draws it on a terminal, :class:`PlainConsole` elsewhere, alike."""

    def __init__(self, *, ascii_only: bool = False) -> None:
        self.ascii_only = ascii_only
        self.columns: list[tuple[str, str]] = []  # (header, "left" or "right")
        self.rows: list[tuple[str, ...]] = []

    def add_column(self, header: str, justify: str = "left") -> None:
        """A column (its header is markup, as rich reads it)."""
        self.columns.append((header, justify))

    def add_row(self, *cells: str) -> None:
        """A row: a :class:`Plain` cell is shown as written, any other text is markup."""
        self.rows.append(cells)

    def __rich__(self) -> Any:
        """The rich table."""
        from rich import box
        from rich.table import Table
        from rich.text import Text

        table = Table(box=box.ASCII if self.ascii_only else box.HEAVY_HEAD)
        for header, justify in self.columns:
            table.add_column(header, justify=justify)  # type: ignore[arg-type]
        for row in self.rows:
            table.add_row(*(Text(str(c)) if isinstance(c, Plain) else c for c in row))
        return table

    def lines(self, width: int) -> list[str] | None:
        """The table as rich draws it at ``width`` cells; None if it does not fit (rich then wraps cells)."""
        texts = [[_cell(h) for h, _ in self.columns], *[[_cell(c) for c in row] for row in self.rows]]
        if not self.rows or any(len(r) != len(self.columns) for r in texts):
            return None
        if any(t is None or not single(t) for row in texts for t in row):
            return None
        widths = [max(len(row[i] or "") for row in texts) + 2 for i in range(len(self.columns))]
        if sum(widths) + len(widths) + 1 > width:
            return None
        top, head, below, body, _, _, _, bottom = _BOXES[self.ascii_only]

        def rule(edge: str) -> str:
            return edge[0] + edge[2].join(edge[1] * w for w in widths) + edge[3]

        def row(edge: str, cells: list[str | None]) -> str:
            shown = [
                f" {(c or '').rjust(w - 2) if j == 'right' else (c or '').ljust(w - 2)} "
                for c, w, (_, j) in zip(cells, widths, self.columns, strict=True)
            ]
            return edge[0] + edge[2].join(shown) + edge[3]

        return [rule(top), row(head, texts[0]), rule(below), *(row(body, r) for r in texts[1:]), rule(bottom)]


def _cell(text: str) -> str | None:
    return str(text) if isinstance(text, Plain) else markup_text(text)


def plain_width() -> int:
    """The width rich's console takes: $COLUMNS, else the first standard stream's terminal, else 80."""
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return int(columns)
    for fd in (0, 1, 2):
        try:
            width = os.get_terminal_size(fd).columns
        except (AttributeError, ValueError, OSError):
            continue
        return width or 80
    return 80


class PlainConsole:
    """The part of rich's ``Console`` a game's lines use, printing as rich does on a plain file."""

    is_terminal = False

    def __init__(self, *, stderr: bool = False) -> None:
        self.stderr = stderr
        self.width = plain_width()
        self._rich: Any = None

    @property
    def file(self) -> IO[str]:
        """Where it prints: the process's output (or error output) at the time of printing."""
        return sys.stderr if self.stderr else sys.stdout

    @property
    def encoding(self) -> str:
        """The output's encoding, as rich reads it."""
        return (getattr(self.file, "encoding", "utf-8") or "utf-8").lower()

    def bell(self) -> None:
        """rich writes no control codes to a file that is not a terminal."""

    def rich(self) -> Any:
        """The rich console this one stands for, made when first needed."""
        if self._rich is None:
            from rich.console import Console

            self._rich = Console(stderr=self.stderr, highlight=False, emoji=False)
        return self._rich

    def print(self, *objects: Any, end: str = "\n", markup: bool | None = None, **options: Any) -> None:
        """Print as rich's ``Console.print`` (``highlight`` changes nothing without colours)."""
        soft_wrap = options.pop("soft_wrap", None)
        options.pop("highlight", None)
        text = None if options or len(objects) > 1 else self._text(objects, markup, bool(soft_wrap))
        if text is None:  # not ours to be sure of: rich prints it
            self.rich().print(*objects, end=end, markup=markup, soft_wrap=soft_wrap, **options)
            return
        self.file.write(text + end)
        self.file.flush()

    def _text(self, objects: tuple[Any, ...], markup: bool | None, soft_wrap: bool) -> str | None:
        if not objects:
            return ""
        shown = objects[0]
        if isinstance(shown, Grid):
            lines = shown.lines(self.width)
            return None if lines is None else "\n".join(lines)
        if not isinstance(shown, str):
            return None
        text = str(shown) if isinstance(shown, Plain | Heading) or markup is False else markup_text(shown)
        if text is None or not single(text.replace("\n", "")):
            return None
        if soft_wrap:
            return text
        return "\n".join(line for part in text.split("\n") for line in wrapped(part, self.width))


def console(*, stderr: bool = False) -> Any:
    """A console for a game's lines: plain where rich would print no colours, else rich's own."""
    stream = sys.stderr if stderr else sys.stdout
    encoding = (getattr(stream, "encoding", "utf-8") or "utf-8").lower()
    if os.name == "posix" and not styled(stream) and encoding.startswith("utf") and plain_width() >= 10:
        return PlainConsole(stderr=stderr)
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, emoji=False)  # names are shown as typed
