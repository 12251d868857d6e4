"""The framework's conformance kit on Последний: 3 and 4 players, chips and points."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.conformance import check_deterministic, check_random_game, check_views_hide
from cardgames.core.record import new_record
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.builder import position
from cardgames.games.posledniy.options import PosledniyOptions

GAME = Posledniy()
# short games keep the kit (which re-deals hidden cards for every seat at every step) fast
SHORT = {
    "chips": PosledniyOptions(scoring="chips", rounds=1),
    "points": PosledniyOptions(scoring="points", target=2),
}


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("scoring", ["chips", "points"])
@settings(max_examples=4, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_conformance(players: int, scoring: str, seed: int, choices: int) -> None:
    """Random playouts keep every promise of the protocol; views survive re-deals.

    The random choices come from a seeded generator rather than ``st.randoms``, whose
    draws of a whole game exceed what hypothesis accepts as one example.
    """
    rng = random.Random(choices)
    playout = check_random_game(GAME, SHORT[scoring], players, seed, rng, view_every=2)
    assert playout.state.is_over()
    assert playout.hidden_changes > 0


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("scoring", ["chips", "points"])
def test_deterministic(players: int, scoring: str) -> None:
    """The same seed and actions give identical games at every step."""
    check_deterministic(GAME, SHORT[scoring], players, 17)


def test_determinize_keeps_passed_cards_down_the_chain() -> None:
    """Cards the dealer passed stay with its receiver or travel on, never more than each pass carried."""
    rng = random.Random(3)
    for seed in range(25):
        state = GAME.new_game(PosledniyOptions(), 4, seed)
        while state.view(0).phase == "exchange":
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        passed = set(state.passes[0])
        for _ in range(10):
            other = state.determinize(0, rng)
            assert other.view(0) == state.view(0)
            where = [next(p for p in range(4) if c in other.hands[p]) for c in passed]
            assert 0 not in where
            assert sum(1 for p in where if p >= 2) <= 2 and sum(1 for p in where if p == 3) <= 1
            # the rebuilt passes are consistent: each came from what its giver held
            assert set(other.passes[2]) <= set(other.hands[3])
            assert set(other.passes[1]) <= set(other.hands[2]) | set(other.passes[2])


def test_determinize_respects_shown_voids() -> None:
    """A player who did not follow a suit is never dealt that suit again."""
    state = position(["AS 7H", "KH 8S", "9D 10S", "QH 9S"], leader=1, dealer=2)
    state.apply(state.legal_actions()[0])  # KH led
    state.apply(next(a for a in state.legal_actions() if str(a.card) == "10S"))  # seat 2 shows no hearts
    rng = random.Random(1)
    for _ in range(30):
        other = state.determinize(0, rng)
        assert all(c // 13 != 2 for c in other.hands[2])


def test_views_hide_in_a_hand_set_position() -> None:
    """The kit's hiding check on a built position, for every seat."""
    state = position(["AS 7H", "KH 8S", "9D 10S", "QH 9S"], leader=1, dealer=2)
    record = new_record(GAME, PosledniyOptions(), [], 0)
    assert check_views_hide(GAME, state, random.Random(2), record) > 0


@pytest.mark.parametrize("players", [3, 4])
def test_determinized_worlds_are_consistent_for_every_seat(players: int) -> None:
    """In a re-dealt world nobody holds a suit they showed void in, and passes match the hands."""
    rng = random.Random(players)
    for seed in range(4):
        state = GAME.new_game(SHORT["chips"], players, seed)
        while not state.is_over():
            for seat in range(players):
                world = state.determinize(seat, rng)
                plays = {c: p for p, c in world.plays()}
                voids = world.voids()
                for p in range(players):
                    assert not any(c // 13 in voids[p] for c in world.hands[p])
                    pos = (p - world.dealer) % players
                    out = set(world.passes[pos]) if pos < len(world.passes) else set()
                    assert not out & set(world.hands[p])  # a giver no longer holds what it passed
                    if 0 < pos <= len(world.passes):
                        held = set(world.hands[p]) | {c for c, q in plays.items() if q == p} | out
                        assert set(world.passes[pos - 1]) <= held  # received cards were kept or passed on
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
