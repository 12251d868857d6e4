"""Saving a table after every move, and loading a saved game (the quit dialog is in quitting.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.markup import escape

from cardgames.core.record import load_record, save_record
from cardgames.core.table import Table
from cardgames.play.lines import LineSource
from cardgames.plugins.registry import find_game
from cardgames.primitives.errors import SaveWriteError
from cardgames.primitives.language import FRAMEWORK
from cardgames.primitives.text import inert

_ = FRAMEWORK.gettext

if TYPE_CHECKING:
    from rich.console import Console


def save_quietly(console: Console, path: Path, table: Table) -> bool:
    """Save atomically; on failure say why once and keep playing."""
    try:
        save_record(path, table.game, table.record)
    except OSError as exc:
        _could_not_save(console, path, exc.strerror or exc)
        return False
    return True


def save_or_ask(
    console: Console, source: LineSource, path: Path, table: Table, *, attended: bool
) -> Path | None:
    """Save the table in ``path``; where it cannot be written, say so once and decide what then.

    Returns the file the game is now saved in, or None when the player chose to play on
    without saving. An unattended game (no person, or moves from a script) cannot be asked:
    SaveWriteError stops it, so that it never plays on unsaved
    (docs/user-guide.md#saving-resuming-and-replaying).
    """
    while True:
        try:
            save_record(path, table.game, table.record)
            return path
        except SaveWriteError as exc:
            if not attended:
                said = _(
                    "{reason}; the game is stopped: it cannot be saved "
                    "(free some space, or give another file to --save)"
                )
                raise SaveWriteError(said.format(reason=exc), exc.strerror) from None
            _could_not_save(console, path, exc.strerror or exc)
        other = _new_file(console, source)
        if other is None:
            console.print(_("Playing on without saving; you may still save when you quit."), highlight=False)
            return None
        path = other


def _new_file(console: Console, source: LineSource) -> Path | None:
    """A file name typed to save to instead, or None (Enter, or no more input)."""
    while True:
        try:
            answer = source.read(_("Save to another file instead (Enter: play on without saving)? ")).strip()
        except EOFError:
            return None
        if not answer:
            return None
        try:
            taken = Path(answer).exists()
        except (OSError, ValueError):  # a name too long or holding a NUL: the save says what is wrong
            taken = False
        if not taken:
            return Path(answer)
        # never overwritten unasked: another name is asked for
        console.print(
            _("{name} exists; choose a new file.").format(name=escape(inert(answer))), highlight=False
        )


def _could_not_save(console: Console, path: Path, reason: object) -> None:
    """Say once, in red, that the file could not be written and why."""
    said = _("Could not save to {path}:").format(path=escape(inert(path)))
    console.print(f"[red]{said}[/] {escape(inert(reason))}", highlight=False)


def load_table(path: Path) -> Table:
    """The table saved in ``path``, replayed; SaveFileError naming what is wrong."""
    game, record = load_record(path, find_game)
    return Table.from_record(game, record)
