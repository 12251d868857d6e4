"""Последний actions: pass cards in the exchange, play a card. Interned for the hot loop."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import overload

from attrs import field, frozen

from cardgames.cards import CARDS, Card
from cardgames.choosing import Pick


def _canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_order))


def _order(c: Card) -> int:
    return c.index


@frozen
class PassCards:
    """Pass these cards face down to the left neighbour in the exchange (снос, P-5)."""

    cards: tuple[Card, ...] = field(converter=_canonical)


@frozen
class PlayCard:
    """Play this card to the trick (P-7)."""

    card: Card


@frozen
class FaceDown:
    """How a pass looks to the players who neither give nor receive it: only its size (P-5, I-1)."""

    count: int


# The exchange is chosen card by card (protocol 2): one Pick per card, the last one passes them.
# A whole PassCards is still applied as it was (records of protocol 1 hold them).
ACTION_TYPES: tuple[type, ...] = (PassCards, PlayCard, Pick)

# Interned actions by card index: the engine recognises them by identity, so the hot
# loop never hashes an attrs object or builds a tuple of cards.
PLAY: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in CARDS)
PLAY_INDEX: dict[int, int] = {id(a): i for i, a in enumerate(PLAY)}
PICK: tuple[Pick, ...] = tuple(Pick(c) for c in CARDS)

_PASS_CACHE: dict[tuple[int, ...], PassCards] = {}
PASS_INDEX: dict[int, tuple[int, ...]] = {}


def pass_action(indices: tuple[int, ...]) -> PassCards:
    """The interned PassCards for these card indices (sorted ascending)."""
    action = _PASS_CACHE.get(indices)
    if action is None:
        action = PassCards(tuple(CARDS[i] for i in indices))
        _PASS_CACHE[indices] = action
        PASS_INDEX[id(action)] = indices
    return action


_POSITIONS: dict[tuple[int, int], list[tuple[int, ...]]] = {}


class PassOptions(Sequence[PassCards]):
    """Every way to pass ``count`` cards of a sorted hand, in combination order.

    A lazy sequence: the dealer has 165 ways to pass 3 of 11 cards, and building them all
    would cost more than the rest of the deal, so an action is looked up only when asked.
    """

    __slots__ = ("_combos", "_hand")

    def __init__(self, hand: Sequence[int], count: int) -> None:
        self._hand = tuple(hand)
        key = (len(hand), count)
        combos = _POSITIONS.get(key)
        if combos is None:
            combos = _POSITIONS[key] = list(combinations(range(len(hand)), count))
        self._combos = combos

    def __len__(self) -> int:
        return len(self._combos)

    @overload
    def __getitem__(self, i: int) -> PassCards: ...

    @overload
    def __getitem__(self, i: slice) -> list[PassCards]: ...

    def __getitem__(self, i: int | slice) -> PassCards | list[PassCards]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        hand = self._hand
        key = tuple([hand[p] for p in self._combos[i]])
        action = _PASS_CACHE.get(key)
        return action if action is not None else pass_action(key)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PassOptions):
            return self._hand == other._hand and self._combos is other._combos
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PassOptions({len(self)} ways to pass {len(self._combos[0]) if self._combos else 0})"


def pass_actions(hand: Sequence[int], count: int) -> PassOptions:
    """Every way to pass ``count`` cards of a sorted hand, interned, as a lazy sequence."""
    return PassOptions(hand, count)
