"""The rule path of ``DernierState.apply``: an action handed to the module of its rule.

``apply`` takes the commonest play and draw inline (games/dernier/state.py); every other
action, and each of those when it is not the plain case, comes here: a turn's play, draw,
pass or slow play (``turn``, ``penalties``), an answer to an anticipo offer (``anticipo``),
or the refusal of an action not possible now. tests/games/dernier/test_fast_forms.py
holds ``apply`` to ``apply_rule``, state for state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgames.games.dernier.actions import Anticipo, Decline, Draw, Pass, Play, SlowPlay
from cardgames.games.dernier.anticipo import claim, decline
from cardgames.games.dernier.ending import stop_hand
from cardgames.games.dernier.log import say
from cardgames.games.dernier.penalties import lose_turn
from cardgames.games.dernier.tables import AFTER_DRAW, ANTICIPO, OVER, PLAY_PHASE
from cardgames.games.dernier.turn import play_turn
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.language import N_

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState


def apply_rule(state: DernierState, action: Any) -> None:
    """``apply`` without its inline forms: every action goes through the rule's modules."""
    ph = state.phase
    t = type(action)
    if ph <= AFTER_DRAW:
        if t is Play:
            play_turn(state, action)
        elif t is Draw and ph == PLAY_PHASE:
            state._draw_turn()
        elif t is Pass and ph == AFTER_DRAW:
            state.log.append(("pass", state.current))
            state._end_turn(state.current)
        elif t is SlowPlay:
            lose_turn(state, state.current, state.options.slow_penalty, "slow", None)
        elif t is Draw:
            raise IllegalActionError(
                say(N_("you have drawn already: play the card you drew or pass")).words()
            )
        elif t is Pass:
            raise IllegalActionError(say(N_("you may pass only after drawing; play a card or draw")).words())
        else:
            raise IllegalActionError(say(N_("that is not possible now: play a card or draw")).words())
    elif ph == ANTICIPO:
        if t is Anticipo:
            claim(state, action)
        elif t is Decline or t is SlowPlay:
            decline(state)
        else:
            raise IllegalActionError(
                say(N_("that is not possible now: answer the anticipo offer (anticipo or no)")).words()
            )
    else:
        raise IllegalActionError(say(N_("the match is over")).words())
    state.hand_decisions += 1
    if state.hand_decisions >= state.turn_limit and state.phase != OVER:
        stop_hand(state)
