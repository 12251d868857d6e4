"""Tricks: follow-suit legality, the winner of a trick, and the tricks each seat took."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import define, field, frozen

from cardgames.cards import Card, Suit


def follow_suit_options(hand: Sequence[Card], led: Suit | None) -> list[Card]:
    """The cards that may be played: the led suit if held, otherwise anything."""
    if led is None:
        return list(hand)
    same = [c for c in hand if c.suit == led]
    return same if same else list(hand)


def winning_index(cards: Sequence[Card], trump: Suit | None = None) -> int:
    """Index of the card that takes the trick: highest trump, else highest of the led suit.

    Of two identical cards (two decks) the first played wins. A joker never takes a trick
    unless every card is a joker; after a led joker the first ranked card sets the suit.
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if c.rank is None:  # a joker never takes a trick here
            continue
        if b.rank is None:  # only a led joker so far: the first ranked card leads instead
            best = i
        elif trump is not None and c.suit == trump and b.suit != trump:
            best = i
        elif c.suit == b.suit and c.rank > b.rank:
            best = i
    return best


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
    cards: list[Card] = field(factory=list)
    """The cards played so far, the leader's first."""

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the first card, if any."""
        return self.cards[0].suit if self.cards else None

    def next_seat(self) -> int:
        """The seat that plays next to this trick."""
        return (self.leader + len(self.cards)) % self.players

    def is_complete(self) -> bool:
        """Whether every seat has played."""
        return len(self.cards) == self.players

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
