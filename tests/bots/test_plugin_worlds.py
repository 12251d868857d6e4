"""A plugin's own worlds (``plausible_world``) with and without the ``weigh`` argument."""

from __future__ import annotations

import random
from typing import Any, Self

import pytest
from framework_highcard import HighCard, HighCardOptions, HighCardState

from cardgames.bots.ismcts import Search, Settings
from cardgames.bots.levels import parse_search
from cardgames.bots.worlds import Worlds, takes_weigh
from cardgames.conformance.hidden import check_views_hide
from cardgames.core.record import new_record
from cardgames.primitives.errors import OptionError

ASKED: list[tuple[str, int]] = []


class OldWorldsState(HighCardState):
    """A plugin written before ``weigh``: its worlds take the seat and the generator only."""

    def plausible_world(self, seat: int, rng: random.Random) -> Self:  # type: ignore[override]
        ASKED.append(("old", 1))
        return self.determinize(seat, rng)


class NewWorldsState(HighCardState):
    """A plugin of today's protocol: it is told how many candidate deals to weigh."""

    def plausible_world(self, seat: int, rng: random.Random, weigh: int = 1) -> Self:
        ASKED.append(("new", weigh))
        return self.determinize(seat, rng)


class OldWorlds(HighCard):
    id = "oldworlds"
    state_type = OldWorldsState


class NewWorlds(HighCard):
    id = "newworlds"
    state_type = NewWorldsState


@pytest.mark.parametrize(("game", "kind"), [(OldWorlds(), "old"), (NewWorlds(), "new")], ids=["old", "new"])
@pytest.mark.parametrize("weigh", [1, 4])
def test_the_search_uses_a_plugins_worlds_whichever_signature_it_has(
    game: Any, kind: str, weigh: int
) -> None:
    """An older two-argument ``plausible_world`` still serves the search (it is not asked to weigh)."""
    state = game.new_game(HighCardOptions(hand_size=5), 3, 2)
    seat = state.to_act()
    ASKED.clear()
    move = Search(Settings(iterations=12, weigh=weigh), random.Random(1)).run(
        Worlds(state, seat), state.view(seat), list(state.legal_actions())
    )
    assert move in state.legal_actions()
    assert ASKED and {k for k, _ in ASKED} == {kind}
    assert {w for _, w in ASKED} == ({1} if kind == "old" else {weigh})
    assert takes_weigh(type(state)) is (kind == "new")


def test_the_kit_checks_a_plugins_weighed_worlds_too() -> None:
    """``check_views_hide`` asks a game that can weigh for weighed worlds as well as plain ones."""
    state = NewWorlds().new_game(HighCardOptions(hand_size=5), 3, 2)
    ASKED.clear()
    check_views_hide(
        NewWorlds(), state, random.Random(0), new_record(NewWorlds(), HighCardOptions(hand_size=5), [], 2)
    )
    assert {w for _, w in ASKED} == {1, 4}


def test_weigh_with_uniform_worlds_is_an_error() -> None:
    """``weigh`` weighs plausible worlds: with ``beliefs=0`` it would do nothing, so it is refused."""
    with pytest.raises(OptionError, match="does nothing with beliefs=0"):
        parse_search(NewWorlds(), "ismcts:beliefs=0:weigh=4")
    assert parse_search(NewWorlds(), "ismcts:beliefs=0:weigh=1")[0].weigh == 1
