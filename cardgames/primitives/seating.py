"""Seat draw by high cards: each player draws one of A, K, Q, J …; the ace deals.

Seats are numbered clockwise throughout the framework: the left neighbour of seat s is
seat s + 1 (mod the number of players).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import frozen

from cardgames.primitives.cards import Card, Rank, Suit, card
from cardgames.primitives.language import FRAMEWORK, N_

if TYPE_CHECKING:
    from cardgames.primitives.said import Said

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

    def seat_of(self, player: int) -> int:
        """The seat where the player who drew ``player``-th sits."""
        return self.seating.index(player)

    def seat_cards(self) -> tuple[Card, ...]:
        """The card drawn by the player at each seat."""
        return tuple(self.drawn[who] for who in self.seating)

    def order(self) -> tuple[int, ...]:
        """The seats in the order their players drew."""
        return tuple(self.seat_of(i) for i in range(len(self.drawn)))


# The seat draw's sentence (P-3); marked here, said in the reader's language (cardgames.primitives.said)
DRAW_SENTENCE = N_(
    "seat draw, in the order the players drew: {picks}; {dealer} drew the highest card and deals, "
    "and clockwise from the dealer by rank sit {around}"
)
# The same, said to the player who drew the highest card (Said.to_you)
DRAW_SENTENCE_YOU = N_(
    "seat draw, in the order the players drew: {picks}; you drew the highest card and deal, "
    "and clockwise from you by rank sit {around}"
)
PICK = N_("{who} {card}")


def draw_said(draw: SeatDraw) -> Said:
    """The draw as data, said when read: who drew which card, in order, and where that seats them.

    Seats are said as seats (P1 is the player at seat 0), which the terminal and the browser
    write as the players' names.
    """
    from cardgames.primitives.said import said

    picks = tuple(
        said(FRAMEWORK, PICK, who=SeatNumber(seat), card=draw.drawn[i]) for i, seat in enumerate(draw.order())
    )
    around = tuple(SeatNumber(s) for s in range(1, len(draw.drawn)))
    drew = said(FRAMEWORK, DRAW_SENTENCE, picks=picks, dealer=SeatNumber(0), around=around)
    return drew.to_you(DRAW_SENTENCE_YOU, about="dealer")


def draw_cards(players: int, suit: Suit = Suit.SPADES) -> list[Card]:
    """The high cards used for a draw among ``players``: A, K, Q, J … in one suit."""
    if not 2 <= players <= len(HIGH_RANKS):
        raise ValueError(f"a seat draw by high cards is for 2 to {len(HIGH_RANKS)} players")
    return [card(r, suit) for r in HIGH_RANKS[:players]]


def seat_draw(players: int, rng: random.Random, suit: Suit = Suit.SPADES) -> SeatDraw:
    """Shuffle the high cards face down and let each player pick one (rule P-3)."""
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


class SeatNumber(int):
    """A seat held in a view's field: a number for the program, its player's name for people.

    It is the 0-based seat (so it compares, indexes and counts as one), but it reads as "P2"
    and every front end writes it as the name of the player there (``seat_text``).
    """

    __slots__ = ()

    def __str__(self) -> str:
        """The seat as people count it: P1 for seat 0."""
        return f"P{int(self) + 1}"

    def __repr__(self) -> str:
        """The seat as code writes it."""
        return f"SeatNumber({int(self)})"

    def __format__(self, spec: str) -> str:
        """Formatted as its text ("P2"), not as the number, unless a number format is asked."""
        return format(int(self), spec) if spec and spec[-1] in "bcdoxXn" else format(str(self), spec)


def seat_text(seat: int, names: Sequence[str] | None = None) -> str:
    """A seat as people read it: its player's name where known (not empty), else P1 for seat 0."""
    return (
        names[seat] if names is not None and 0 <= seat < len(names) and names[seat] else str(SeatNumber(seat))
    )
