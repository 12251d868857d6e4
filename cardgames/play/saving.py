"""Saving a table after every move, and loading a saved game (the quit dialog is in quitting.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardgames.core.record import load_record, record_to_data
from cardgames.core.table import Table
from cardgames.play.lines import LineSource
from cardgames.plugins.registry import find_game
from cardgames.primitives.atomic import write_atomic
from cardgames.primitives.errors import CardgamesError, SaveWriteError
from cardgames.primitives.files import SAVE_LIMIT, read_text, shown_path
from cardgames.primitives.language import FRAMEWORK, language, language_code
from cardgames.primitives.text import inert

_ = FRAMEWORK.gettext

# The language a game was played in, kept in its save beside the record (whose words are all English
# keys) so that ``resume`` speaks it again; a file without it (older, or written by another program)
# resumes in the language chosen as usual.
LANGUAGE_KEY = "lang"


def save_record(path: str | os.PathLike[str], table: Table) -> None:
    """Save the table's record atomically, with the language in force; SaveWriteError (one clear line)."""
    data: dict[str, Any] = record_to_data(table.game, table.record)
    data[LANGUAGE_KEY] = language()
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    try:
        write_atomic(path, text)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveWriteError(
            _("cannot write {path}: {reason}").format(path=shown_path(path), reason=reason), reason
        ) from None
    except ValueError:  # a NUL byte in the name
        reason = _("the file name contains a NUL byte")
        raise SaveWriteError(
            _("cannot write {path}: {reason}").format(path=shown_path(path), reason=reason), reason
        ) from None


def saved_language(path: str | os.PathLike[str]) -> str | None:
    """The language a saved game was played in, if its file says one this program speaks."""
    try:
        data = json.loads(read_text(path, limit=SAVE_LIMIT).removeprefix("\ufeff"))
    except (CardgamesError, OSError, ValueError, RecursionError):
        return None
    said = data.get(LANGUAGE_KEY) if isinstance(data, dict) else None
    return language_code(said) if isinstance(said, str) else None


if TYPE_CHECKING:
    from rich.console import Console


def save_quietly(console: Console, path: Path, table: Table) -> bool:
    """Save atomically; on failure say why once and keep playing."""
    try:
        save_record(path, table)
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
            save_record(path, table)
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
