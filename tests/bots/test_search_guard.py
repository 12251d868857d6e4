"""A search plays in the game's own states inside one guard, and stops a world with its hand."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest
from framework_highcard import HighCard, HighCardOptions, HighCardState

from cardgames.bots.ismcts import Search, Settings
from cardgames.bots.worlds import Worlds
from cardgames.plugins.guard import GuardedState, guarded
from cardgames.primitives.errors import PluginFailedError

OPTIONS = HighCardOptions(hand_size=5)


class BrokenWorldsState(HighCardState):
    """A plugin whose re-dealt worlds fail at their first move (its table's state plays on)."""

    __slots__ = ()

    def determinize(self, seat: int, rng: random.Random) -> Any:
        world = super().determinize(seat, rng)
        world.__class__ = BrokenWorld
        return world


class BrokenWorld(BrokenWorldsState):
    __slots__ = ()

    def apply(self, action: Any) -> None:
        raise ZeroDivisionError("a world cannot be played")


class BrokenWorlds(HighCard):
    id = "brokenworlds"
    state_type = BrokenWorldsState


def test_the_worlds_of_a_guarded_state_are_the_games_own_states() -> None:
    """No guard around each world's every call: the search would pay for it at every move."""
    state = guarded(HighCard()).new_game(OPTIONS, 3, 2)
    assert isinstance(state, GuardedState)
    seat = state.to_act()
    world = Worlds(state, seat).sample(random.Random(1))
    assert type(world) is HighCardState
    assert world.view(seat) == state.view(seat)


def test_a_plugin_failing_in_a_search_is_one_line_naming_it() -> None:
    """The guard is around the whole search: the plugin's failure in a world is said as at the table."""
    state = guarded(BrokenWorlds()).new_game(OPTIONS, 3, 2)
    seat = state.to_act()
    search = Search(Settings(iterations=12), random.Random(1))
    with pytest.raises(
        PluginFailedError, match="a search in the plugin brokenworlds's game failed: ZeroDivisionError"
    ):
        search.run(Worlds(state, seat), state.view(seat), list(state.legal_actions()))
    state.apply(state.legal_actions()[0])  # the table's own state was not touched by the worlds


def test_a_search_in_an_unguarded_state_lets_a_failure_through_as_it_is() -> None:
    """Only the registry's guard says a failure as the plugin's: a game's own state has no guard to add."""
    state = BrokenWorlds().new_game(OPTIONS, 3, 2)
    seat = state.to_act()
    search = Search(Settings(iterations=12), random.Random(1))
    with pytest.raises(ZeroDivisionError):
        search.run(Worlds(state, seat), state.view(seat), list(state.legal_actions()))


def _reachable(root: object, depth: int) -> list[object]:
    """Every object reachable from ``root`` in at most ``depth`` references (bound methods, closures)."""
    seen: dict[int, object] = {id(root): root}
    layer = [root]
    for _ in range(depth):
        layer = [o for r in layer for o in gc.get_referents(r) if id(o) not in seen]
        seen.update((id(o), o) for o in layer)
    return list(seen.values())


def test_the_worlds_of_a_guarded_state_hold_no_reference_to_the_tables_state() -> None:
    """The guard a search plays in comes from the worlds' own copy: the live table is out of reach."""
    state = guarded(HighCard()).new_game(OPTIONS, 3, 2)
    assert isinstance(state, GuardedState)
    worlds = Worlds(state, state.to_act())
    reachable = _reachable(worlds, 6)
    assert not any(o is state or o is state.inner for o in reachable)
    assert any(type(o) is HighCardState for o in reachable)  # (the walk does reach the worlds' copy)


class SilentWorld(BrokenWorldsState):
    __slots__ = ()

    def legal_actions(self) -> list[Any]:
        return []


class SilentWorldsState(BrokenWorldsState):
    """A plugin whose worlds give the seat to act nothing to do (a broken promise the guard checked)."""

    __slots__ = ()

    def determinize(self, seat: int, rng: random.Random) -> Any:
        world = HighCardState.determinize(self, seat, rng)
        world.__class__ = SilentWorld
        return world


class SilentWorlds(HighCard):
    id = "silentworlds"
    state_type = SilentWorldsState


def test_a_world_whose_seat_to_act_has_no_action_is_said_so() -> None:
    """The guard's check that the seat to act has an action holds in a search's worlds too."""
    state = guarded(SilentWorlds()).new_game(OPTIONS, 3, 2)
    seat = state.to_act()
    search = Search(Settings(iterations=12, widen=1.0), random.Random(1))
    with pytest.raises(
        PluginFailedError, match=r"silentworlds's game failed: ValueError: no legal action for the seat"
    ):
        search.run(Worlds(state, seat), state.view(seat), list(state.legal_actions()))
