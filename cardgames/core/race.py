"""A race (``GameState.race``): an open question to several seats; the first valid claim wins.

A table that asks every seat of a race at once gathers their answers against the same
state, so nobody's answer depends on another's silence, and settles them here: the first
claim in the order given wins and the others' answers close with the question (the seats
still in the race are asked again); when nobody claims, every seat's pass is applied and
the race closes. A seat that gave no answer is silent: it passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.core.state import Choice, GameState
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.language import FRAMEWORK


def several_asked(state: GameState) -> bool:
    """Whether several seats are asked now, each answering as a ``Choice`` (simultaneous or a race)."""
    return state.to_act() is not None and (state.simultaneous() or state.race())


def is_claim(state: GameState, seat: int, action: Any) -> bool:
    """Whether ``action`` claims in the race now: any answer of ``seat`` but its pass."""
    return bool(action != state.race_pass(seat))


def race_answers(state: GameState, answers: Sequence[tuple[int, Any]]) -> list[Choice]:
    """The choices that settle a race: the first claim of ``answers`` (seat, action) alone, else every pass.

    ``answers`` come in the order they count (arrival, or ``to_decide()``'s for answers given
    together); a seat of ``to_decide()`` with no answer passes. A claim that is not legal for
    its seat raises IllegalActionError before anything is settled.
    """
    seats = state.to_decide()
    for seat, action in answers:
        if seat not in seats:
            raise IllegalActionError(
                FRAMEWORK.gettext("P{number} is not asked in this race").format(number=seat + 1)
            )
        if is_claim(state, seat, action) and action not in state.legal_actions_for(seat):
            raise IllegalActionError(
                FRAMEWORK.gettext("P{number} cannot claim with that now").format(number=seat + 1)
            )
    claim = next(((s, a) for s, a in answers if is_claim(state, s, a)), None)
    if claim is not None:
        return [Choice(*claim)]
    return [Choice(s, state.race_pass(s)) for s in seats]
