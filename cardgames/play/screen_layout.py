"""The full-screen table's layout: every part in a fixed place, ``height`` lines of ``width`` cells.

Top to bottom: the heading; the seats beside what is on the table; the recent log beside
the hand's history (a trick game's tricks); whose turn it is; the hand; the "how to type"
line; the input line. The hand and the input line are never cut: what gives way on a small
terminal is the log (its latest lines are kept), then the history, then the seats' lines.
Pure functions of their arguments, so the layout is tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import field, frozen
from rich.console import Console
from rich.text import Text

from cardgames.play.tabletext import Parts

GAP = 3  # columns between two side-by-side parts
SEPARATORS = (" · ", " - ")  # between the cards of a zone (cardgames.play.tabletext), with and without glyphs
MIN_LOG = 24  # a log column narrower than this goes under the history instead of beside it

_measure = Console(width=1000, color_system=None, force_terminal=False, legacy_windows=False)


@frozen
class Frame:
    """What one drawing of the screen shows, apart from its size."""

    table: Parts | None = None
    """The table model in parts (``cardgames.play.tabletext``); None with ``fallback`` or when hidden."""
    fallback: tuple[Text, ...] = ()
    """The lines of the game's own drawing (``Game.render``), for a game that has one."""
    log: tuple[Text, ...] = ()
    """The latest lines of the log and of the program's answers, oldest first."""
    page: bool = False
    """Whether the log takes the whole screen (help, rules, scores that would not fit beside the table)."""
    help_line: str = ""
    """The "how to type" line above the input."""
    prompt: Text = field(factory=Text)
    """The input line: the prompt and what the person has typed so far."""
    notice: str = ""
    """A line in place of the table when it is hidden (hot-seat: "pass the screen")."""


def wrap(text: Text, width: int) -> list[Text]:
    """``text`` wrapped to ``width`` cells (long words folded), at least one line."""
    if width <= 0:
        return []
    lines = [line for part in text.split("\n") for line in part.wrap(_measure, width, overflow="fold")]
    return [line.copy() for line in lines] or [Text()]


def wrap_items(text: Text, width: int) -> list[Text]:
    """``text`` wrapped between the items of a zone ("Bot 3 K♣ · Bot 1 J♣"), never inside a name;
    an item wider than ``width`` is wrapped on its own."""
    plain = text.plain
    sep = next((s for s in SEPARATORS if s in plain), None)
    if sep is None or text.cell_len <= width:
        return wrap(text, width)
    items, start = [], 0
    while (found := plain.find(sep, start)) >= 0:
        items.append(text[start:found])
        start = found + len(sep)
    items.append(text[start:])
    lines: list[Text] = []
    line = items[0].copy()
    for item in items[1:]:
        if line.cell_len + len(sep) + item.cell_len <= width:
            line.append(sep)
            line.append_text(item)
        else:
            line.append(sep.rstrip())
            lines.append(line)
            line = item.copy()
    lines.append(line)
    return [part for line in lines for part in wrap(line, width)]


def crop(text: Text, width: int) -> Text:
    """``text`` cut to ``width`` cells, without a line end."""
    line = text.copy()
    line.truncate(max(width, 0), overflow="crop")
    return line


def markup(text: str) -> Text:
    """A game's markup as Text (plain text if it is not valid markup)."""
    try:
        return Text.from_markup(text, emoji=False)  # a name like :smile: is shown as typed
    except Exception:  # a plugin's broken markup must not break the screen
        return Text(text)


def _beside(left: Sequence[Text], right: Sequence[Text], left_width: int, width: int) -> list[Text]:
    """Two columns: ``left`` padded to ``left_width``, ``right`` after a gap, cropped to ``width``."""
    rows = []
    for i in range(max(len(left), len(right))):
        line = crop(left[i], left_width) if i < len(left) else Text()
        line.pad_right(left_width - line.cell_len)
        if i < len(right):
            line.append(" " * GAP)
            line.append_text(right[i])
        rows.append(crop(line, width))
    return rows


def _seats_and_centre(table: Parts, width: int) -> list[Text]:
    seats = [markup(s) for s in table.seats]
    centre = [markup(c) for c in table.centre]
    seat_width = max((s.cell_len for s in seats), default=0)
    centre_width = max((c.cell_len for c in centre), default=0)
    if not centre:
        return [crop(s, width) for s in seats]
    room = width - seat_width - GAP
    if room >= min(centre_width, 26):  # side by side; the centre wraps into its column
        column = [line for c in centre for line in wrap_items(c, room)]
        return _beside(seats, column, seat_width, width)
    return [crop(s, width) for s in seats] + [line for c in centre for line in wrap_items(c, width)]


def _log_and_history(log: Sequence[Text], table: Parts | None, rows: int, width: int) -> list[Text]:
    """The log's latest lines, with the history beside it (or above it when the screen is narrow)."""
    if rows <= 0:
        return []
    history = [markup(h) for h in table.history] if table is not None else []
    if history:
        title = Text(table.history_title if table is not None else "", style="bold")
        history = [title, *history]
        history_width = min(max(h.cell_len for h in history), width // 2)
        log_width = width - history_width - GAP
        if log_width >= MIN_LOG:
            lines = _tail([line for entry in log for line in wrap(entry, log_width)], rows)
            kept = history if len(history) <= rows else [title, *history[len(history) - rows + 1 :]]
            lines += [Text()] * (max(len(kept), len(lines)) - len(lines))
            return _beside(lines, kept, log_width, width)
        kept = history if len(history) <= rows // 2 else [title, *history[len(history) - rows // 2 + 1 :]]
        kept = [crop(h, width) for h in kept][:rows]
        return kept + _tail([line for entry in log for line in wrap(entry, width)], rows - len(kept))
    return _tail([line for entry in log for line in wrap(entry, width)], rows)


def _tail(lines: list[Text], rows: int) -> list[Text]:
    return lines[-rows:] if rows > 0 else []


def _zones(frame: Frame, width: int, height: int) -> tuple[list[Text], list[Text], list[Text], int]:
    """The lines above the log, under it, the input lines, and the rows left for the log."""
    bottom = [crop(Text(frame.help_line, style="dim"), width)] if frame.help_line else []
    bottom += wrap(frame.prompt, width)[-2:]  # a long answer keeps its end in sight
    table = frame.table
    top: list[Text] = []
    under: list[Text] = []  # the turn and the hand, just above the input
    if frame.page:
        top = [crop(Text(table.heading, style="reverse bold"), width)] if table is not None else []
    elif table is not None:
        top = [crop(Text(table.heading, style="reverse bold"), width), *_seats_and_centre(table, width)]
        under = (wrap(markup(table.turn), width) if table.turn else []) + (
            wrap(markup(table.hand), width) if table.hand else []
        )
    elif frame.fallback:
        top = [crop(line, width) for line in frame.fallback]
    elif frame.notice:
        top = [crop(Text(frame.notice, style="reverse bold"), width)]
    fixed = len(bottom) + len(under)
    if fixed + len(top) > height:  # what gives way first: the lines under the heading
        top = top[: max(height - fixed, 0)]
    if fixed > height:  # a tiny terminal: the input line first, then as much of the hand as fits
        keep = max(height - len(bottom), 0)
        under = under[len(under) - keep :] if keep else []
        bottom = bottom[len(bottom) - min(height, len(bottom)) :]
    return top, under, bottom, max(height - len(top) - len(under) - len(bottom), 0)


def log_room(frame: Frame, width: int, height: int) -> int:
    """How many lines of the log the screen shows."""
    return _zones(frame, max(width, 1), max(height, 1))[3]


def layout(frame: Frame, width: int, height: int) -> list[Text]:
    """The screen as exactly ``height`` lines, each at most ``width`` cells."""
    width, height = max(width, 1), max(height, 1)
    top, under, bottom, rows = _zones(frame, width, height)
    middle = _log_and_history(frame.log, None if frame.page else frame.table, rows, width)
    middle = [Text()] * (rows - len(middle)) + middle  # the latest line of the log sits just above the turn
    lines = [*top, *middle, *under, *bottom]
    return [crop(line, width) for line in lines[:height]] + [Text()] * (height - len(lines))
