"""What one Dernier player may know: the view, with no hidden information."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from cardgames.core.state import LogEntry
from cardgames.primitives.cards import CARDS, Card, Rank, Suit, format_card


def describe(index: int) -> str:
    """A card index in short notation: '7H', 'JOKER'."""
    return format_card(CARDS[index])


@frozen(weakref_slot=False)  # a view is made at every move: seat_view.build_view fills its slots fast
class DernierView:
    """A player's view of the table: own hand, public piles and counts, the public history."""

    seat: int
    players: int
    hand: tuple[Card, ...]
    top: Card
    stands_for: Card | None
    rank_in_force: Rank | None
    suit_in_force: Suit
    direction: int
    to_act: int | None
    phase: str
    pending_penalty: int
    penalty_kind: str | None
    card_counts: tuple[int, ...]
    stock_size: int
    discard_size: int
    dealer: int
    hand_number: int
    hands_won: tuple[int, ...]
    points: tuple[int, ...]
    drawn: Card | None
    offered: Card | None
    joker_mode: str
    scoring: str
    hands_to_win: int
    target_points: int
    log: Sequence[LogEntry]  # an immutable snapshot (cardgames.core.eventlog.LogWords)
