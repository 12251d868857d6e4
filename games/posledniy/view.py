"""What one seat may know of a game of Последний: a frozen value with no hidden cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from attrs import frozen

from cardgames.cards import CARDS, Card
from cardgames.game import LogEntry
from cardgames.games.posledniy.phases import EXCHANGE, PHASE_NAMES, PLAY_PHASE
from cardgames.tricks import Trick

if TYPE_CHECKING:
    from cardgames.games.posledniy.state import PosledniyState


@frozen(slots=False)  # an attribute dict is filled faster than 26 slots, and a view is made at every move
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


_CARD = CARDS.__getitem__


def _cards(indices: tuple[int, ...] | list[int]) -> tuple[Card, ...]:
    return tuple(map(_CARD, indices))


def _tricks(state: PosledniyState) -> tuple[Trick, ...]:
    """This deal's finished tricks as values, kept in the state and extended trick by trick."""
    tricks = state.tricks
    seen_for, seen = state.tricks_seen
    if seen_for is not tricks or len(seen) != len(tricks):  # a new trick, deal or copy: extend or rebuild
        done = seen if seen_for is tricks else ()
        seen = done + tuple(Trick(lead, _cards(cards), winner) for lead, cards, winner in tricks[len(done) :])
        state.tricks_seen = (tricks, seen)
    return seen


def build_view(state: PosledniyState, seat: int) -> PosledniyView:
    """The view of ``seat``; raises ValueError for a seat not at the table."""
    n = state.n
    if not 0 <= seat < n:
        raise ValueError(f"there is no seat {seat} at a table of {n}")
    position = (seat - state.dealer) % n  # where this seat stands in the exchange chain
    passed: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    if position < len(state.passes):
        passed = _cards(state.passes[position])
    if 0 < position <= len(state.passes):
        received = _cards(state.passes[position - 1])
    must_pass = 0
    chosen: tuple[Card, ...] = ()
    if state.phase == EXCHANGE and state.chain[state.step].giver == seat:
        must_pass = state.chain[state.step].count - len(state.picked)
        chosen = _cards(state.picked)
    leader = state.leader if state.phase == PLAY_PHASE else None
    tricks = _tricks(state)
    return PosledniyView(
        seat=seat,
        players=n,
        scoring="chips" if state.chips_mode else "points",
        deal=state.deal_no,
        deals=state.deals_total,
        dealer=state.dealer,
        phase=PHASE_NAMES[state.phase],  # type: ignore[arg-type]
        to_act=state.actor,
        hand=_cards(state.hands[seat]),
        must_pass=must_pass,
        passed=passed,
        passed_to=(seat + 1) % n if passed else None,
        received=received,
        received_from=(seat - 1) % n if received else None,
        leader=leader,
        trick=_cards(state.trick),
        tricks=tricks,
        taken=tuple(state.taken),
        hand_sizes=tuple(map(len, state.hands)),
        points=tuple(state.sheet.points),
        chips=state.final_chips(),
        target=state.options.target,
        seat_cards=state.draw_seen[0],
        draw_order=state.draw_seen[1],
        log=state.log(seat),
        chosen=chosen,
        set_aside=len(state.picked) if state.phase == EXCHANGE else 0,
    )
