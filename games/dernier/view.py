"""What one Dernier player may know: the view, with no hidden information, and how a state makes it.

A view is made at every move of a search, so :func:`build_view` makes it fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from attrs import fields, frozen

from cardgames.core.state import LogEntry
from cardgames.games.dernier.log import log_entry
from cardgames.games.dernier.tables import (
    AFTER_DRAW,
    ANTICIPO,
    JOKER,
    PHASE_NAMES,
    PLAIN_BITS,
    RANKS,
    SUITS,
    twice_bits,
)
from cardgames.primitives.cards import CARDS, Card, Rank, Suit

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState

# HAND_CARDS[key]: a hand as the view's Card values, for hands seen before (a bounded cache,
# emptied when full: a search meets the same few hands again and again). The key is the
# seat's bit mask when it holds no card twice (the mask then names the hand), else its counts.
HAND_CARDS: dict[int | bytes, tuple[Card, ...]] = {}
HAND_CARDS_MAX = 1 << 16
# HAND_BITS[id(cards)]: (cards, once, twice, jokers) for every tuple hand_cards makes: the hand as
# tables.index_bits has it, worked out from the state when the tuple is (a heuristic reads a
# hand as bit masks; the view's own tuple then names them). The entry holds its tuple, so no
# other object takes that id while the entry is there. Bounded like HAND_CARDS.
HAND_BITS: dict[int, tuple[tuple[Card, ...], int, int, int]] = {}
_CARD = CARDS.__getitem__


@frozen(weakref_slot=False)  # a view is made at every move: view.build_view fills its slots fast
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


class Seen(Protocol):
    """What ``reading.Table`` reads of a view: a DernierView, or a play as its player saw it (likelihood)."""

    @property
    def seat(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def card_counts(self) -> tuple[int, ...]: ...
    @property
    def direction(self) -> int: ...
    @property
    def joker_mode(self) -> str: ...
    @property
    def pending_penalty(self) -> int: ...
    @property
    def penalty_kind(self) -> str | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def offered(self) -> Card | None: ...


# A view being filled in: an instance with the view's slots, set at the interpreter's fastest.
# ``build_view`` sets the 26 fields on one and then makes it a ``DernierView`` (``__class__``
# assignment: the same slots in the same order, so the same layout; no weak-reference slot,
# which would make CPython 3.11 refuse the assignment). That is about 5x faster than attrs'
# frozen ``__init__``, which sets one field at a time with ``object.__setattr__``, and reading
# the fields stays a slot read. Made with ``type()``: a class statement here would be a native
# class in the compiled build (setup.py), which keeps no ``__slots__`` and refuses attributes
# it does not declare; a class made at run time is an ordinary one in both builds.
_Draft = type("_Draft", (), {"__slots__": tuple(field.name for field in fields(DernierView))})


def hand_cards(state: DernierState, seat: int) -> tuple[Card, ...]:
    """``state.hand(seat)`` as Card values (remembered in ``HAND_CARDS``)."""
    mask = state.masks[seat]
    key: int | bytes = mask
    if mask.bit_count() != state.sizes[seat]:  # a card held twice: the counts name the hand
        key = bytes(state.counts[seat * 53 : seat * 53 + 53])
    cards = HAND_CARDS.get(key)
    if cards is None:
        if len(HAND_CARDS) >= HAND_CARDS_MAX:
            HAND_CARDS.clear()
            HAND_BITS.clear()  # together: every tuple HAND_CARDS holds has its entry here
        cards = HAND_CARDS[key] = tuple(map(_CARD, state.hand(seat)))
        if isinstance(key, bytes):
            HAND_BITS[id(cards)] = (cards, mask & PLAIN_BITS, twice_bits(key), key[JOKER])
        else:  # no card twice, at most one joker: the mask says it all
            HAND_BITS[id(cards)] = (cards, mask & PLAIN_BITS, 0, mask >> JOKER)
    return cards


def build_view(state: DernierState, seat: int) -> DernierView:
    """What ``seat`` may know: its own hand, the public piles, counts and history; never the state.

    Every value is immutable (tuples, Card values, the log's snapshot in words), so the
    view is the same frozen value attrs' ``__init__`` would make from these fields, as
    ``tests/games/dernier/test_fast_forms.py`` checks field by field.
    """
    ph = state.phase
    top = state.discard[-1]
    pen = state.penalty
    options = state.options
    current = state.current
    v: Any = _Draft()  # (the fields are DernierView's, set on the draft)
    v.seat = seat
    v.players = state.n
    v.hand = hand_cards(state, seat)
    v.top = CARDS[top]
    v.stands_for = CARDS[state.top_as] if top == JOKER and state.top_as >= 0 else None
    v.rank_in_force = RANKS[state.top_rank]
    v.suit_in_force = SUITS[state.suit]
    v.direction = state.direction
    v.to_act = current if ph <= AFTER_DRAW else state.asking[0] if ph == ANTICIPO else None
    v.phase = PHASE_NAMES[ph]
    v.pending_penalty = pen.pending
    v.penalty_kind = pen.kind
    v.card_counts = tuple(state.sizes)
    v.stock_size = len(state.stock)
    v.discard_size = len(state.discard)
    v.dealer = state.dealer
    v.hand_number = state.hand_no
    v.hands_won = state.wins  # tuples, replaced and never changed
    v.points = state.totals
    v.drawn = CARDS[state.drawn] if ph == AFTER_DRAW and seat == current else None
    v.offered = CARDS[state.offer_card] if ph == ANTICIPO and seat == state.asking[0] else None
    v.joker_mode = options.joker_mode
    v.scoring = options.scoring
    v.hands_to_win = options.hands_to_win
    v.target_points = options.target_points
    v.log = state.log.words(log_entry, seat)  # public_log(seat)
    v.__class__ = DernierView
    view: DernierView = v
    return view
