"""What happened since a player last looked: the new entries of a view's public log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.game import LogEntry


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
