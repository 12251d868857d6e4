"""Oh Hell keeps every promise of the game protocol (the conformance kit)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ohhell import OhHell, OhHellOptions

from cardgames.conformance import check_deterministic, check_random_game


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 7), choices=st.randoms(use_true_random=False))
def test_oh_hell_conforms(seed: int, players: int, choices: random.Random) -> None:
    check_random_game(OhHell(), OhHellOptions(cards=3), players, seed, choices)


@pytest.mark.parametrize(("players", "cards"), [(3, 1), (4, 7), (5, 10)])
def test_oh_hell_conforms_with_other_hands(players: int, cards: int) -> None:
    check_random_game(OhHell(), OhHellOptions(cards=cards), players, 7, random.Random(7))
    check_deterministic(OhHell(), OhHellOptions(cards=cards), players, 7)
