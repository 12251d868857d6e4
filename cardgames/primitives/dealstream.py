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
import math
import random
from typing import Any

DOMAIN = b"cardgames-deal-v3:"
BLOCK_BITS = 256
# A shuffle's digits read a word at a time: (the product of the word's radices, its (place, radix) pairs)
Words = tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
_ORDERINGS: dict[int, tuple[int, Words]] = {}  # n -> (n!, the words of a shuffle of n cards)
WORD = 1 << 62  # a word's radices multiply to less than this: its digits come from small numbers


def deal_key(seed: int) -> bytes:
    """The HMAC key of a seed's stream."""
    return hashlib.sha256(DOMAIN + str(seed).encode()).digest()


# HMAC's pads (RFC 2104) as byte translations: the key xor 0x36 is hashed first, the key xor 0x5c last
_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))


def _words(n: int) -> Words:
    """The radices n, n - 1, …, 2 of a shuffle's digits, grouped in words from the lowest digit."""
    out = []
    i = n - 1
    while i > 0:
        size, places = 1, []
        while i > 0 and size * (i + 1) < WORD:
            size *= i + 1
            places.append((i, i + 1))
            i -= 1
        out.append((size, tuple(places)))
    return tuple(out)


class DealStream(random.Random):
    """A ``random.Random`` whose every bit comes from the keyed HMAC-SHA256 stream of a seed."""

    _key: bytes
    _inner: Any  # hashlib's SHA-256 of the inner pad, copied for each block
    _outer: Any  # and of the outer pad
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
        # HMAC-SHA256 from its two hashes (the hmac module's objects cost more per block); the
        # key, a SHA-256, is shorter than the hash's 64-byte block, so it is padded, never hashed
        self._key = key
        padded = key.ljust(64, b"\0")
        self._inner = hashlib.sha256(padded.translate(_IPAD))
        self._outer = hashlib.sha256(padded.translate(_OPAD))

    def _next_block(self) -> int:
        inner = self._inner.copy()
        inner.update(self._block.to_bytes(8, "big"))
        outer = self._outer.copy()
        outer.update(inner.digest())
        self._block += 1
        return int.from_bytes(outer.digest(), "little")

    def shuffle(self, x: Any) -> None:
        """Shuffle ``x`` in place: Fisher–Yates, its swaps read from one uniform draw below ``len(x)!``.

        The draw is ``getrandbits`` of the bit length of ``len(x)!``, drawn again while too
        large (unbiased); its mixed-radix digits are the swaps (as
        ``cardgames.primitives.dealing.shuffled_in_one_draw``): one draw, not one per card.
        The digits are read a word of several radices at a time, so that most divisions are
        of small numbers rather than of the whole draw.
        """
        n = len(x)
        known = _ORDERINGS.get(n)
        if known is None:
            known = _ORDERINGS[n] = (math.factorial(n), _words(n))
        total, words = known
        bits = total.bit_length()
        r = self.getrandbits(bits)
        while r >= total:
            r = self.getrandbits(bits)
        for size, places in words:
            r, word = divmod(r, size)
            for i, m in places:
                word, j = divmod(word, m)
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
