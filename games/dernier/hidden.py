"""What the table knows about Dernier hands, for ``determinize``: pure functions on card indices.

Hands are hidden, but some of their cards become public: a misplayed card goes back to
its owner face up (D-18). That knowledge is a lower bound (with two decks, a card shown
twice may be the same copy) and lasts until the owner plays a copy of the card. Nothing
else a player does shows a holding: everyone is asked about an anticipo and everyone
decides after drawing (D-7, D-20, I-2), and anyone may draw instead of playing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any


def shown_cards(log: Sequence[tuple[Any, ...]], players: int) -> list[dict[int, int]]:
    """Per seat, the cards (index: copies) the log of the current hand shows to be in that hand."""
    start = len(log) - 1
    while start > 0 and log[start][0] != "deal":
        start -= 1
    shown: list[dict[int, int]] = [{} for _ in range(players)]
    for i in range(max(start, 0), len(log)):
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
    hands: Sequence[Sequence[int]],
    stock: Sequence[int],
    seat: int,
    pinned: Sequence[dict[int, int]],
    rng: random.Random,
    *,
    drawn: tuple[int, Iterable[int]] | None = None,
) -> tuple[list[list[int]], list[int], int]:
    """New hands and stock: every hand but ``seat``'s dealt again from the cards ``seat`` cannot see.

    ``pinned[p]`` stays in hand p. ``drawn`` is (player, cards it may be): that player's
    freshly drawn card is hidden, so it is chosen again among the hidden cards that fit;
    its index is returned (-1 without one). Every deal consistent
    with these facts is equally likely.
    """
    others = [p for p in range(len(hands)) if p != seat]
    pool = list(stock)
    free = {}
    for p in others:
        rest = list(hands[p])
        for c, k in pinned[p].items():
            for _ in range(k):
                rest.remove(c)
        free[p] = len(rest)
        pool.extend(rest)
    new_drawn = -1
    if drawn is not None:
        player, candidates = drawn
        fits = set(candidates)
        new_drawn = pool.pop(rng.choice([i for i, c in enumerate(pool) if c in fits]))
        free[player] -= 1
    owners = [-1] * (len(pool) - sum(free.values()))  # the stock's places first, then each hand's
    for p in others:
        owners += [p] * free[p]
    rng.shuffle(pool)
    new_hands = [list(h) for h in hands]
    for p in others:
        new_hands[p] = [c for c, k in pinned[p].items() for _ in range(k)]
    for c, p in zip(pool, owners, strict=True):
        if p >= 0:
            new_hands[p].append(c)
    if drawn is not None:
        new_hands[drawn[0]].append(new_drawn)
    return new_hands, pool[: owners.count(-1)], new_drawn
