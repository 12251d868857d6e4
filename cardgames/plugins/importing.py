"""A plugin's import, kept from printing to stdout, exiting the program or running forever.

The registry loads each entry point with :func:`import_quietly`; what it raises there is a
broken plugin, which ``cardgames list`` names with its reason (the calls into a plugin's game
afterwards are guarded by :mod:`cardgames.plugins.guard`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from cardgames.plugins.discovery import PluginEntryPoint


# A plugin's import that takes longer than this is stopped (a real one takes well under a second).
IMPORT_SECONDS = 5.0


class ImportTimeout(Exception):  # noqa: N818  (said as "ImportTimeout: …" in the list of broken plugins)
    """A plugin's import did not finish in time."""


class ExitAtImport(Exception):  # noqa: N818
    """A plugin called os._exit while being imported."""


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise ImportTimeout in the main thread after ``seconds`` (POSIX; elsewhere no limit)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum: int, frame: object) -> NoReturn:
        raise ImportTimeout(f"its import did not finish within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expired)
    old_delay, old_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if old_delay:
            signal.setitimer(signal.ITIMER_REAL, old_delay, old_interval)


@contextlib.contextmanager
def _no_exit() -> Iterator[None]:
    """os._exit raises instead of ending the program (sys.exit's SystemExit is caught by the caller)."""
    original = os._exit

    def refuse(code: int) -> NoReturn:
        raise ExitAtImport(f"it called os._exit({code}) while being imported")

    os._exit = refuse  # type: ignore[assignment]
    try:
        yield
    finally:
        os._exit = original


def import_quietly(ep: PluginEntryPoint, seconds: float | None = None) -> Any:
    """Load an entry point without letting its import print to stdout, exit, or run forever.

    What it prints goes to stderr (so ``--json`` output stays JSON); ``os._exit`` and a
    loop longer than ``seconds`` become exceptions the registry reports as a broken plugin.
    A plugin's C code can still do anything: only a process boundary stops that.
    """
    limit = IMPORT_SECONDS if seconds is None else seconds
    with _time_limit(limit), _no_exit(), contextlib.redirect_stdout(sys.stderr):
        return ep.load()
