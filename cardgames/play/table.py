"""Drawing a table through the game's render, with names and playable cards when it takes them."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Sequence
from typing import Any

from cardgames.core.game import Game
from cardgames.primitives.cards import Card


@functools.cache
def _takes(render: Any) -> frozenset[str]:
    """The keyword arguments a game's ``render`` accepts (older plugins take ``ascii_only`` only)."""
    try:
        params = inspect.signature(render).parameters.values()
    except (TypeError, ValueError):
        return frozenset({"ascii_only"})
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return frozenset({"ascii_only", "names", "playable"})
    return frozenset(p.name for p in params)


def playable_cards(legal: Sequence[Any]) -> frozenset[Card]:
    """The cards that some legal action plays (an action with a ``card`` that is a Card)."""
    return frozenset(c for a in legal if isinstance(c := getattr(a, "card", None), Card))


def render_table(
    game: Game[Any, Any],
    view: Any,
    *,
    ascii_only: bool,
    names: Sequence[str],
    playable: frozenset[Card] = frozenset(),
) -> Any:
    """The game's renderable for ``view``, passing only what its ``render`` accepts."""
    takes = _takes(type(game).render)
    extra: dict[str, Any] = {}
    if "names" in takes:
        extra["names"] = tuple(names)
    if "playable" in takes:
        extra["playable"] = playable
    return game.render(view, ascii_only=ascii_only, **extra)
