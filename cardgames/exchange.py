"""Card-passing exchanges: a chain of passes, each giver picking after receiving."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from attrs import frozen

from cardgames.cards import Card, format_cards
from cardgames.errors import IllegalActionError


@frozen
class Pass:
    """``giver`` passes ``count`` cards face down to ``receiver`` (seats)."""

    giver: int
    receiver: int
    count: int


def pass_chain(first: int, players: int, counts: Sequence[int]) -> tuple[Pass, ...]:
    """Passes to the left along the table: first gives counts[0], the next counts[1], …

    With four players and counts (3, 2, 1) from the dealer this is the Последний
    "снос" (RULES.md P-5).
    """
    if len(counts) >= players:
        raise ValueError("a pass chain must stop before it comes back to its first giver")
    return tuple(Pass((first + i) % players, (first + i + 1) % players, n) for i, n in enumerate(counts))


def contains(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds all of ``cards`` (as a multiset: two decks may repeat cards)."""
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= n for c, n in need.items())


def remove_cards(hand: list[Card], cards: Sequence[Card]) -> None:
    """Remove ``cards`` from ``hand`` in place; IllegalActionError (hand unchanged) if absent."""
    if not contains(hand, cards):
        raise IllegalActionError(f"you do not hold {format_cards(cards)}")
    for c in cards:
        hand.remove(c)


def give(hands: list[list[Card]], step: Pass, cards: Sequence[Card]) -> None:
    """Carry out one pass of exactly ``step.count`` cards from the giver's hand."""
    if len(cards) != step.count:
        raise IllegalActionError(f"pass exactly {step.count} card{'s' * (step.count != 1)}, not {len(cards)}")
    remove_cards(hands[step.giver], cards)
    hands[step.receiver].extend(cards)
