"""Saving a table after every move, offering to save on quit, and loading a saved game."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape

from cardgames.engine import Table
from cardgames.play.lines import LineSource
from cardgames.record import load_record, save_record
from cardgames.registry import find_game
from cardgames.text import inert


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


def offer_save(console: Console, source: LineSource, table: Table, save_path: Path | None) -> bool:
    """Ask before quitting, offering to save; True to quit, False to keep playing."""
    if save_path is not None:
        answer = source.read(f"The game is saved in {inert(save_path)} after every move. Quit now? [y/N] ")
        if answer.strip().casefold() not in ("y", "yes"):
            return False
        console.print(
            f"Continue later with: cardgames resume {inert(save_path)}", highlight=False, markup=False
        )
        return True
    while True:
        answer = source.read(
            "Quit: type a file name to save the game, 'no' to keep playing, "
            "or press Enter to quit without saving: "
        ).strip()
        if answer.casefold() in ("no", "n", "back"):
            return False
        if not answer:
            console.print("Quit without saving.", highlight=False)
            return True
        if save_quietly(console, Path(answer), table):
            console.print(
                f"Saved. Continue later with: cardgames resume {inert(answer)}", highlight=False, markup=False
            )
            return True


def load_table(path: Path) -> Table:
    """The table saved in ``path``, replayed; SaveFileError naming what is wrong."""
    game, record = load_record(path, find_game)
    return Table.from_record(game, record)
