"""The kit's checks at the end of a playout: the outcome adds up, and the record replays to the same game."""

from __future__ import annotations

from typing import Any

from cardgames.conformance.common import failure
from cardgames.core.game import Game
from cardgames.core.record import GameRecord, record_from_json, record_to_json, replay
from cardgames.core.state import GameState
from cardgames.core.utility import utility_of
from cardgames.primitives.errors import CardgamesError


def check_outcome(game: Game[Any, Any], options: Any, state: GameState, record: GameRecord) -> None:
    """A finished game's outcome and every hand's result score every seat, as the game declares them.

    The outcome names winners among the seats, keeps the declared utility, and sums to zero
    for a zero-sum game, as does every hand's chips.
    """
    players = state.players
    outcome = state.outcome()
    if outcome is None:
        raise failure("the game is over but has no outcome", record)
    if len(outcome.scores) != players:
        raise failure("the outcome does not score every seat", record)
    if game.zero_sum and sum(outcome.scores) != 0:
        raise failure(f"the outcome's scores {outcome.scores} do not sum to zero", record)
    broken = utility_of(game, options).problem(tuple(outcome.scores), tuple(outcome.winners))
    if broken is not None:
        raise failure(f"the outcome breaks the game's declared utility: {broken}", record)
    if not outcome.winners or not all(0 <= w < players for w in outcome.winners):
        raise failure(f"the outcome names winners {outcome.winners}", record)
    for hand in state.hand_results():
        if len(hand.chips) != players or len(hand.points) != players:
            raise failure(f"hand {hand.number} does not score every seat", record)
        if game.zero_sum and sum(hand.chips) != 0:
            raise failure(f"hand {hand.number}'s chips {hand.chips} do not sum to zero", record)


def check_record_replays(game: Game[Any, Any], state: GameState, record: GameRecord) -> None:
    """The record goes through JSON and back unchanged, and replays to ``state`` and its views."""
    try:
        text = record_to_json(game, record)
        again_game, again = record_from_json(text, lambda name: game)
    except (CardgamesError, TypeError, ValueError) as exc:
        raise failure(f"the record does not go through JSON: {exc}", record) from None
    if again != record:
        raise failure("the record does not round-trip through JSON", record)
    try:
        replayed = replay(again_game, again)
    except CardgamesError as exc:
        raise failure(f"the record does not replay (is all chance seeded?): {exc}", record) from None
    if replayed != state:
        raise failure("the replayed record does not reach the identical state", record)
    for seat in range(state.players):
        if replayed.view(seat) != state.view(seat):
            raise failure(f"the replayed view of seat {seat} differs", record)


def check_last_hand(game: Game[Any, Any], record: GameRecord) -> None:
    """A state told ``last_hand()`` that says True ends exactly when its hand does, with that hand's result.

    A search tells its worlds at any decision of any hand, so copies are told at the start of every
    hand of the recorded game and halfway through the game, and play the game's own moves: each must
    still be going while its hand is, with the same seat to act seeing the same view, and stop
    (``to_act()`` None) with the game's hand results once that hand is over (or when the game ends
    without one). A game that says False is not checked.
    """
    state = replay(game, record, upto=0)
    halfway = len(record.actions) // 2
    told: list[tuple[int, int, GameState]] = []  # each copy: the decision it was told at, the hands then
    hands = -1
    for i, action in enumerate(record.actions):
        if len(state.hand_results()) != hands or i == halfway:  # a hand begins, or halfway
            hands = len(state.hand_results())
            short = state.clone()
            if not short.last_hand():
                return
            told.append((i, hands, short))
        seat = state.to_act()
        assert seat is not None  # the record replays (check_record_replays): no move after the end
        for at, _, short in told:
            if short.to_act() is None:
                raise failure(
                    f"a state told last_hand() at decision {at + 1} ended before its hand did", record
                )
            if short.to_act() != seat or short.view(seat) != state.view(seat):  # a search's bots would see
                raise failure(
                    f"a state told last_hand() at decision {at + 1} shows the seat to act another game",
                    record,
                )
            short.apply(action)
        state.apply(action)
        over = [t for t in told if len(state.hand_results()) > t[1]]
        told = [t for t in told if len(state.hand_results()) <= t[1]]
        for at, _, short in over:
            _check_ended(short, state, at, record)
    for at, _, short in told:  # the game ended without another hand result: so must the copies
        _check_ended(short, state, at, record)


def _check_ended(short: GameState, state: GameState, at: int, record: GameRecord) -> None:
    """``short`` (told at decision ``at``) stopped where ``state``'s hand ended, with its results."""
    if short.to_act() is not None:
        raise failure(f"a state told last_hand() at decision {at + 1} goes on after its hand ended", record)
    if list(short.hand_results()) != list(state.hand_results()):
        raise failure(
            f"a state told last_hand() at decision {at + 1} ended its hand with another result", record
        )
