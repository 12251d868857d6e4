"""The deal's generator: HMAC-SHA256 in counter mode, keyed by the seed (docs/fair-deal.md#the-stream).

Block ``i`` of the stream is ``HMAC-SHA256(key, i as 8 bytes big-endian)`` with ``key =
SHA-256("cardgames-deal-v3:" + the seed in decimal)``; bits are taken from each block as
one little-endian 256-bit number, lowest bits first. Every draw of ``random.Random`` goes
through ``getrandbits``, so a shuffle is Fisher–Yates with unbiased rejection sampling:
what a seat sees of the deck says nothing usable about the rest without the key, and a
drawn seed has 256 bits (``cardgames.play.start.new_seed``).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import random
from typing import Any

DOMAIN = b"cardgames-deal-v3:"
BLOCK_BITS = 256
_ORDERINGS: dict[int, int] = {}  # n -> n!


def deal_key(seed: int) -> bytes:
    """The HMAC key of a seed's stream."""
    return hashlib.sha256(DOMAIN + str(seed).encode()).digest()


class DealStream(random.Random):
    """A ``random.Random`` whose every bit comes from the keyed HMAC-SHA256 stream of a seed."""

    _key: bytes
    _mac: hmac.HMAC
    _block: int
    _pool: int
    _pooled: int

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)  # (no seed: a copy being unpickled, whose state is set next)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Key the stream with the seed ``a`` (a whole number, never negative)."""
        if type(a) is not int or a < 0:
            raise ValueError(f"a deal's seed is a whole number from 0 up, not {a!r}")
        self._start(deal_key(a))
        self._block = 0
        self._pool = 0  # bits drawn from blocks and not yet used, lowest first
        self._pooled = 0

    def getrandbits(self, k: int) -> int:
        """``k`` bits of the stream, as a number below ``2**k``."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        pool, pooled = self._pool, self._pooled
        while pooled < k:
            pool |= self._next_block() << pooled
            pooled += BLOCK_BITS
        self._pool, self._pooled = pool >> k, pooled - k
        return pool & ((1 << k) - 1)

    def _start(self, key: bytes) -> None:
        self._key = key
        self._mac = hmac.new(key, digestmod=hashlib.sha256)

    def _next_block(self) -> int:
        mac = self._mac.copy()
        mac.update(self._block.to_bytes(8, "big"))
        self._block += 1
        return int.from_bytes(mac.digest(), "little")

    def shuffle(self, x: Any) -> None:
        """Shuffle ``x`` in place: Fisher–Yates, its swaps read from one uniform draw below ``len(x)!``.

        The draw is ``getrandbits`` of the bit length of ``len(x)!``, drawn again while too
        large (unbiased); its mixed-radix digits are the swaps (as
        ``cardgames.primitives.dealing.shuffled_in_one_draw``): one draw, not one per card.
        """
        n = len(x)
        total = _ORDERINGS.get(n)
        if total is None:
            total = _ORDERINGS[n] = math.factorial(n)
        bits = total.bit_length()
        r = self.getrandbits(bits)
        while r >= total:
            r = self.getrandbits(bits)
        for i in range(n - 1, 0, -1):
            r, j = divmod(r, i + 1)
            x[i], x[j] = x[j], x[i]

    def random(self) -> float:
        """A float in [0, 1) from 53 bits of the stream."""
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def getstate(self) -> Any:
        """The stream's position: equal states draw alike."""
        return (self._key, self._block, self._pool, self._pooled)

    def setstate(self, state: Any) -> None:
        """Go back to a position ``getstate`` gave."""
        key, self._block, self._pool, self._pooled = state
        if key != self._key:
            self._start(key)

    def copy(self) -> DealStream:
        """An independent copy at the same position."""
        new = DealStream(0)
        new.setstate(self.getstate())
        return new
