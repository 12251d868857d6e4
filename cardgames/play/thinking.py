"""A bot that takes longer than a moment says it is thinking (on a terminal only)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich.status (with rich.live) is imported by console.status, when a bot is slow
    from rich.console import Console
    from rich.status import Status

MOMENT = 0.4  # seconds a move may take before the table says a bot is thinking


@contextmanager
def thinking(console: Console, name: str, *, delay: float = MOMENT, show: bool = True) -> Iterator[None]:
    """While the block runs, show "NAME is thinking…" once ``delay`` seconds have passed."""
    screen = getattr(console, "full_screen", None)
    if screen is not None and show:  # the full-screen table says it in its log, at once
        with screen.thinking(name):
            yield
        return
    if not show or not console.is_terminal:
        yield
        return
    lock = threading.Lock()
    status: list[Status] = []
    done = False

    def start() -> None:
        with lock:
            if not done:
                status.append(console.status(f"{name} is thinking…", spinner="dots"))
                status[0].start()

    timer = threading.Timer(delay, start)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            done = True
            timer.cancel()
            for s in status:
                s.stop()
