"""Seat draw by high cards: each player draws one of A, K, Q, J …; the ace deals.

Seats are numbered clockwise throughout the framework: the left neighbour of seat s is
seat s + 1 (mod the number of players).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from attrs import frozen

from cardgames.cards import Card, Rank, Suit, card

HIGH_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE)


@frozen
class SeatDraw:
    """The result of a seat draw.

    ``drawn[i]`` is the card drawn by the i-th player in arrival order; ``seating[s]`` is
    the player (arrival index) who sits at seat s. Seat 0 is the dealer, who drew the
    ace; the others follow clockwise by rank (K at the dealer's left, then Q, then J).
    """

    drawn: tuple[Card, ...]
    seating: tuple[int, ...]

    @property
    def dealer(self) -> int:
        """The player (arrival index) who drew the ace."""
        return self.seating[0]


def draw_cards(players: int, suit: Suit = Suit.SPADES) -> list[Card]:
    """The high cards used for a draw among ``players``: A, K, Q, J … in one suit."""
    if not 2 <= players <= len(HIGH_RANKS):
        raise ValueError(f"a seat draw by high cards is for 2 to {len(HIGH_RANKS)} players")
    return [card(r, suit) for r in HIGH_RANKS[:players]]


def seat_draw(players: int, rng: random.Random, suit: Suit = Suit.SPADES) -> SeatDraw:
    """Shuffle the high cards face down and let each player pick one (RULES.md P-3)."""
    cards = draw_cards(players, suit)
    rng.shuffle(cards)
    return seating_from_draw(cards)


def seating_from_draw(drawn: Sequence[Card]) -> SeatDraw:
    """Seat players by the high card each drew: highest deals, the rest clockwise by rank."""
    ranks = [c.rank for c in drawn]
    if any(r is None for r in ranks) or len(set(ranks)) != len(ranks):
        raise ValueError("a seat draw needs distinct ranked cards")
    order = sorted(range(len(drawn)), key=lambda i: -int(ranks[i]))  # type: ignore[arg-type]
    return SeatDraw(tuple(drawn), tuple(order))
