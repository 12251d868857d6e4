"""Shedding games: the discard pile's reshuffle, the direction of play, chained penalties."""

from __future__ import annotations

import random
from typing import TypeVar

from attrs import define

from cardgames.primitives.dealing import shuffle

T = TypeVar("T")


def next_seat(seat: int, direction: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places on in the direction of play (+1 clockwise, -1 counter)."""
    return (seat + direction * steps) % players


def reshuffle_discard(discard: list[T], stock: list[T], rng: random.Random) -> bool:
    """Shuffle the discard pile, all but its top card, in under the stock; whether any card moved.

    The piles are changed in place and may hold any cards (``Card`` values or card
    indices); the top of each is its last item.
    """
    if len(discard) <= 1:
        return False
    rest = discard[:-1]
    del discard[:-1]
    shuffle(rest, rng)
    stock[:0] = rest
    return True


@define
class PenaltyChain:
    """A chained draw penalty (aces adding 2 each, jokers 5 …) waiting for someone to take it."""

    pending: int = 0
    """The cards the next player to take the chain must draw."""
    kind: str | None = None
    """What kind of card carries the chain now (the game's word, as "ace"), or None when empty."""

    def add(self, amount: int, kind: str) -> None:
        """Add to the chain and note what kind of card carries it now."""
        self.pending += amount
        self.kind = kind

    def take(self) -> int:
        """The whole pending total, clearing the chain."""
        n, self.pending, self.kind = self.pending, 0, None
        return n
