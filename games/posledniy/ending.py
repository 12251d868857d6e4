"""The end of a deal and of the game of Последний (rules P-8 to P-11): scoring, the next deal, the outcome.

Functions on the engine's state (games/posledniy/state.py), kept apart as one rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.core.state import HandResult, LogEntry, Outcome
from cardgames.games.posledniy.log import (
    LOST_CHIPS,
    LOST_POINTS,
    SWEEP_CHIPS,
    SWEEP_POINTS,
    TRICKS,
    say,
)
from cardgames.games.posledniy.phases import OVER
from cardgames.games.posledniy.scoring import deal_chips as chips_of_deal
from cardgames.games.posledniy.scoring import deal_points
from cardgames.primitives.language import N_, N_plural
from cardgames.primitives.scoring import ChipLedger, PenaltySheet, Transfer, balances, settle_penalties
from cardgames.primitives.seating import SeatNumber

if TYPE_CHECKING:
    from cardgames.games.posledniy.state import PosledniyState


def finish_deal(state: PosledniyState, last: int) -> None:
    """Score the deal (P-8 to P-10), then end the game or pass the deal left (P-11)."""
    n, dealer = state.n, state.dealer
    all_tricks = last if state.taken[last] == TRICKS else None
    event: tuple[int, ...]
    if state.chips_mode:  # the chips follow from the results (see ledger): nothing to add up now
        points = (0,) * n
        kind = LOST_CHIPS if all_tricks is None else SWEEP_CHIPS
        event = (kind, last, state.options.stake)
    else:
        points = deal_points(n, dealer, last, all_tricks)
        old = state.sheet  # replaced, never changed in place: clones share it
        state.sheet = PenaltySheet(old.players, old.target, old.points[:])
        state.sheet.add(points)
        if all_tricks is None:
            event = (LOST_POINTS, last, points[last], int(last == dealer))
        else:
            event = (SWEEP_POINTS, last, 0)
    state.results = [*state.results, (state.deal_no, dealer, last, all_tricks, points)]  # replaced: shared
    state.events.append(event)
    if state.ends_with_hand:  # a search's world looks no further (GameState.last_hand)
        state.phase = OVER
        state.actor = None
        return
    over = state.deal_no >= (state.deals_total or 0) if state.chips_mode else state.sheet.finished()
    if over:
        if not state.chips_mode:
            state.settlement = settle_penalties(state.sheet.points, state.options.target, state.options.unit)
        state.phase = OVER
        state.actor = None
        result = outcome(state)
        assert result is not None
        state.events.append(LogEntry(None, result.summary))
        return
    state.dealer = (dealer + 1) % n  # the deal passes to the left (P-11)
    state.start_deal()


def deal_chips(state: PosledniyState, last: int, all_tricks: int | None) -> list[Transfer]:
    """The chip transfers of a deal in chips mode (P-9); none in points mode."""
    if not state.chips_mode:
        return []
    return chips_of_deal(state.n, state.options.stake, last, all_tricks)


def ledger(state: PosledniyState) -> ChipLedger:
    """Every chip transfer so far: the deals' (chips mode) or the settlement (points mode)."""
    out = ChipLedger(state.n)
    if state.chips_mode:  # a points game's deals move no chips (deal_chips): only its settlement does
        for _, _, last, all_tricks, _ in state.results:
            out.record(deal_chips(state, last, all_tricks))
    out.record(state.settlement)
    return out


def outcome(state: PosledniyState) -> Outcome | None:
    """Final chips per seat; the winners are the seats with the most chips (fewest points)."""
    if state.phase != OVER:
        return None
    n = state.n
    scores = state.final_chips()
    if state.chips_mode:
        best = max(scores)
        winners = tuple(s for s in range(n) if scores[s] == best)
        said_chips = tuple(say(SEAT_CHIPS, who=SeatNumber(s), chips=c) for s, c in enumerate(scores))
        summary = say(GAME_OVER_CHIPS, count=state.deal_no, chips=said_chips, winners=_seats(winners))
        summary = summary.to_you(YOU_WON_CHIPS, about="winners")
    else:
        low = min(state.sheet.points)
        winners = tuple(s for s in range(n) if state.sheet.points[s] == low)
        points = tuple(
            say(SEAT_POINTS, who=SeatNumber(s), points=p) for s, p in enumerate(state.sheet.points)
        )
        said_chips = tuple(say(SEAT_CHIPS, who=SeatNumber(s), chips=c) for s, c in enumerate(scores))
        summary = say(GAME_OVER_POINTS, points=points, chips=said_chips, winners=_seats(winners))
        summary = summary.to_you(YOU_WON_POINTS, about="winners")
    return Outcome(winners, scores, summary)


def _seats(seats: tuple[int, ...]) -> tuple[SeatNumber, ...]:
    return tuple(SeatNumber(s) for s in seats)


GAME_OVER_CHIPS = N_plural(
    "game over after {count} deal; chips {chips}; {winners} won",
    "game over after {count} deals; chips {chips}; {winners} won",
)
GAME_OVER_POINTS = N_("game over with penalty points {points}; chips {chips}; {winners} won")
SEAT_CHIPS = N_("{who} {chips:+d}")
SEAT_POINTS = N_("{who} {points}")
TOOK_ALL = N_("{who} took all eight tricks")
TOOK_LAST = N_("{who} took the last trick")
# The same, said to the player they name (Said.to_you); the winners' when one player won
YOU_WON_CHIPS = N_plural(
    "game over after {count} deal; chips {chips}; you won",
    "game over after {count} deals; chips {chips}; you won",
)
YOU_WON_POINTS = N_("game over with penalty points {points}; chips {chips}; you won")
YOU_TOOK_ALL = N_("You took all eight tricks")
YOU_TOOK_LAST = N_("You took the last trick")


def hand_results(state: PosledniyState) -> list[HandResult]:
    """One result per finished deal."""
    n = state.n
    out = []
    for number, dealer, last, all_tricks, points in state.results:
        chips = balances(n, deal_chips(state, last, all_tricks))
        if all_tricks is not None:
            winners: tuple[int, ...] = (all_tricks,)
            losers = tuple(p for p in range(n) if p != all_tricks)
            summary = say(TOOK_ALL, who=SeatNumber(all_tricks)).to_you(YOU_TOOK_ALL)
        else:
            winners, losers = (), (last,)
            summary = say(TOOK_LAST, who=SeatNumber(last)).to_you(YOU_TOOK_LAST)
        out.append(HandResult(number, dealer, winners, losers, points, chips, summary))
    return out
