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


def shuffled(cards: Sequence[T], rng: random.Random) -> list[T]:
    """A shuffled copy of ``cards``, using only ``rng``."""
    out = list(cards)
    rng.shuffle(out)
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
    r = rng.randrange(total)
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal(
    cards: Sequence[T], players: int, per_player: int, *, start: int = 0
) -> tuple[list[list[T]], list[T]]:
    """Deal one card at a time around the table; return the hands and the undealt rest.

    Cards are taken from the end of ``cards`` (the top of a face-down pile), starting
    with seat ``start``. Hands are indexed by seat.
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
