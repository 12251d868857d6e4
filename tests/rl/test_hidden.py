"""Hidden information stays hidden: a seat's observation is the same in every world it cannot tell apart."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from rl_games import GAMES, IDS

from cardgames.rl.table import Rules


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_observation_unchanged_when_the_others_cards_are_dealt_again(
    game: Any, players: int, options: dict[str, Any]
) -> None:
    rules = Rules(game, players, options)
    rng = random.Random(5)
    redealt = 0  # worlds whose hidden cards differ from the true ones: the check is not vacuous
    for seed in range(3):
        table = rules.start(seed)
        for _ in range(150):
            seat = table.seat()
            if seat is None:
                break
            for s in range(players):
                world = table.state.determinize(s, rng)
                assert np.array_equal(rules.encoding.encode(world.view(s)), table.observe(s))
                assert np.array_equal(rules.actions.mask(world.legal_actions_for(s), "x"), table.mask(s))
                others = [rules.encoding.encode(world.view(o)) for o in range(players) if o != s]
                truth = [table.observe(o) for o in range(players) if o != s]
                redealt += any(not np.array_equal(a, b) for a, b in zip(others, truth, strict=True))
            legal = table.legal(seat)
            table.play(seat, legal[rng.randrange(len(legal))])
    assert redealt > 0
