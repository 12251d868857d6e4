"""The kinds of playout bot the search tells apart, checked at run time.

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
    """Whether a playout bot says ``reusable = True``: its moves read its view, the legal actions and its
    generator only. The search then builds it once, on the walk's generator, for every world, and plays
    the only legal action without asking it (so it is not shown every view)."""
    return getattr(bot, "reusable", False) is True
