"""Seeded shuffles and deals. Nothing here touches the global random generator."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def new_rng(seed: int) -> random.Random:
    """The generator a game draws all of its chance from."""
    return random.Random(seed)


def shuffle(cards: list[T], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does: same order, same generator state.

    Seeded games and saved records depend on that order, so this is ``random.shuffle``'s
    own algorithm, only faster: CPython draws each swap's index below ``i + 1`` through a
    Python method (``getrandbits`` of ``(i + 1).bit_length()`` bits, drawn again while too
    large); here those draws are inline, which the compiled build turns into a C loop. A
    generator of another class, or an interpreter whose shuffle turns out to differ (checked
    once, on first use), gets ``rng.shuffle`` itself; tests compare the two on many seeds.
    """
    if type(rng) is random.Random and _same_as_random_shuffle():
        _inline_shuffle(cards, rng)
    else:
        rng.shuffle(cards)


def _inline_shuffle(cards: list[T], rng: random.Random) -> None:
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


_SAME: list[bool] = []  # filled on first use: whether _inline_shuffle gives random.shuffle's order


def _same_as_random_shuffle() -> bool:
    if not _SAME:
        ok = True
        for seed in range(3):
            a, b = list(range(110)), list(range(110))
            ra, rb = random.Random(seed), random.Random(seed)
            ra.shuffle(a)
            _inline_shuffle(b, rb)
            ok = ok and a == b and ra.getstate() == rb.getstate()
        _SAME.append(ok)
    return _SAME[0]


def shuffled(cards: Sequence[T], rng: random.Random) -> list[T]:
    """A shuffled copy of ``cards``, using only ``rng`` (in ``rng.shuffle``'s order)."""
    out = list(cards)
    shuffle(out, rng)
    return out


_ORDERINGS: dict[int, int] = {}  # n -> n!, the number of orderings of n cards


def shuffled_in_one_draw(cards: Sequence[T], rng: random.Random) -> list[T]:
    """A uniformly shuffled copy, from one draw of the generator.

    The draw is a number below n!, read as the mixed-radix digits of a Fisher-Yates
    shuffle: exactly uniform, and several times faster than ``random.shuffle``, which
    draws once per card. (It orders the cards differently from ``random.shuffle`` with the
    same generator, so a game keeps whichever shuffle its seeded games were dealt with.)
    """
    out = list(cards)
    n = len(out)
    total = _ORDERINGS.get(n)
    if total is None:
        total = _ORDERINGS[n] = math.factorial(n)
    if type(rng) is random.Random and _same_as_random_shuffle():
        # rng.randrange(total) without its two Python calls: the draws random.shuffle makes (checked)
        bits = total.bit_length()
        r = rng.getrandbits(bits)
        while r >= total:
            r = rng.getrandbits(bits)
    else:
        r = rng.randrange(total)
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal(
    cards: Sequence[T], players: int, per_player: int, *, start: int = 0
) -> tuple[list[list[T]], list[T]]:
    """Deal one card at a time around the table; return the hands and the undealt rest.

    ``hands[s]`` is seat s's hand, in the order its cards came; the rest keeps its order
    in ``cards`` (top card still last), a stock to draw from.

    Args:
        cards: the face-down pile, top card last; it is not changed.
        players: the number of seats.
        per_player: how many cards each seat gets.
        start: the seat that gets the first card, usually the dealer's left neighbour
            ``(dealer + 1) % players``. The cards then go clockwise one at a time: with
            four seats and ``start=1``, seat 1 gets the 1st, 5th, 9th … card off the pile
            and seat 0 the 4th, 8th, 12th ….

    Raises:
        ValueError: if there are no players, a negative count or not enough cards.
    """
    if players < 1:
        raise ValueError("a deal needs at least one player")
    if per_player < 0:
        raise ValueError(f"cannot deal {per_player} cards each")
    if players * per_player > len(cards):
        raise ValueError(
            f"cannot deal {per_player} cards to each of {players} players from {len(cards)} cards"
        )
    stock = list(cards)
    total = players * per_player
    # the cards in the order they come off the pile; the i-th goes to seat start + i
    dealt = stock[len(stock) - total :][::-1]
    del stock[len(stock) - total :]
    hands: list[list[T]] = [[] for _ in range(players)]
    for i in range(players):
        hands[(start + i) % players] = dealt[i::players]
    return hands, stock
