"""The kinds of bot the framework tells apart, by what a bot says of itself, checked at run time.

Kept in a module of their own, never compiled: mypyc cannot build a module that declares a
``@runtime_checkable`` protocol, and ``cardgames/bots/ismcts.py`` is compiled in the optional
build (setup.py's ``COMPILED``, docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Shortlisting(Protocol):
    """A playout bot that can name its ``k`` preferred actions, best first (for the root's candidates)."""

    def shortlist(self, view: Any, legal: Sequence[Any], k: int) -> Sequence[Any]:
        """The ``k`` legal actions the bot likes best, best first."""
        ...


def reusable(bot: Any) -> bool:
    """Whether a playout bot says ``reusable = True``: it draws only from the generator it is made with,
    and only when it chooses among two or more actions (nothing when made or at a lone action), and
    nothing else it keeps changes its moves. The search then builds it once, on the walk's generator,
    for every walk, and plays a lone legal action in a playout or a new node without asking it."""
    return getattr(bot, "reusable", False) is True


def memoryless(bot: Any) -> bool:
    """Whether a bot says ``memoryless = True``: its move depends only on its view and what it drew
    from its generator when it was made, so a resumed game need not show it its past decisions."""
    return getattr(bot, "memoryless", False) is True
