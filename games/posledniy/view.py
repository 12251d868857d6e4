"""What one seat may know of a game of Последний: a frozen value with no hidden cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

from attrs import frozen

from cardgames.cards import CARDS, Card
from cardgames.game import LogEntry
from cardgames.games.posledniy.phases import EXCHANGE, PHASE_NAMES, PLAY_PHASE
from cardgames.tricks import Trick

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
    log: Sequence[LogEntry]  # an immutable snapshot (cardgames.eventlog.LogWords)
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

    The state's tricks are immutable tuples, only ever appended within a deal, and a clone
    shares them: the same last tuple at the same length is the same list of tricks, so a
    clone's first view reuses the values its original made.
    """
    tricks = state.tricks
    last, seen = state.tricks_seen
    done = len(seen)
    if done != len(tricks) or (done and tricks[-1] is not last):  # a new trick, a new deal, or set by hand
        if not (done < len(tricks) and (done == 0 or tricks[done - 1] is last)):
            seen, done = (), 0  # not an extension of what was seen: made again
        seen += tuple(Trick(lead, _cards(cards), winner) for lead, cards, winner in tricks[done:])
        state.tricks_seen = (tricks[-1] if tricks else None, seen)
    return seen


def build_view(state: PosledniyState, seat: int) -> PosledniyView:
    """The view of ``seat``; raises ValueError for a seat not at the table.

    A view is made at every move and most are read in part (a random bot reads none), so
    it is made without attrs' ``__init__`` (which sets 28 frozen attributes one call at a
    time): its attribute dictionary is filled in one step, and the card fields are kept
    as the index tuples they come from until first read (``_CardField``).
    Everything it holds is immutable and this seat's to know: its own hand, its own passes,
    public counts; never the state itself.
    """
    n = state.n
    if not 0 <= seat < n:
        raise ValueError(f"there is no seat {seat} at a table of {n}")
    position = (seat - state.dealer) % n  # where this seat stands in the exchange chain
    passes = state.passes  # tuples, never changed: the view keeps them
    done = len(passes)
    passed = passes[position] if position < done else ()
    received = passes[position - 1] if 0 < position <= done else ()
    phase = state.phase
    must_pass = 0
    chosen: tuple[int, ...] = ()
    set_aside = 0
    if phase == EXCHANGE:
        set_aside = len(state.picked)
        step = state.chain[state.step]
        if step.giver == seat:
            must_pass = step.count - set_aside
            chosen = tuple(state.picked)
    view = _EMPTY(PosledniyView)
    view.__dict__.update(
        seat=seat,
        players=n,
        scoring="chips" if state.chips_mode else "points",
        deal=state.deal_no,
        deals=state.deals_total,
        dealer=state.dealer,
        phase=PHASE_NAMES[phase],
        to_act=state.actor,
        _hand=tuple(state.hands[seat]),
        must_pass=must_pass,
        _passed=passed,
        passed_to=(seat + 1) % n if passed else None,
        _received=received,
        received_from=(seat - 1) % n if received else None,
        leader=state.leader if phase == PLAY_PHASE else None,
        _trick=tuple(state.trick),
        tricks=_tricks(state),
        taken=tuple(state.taken),
        hand_sizes=tuple(map(len, state.hands)),
        points=tuple(state.sheet.points),
        chips=state.final_chips(),
        target=state.options.target,
        seat_cards=state.draw_seen[0],
        draw_order=state.draw_seen[1],
        log=state.log(seat),
        _chosen=chosen,
        set_aside=set_aside,
    )
    return view


_EMPTY = object.__new__
