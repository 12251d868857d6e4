"""What the table knows about Dernier hands, for ``determinize``: pure functions on card indices.

Hands are hidden, but some of their cards become public: a misplayed card goes back to
its owner face up (D-18). That knowledge is a lower bound (with two decks, a card shown
twice may be the same copy) and lasts until the owner plays a copy of the card. Nothing
else a player does shows a holding: everyone is asked about an anticipo and everyone
decides after drawing (D-7, D-20, I-2), and anyone may draw instead of playing (what a
draw suggests without proving it, the search's worlds weigh: ``beliefs``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from typing import Any

from cardgames.primitives.dealing import shuffled_in_one_draw


def hand_start(log: Sequence[tuple[Any, ...]]) -> int:
    """The index of the current hand's ``deal`` record in ``log`` (0 if there is none)."""
    start = len(log) - 1
    while start > 0 and log[start][0] != "deal":
        start -= 1
    return max(start, 0)


def shown_cards(log: Sequence[tuple[Any, ...]], players: int) -> list[dict[int, int]]:
    """Per seat, the cards (index: copies) the log of the current hand shows to be in that hand."""
    shown: list[dict[int, int]] = [{} for _ in range(players)]
    for i in range(hand_start(log), len(log)):
        record = log[i]
        kind = record[0]
        if kind == "play":
            held, c = shown[record[1]], record[2]
            if held.get(c):
                held[c] -= 1
        elif kind == "misplay":
            shown[record[1]].setdefault(record[4][0], 1)
    return [{c: k for c, k in held.items() if k} for held in shown]


def redeal(
    counts: bytes | bytearray,
    sizes: Sequence[int],
    stock: Sequence[int],
    seat: int,
    pinned: Sequence[dict[int, int]],
    rng: random.Random,
    *,
    drawn_by: int = -1,
) -> tuple[list[list[int]], list[int], int]:
    """New hands and stock: every hand but ``seat``'s dealt again from the cards ``seat`` cannot see.

    ``counts[p * 53 + c]`` is how many copies of card index c hand p holds now and ``sizes[p]``
    its size; ``pinned[p]`` stays in hand p. The player ``drawn_by`` (-1: nobody) has just
    drawn a card nobody else saw: it may be any hidden card, and its index in the new deal
    is returned (-1 without one). Returns the new hands (``seat``'s entry empty: it keeps its
    own), the stock, and that card. Every deal consistent with these facts is equally likely.
    """
    others = [p for p in range(len(sizes)) if p != seat]
    pool, free = hidden_pool(counts, sizes, stock, others, pinned)
    # one shuffle of the whole pool places every card: the stock's places first (in the order
    # it will be drawn, top last), then each other hand's (a hand's order does not matter)
    cards = shuffled_in_one_draw(pool, rng)
    at = len(stock)
    new_stock = cards[:at]
    new_hands: list[list[int]] = [[] for _ in sizes]
    new_drawn = -1
    for p, k in zip(others, free, strict=True):
        if p == drawn_by:  # the first of its places holds the card it drew: any hidden card alike
            new_drawn = cards[at]
        hand = new_hands[p] = cards[at : at + k]
        if pinned[p]:
            hand += [c for c, copies in pinned[p].items() for _ in range(copies)]
        at += k
    return new_hands, new_stock, new_drawn


def hidden_pool(
    counts: bytes | bytearray,
    sizes: Sequence[int],
    stock: Sequence[int],
    others: Sequence[int],
    pinned: Sequence[dict[int, int]],
) -> tuple[list[int], list[int]]:
    """The cards to deal again, sorted (the stock and the hands ``others`` but their pinned cards),
    and each of those hands' free places (its size less its pinned cards), in the order of ``others``."""
    # what the other hands hold, card by card: their counts added as numbers of one byte per card
    # (no card has 256 copies, so no byte carries into the next)
    every = int.from_bytes(counts, "little")  # (one conversion, where a row each made 53-byte slices)
    total = 0
    for p in others:
        total += every >> 424 * p  # hand p's row at the bottom (the rows above it add only above)
    held = bytearray((total & _ROW).to_bytes(53, "little"))
    free = []
    for p in others:
        k = sizes[p]
        for c, copies in pinned[p].items():
            held[c] -= copies
            k -= copies
        free.append(k)
    # the pool in a fixed order, not as the cards really lie: the world must depend on what
    # the searching seat knows and the generator only (two states that look alike give the same worlds)
    pool = list(stock)
    pool += compress(range(53), held)  # every card held once or more
    copies = 2
    while True:  # … twice or more (two decks, several jokers), until no card is held that often
        marks = held.translate(_AT_LEAST.get(copies) or _at_least(copies))
        if 1 not in marks:  # (a search in C, where max(held) reads 53 numbers)
            break
        pool += compress(range(53), marks)
        copies += 1
    pool.sort()
    return pool, free


_ROW = (1 << 424) - 1  # one hand's 53 counts, a byte each
_AT_LEAST: dict[int, bytes] = {}


def _at_least(k: int) -> bytes:
    """A ``bytes.translate`` table giving 1 for a count of at least ``k``, else 0 (made once)."""
    table = _AT_LEAST.get(k)
    if table is None:
        table = _AT_LEAST[k] = bytes(int(v >= k) for v in range(256))
    return table
