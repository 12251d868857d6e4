"""A Dernier turn (RULES.md D-6 to D-8, D-18): a play checked against what is in force, or a draw.

Functions on the engine's state (games/dernier/state.py), kept apart as one rule. The
engine's ``apply`` takes the commonest plays and draws inline before it comes here;
``tests/dernier/test_dernier_fast_forms.py`` holds that inline form to these functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.errors import IllegalActionError
from cardgames.games.dernier.actions import JACK, RANK_OF, SUIT_OF, Play, play_info
from cardgames.games.dernier.checks import shape_error
from cardgames.games.dernier.penalties import lose_turn, reason_now
from cardgames.games.dernier.specials import play_card
from cardgames.games.dernier.stock import draw_cards, refill
from cardgames.games.dernier.tables import AFTER_DRAW, DRAW_LOG, JOKER, PLAY_PHASE, RBIT
from cardgames.games.dernier.view import describe

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState


def play_turn(state: DernierState, action: Play) -> None:
    """Play a card in turn: refused if it is no play at all, penalised if it breaks a rule (D-18)."""
    info = action._info
    if info is None:
        info = play_info(action)
    _, c, called, suit, as_c = info
    seat = state.current
    if not 0 <= c <= JOKER or not state.counts[seat * 53 + c]:
        raise IllegalActionError(f"you do not hold {describe(c)}")
    if (
        c != JOKER
        and not called
        and state.phase == PLAY_PHASE
        and not state.penalty.pending
        and as_c < 0
        and (suit >= 0) == (RANK_OF[c] == JACK)
        and (SUIT_OF[c] == state.suit or RANK_OF[c] == state.top_rank)
    ):
        play_card(state, seat, c, False, suit, -1)  # the common case, checked in one go
        return
    shape = shape_error(c, suit, as_c, state.jmode)
    if shape is not None:
        raise IllegalActionError(shape)
    reason = reason_now(state, state.sizes[seat], c, called)
    if reason is not None:
        if state.opts.misplay == "forgiving":
            raise IllegalActionError(reason)
        state.face_up += 1
        lose_turn(state, seat, state.opts.misplay_penalty, "misplay", (c, reason))
        return
    play_card(state, seat, c, called, suit, as_c)


def draw_turn(state: DernierState) -> None:
    """Draw instead of playing (D-7): the whole pending penalty, else one card (or nothing, D-8)."""
    seat = state.current
    pen = state.penalty
    if pen.pending:
        total = pen.take()
        state.log.append(("take", seat, total, draw_cards(state, seat, total)))
        return  # the player now plays a normal turn (D-13)
    stock = state.stock
    if not stock and not refill(state):
        state.log.append(("nodraw", seat))
    else:
        c = stock.pop()
        k = seat * 53 + c
        state.counts[k] += 1
        state.masks[seat] |= RBIT[c]
        state.sizes[seat] += 1
        state.log.append(DRAW_LOG[k])
        if state.play_after_draw:  # matching or not: the others must not tell which (D-7, I-2)
            state.phase = AFTER_DRAW
            state.drawn = c
            return
    state.current = (seat + state.direction) % state.n


def end_turn(state: DernierState, seat: int) -> None:
    """The turn passes on from ``seat``."""
    state.phase = PLAY_PHASE
    state.drawn = -1
    state.current = (seat + state.direction) % state.n
