"""Последний actions: pass cards in the exchange, play a card. Interned for the hot loop."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from attrs import field, frozen

from cardgames.cards import CARDS, Card


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


ACTION_TYPES: tuple[type, ...] = (PassCards, PlayCard)

# Interned actions by card index: the engine recognises them by identity, so the hot
# loop never hashes an attrs object or builds a tuple of cards.
PLAY: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in CARDS)
PLAY_INDEX: dict[int, int] = {id(a): i for i, a in enumerate(PLAY)}

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


def pass_actions(hand: list[int], count: int) -> list[PassCards]:
    """Every way to pass ``count`` cards of a sorted hand, interned."""
    cache = _PASS_CACHE
    out = []
    for combo in combinations(hand, count):
        action = cache.get(combo)
        if action is None:
            action = pass_action(combo)
        out.append(action)
    return out
