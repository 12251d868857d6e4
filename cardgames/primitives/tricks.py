"""Tricks: follow-suit legality, the winner of a trick, and the tricks each seat took.

Each rule is written once, on card indices (``Card.index``: suit * 13 + rank - 2, 52 for a
joker), which is the form an engine that keeps its hands as integers runs on; the
functions on ``Card`` values convert and call it, so a plugin written with cards and the
built-in games play by the same code.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from attrs import Factory, define, frozen

from cardgames.primitives.cards import Card, Suit

JOKER_INDEX = 52  # ``Card.index`` of a joker: above every ranked card


def follow_suit_span(hand: Sequence[int], led: int) -> tuple[int, int]:
    """Where the cards that may be played lie in a sorted hand of card indices: ``hand[lo:hi]``.

    The led card's suit if the hand holds it, otherwise the whole hand (also before the
    lead, ``led`` -1, and after a led joker). A hand sorted as indices is sorted by suit
    then rank, so one suit is one run of it, found by two bisections.
    """
    if led < JOKER_INDEX:  # -1 (no lead) finds an empty run below the lowest card: anything goes
        low = led - led % 13
        lo = bisect_left(hand, low)
        hi = bisect_left(hand, low + 13, lo)
        if lo < hi:
            return lo, hi
    return 0, len(hand)


def follow_suit_options(hand: Sequence[Card], led: Suit | None) -> list[Card]:
    """The cards that may be played: the led suit if held, otherwise anything."""
    # The one rule kept on both forms: a hand of cards keeps its own order, which a search of
    # sorted runs cannot, so tests/primitives/test_index_forms.py checks the two agree.
    if led is None:
        return list(hand)
    same = [c for c in hand if c.suit == led]
    return same if same else list(hand)


def winning_position(cards: Sequence[int], trump: int = -1) -> int:
    """Position in ``cards`` (card indices, in order of play) of the card that takes the trick.

    The highest trump (``trump`` a suit number, -1 for none), else the highest card of the
    led suit. Of two identical cards (two decks) the first played wins. A joker never
    takes a trick unless every card is a joker; after a led joker the first ranked card
    sets the suit.
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    best, b = 0, cards[0]
    held = b // 13  # the suit of the best card so far (4 for a joker)
    for i in range(1, len(cards)):
        c = cards[i]
        suit = c // 13
        if suit == held:
            if c > b:  # within a suit a higher index is a higher rank (two jokers: the first stays)
                best, b = i, c
        elif c < JOKER_INDEX and (b >= JOKER_INDEX or suit == trump):
            # a led joker gives way to the first ranked card; a trump beats any other suit
            best, b, held = i, c, suit
    return best


def winning_index(cards: Sequence[Card], trump: Suit | None = None) -> int:
    """Index of the card that takes the trick: highest trump, else highest of the led suit.

    Of two identical cards (two decks) the first played wins. A joker never takes a trick
    unless every card is a joker; after a led joker the first ranked card sets the suit.
    (The rule is :func:`winning_position`'s, on the cards' indices.)
    """
    return winning_position([c.index for c in cards], -1 if trump is None else int(trump))


@frozen
class Trick:
    """A completed trick: who led, the cards in order of play, and who took it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@define
class TrickInPlay:
    """The trick being played, seat by seat clockwise from the leader."""

    leader: int
    """The seat that led."""
    players: int
    """The number of seats, each of which plays one card."""
    cards: list[Card] = Factory(list)  # not field(factory=...): mypyc compiles only this form
    """The cards played so far, the leader's first."""

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the first card, if any."""
        return self.cards[0].suit if self.cards else None

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card so far, in the order of ``cards``."""
        return tuple((self.leader + i) % self.players for i in range(len(self.cards)))

    def next_seat(self) -> int:
        """The seat that plays next to this trick."""
        return (self.leader + len(self.cards)) % self.players

    def is_complete(self) -> bool:
        """Whether every seat has played."""
        return len(self.cards) == self.players

    def copy(self) -> TrickInPlay:
        """An independent copy (a state declares its trick ``Copied(TrickInPlay.copy)``)."""
        return TrickInPlay(self.leader, self.players, self.cards[:])

    def finish(self, trump: Suit | None = None) -> Trick:
        """Close the trick and name its winner."""
        if not self.is_complete():
            raise ValueError("the trick is not complete")
        winner = (self.leader + winning_index(self.cards, trump)) % self.players
        return Trick(self.leader, tuple(self.cards), winner)


def tricks_taken(tricks: Sequence[Trick], players: int) -> tuple[int, ...]:
    """How many tricks each seat took."""
    out = [0] * players
    for t in tricks:
        out[t.winner] += 1
    return tuple(out)
