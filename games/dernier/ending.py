"""The end of a Dernier hand and of the match (rules D-9, D-21): scoring, the next deal, the outcome.

Functions on the engine's state (games/dernier/state.py), kept apart as one rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.core.state import HandResult, Outcome
from cardgames.games.dernier.log import say
from cardgames.games.dernier.scoring import points_left
from cardgames.games.dernier.tables import JOKER, OVER
from cardgames.primitives.language import N_, N_plural
from cardgames.primitives.seating import SeatNumber
from cardgames.primitives.shedding import next_seat

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState


def stop_hand(state: DernierState) -> None:
    """The hand reached ``turn_limit`` decisions: the fewest card points wins it."""
    points = points_in_hand(state)
    order = [(state.current + state.direction * k) % state.n for k in range(state.n)]
    best = min(order, key=points.__getitem__)
    state.log.append(("stop", best, state.options.turn_limit))
    finish_hand(state, best, stopped=True, points=points)


def points_in_hand(state: DernierState) -> tuple[int, ...]:
    """Every seat's card points in hand (D-21), from the counts."""
    jp = state.options.joker_points
    return tuple(points_left(state.sizes[p], state.counts[p * 53 + JOKER], jp) for p in range(state.n))


def finish_hand(state: DernierState, winner: int, *, stopped: bool, points: tuple[int, ...] = ()) -> None:
    """Score the hand (D-9, D-21), then deal the next one or end the match (``points``: points_in_hand)."""
    n = state.n
    points = points or points_in_hand(state)
    state.penalty.take()
    state.asking = []
    # wins, totals and results are replaced, never changed in place: clones share them
    state.wins = tuple(w + (p == winner) for p, w in enumerate(state.wins))
    state.totals = tuple(t + points[p] for p, t in enumerate(state.totals))
    # the cards left count only where they score (D-21) or decided the hand (the turn limit)
    if stopped or state.options.scoring == "cards":
        left = tuple(say(SEAT_POINTS, who=SeatNumber(p), points=points[p]) for p in range(n) if p != winner)
        message = HAND_STOPPED if stopped else HAND_WON_LEFT
        summary = say(message, number=state.hand_no, who=SeatNumber(winner), left=left).to_you(YOU[message])
    else:
        summary = say(HAND_WON, number=state.hand_no, who=SeatNumber(winner)).to_you(YOU[HAND_WON])
    state.results = [
        *state.results,
        HandResult(
            number=state.hand_no,
            dealer=state.dealer,
            winners=(winner,),
            losers=tuple(p for p in range(n) if p != winner),
            points=points,
            chips=(0,) * n,
            summary=summary,
        ),
    ]
    state.log.append(("win", winner, state.hand_no, stopped))
    if state.options.scoring == "hands":
        over = state.wins[winner] >= state.options.hands_to_win
        winners: tuple[int, ...] = (winner,)
    else:
        over = max(state.totals) >= state.options.target_points
        low = min(state.totals)
        winners = tuple(p for p in range(n) if state.totals[p] == low)
    if over:
        state.phase = OVER
        state.match_winners = winners
        state.log.append(("match", None, winners))
        return
    if state.ends_with_hand:  # a search's world looks no further (GameState.last_hand)
        state.phase = OVER
        state.match_winners = (winner,)
        return
    state.dealer = next_seat(state.dealer, state.start_dir, n)
    state._deal()
    # a hand ended by a play: apply is about to count that decision, so start from -1
    state.hand_decisions = 0 if stopped else -1


def outcome(state: DernierState) -> Outcome | None:
    """Winners and match scores (hands won, or minus card points), once the match is over."""
    if state.phase != OVER:
        return None
    names = tuple(SeatNumber(w) for w in state.match_winners)
    if state.options.scoring == "hands":
        scores = tuple(state.wins)
        summary = say(MATCH_HANDS, winners=names, count=state.wins[state.match_winners[0]])
        summary = summary.to_you(YOU_WON_HANDS, about="winners")
    else:
        scores = tuple(-t for t in state.totals)
        summary = say(MATCH_POINTS, winners=names, count=min(state.totals))
        summary = summary.to_you(YOU_WON_POINTS, about="winners")
    return Outcome(state.match_winners, scores, summary)


HAND_WON = N_("hand {number}: {who} wins")
HAND_WON_LEFT = N_("hand {number}: {who} wins; points left: {left}")
HAND_STOPPED = N_("hand {number}: {who} wins (turn limit); points left: {left}")
SEAT_POINTS = N_("{who} {points}")
MATCH_HANDS = N_plural(
    "{winners} won the match with {count} hand", "{winners} won the match with {count} hands"
)
MATCH_POINTS = N_plural(
    "{winners} won the match with {count} card point", "{winners} won the match with {count} card points"
)
# The same, said to the winner (the hand's, or the match's when one player won it)
YOU = {
    HAND_WON: N_("hand {number}: you win"),
    HAND_WON_LEFT: N_("hand {number}: you win; points left: {left}"),
    HAND_STOPPED: N_("hand {number}: you win (turn limit); points left: {left}"),
}
YOU_WON_HANDS = N_plural("You won the match with {count} hand", "You won the match with {count} hands")
YOU_WON_POINTS = N_plural(
    "You won the match with {count} card point", "You won the match with {count} card points"
)
