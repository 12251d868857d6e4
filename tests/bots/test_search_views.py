"""I-3 for search bots: a determinized world depends on the seat's view only (and the generator).

The worlds are consistent with the view either way (the conformance kits check that);
this is the stronger property that lets a search bot's move, for a given seed, depend on
nothing but the view. Both games' re-deals once shuffled the hidden cards in the order they
really lay, so two true states that looked alike to a seat gave different worlds for the
same generator (a search bot's move then depended on hidden cards); they sort the pool first.
"""

from __future__ import annotations

import random

import pytest

from cardgames.core.state import GameState
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.posledniy.builder import position


def twins_posledniy() -> tuple[GameState, GameState, int]:
    return (
        position(["AH 9S", "KH 10S", "QH JS"], leader=0),
        position(["AH 9S", "KH JS", "QH 10S"], leader=0),
        0,
    )


def twins_dernier() -> tuple[GameState, GameState, int]:
    state = Dernier().new_game(DernierOptions(), 3, 1)
    seat = state.to_act()
    assert seat is not None
    twin = state.clone()
    hands = twin.hands
    a, b = (p for p in range(3) if p != seat)
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    twin.hands = hands
    return state, twin, seat


@pytest.mark.parametrize("twins", [twins_posledniy, twins_dernier])
def test_worlds_depend_on_the_view_only(twins: object) -> None:
    assert callable(twins)
    state, twin, seat = twins()
    assert state.view(seat) == twin.view(seat) and state != twin
    for i in range(20):
        assert state.determinize(seat, random.Random(i)) == twin.determinize(seat, random.Random(i))
