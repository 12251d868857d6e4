"""Saving a table after every move, and loading a saved game (the quit dialog is in quitting.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cardgames.core.record import load_record, save_record
from cardgames.core.table import Table
from cardgames.play.plain import escape
from cardgames.plugins.registry import find_game
from cardgames.primitives.text import inert

if TYPE_CHECKING:
    from rich.console import Console


def save_quietly(console: Console, path: Path, table: Table) -> bool:
    """Save atomically; on failure say why once and keep playing."""
    try:
        save_record(path, table.game, table.record)
    except OSError as exc:
        console.print(
            f"[red]Could not save to {escape(inert(path))}:[/] {escape(inert(exc.strerror or exc))}",
            highlight=False,
        )
        return False
    return True


def load_table(path: Path) -> Table:
    """The table saved in ``path``, replayed; SaveFileError naming what is wrong."""
    game, record = load_record(path, find_game)
    return Table.from_record(game, record)
