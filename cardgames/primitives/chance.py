"""A game's seeded generator, whose copies cost nothing until they draw.

Copying a ``random.Random`` costs tens of µs: ``getstate`` builds a tuple of 625 ints and
a fresh ``random.Random()`` first seeds itself from ``os.urandom``. A search bot clones a
state thousands of times a second and most clones never draw (chance comes only with a
deal or a reshuffle), so :class:`Chance` copies lazily: ``fork`` shares the generator, and
an owner that draws from a shared generator first takes a private copy of it. Every owner
sees exactly the stream an eager copy would have given it.

A whole-number seed keys the cryptographic stream of :mod:`cardgames.primitives.dealstream`; games
replayed from records written before it (schema 1 and 2) are dealt, inside
:func:`legacy_deals`, by ``random.Random(seed)`` as they were then.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from cardgames.primitives.dealstream import DealStream

# Set only while a record of schema 1 or 2 starts its game (docs/fair-deal.md#old-records)
_LEGACY: ContextVar[bool] = ContextVar("legacy_deals", default=False)


@contextmanager
def legacy_deals() -> Iterator[None]:
    """Within it, a new ``Chance`` draws from ``random.Random(seed)``: the deals of old records only."""
    token = _LEGACY.set(True)
    try:
        yield
    finally:
        _LEGACY.reset(token)


def copy_random(rng: random.Random) -> random.Random:
    """An independent copy of a generator: the cheapest eager copy (no seeding from os.urandom)."""
    if type(rng) is DealStream:
        return rng.copy()
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new


class _Shared:
    """One generator and how many ``Chance`` owners share it; seeded on first use."""

    __slots__ = ("legacy", "owners", "rng", "seed")

    def __init__(self, rng: random.Random | None, seed: Any = None, legacy: bool = False) -> None:
        self.rng = rng
        self.seed = seed
        self.legacy = legacy
        self.owners = 1

    def generator(self) -> random.Random:
        rng = self.rng
        if rng is None:
            seed = self.seed
            keyed = type(seed) is int and seed >= 0 and not self.legacy
            rng = self.rng = DealStream(seed) if keyed else random.Random(seed)
        return rng


class Chance:
    """The generator a game state draws all its chance from; ``fork`` copies it in O(1)."""

    __slots__ = ("_shared",)

    def __init__(self, seed: int | str | bytes | None, _shared: _Shared | None = None) -> None:
        """The stream of ``seed`` (see the module; seeding waits for the first use)."""
        self._shared = _Shared(None, seed, _LEGACY.get()) if _shared is None else _shared

    def fork(self) -> Chance:
        """An independent copy: it and this one draw the same numbers from here on."""
        shared = self._shared
        shared.owners += 1
        return Chance(None, shared)  # positional: a state's clone calls this, a keyword costs more

    def __del__(self) -> None:
        self._shared.owners -= 1  # the last owner left draws without copying

    def rng(self) -> random.Random:
        """The generator to draw from now, private to this owner (draw, do not keep it)."""
        shared = self._shared
        if shared.owners > 1:  # shared: take a private copy first, leave the others theirs
            shared.owners -= 1
            shared = self._shared = _Shared(copy_random(shared.generator()))
        return shared.generator()

    def getstate(self) -> Any:
        """The generator's state (as ``random.Random.getstate``): equal states draw alike."""
        return self._shared.generator().getstate()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chance):
            return NotImplemented
        return self._shared is other._shared or self.getstate() == other.getstate()

    __hash__ = None  # type: ignore[assignment]
