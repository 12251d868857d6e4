"""The kinds of playout bot the search tells apart, checked at run time with ``isinstance``.

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


@runtime_checkable
class Reseeding(Protocol):
    """A playout bot whose moves read its view, the legal actions and its generator only: the search
    builds it once and, for every world, starts its generator again rather than building it again."""

    def reseed(self, seed: int) -> None:
        """Play on as a bot just built with ``random.Random(seed)`` would."""
        ...
