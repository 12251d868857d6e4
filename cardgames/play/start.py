"""Starting a table from command-line choices: options, seed and seats."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardgames.core.game import Game
from cardgames.core.options import make_options, options_as_dict, parse_overrides
from cardgames.core.record import Seat
from cardgames.core.table import Table
from cardgames.play.rulesview import option_text
from cardgames.play.seats import renumber_bots
from cardgames.primitives.errors import CardgamesError, SaveFileError
from cardgames.primitives.language import FRAMEWORK
from cardgames.primitives.text import inert

_ = FRAMEWORK.gettext

SECRET_BITS = 256  # a game's seed: as many bits as the key of its stream (docs/fair-deal.md)


def new_seed(bits: int = SECRET_BITS) -> int:
    """A fresh seed from the system's entropy, kept secret until the game ends (core.fairdeal)."""
    import secrets

    return secrets.randbits(bits)


def build_options(game: Game[Any, Any], preset: str | None, pairs: Sequence[str]) -> Any:
    """The game's options: defaults, then the preset (or the game's default preset), then key=value pairs."""
    return make_options(
        game.options_type,
        game.presets,
        preset if preset is not None else game.default_preset,
        parse_overrides(pairs),
    )


def start_table(
    game: Game[Any, Any],
    seats: Sequence[Seat],
    seed: int,
    preset: str | None,
    pairs: Sequence[str],
    salt: str | None = None,
    position: str = "",
) -> Table:
    """A dealt table, or one set up at ``position``; OptionError for a bad option, preset or player count
    (salt: see cardgames.core.fairdeal). After a seat draw the bots are numbered in seat order again."""
    table = Table.start(game, build_options(game, preset, pairs), list(seats), seed, salt, position)
    table.record.seats = renumber_bots(table.record.seats)
    return table


def changed_options(game: Any, options: Any) -> str:
    """The options that differ from the game's default ones, as ``key=value`` (on/off for switches)."""
    try:
        usual = options_as_dict(build_options(game, None, []))
    except CardgamesError:  # the game's defaults are not valid for this player count, say
        return ""
    pairs = []
    for key, value in options_as_dict(options).items():
        if usual.get(key) != value:
            pairs.append(f"{key}={option_text(value)}")
    return ", ".join(pairs)


def writable(path: Path) -> None:
    """Refuse a save path whose folder does not exist."""
    if "\0" in str(path):
        raise SaveFileError(_("cannot save to a file whose name contains a NUL byte"))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise SaveFileError(
            _("cannot save to {path}: there is no folder {folder}").format(path=path, folder=folder)
        )
    try:
        exists = path.exists()
    except OSError as exc:  # a name the system refuses (longer than it allows): say so, never a traceback
        said = _("cannot save to {path}: {reason}")
        raise SaveFileError(said.format(path=inert(path, 120), reason=exc.strerror or exc)) from None
    if exists and not os.access(path, os.W_OK):
        raise SaveFileError(_("cannot save to {path}: the file is not writable").format(path=path))
