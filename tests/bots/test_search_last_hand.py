"""``last_hand`` in a game of simultaneous decisions (protocol 2): the kit holds it, a search's moves keep."""

from __future__ import annotations

import random

import attrs
import pytest
from framework_passing import PassHearts, PassOptions, PassState

from cardgames.bots.ismcts import Search, Settings
from cardgames.bots.worlds import Worlds
from cardgames.conformance import ConformanceError, check_random_game

OPTIONS = PassOptions(deals=3)


class EndsWithTheDealState(PassState):
    """Pass Hearts that can stop with the deal in play: the deal in play becomes the game's last."""

    def last_hand(self) -> bool:
        self.options = attrs.evolve(self.options, deals=self.deal_no)
        return True


class OneDealLateState(PassState):
    """Says it stops with the deal in play, and plays one more."""

    def last_hand(self) -> bool:
        self.options = attrs.evolve(self.options, deals=min(self.deal_no + 1, 6))
        return True


class EndsWithTheDeal(PassHearts):
    id = "passhearts-ends"
    state_type = EndsWithTheDealState


class OneDealLate(PassHearts):
    id = "passhearts-late"
    state_type = OneDealLateState


@pytest.mark.parametrize("seed", [1, 2])
def test_the_kit_passes_last_hand_kept_through_simultaneous_passes(seed: int) -> None:
    check_random_game(EndsWithTheDeal(), OPTIONS, 4, seed, random.Random(seed))


def test_the_kit_fails_last_hand_broken_in_a_simultaneous_game() -> None:
    with pytest.raises(ConformanceError, match="goes on after its hand ended"):
        check_random_game(OneDealLate(), OPTIONS, 4, 1, random.Random(1))


@pytest.mark.parametrize("widen", [0.0, 1.0])
def test_a_search_at_a_simultaneous_pass_is_the_same_with_the_world_stopped(widen: float) -> None:
    """The seat chooses out of turn while the others' picks are hidden: the same move and statistics."""
    reports = []
    for game in (PassHearts(), EndsWithTheDeal()):
        state = game.new_game(OPTIONS, 4, 3)
        while not state.hand_results():  # the second deal: the hands already over count
            state.apply(state.legal_actions()[0])
        state.apply(state.legal_actions()[0])  # seat 0 sets a card aside: seat 2 now chooses out of turn
        seat = 2
        search = Search(Settings(iterations=40, widen=widen, horizon=200), random.Random(4))
        move = search.run(Worlds(state, seat), state.view(seat), list(state.legal_actions_for(seat)))
        reports.append((move, search.report().actions))
    assert reports[0] == reports[1]
