"""Games kept when the input ends: saved in the user's data folder, where ``cardgames resume`` finds them.

See docs/user-guide.md#a-game-kept-at-the-end-of-input.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from cardgames.core.table import Table

if TYPE_CHECKING:
    from rich.console import Console

KEEP = 20  # autosaves kept; older ones are removed when a new one is written


def folder() -> Path:
    """Where games kept at the end of input are saved."""
    return Path(platformdirs.user_data_dir("cardgames")) / "autosave"


def kept() -> list[Path]:
    """The games kept, newest first."""
    try:
        found = [p for p in folder().glob("*.json") if p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def latest() -> Path | None:
    """The game kept last, or None."""
    games = kept()
    return games[0] if games else None


def keep(console: Console, table: Table) -> Path | None:
    """Save ``table`` in the data folder (older autosaves beyond :data:`KEEP` removed); None if it cannot."""
    from cardgames.play.saving import save_quietly

    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    name = f"{table.game.id}-{stamp}-{os.getpid()}"
    path = folder() / f"{name}.json"
    more = 1
    while path.exists():  # two games kept in one second by one program
        more += 1
        path = folder() / f"{name}-{more}.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not save_quietly(console, path, table):
        return None
    for old in kept()[KEEP:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return path
