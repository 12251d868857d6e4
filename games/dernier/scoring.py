"""Dernier hand scoring as pure functions (RULES.md D-21), shared by the game and the ledger."""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.cards import Card


def card_points(hand: Sequence[Card], joker_points: int = 1) -> int:
    """What a loser's hand left at the end of a hand scores: one per card, a joker ``joker_points``."""
    return sum(joker_points if c.is_joker else 1 for c in hand)


def hand_points(hands: Sequence[Sequence[Card]], winner: int, joker_points: int = 1) -> tuple[int, ...]:
    """Points of every seat for one hand under ``scoring = "cards"``: the winner scores 0."""
    if not 0 <= winner < len(hands):
        raise ValueError(f"the winner must be one of the {len(hands)} seats, not {winner}")
    if hands[winner]:
        raise ValueError("the winner of a hand has no cards left")
    return tuple(0 if p == winner else card_points(h, joker_points) for p, h in enumerate(hands))


def points_from_counts(
    cards_left: Sequence[int], jokers_left: Sequence[int], winner: int, joker_points: int = 1
) -> tuple[int, ...]:
    """The same points from counts, as an organiser enters them for a hand at a real table."""
    if len(cards_left) != len(jokers_left):
        raise ValueError("give the cards and the jokers left for every seat")
    if not 0 <= winner < len(cards_left):
        raise ValueError(f"the winner must be one of the {len(cards_left)} seats, not {winner}")
    if cards_left[winner] != 0:
        raise ValueError("the winner of a hand has no cards left")
    out = []
    for n, j in zip(cards_left, jokers_left, strict=True):
        if n < 0 or not 0 <= j <= n:
            raise ValueError(f"{n} cards with {j} jokers is not a hand")
        out.append(n - j + j * joker_points)
    return tuple(out)
