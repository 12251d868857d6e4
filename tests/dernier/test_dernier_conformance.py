"""The framework's conformance kit on Dernier: every preset, 2 to 8 players, every variant switch."""

from __future__ import annotations

import random

import pytest
from dernier_helpers import GAME, opts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.testing import check_deterministic, check_random_game

PRESETS = ("classic", "scala40", "quick")
# A short turn limit keeps playouts quick; matches of two hands exercise the deal passing on.
SHORT = {"turn_limit": 50, "hands_to_win": 2}
# Playouts make thousands of random choices: hypothesis seeds a true Random instead of recording each.
RELAXED = [HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.data_too_large]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", range(2, 9))
@settings(max_examples=1, suppress_health_check=RELAXED)
@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=True))
def test_conformance_every_preset_and_player_count(
    preset: str, players: int, seed: int, choices: random.Random
) -> None:
    options = opts(preset, **SHORT)
    playout = check_random_game(GAME, options, players, seed, choices, view_every=6)
    assert playout.state.outcome() is not None
    assert len(playout.state.hand_results()) >= 2


@settings(max_examples=6, suppress_health_check=RELAXED)
@given(
    seed=st.integers(0, 2**32),
    choices=st.randoms(use_true_random=True),
    preset=st.sampled_from(PRESETS),
    players=st.integers(2, 8),
    anticipo=st.booleans(),
    play_after_draw=st.booleans(),
    starter_effects=st.booleans(),
    scoring=st.sampled_from(["hands", "cards"]),
    jokers=st.integers(0, 4),
)
def test_conformance_with_variants(
    seed: int,
    choices: random.Random,
    preset: str,
    players: int,
    anticipo: bool,
    play_after_draw: bool,
    starter_effects: bool,
    scoring: str,
    jokers: int,
) -> None:
    options = opts(
        preset,
        turn_limit=60,
        hands_to_win=2,
        target_points=12,
        anticipo=anticipo,
        play_after_draw=play_after_draw,
        starter_effects=starter_effects,
        scoring=scoring,
        jokers=jokers,
    )
    playout = check_random_game(GAME, options, players, seed, choices, view_every=6)
    assert playout.hidden_changes > 0  # something hidden was actually re-dealt


def test_conformance_one_hand_match_with_the_default_turn_limit() -> None:
    options = opts("quick", hands_to_win=1, anticipo=True, play_after_draw=True)
    playout = check_random_game(GAME, options, 4, 7, random.Random(7), view_every=25)
    assert len(playout.state.hand_results()) == 1


@pytest.mark.parametrize("preset", PRESETS)
def test_deterministic(preset: str) -> None:
    check_deterministic(GAME, opts(preset, turn_limit=200, anticipo=True, play_after_draw=True), 4, 11)


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
@settings(max_examples=10, suppress_health_check=RELAXED)
@given(
    seed=st.integers(0, 2**32),
    choices=st.randoms(use_true_random=True),
    preset=st.sampled_from(PRESETS),
    scoring=st.sampled_from(["hands", "cards"]),
)
def test_conformance_long(players: int, seed: int, choices: random.Random, preset: str, scoring: str) -> None:
    """Longer hands and matches, every variant switch on, views checked every 4th decision."""
    options = opts(
        preset,
        anticipo=True,
        play_after_draw=True,
        starter_effects=True,
        turn_limit=300,
        hands_to_win=2,
        target_points=25,
        scoring=scoring,
    )
    check_random_game(GAME, options, players, seed, choices, view_every=4)


EDGES = [
    ("quick", 2, {"hand_size": 1}),
    ("classic", 8, {"hand_size": 12}),  # the largest deal that fits: 11 cards left to draw
    ("scala40", 8, {"hand_size": 12, "jokers": 0}),
    ("scala40", 2, {"hand_size": 1, "starter_effects": True}),
    ("quick", 5, {"hand_size": 2, "anticipo": True, "scoring": "cards", "target_points": 5}),
]


@pytest.mark.parametrize(("preset", "players", "overrides"), EDGES)
def test_conformance_at_the_edges(preset: str, players: int, overrides: dict[str, object]) -> None:
    """D-3: the smallest and the largest deals, no jokers, the tiniest match."""
    options = opts(preset, turn_limit=60, hands_to_win=2, **overrides)
    check_random_game(GAME, options, players, 1, random.Random(1), view_every=5)
