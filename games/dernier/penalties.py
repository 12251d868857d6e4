"""Dernier's calls and penalties (rules D-17 to D-19): the forgotten call, a misplay, a slow move.

Functions on the engine's state (games/dernier/state.py), kept apart as one rule; when a play
is a misplay is ``checks.misplay_reason``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgames.games.dernier.checks import misplay_reason
from cardgames.games.dernier.stock import draw_cards
from cardgames.games.dernier.tables import AFTER_DRAW
from cardgames.primitives.said import Said

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState


def reason_now(state: DernierState, size: int, c: int, called: bool) -> Said | None:
    """Why playing ``c`` now breaks a rule (``checks.misplay_reason`` of the state), or None when allowed."""
    pen = state.penalty
    drawn = state.drawn if state.phase == AFTER_DRAW else -1
    return misplay_reason(
        c,
        called,
        size,
        drawn=drawn,
        pending=pen.pending,
        kind=pen.kind,
        jmode=state.jmode,
        suit=state.suit,
        rank=state.top_rank,
    )


def forgot_call(state: DernierState, seat: int) -> None:
    """A player down to one card without calling "Dernier!" draws ``dernier_penalty`` at once (D-17)."""
    state.log.append(("forgot", seat, draw_cards(state, seat, state.options.dernier_penalty)))


def lose_turn(state: DernierState, seat: int, k: int, kind: str, detail: Any) -> None:
    """Draw a penalty (with any pending chain) and lose the turn (D-18, D-19)."""
    pending = state.penalty.take()
    got = draw_cards(state, seat, k + pending)
    state.log.append((kind, seat, got, pending, detail))
    state._end_turn(seat)
