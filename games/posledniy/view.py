"""What one seat may know of a game of Последний: a frozen value with no hidden cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

from attrs import frozen

from cardgames.core.state import LogEntry
from cardgames.games.posledniy.phases import EXCHANGE, PHASE_NAMES, PLAY_PHASE
from cardgames.primitives.cards import CARDS, Card
from cardgames.primitives.tricks import Trick

if TYPE_CHECKING:
    from cardgames.games.posledniy.state import PosledniyState


@frozen(slots=False)  # built by filling its attribute dict (see build_view), and a view is made at every move
class PosledniyView:
    """One seat's view: its own hand and exchange, every card played, the scores and the turn."""

    seat: int
    players: int
    scoring: Literal["chips", "points"]
    deal: int  # the deal in progress (or the last one), counting from 1
    deals: int | None  # deals in a chips game; None in a points game
    dealer: int
    phase: Literal["exchange", "play", "over"]
    to_act: int | None
    hand: tuple[Card, ...]  # sorted by suit, then rank
    must_pass: int  # cards this seat must still choose to pass now (0 unless its turn in the exchange)
    passed: tuple[Card, ...]  # cards this seat passed in this deal's exchange
    passed_to: int | None
    received: tuple[Card, ...]  # cards this seat received in this deal's exchange
    received_from: int | None
    leader: int | None  # who leads (or led) the trick on the table
    trick: tuple[Card, ...]  # the trick on the table, in order of play from the leader
    tricks: tuple[Trick, ...]  # this deal's finished tricks
    taken: tuple[int, ...]  # tricks taken per seat in this deal
    hand_sizes: tuple[int, ...]
    points: tuple[int, ...]  # penalty points (points game)
    chips: tuple[int, ...]  # chips won or lost (chips game: so far; points game: the settlement)
    target: int
    seat_cards: tuple[Card, ...]  # the high card the player at each seat drew in the seat draw (P-3)
    draw_order: tuple[int, ...]  # the seats in the order their players drew (the order they were named)
    log: Sequence[LogEntry]  # an immutable snapshot (cardgames.core.eventlog.LogWords)
    chosen: tuple[Card, ...] = ()  # the cards this seat has set aside to pass so far (only its own)
    set_aside: int = 0  # how many cards the seat passing now has set aside (public, as at a table)


class _CardField:
    """A card field ``build_view`` left as the card indices it got: made into Card values when first read.

    A non-data descriptor: once the value is in the view's attribute dict (put there by this,
    or by attrs' ``__init__`` when a view is made from its fields), the dict answers.
    """

    __slots__ = ("name", "raw")

    def __init__(self, name: str, raw: str) -> None:
        self.name, self.raw = name, raw

    def __get__(self, view: PosledniyView | None, owner: type[PosledniyView]) -> Any:
        if view is None:
            return self
        cards = view.__dict__[self.name] = tuple(map(_CARD, view.__dict__[self.raw]))  # filled once, here
        return cards


# The card fields a view made by build_view holds as index tuples (named "_" + field) until read.
for _name in ("hand", "passed", "received", "trick", "chosen"):
    setattr(PosledniyView, _name, _CardField(_name, "_" + _name))


_CARD = CARDS.__getitem__


def _cards(indices: tuple[int, ...] | list[int]) -> tuple[Card, ...]:
    return tuple(map(_CARD, indices))


def _tricks(state: PosledniyState) -> tuple[Trick, ...]:
    """This deal's finished tricks as values, kept in the state and extended trick by trick.

    The state's tricks are an immutable tuple, replaced by a longer one at each trick and
    shared by clones: the same tuple is the same list of tricks, so a clone's first view
    reuses the values its original made, and a tuple that extends the one seen adds only
    the new tricks.
    """
    tricks = state.tricks
    last, seen = state.tricks_seen
    if tricks is not last:
        done = len(seen)
        if not (last is not None and done < len(tricks) and tricks[:done] == last):
            seen, done = (), 0  # not an extension of what was seen (a new deal, or set by hand): made again
        seen += tuple(Trick(lead, _cards(cards), winner) for lead, cards, winner in tricks[done:])
        state.tricks_seen = (tricks, seen)
    return seen


def _deal_part(state: PosledniyState) -> tuple[Any, ...]:
    """The fields every seat's view shares until the deal ends, made once a deal (the state keeps them).

    They depend on the deal number, the dealer, the results, the penalty sheet and the
    settlement, which are replaced when they change, never changed in place: the same
    objects are the same fields. Returns the state's ``view_seen``: those five, the fields,
    and a holder (a one-item list, shared by every state that shares this ``view_seen``, so
    a clone made before the play's first view still finds what later views kept) of the
    passes and each seat's fields that stay the same through the play.
    """
    seen = state.view_seen
    if (
        seen[0] == state.deal_no
        and seen[1] == state.dealer
        and seen[2] is state.results
        and seen[3] is state.sheet
        and seen[4] is state.settlement
    ):
        return seen
    part = {
        "players": state.n,
        "scoring": "chips" if state.chips_mode else "points",
        "deal": state.deal_no,
        "deals": state.deals_total,
        "dealer": state.dealer,
        "points": tuple(state.sheet.points),
        "chips": state.final_chips(),
        "target": state.options.target,
        "seat_cards": state.draw_seen[0],
        "draw_order": state.draw_seen[1],
    }
    seen = (
        state.deal_no,
        state.dealer,
        state.results,
        state.sheet,
        state.settlement,
        part,
        [None],  # the play's seat parts: (the passes, each seat's fields), set in place by build_view
    )
    state.view_seen = seen
    return seen


def _seat_part(state: PosledniyState, seat: int, part: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``seat``'s view that depend on the exchange: what it passed and received, what it must
    pass and has set aside, with the deal's fields."""
    n = state.n
    position = (seat - state.dealer) % n  # where this seat stands in the exchange chain
    passes = state.passes  # tuples, never changed: the view keeps them
    done = len(passes)
    passed = passes[position] if position < done else ()
    received = passes[position - 1] if 0 < position <= done else ()
    must_pass = set_aside = 0
    chosen: tuple[int, ...] = ()
    if state.phase == EXCHANGE:
        set_aside = len(state.picked)
        step = state.chain[state.step]
        if step.giver == seat:
            must_pass = step.count - set_aside
            chosen = state.picked
    return {
        **part,
        "seat": seat,
        "phase": PHASE_NAMES[state.phase],
        "must_pass": must_pass,
        "_passed": passed,
        "passed_to": (seat + 1) % n if passed else None,
        "_received": received,
        "received_from": (seat - 1) % n if received else None,
        "_chosen": chosen,
        "set_aside": set_aside,
    }


def build_view(state: PosledniyState, seat: int) -> PosledniyView:
    """The view of ``seat``; raises ValueError for a seat not at the table.

    A view is made at every move and most are read in part (a random bot reads none), so
    it is made without attrs' ``__init__`` (which sets 28 frozen attributes one call at a
    time): it is given an attribute dictionary made from the fields that stay the same
    through a deal's play (``_deal_part``, ``_seat_part``: the state keeps them, in the play
    as one dictionary per seat with every key, copied at C speed) and the state's immutable
    parts of the deal as they are, and the card fields are kept as the index tuples they
    come from until first read (``_CardField``).
    Everything it holds is immutable and this seat's to know: its own hand, its own passes,
    public counts; never the state itself.
    """
    n = state.n
    if not 0 <= seat < n:
        raise ValueError(f"there is no seat {seat} at a table of {n}")
    seen = state.view_seen
    if not (  # _deal_part's check, inline: it holds at nearly every view
        seen[2] is state.results
        and seen[3] is state.sheet
        and seen[4] is state.settlement
        and seen[0] == state.deal_no
        and seen[1] == state.dealer
    ):
        seen = _deal_part(state)
    if state.phase == PLAY_PHASE:  # the exchange is over: each seat's part is kept until the passes change
        holder = seen[6]  # shared by every state sharing seen (also clones made before the first view)
        kept = holder[0]
        if kept is None or kept[0] is not state.passes:
            kept = holder[0] = (state.passes, [None] * n)  # (a world with other passes takes it over)
        # filled in place, seat by seat: every state sharing this list has these passes in this deal
        part = kept[1][seat]
        if part is None:
            part = kept[1][seat] = {**_seat_part(state, seat, seen[5]), **_PER_VIEW}
        fields = part.copy()  # every key already there: no resizing as the fields below are set
        fields["leader"] = state.leader
    else:
        fields = _seat_part(state, seat, seen[5])  # a new dictionary
        fields["leader"] = None
    fields["to_act"] = state.actor
    hands = state.hands
    fields["_hand"] = hands[seat]  # a tuple, never changed: the view keeps it
    if n == 4:  # unpacked: about 3x cheaper than tuple(map(len, hands)) at a view a move
        a, b, c, d = hands
        fields["hand_sizes"] = (len(a), len(b), len(c), len(d))
    else:
        fields["hand_sizes"] = tuple(map(len, hands))
    fields["_trick"] = state.trick  # a tuple, never changed
    last, tricks = state.tricks_seen
    fields["tricks"] = tricks if state.tricks is last else _tricks(state)
    fields["taken"] = state.taken
    fields["log"] = state.log(seat)
    view = _EMPTY(PosledniyView)
    _SET_FIELDS(view, fields)
    return view


# The fields set at every view (build_view), as placeholders in each seat's kept part.
_PER_VIEW = dict.fromkeys(("leader", "to_act", "_hand", "hand_sizes", "_trick", "tricks", "taken", "log"))
_EMPTY = object.__new__
_SET_FIELDS = PosledniyView.__dict__["__dict__"].__set__  # a view's attribute dictionary, given whole
