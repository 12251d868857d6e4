"""The conformance kit's checks of simultaneous decisions (protocol 2), called by ``check_random_game``.

At a simultaneous decision every seat of ``to_decide()`` chooses without seeing the others,
and the choices are revealed together. So (1) the order in which the choices arrive must
not change the result, and (2) until the reveal no other seat's view may tell which choice
a seat made. Both are checked at every simultaneous decision of a random playout.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from cardgames.core.actiondata import action_from_data, action_to_data
from cardgames.core.game import Game
from cardgames.core.record import GameRecord
from cardgames.core.state import Choice, GameState
from cardgames.primitives.errors import IllegalActionError

Fail = Callable[[str], AssertionError]
ROUND_LIMIT = 10_000  # choices in one simultaneous round, beyond which the kit gives up on it


def check_simultaneous(game: Game[Any, Any], state: GameState, rng: random.Random, fail: Fail) -> None:
    """Check one simultaneous decision: its seats, their actions, hidden choices, order independence."""
    seats = state.to_decide()
    actor = state.to_act()
    if not seats or actor not in seats or len(set(seats)) != len(seats):
        raise fail(f"a simultaneous decision names seats {seats!r} with {actor!r} to act")
    if list(state.legal_actions()) != list(state.legal_actions_for(actor)):
        raise fail(f"legal_actions() is not legal_actions_for({actor}), the seat to act")
    for seat in seats:
        if not state.legal_actions_for(seat):
            raise fail(f"seat {seat} must decide but has no legal action")
    check_choices_hidden(game, state, rng, fail)
    check_order_free(game, state, rng, fail)


def _chosen(state: GameState, seat: int, action: Any, fail: Fail, game: Game[Any, Any]) -> GameState:
    trial = state.clone()
    try:
        trial.apply(Choice(seat, action))
    except IllegalActionError as exc:
        raise fail(f"seat {seat}'s listed choice {game.format_action(action)} is refused: {exc}") from None
    return trial


def check_choices_hidden(game: Game[Any, Any], state: GameState, rng: random.Random, fail: Fail) -> None:
    """Before the reveal, nothing another seat is shown or offered tells two choices of a seat apart.

    Not its view, not its legal actions, and not who acts or still decides: each seat of
    ``to_decide()`` is tried with two of its listed choices.
    """
    for seat in state.to_decide():
        legal = list(state.legal_actions_for(seat))
        if len(legal) < 2:
            continue
        a, b = rng.sample(legal, 2)
        after_a, after_b = _chosen(state, seat, a, fail, game), _chosen(state, seat, b, fail, game)
        if not all(s.simultaneous() and any(d != seat for d in s.to_decide()) for s in (after_a, after_b)):
            continue  # a choice that completes the round reveals them all
        told = f"whether seat {seat} chose {game.format_action(a)} or {game.format_action(b)}"
        if (after_a.to_act(), after_a.to_decide()) != (after_b.to_act(), after_b.to_decide()):
            raise fail(f"who acts and who still decides tells {told} before the choices are revealed")
        for other in range(state.players):
            if other == seat:
                continue
            if after_a.view(other) != after_b.view(other):
                raise fail(f"the view of seat {other} tells {told} before the choices are revealed")
            if list(after_a.legal_actions_for(other)) != list(after_b.legal_actions_for(other)):
                raise fail(f"the legal actions of seat {other} tell {told} before the choices are revealed")


def check_order_free(game: Game[Any, Any], state: GameState, rng: random.Random, fail: Fail) -> None:
    """The same choices, arriving in another order, reach the identical state; each goes through JSON."""
    first = state.clone()
    made: dict[int, list[Any]] = {}
    steps = 0
    while first.simultaneous() and steps < ROUND_LIMIT:  # one order: a random seat each time
        seat = rng.choice(first.to_decide())
        legal = list(first.legal_actions_for(seat))
        action = legal[rng.randrange(len(legal))]
        choice = Choice(seat, action)
        if action_from_data(game, json.loads(json.dumps(action_to_data(game, choice)))) != choice:
            raise fail(f"the choice {choice!r} does not round-trip through JSON")
        try:
            first.apply(choice)
        except IllegalActionError as exc:
            raise fail(
                f"seat {seat}'s listed choice {game.format_action(action)} is refused: {exc}"
            ) from None
        made.setdefault(seat, []).append(action)
        steps += 1
    # the other order: the highest seat that may still choose goes first, each seat's own order kept
    second = state.clone()
    left = {seat: list(actions) for seat, actions in made.items()}
    while any(left.values()):
        ready = [s for s in sorted(left, reverse=True) if left[s] and s in second.to_decide()]
        if not ready or not second.simultaneous():
            raise fail(
                "the same choices cannot all be made in another order: which seat may choose "
                "depends on the order the choices arrive"
            )
        seat = ready[0]
        try:
            second.apply(Choice(seat, left[seat].pop(0)))
        except IllegalActionError as exc:
            raise fail(f"seat {seat}'s choice is refused when it arrives in another order: {exc}") from None
    if second != first:
        raise fail(
            "the same simultaneous choices, arriving in another order, lead to a different state: "
            "the result must not depend on the order the choices arrive"
        )


def record_failure(make: Callable[[str, GameRecord], AssertionError], record: GameRecord) -> Fail:
    """A ``fail`` for these checks that names the record's seed and step, as the kit's other failures do."""
    return lambda message: make(message, record)
