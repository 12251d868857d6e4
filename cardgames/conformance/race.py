"""The conformance kit's checks of a race (``GameState.race``), called by ``check_random_game``.

In a race the first valid claim wins and silence is a pass. So (1) every seat asked may
always pass, and ``to_act()`` is the first seat asked; (2) a pass changes nothing any other
seat sees or may do before the race closes, and only the last pass closes it (silence gives
nothing away, I-2); (3) a claim closes the race or narrows it (no seat that passed is asked
again by it); (4) the same passes, arriving in another order, reach the identical state.
"""

from __future__ import annotations

import random
from typing import Any

from cardgames.conformance.simultaneous import Fail
from cardgames.core.game import Game
from cardgames.core.race import is_claim
from cardgames.core.state import Choice, GameState
from cardgames.primitives.errors import IllegalActionError


def check_race(game: Game[Any, Any], state: GameState, rng: random.Random, fail: Fail) -> None:
    """Check one race: its seats, everyone's pass, what a pass shows, what a claim does, pass order."""
    seats = state.to_decide()
    if not seats or state.to_act() != seats[0] or len(set(seats)) != len(seats):
        raise fail(f"a race asks seats {seats!r} with {state.to_act()!r} to act (to_act must be the first)")
    if list(state.legal_actions()) != list(state.legal_actions_for(seats[0])):
        raise fail(f"legal_actions() is not legal_actions_for({seats[0]}), the seat to act")
    for seat in seats:
        if not any(a == state.race_pass(seat) for a in state.legal_actions_for(seat)):
            raise fail(
                f"seat {seat} is asked in a race but may not pass ({state.race_pass(seat)!r} is not listed)"
            )
        check_pass_is_silent(game, state, seat, fail)
        claims = [a for a in state.legal_actions_for(seat) if is_claim(state, seat, a)]
        if claims:
            after = _answered(state, seat, rng.choice(claims), fail, game)
            if after.race() and not set(after.to_decide()) <= set(seats):
                raise fail(
                    f"seat {seat}'s claim widens the race from seats {seats} to {after.to_decide()}: "
                    "a claim must close the race or narrow it"
                )
    check_passes_order_free(state, fail)


def _answered(state: GameState, seat: int, action: Any, fail: Fail, game: Game[Any, Any]) -> GameState:
    trial = state.clone()
    try:
        trial.apply(Choice(seat, action))
    except IllegalActionError as exc:
        raise fail(
            f"seat {seat}'s listed answer {game.format_action(action)} is refused in a race: {exc}"
        ) from None
    return trial


def check_pass_is_silent(game: Game[Any, Any], state: GameState, seat: int, fail: Fail) -> None:
    """Until the race closes, ``seat``'s pass changes no other seat's view or answers, and asks nobody new."""
    after = _answered(state, seat, state.race_pass(seat), fail, game)
    if not after.race():  # only the last pass closes the race: then everyone may see it is over
        if len(state.to_decide()) > 1:
            raise fail(
                f"seat {seat}'s pass closes the race while seats {state.to_decide()} are asked: "
                "the others' silence would show whether they could claim"
            )
        return
    if seat in after.to_decide() or not set(after.to_decide()) <= set(state.to_decide()):
        raise fail(
            f"after seat {seat}'s pass the race asks {after.to_decide()}, "
            f"not the others of {state.to_decide()}"
        )
    for other in range(state.players):
        if other == seat:
            continue
        if after.view(other) != state.view(other):
            raise fail(
                f"seat {seat}'s pass in a race changes the view of seat {other}: "
                "silence must give nothing away"
            )
        if other in after.to_decide() and list(after.legal_actions_for(other)) != list(
            state.legal_actions_for(other)
        ):
            raise fail(f"seat {seat}'s pass in a race changes what seat {other} may answer")


def check_passes_order_free(state: GameState, fail: Fail) -> None:
    """Every seat's pass but the last, in the order asked and in reverse, reach the identical state."""
    seats = state.to_decide()[:-1]
    forward, backward = state.clone(), state.clone()
    try:
        for seat in seats:
            forward.apply(Choice(seat, forward.race_pass(seat)))
        for seat in reversed(seats):
            backward.apply(Choice(seat, backward.race_pass(seat)))
    except IllegalActionError as exc:
        raise fail(f"a pass in a race is refused when the passes arrive in another order: {exc}") from None
    if forward != backward:
        raise fail(
            f"the passes of seats {seats} in another order lead to a different state: "
            "a race's result must not depend on it"
        )
