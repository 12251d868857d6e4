"""Reusable playout bots are built once per search, and play as bots built for every world."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import pytest
from framework_highcard import HighCard, HighCardOptions, HighCardState

from cardgames.bots.ismcts import Search, Settings
from cardgames.bots.worlds import Worlds
from cardgames.core.game import Bot
from cardgames.core.state import HandResult
from cardgames.plugins.guard import GuardedBot, guarded
from cardgames.primitives.errors import PluginFailedError

ASKED: list[int] = []  # how many actions were legal at each move a Whim was asked about


class Whim:
    """Plays a random legal action: every choice reads its generator, so a wrong seed shows at once."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Any legal action (the only one without a draw, as the built-in heuristics play it)."""
        ASKED.append(len(legal))
        return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


class ReusableWhim(Whim):
    """The same bot, which says the search may build it once and play every world with it."""

    reusable = True


BUILT: list[str] = []


def _whim(rng: random.Random) -> Bot:
    BUILT.append("whim")
    return Whim(rng)


def _reusable(rng: random.Random) -> Bot:
    BUILT.append("reusable")
    return ReusableWhim(rng)


class Whims(HighCard):
    id = "whims"
    bots: ClassVar[Mapping[str, Callable[[random.Random], Bot]]] = {"whim": _whim, "reusable": _reusable}


def _search(policy: Callable[[random.Random], Bot]) -> tuple[Any, list[list[float]], int]:
    state = Whims().new_game(HighCardOptions(hand_size=5), 3, 11)
    seat = state.to_act()
    assert seat is not None
    BUILT.clear()
    ASKED.clear()
    search = Search(Settings(iterations=90, widen=1.0), random.Random(5), policy)
    move = search.run(Worlds(state, seat), state.view(seat), list(state.legal_actions()))
    return move, search.scores, len(BUILT)


def test_reusable_bots_are_built_once_and_play_as_bots_built_per_world() -> None:
    game = guarded(Whims())  # as the registry hands a plugin out: its bots guarded
    per_world = _search(game.bots["whim"])
    once = _search(game.bots["reusable"])
    assert once[:2] == per_world[:2]  # the same move, and every candidate the same rewards world by world
    worlds = len(per_world[1][0]) * len(per_world[1])
    assert per_world[2] == 1 + 3 * worlds  # the root's chooser, then three seats for every iteration
    assert once[2] == 1 + 3  # the chooser, and the three seats once


def test_a_reusable_bot_is_not_asked_to_play_the_only_legal_action() -> None:
    game = guarded(Whims())
    _search(game.bots["whim"])
    assert 1 in ASKED  # a bot built for every world sees every move, forced ones too
    _search(game.bots["reusable"])
    assert ASKED and 1 not in ASKED[1:]  # (the first is the root's chooser, asked by the table)


def test_a_guarded_bot_is_reusable_only_if_the_plugins_bot_says_so() -> None:
    assert GuardedBot("whims", "reusable", ReusableWhim(random.Random(1))).reusable
    assert not GuardedBot("whims", "whim", Whim(random.Random(1))).reusable
    assert not GuardedBot("whims", "vague", Vague(random.Random(1))).reusable


class Vague(Whim):
    reusable = "yes"  # only True says so


def _no_answer(bot: Whim) -> bool:
    raise RuntimeError("no answer here")


@pytest.mark.parametrize("attribute", ["reusable", "memoryless"])
def test_a_plugin_bots_failing_answer_is_the_plugins_failure(attribute: str) -> None:
    with pytest.raises(PluginFailedError, match="the plugin whims failed in its bot broken: RuntimeError"):
        broken = type("Broken", (Whim,), {attribute: property(_no_answer)})  # the guard asks it both
        GuardedBot("whims", "broken", broken(random.Random(1)))


def test_the_playout_bots_draw_from_the_walks_generator() -> None:
    search = Search(Settings(iterations=9, widen=1.0), random.Random(5), guarded(Whims()).bots["reusable"])
    bots = search._bots(3)
    assert bots is search._bots(3)  # built once
    assert all(bot.inner.rng is search._walk for bot in bots)  # type: ignore[attr-defined]


class Equal:
    """An action equal to a legal one but not the list's own object."""

    def __eq__(self, other: object) -> bool:
        return other == "draw"

    __hash__ = None  # type: ignore[assignment]


def test_a_guarded_bot_may_return_an_equal_action_but_not_an_illegal_one() -> None:
    legal = ["play", "draw"]
    equal = Equal()
    assert GuardedBot("p", "b", _Fixed(equal)).choose(None, legal) is equal
    with pytest.raises(PluginFailedError, match="chose 'pass', not a legal move"):
        GuardedBot("p", "b", _Fixed("pass")).choose(None, legal)


class _Fixed:
    def __init__(self, action: Any) -> None:
        self.action = action

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return self.action


class ResultlessState(HighCardState):
    def hand_results(self) -> Sequence[HandResult]:
        raise ZeroDivisionError("no results today")


class Resultless(HighCard):
    id = "resultless"
    state_type = ResultlessState


def test_a_plugins_failing_hand_results_is_its_failure_in_one_line() -> None:
    state = guarded(Resultless()).new_game(HighCardOptions(hand_size=2), 2, 1)
    with pytest.raises(PluginFailedError, match="resultless failed in hand_results: ZeroDivisionError"):
        state.hand_results()
