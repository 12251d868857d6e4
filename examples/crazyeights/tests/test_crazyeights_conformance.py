"""Crazy Eights keeps every promise of the game protocol (the conformance kit)."""

from __future__ import annotations

import random

import pytest
from crazyeights import CrazyEights, CrazyEightsOptions
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.conformance import check_deterministic, check_random_game


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 7), choices=st.randoms(use_true_random=False))
def test_crazy_eights_conforms(seed: int, players: int, choices: random.Random) -> None:
    check_random_game(CrazyEights(), CrazyEightsOptions(), players, seed, choices)


@pytest.mark.parametrize("hand_size", [1, 7])
def test_crazy_eights_conforms_with_other_hands(hand_size: int) -> None:
    check_random_game(CrazyEights(), CrazyEightsOptions(hand_size=hand_size), 3, 5, random.Random(5))
    check_deterministic(CrazyEights(), CrazyEightsOptions(hand_size=hand_size), 3, 5)
