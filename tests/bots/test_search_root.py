"""The search's root: paired worlds for every candidate, the playout bot's move as the default,
the shortlist of candidates and the playout bot's move tried first in the tree (High Card)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from framework_highcard import HighCard, HighCardOptions, HighCardState

from cardgames.bots.ismcts import Search, Settings, candidates
from cardgames.bots.worlds import Worlds


class Last:
    """A playout bot that always plays the last legal action."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[-1]


class Ranked(Last):
    """A playout bot that also names its preferred actions: the last ones first."""

    def shortlist(self, view: Any, legal: Sequence[Any], k: int) -> list[Any]:
        return list(reversed(legal))[:k]


class Counting(Worlds):
    """Worlds that count how many were dealt."""

    def __init__(self, state: HighCardState, seat: int) -> None:
        super().__init__(state, seat)
        self.dealt = 0

    def sample(self, rng: random.Random) -> Any:
        self.dealt += 1
        return super().sample(rng)


class Truth(Worlds):
    """Worlds that are all the true state (so a test knows what each opponent holds)."""

    def __init__(self, state: HighCardState, seat: int) -> None:
        super().__init__(state, seat)
        self.state = state.clone()

    def sample(self, rng: random.Random) -> Any:
        return self.state.clone()


def position(seed: int = 4) -> tuple[HighCardState, int]:
    state = HighCard().new_game(HighCardOptions(hand_size=4), 3, seed)
    seat = state.to_act()
    assert seat is not None and len(state.legal_actions()) > 2
    return state, seat


def test_every_candidate_is_searched_in_the_same_worlds() -> None:
    state, seat = position()
    legal = state.legal_actions()
    worlds = Counting(state, seat)
    search = Search(Settings(iterations=61), random.Random(3))
    assert search.run(worlds, state.view(seat), legal) in legal
    per_world = len(legal)
    assert worlds.dealt == 61 // per_world
    assert [len(r) for r in search.scores] == [worlds.dealt] * per_world
    assert search.iterations == worlds.dealt * per_world
    assert sum(n for _, n, _ in search.report().actions) == search.iterations


def test_a_time_budget_keeps_only_worlds_searched_from_every_candidate() -> None:
    state, seat = position()
    ticks = iter(range(10_000))
    search = Search(
        Settings(iterations=None, seconds=5.0), random.Random(3), clock=lambda: float(next(ticks))
    )
    search.run(Worlds(state, seat), state.view(seat), state.legal_actions())
    counts = {len(r) for r in search.scores}
    assert len(counts) == 1 and counts.pop() >= 1  # every candidate over the same complete worlds


def test_the_playout_bots_move_stands_unless_another_is_clearly_better() -> None:
    search = Search(Settings(iterations=10, bias=1.0), random.Random(0))
    search.scores = [[0.0, 1.0, 0.0, 1.0], [1.0, 1.0, 1.0, 1.0]]  # candidate 1 better in every world
    assert search._best(has_hint=True) == 1
    search.scores = [[0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 1.0, 1.0]]  # better on average, by noise
    assert search._best(has_hint=True) == 0
    assert search._best(has_hint=False) == 1  # without a playout bot the best mean wins
    search.scores = [[0.5], [1.0]]  # one world: no error to judge by, the hint stays
    assert search._best(has_hint=True) == 0


def test_a_search_with_a_playout_bot_overrides_a_bad_move_and_keeps_it_when_told() -> None:
    state, seat = position()
    legal = state.legal_actions()
    view = state.view(seat)
    stubborn = Search(Settings(iterations=150, bias=100.0), random.Random(1), Last)
    assert stubborn.run(Worlds(state, seat), view, legal) == legal[-1]
    assert stubborn.candidates[0] == legal[-1]
    free = Search(Settings(iterations=150, bias=0.0), random.Random(1), Last)
    choice = free.run(Worlds(state, seat), view, legal)
    means = {a: m for a, _, m in free.report().actions}
    assert means[choice] == max(means.values())


def test_root_candidates_come_from_the_shortlist_when_there_are_many() -> None:
    legal = list(range(10))
    assert candidates(None, legal[:4], 2, None, 6) == [2, 0, 1, 3]
    assert candidates(None, legal[:4], None, None, 6) == [0, 1, 2, 3]
    ranked = Ranked(random.Random(0))
    assert candidates(None, legal, 9, ranked, 4) == [9, 8, 7, 6]
    assert candidates(None, legal, 3, ranked, 4) == [3, 9, 8, 7]
    assert candidates(None, legal, 9, Last(random.Random(0)), 4) == [9, 0, 1, 2]


def test_the_tree_tries_the_playout_bots_move_first() -> None:
    state, seat = position()
    legal = state.legal_actions()
    search = Search(Settings(iterations=len(legal), horizon=0), random.Random(5), Last)
    search.run(Truth(state, seat), state.view(seat), legal)
    for (_, action), child in search.root.children.items():
        assert child.visits == 1 and len(child.children) == 1
        world = state.clone()
        world.apply(action)
        mover = world.to_act()
        assert list(child.children) == [(mover, world.legal_actions()[-1])]
