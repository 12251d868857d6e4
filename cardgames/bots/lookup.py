"""Bots: the built-in random bot, the levels every game gets, and lookup of a game's own bots by name."""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from typing import Any

from cardgames.bots.levels import LEVELS, SEARCH, describe, is_search_name, make_level
from cardgames.bots.worlds import decide
from cardgames.core.game import Bot, Game
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK, translated

_ = FRAMEWORK.gettext

# module:factory, as an entry point names an object (a dotted module, a dotted attribute)
_REFERENCE = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*", re.ASCII)

__all__ = [
    "RandomBot",
    "bot_key",
    "bot_names",
    "bot_rng",
    "check_bot",
    "decide",
    "describe_bots",
    "is_reference",
    "make_bot",
    "own_bot_line",
]


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """A uniformly random legal action."""
        return legal[self.rng.randrange(len(legal))]


def bot_names(game: Game[Any, Any]) -> list[str]:
    """The bots available for ``game``."""
    return sorted({"random", *LEVELS, SEARCH, *game.bots})


def is_reference(name: str) -> bool:
    """Whether a bot name is ``module:factory``: bot code from outside the game (not ``ismcts:…``)."""
    text = name.strip()
    return _REFERENCE.fullmatch(text) is not None and not is_search_name(text)


def make_bot(game: Game[Any, Any], name: str, rng: random.Random) -> Bot:
    """A bot by name for ``game``; OptionError naming the choices if unknown."""
    key = name.strip().casefold()
    if key in game.bots:
        return game.bots[key](rng)
    if key == "random":
        return RandomBot(rng)
    if is_search_name(key):
        return make_level(game, key, rng)
    if is_reference(name):
        said = _(
            "the bot {name} is code from outside {game}: it plays only in a process of its own, "
            "with --isolate-bots"
        )
        raise OptionError(said.format(name=repr(name.strip()), game=game.name))
    said = _("no bot called {name} for {game}; choose from {names}")
    raise OptionError(said.format(name=repr(name), game=game.name, names=", ".join(bot_names(game))))


def describe_bots(game: Game[Any, Any]) -> dict[str, str]:
    """Every bot of ``game`` with a line about it, for ``cardgames rules``, in the language in force."""
    lines = {"random": _("a uniformly random legal move"), **describe(game)}
    for name, factory in game.bots.items():
        lines[name] = own_bot_line(factory)
    order = [*LEVELS, SEARCH, *sorted(game.bots), "random"]
    return {name: lines[name] for name in dict.fromkeys(order)}


def own_bot_line(factory: Any) -> str:
    """What a game's own bot says of itself, in the language in force (docs/plugin-guide.md#bots).

    Its factory's ``summary``, a text marked with ``N_`` and said through the catalog of the package
    the factory is written in; else the first line of its docstring, as written (a docstring is in
    no catalog); else "the game's own bot".
    """
    try:
        summary, doc = getattr(factory, "summary", None), getattr(factory, "__doc__", None)
    except Exception:  # a plugin's object that fails when read says nothing of itself
        summary = doc = None
    if isinstance(summary, str) and summary.strip():
        return translated(factory, summary)
    lines = doc.strip().splitlines() if isinstance(doc, str) else []
    return lines[0].rstrip(".") if lines else _("the game's own bot")


def check_bot(game: Game[Any, Any], name: str, *, isolate: bool = False) -> None:
    """Refuse an unknown bot name or bad search settings (OptionError) without building anything.

    With ``isolate`` a ``module:factory`` reference is accepted when its top-level module can be
    found; nothing of it runs here (the child process imports it).
    """
    if isolate and is_reference(name):
        import importlib.util

        top = name.strip().partition(":")[0].split(".")[0]
        if importlib.util.find_spec(top) is None:
            said = _("no module {module} for the bot {name}: is it installed, or on PYTHONPATH?")
            raise OptionError(said.format(module=repr(top), name=repr(name.strip())))
        return
    make_bot(game, name, random.Random(0))


def bot_key(seed: int, seat: int) -> str:
    """The seed of a bot's own generator: derived from the game's, which it does not give away."""
    return hashlib.sha256(f"cardgames-bot:{seed}:{seat}".encode()).hexdigest()


def bot_rng(seed: int, seat: int) -> random.Random:
    """A bot's own generator (not the game's chance), the same in process and out of process.

    It is seeded with :func:`bot_key`, which is all an out-of-process bot is given: from it
    the bot cannot learn the game's seed, and so the other hands.
    """
    return random.Random(bot_key(seed, seat))
