"""Starting a table from command-line choices: options, seed and seats."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardgames.engine import Table
from cardgames.game import Game
from cardgames.options import make_options, parse_overrides
from cardgames.record import Seat

SEED_LIMIT = 2**31


def new_seed() -> int:
    """A fresh seed from the system's entropy, kept secret until the game ends (see cardgames.deal)."""
    return random.SystemRandom().randrange(SEED_LIMIT)


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
) -> Table:
    """A dealt table; OptionError for a bad option, preset or player count (salt: see cardgames.deal)."""
    return Table.start(game, build_options(game, preset, pairs), list(seats), seed, salt)
