"""What happened since a player last looked: the new entries of a view's public log."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardgames.game import LogEntry
from cardgames.record import Seat

ASCII_SUITS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "…": "...", "↺": "<-", "↻": "->"})


def label(seat: int) -> str:
    """How the games name a seat in their texts: P1, P2, ..."""
    return f"P{seat + 1}"


def seat_legend(seats: Sequence[Seat]) -> str:
    """Who sits where, under the games' seat labels: ``P1 You, P2 Bot 1 (heuristic), ...``."""
    return ", ".join(f"{label(i)} {s.name}" for i, s in enumerate(seats))


def entry_text(seats: Sequence[Seat], entry: LogEntry) -> str:
    """An entry in words, led by the seat's label (as the games write it) unless the text names the seat."""
    if entry.seat is None or not 0 <= entry.seat < len(seats):
        return entry.text
    names = (label(entry.seat), seats[entry.seat].name)
    if any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", entry.text) for n in names):
        return entry.text
    return f"{label(entry.seat)} {entry.text}"


def plain(text: str) -> str:
    """Text with the suit glyphs and arrows written in ASCII."""
    return text.translate(ASCII_SUITS)


def log_of(view: Any) -> tuple[LogEntry, ...]:
    """A view's public log (empty for a game whose views have none)."""
    log = getattr(view, "log", ())
    return tuple(log)


def new_entries(seen: Sequence[LogEntry], now: Sequence[LogEntry]) -> list[LogEntry]:
    """The entries of ``now`` that come after what was ``seen``.

    A log normally only grows; a game may also keep a window of recent events or start a
    fresh log each hand, so the longest end of ``seen`` that begins ``now`` is skipped.
    """
    seen, now = list(seen), list(now)
    if len(now) >= len(seen) and now[: len(seen)] == seen:
        return now[len(seen) :]
    for k in range(min(len(seen), len(now)), 0, -1):
        if seen[-k:] == now[:k]:
            return now[k:]
    return now


def short(entries: Sequence[LogEntry], limit: int = 14) -> tuple[int, list[LogEntry]]:
    """At most ``limit`` of the latest entries, and how many earlier ones were left out."""
    if len(entries) <= limit:
        return 0, list(entries)
    return len(entries) - limit, list(entries[-limit:])
