"""The move timer (rule D-19): a deadline for a person's answer, and waiting on a terminal for it."""

from __future__ import annotations

import contextlib
import select
import time
from collections.abc import Callable

from attrs import frozen

Clock = Callable[[], float]


class TimedOut(Exception):  # noqa: N818  (an event, not a failure)
    """No answer came before the move timer ran out."""


@frozen
class MoveTimer:
    """Seconds a person has for a move, measured by ``clock``."""

    seconds: float
    clock: Clock = time.monotonic

    def deadline(self) -> float:
        """The moment a move started now must be answered by."""
        return self.clock() + self.seconds


def wait_readable(fd: int, deadline: float, clock: Clock = time.monotonic) -> bool:
    """Wait until ``fd`` has input or the deadline passes; whether input came in time."""
    while True:
        remaining = deadline - clock()
        if remaining <= 0:
            return False
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            return True


def discard_typed(fd: int) -> None:
    """Throw away what was typed but not sent, so a late half-typed move is not read as the next one."""
    with contextlib.suppress(Exception):
        import termios

        termios.tcflush(fd, termios.TCIFLUSH)
