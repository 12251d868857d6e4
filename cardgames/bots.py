"""Bots: the built-in random bot and lookup of a game's own bots by name."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardgames.errors import OptionError
from cardgames.game import Bot, Game


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """A uniformly random legal action."""
        return legal[self.rng.randrange(len(legal))]


def bot_names(game: Game[Any, Any]) -> list[str]:
    """The bots available for ``game``."""
    return sorted({"random", *game.bots})


def make_bot(game: Game[Any, Any], name: str, rng: random.Random) -> Bot:
    """A bot by name for ``game``; OptionError naming the choices if unknown."""
    key = name.strip().casefold()
    if key in game.bots:
        return game.bots[key](rng)
    if key == "random":
        return RandomBot(rng)
    raise OptionError(f"no bot called {name!r} for {game.name}; choose from {', '.join(bot_names(game))}")


def bot_rng(seed: int, seat: int) -> random.Random:
    """A bot's own generator, derived from the game seed and its seat (not the game's chance)."""
    return random.Random(f"bot:{seed}:{seat}")
