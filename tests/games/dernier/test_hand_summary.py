"""Issue 12: a hand's summary names the card points left only where they matter (D-21)."""

from __future__ import annotations

import random

import pytest
from dernier_helpers import GAME, opts

from cardgames.core.state import HandResult


def first_hand(scoring: str, seed: int, turn_limit: int = 1000) -> HandResult:
    """The first hand of a seeded game with random moves, played to its end."""
    state = GAME.new_game(opts("quick", scoring=scoring, turn_limit=turn_limit), 4, seed)
    rng = random.Random(seed)
    while not state.hand_results():
        state.apply(rng.choice(list(state.legal_actions())))
    return state.hand_results()[0]


@pytest.mark.parametrize("seed", [2, 3, 5])
def test_d21_first_to_n_hands_does_not_list_card_points(seed: int) -> None:
    hand = first_hand("hands", seed)
    assert "turn limit" not in str(hand.summary)
    assert "points" not in str(hand.summary)
    assert str(hand.summary) == f"hand 1: P{hand.winners[0] + 1} wins"


def test_d21_a_points_match_lists_the_points_left() -> None:
    hand = first_hand("cards", 1)
    assert "; points left: " in str(hand.summary)
    left = str(hand.summary).split("points left: ")[1]
    assert left.count("P") == 3  # every loser, with their card points


def test_d21_at_the_turn_limit_the_points_left_decided_the_hand_and_are_shown() -> None:
    hand = first_hand("hands", 1, turn_limit=50)
    assert "(turn limit); points left: " in str(hand.summary)
