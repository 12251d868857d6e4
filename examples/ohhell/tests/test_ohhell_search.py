"""A search in Oh Hell's worlds stops each world with its hand (``last_hand``), which changes no move."""

from __future__ import annotations

import random

import pytest
from ohhell import OhHell, OhHellOptions
from ohhell.rules import OhHellState

from cardgames.bots.ismcts import Search, Settings
from cardgames.bots.worlds import Worlds
from cardgames.conformance import ConformanceError, check_random_game
from cardgames.core.state import GameState, LogEntry


class DealsOnState(OhHellState):
    """Oh Hell as it was before it could stop with a hand: a search's worlds deal the next hand."""

    last_hand = GameState.last_hand


def test_a_world_told_last_hand_ends_with_that_hand() -> None:
    state = OhHell().new_game(OhHellOptions(cards=3), 4, 1)
    assert state.last_hand()
    rng = random.Random(2)
    while state.to_act() is not None:
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.hand_results()) == 1 and state.outcome() is not None


@pytest.mark.parametrize("widen", [0.0, 1.0])
def test_stopping_with_the_hand_gives_the_same_search(widen: float) -> None:
    """The same seeds give the same move and the same statistics, with and without the stop."""
    reports = []
    for kind in (OhHellState, DealsOnState):
        state = kind(OhHellOptions(cards=3), 4, 5)
        rng = random.Random(3)
        while not state.hand_results():  # the second hand: the hands already over count
            state.apply(rng.choice(state.legal_actions()))
        for _ in range(6):  # the bids and a card or two
            state.apply(rng.choice(state.legal_actions()))
        seat = state.to_act()
        assert seat is not None
        search = Search(Settings(iterations=60, widen=widen, horizon=100), random.Random(4))
        move = search.run(Worlds(state, seat), state.view(seat), list(state.legal_actions()))
        reports.append((move, search.report().actions))
    assert reports[0] == reports[1]


class CountsDealsState(OhHellState):
    """Oh Hell that counts the hands it deals."""

    dealt = 0

    def _deal(self, players: int) -> None:
        CountsDealsState.dealt += 1
        super()._deal(players)


class CountsDealsOnState(CountsDealsState):
    last_hand = GameState.last_hand


@pytest.mark.parametrize(("kind", "deals"), [(CountsDealsState, False), (CountsDealsOnState, True)])
def test_a_search_deals_no_next_hand_in_its_worlds(kind: type[CountsDealsState], deals: bool) -> None:
    """The point of last_hand: a world stops with its hand (a game that cannot stop deals on)."""
    state = kind(OhHellOptions(cards=3), 4, 5)
    rng = random.Random(3)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act()
    assert seat is not None
    CountsDealsState.dealt = 0
    search = Search(Settings(iterations=40, horizon=100), random.Random(4))
    search.run(Worlds(state, seat), state.view(seat), list(state.legal_actions()))
    assert (CountsDealsState.dealt > 0) is deals


class SaysButGoesOnState(OhHellState):
    """Says it will end with the hand, and deals the next one all the same."""

    def last_hand(self) -> bool:
        return True


class EndsAtOnceState(OhHellState):
    """Ends the game at once rather than with the hand in play."""

    def last_hand(self) -> bool:
        self.last = len(self.results)
        return True


class FirstHandOnlyState(OhHellState):
    """Ends with the first hand whenever it is told: right for the first hand only (a search tells any)."""

    def last_hand(self) -> bool:
        self.last = 1
        return True


class AnnouncesItState(OhHellState):
    """Ends with the hand in play, and says so in the log: a search's bots would read another game."""

    def last_hand(self) -> bool:
        self.last = len(self.results) + 1
        self.log.append(LogEntry(None, "the last hand"))
        return True


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        (SaysButGoesOnState, "goes on after its hand ended"),
        (EndsAtOnceState, "ended before its hand did"),
        (FirstHandOnlyState, "at decision 10 ended before its hand did"),  # hand 2's first bid (3 players)
        (AnnouncesItState, "shows the seat to act another game"),
    ],
)
def test_the_kit_catches_a_game_that_breaks_last_hands_promise(kind: type[OhHellState], message: str) -> None:
    class Broken(OhHell):
        def new_game(self, options: OhHellOptions, players: int, seed: int) -> OhHellState:
            return kind(options, players, seed)

    with pytest.raises(ConformanceError, match=message):
        check_random_game(Broken(), OhHellOptions(cards=2), 3, 1, random.Random(1))
