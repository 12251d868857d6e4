"""Helpers for benchmark scripts: drive an OpenSpiel game from a Python loop, for comparison.

Rates are measured in this process's CPU time, so other work on a shared machine does not
skew them. OpenSpiel is optional (``pip install open_spiel``, the ``bench`` extra).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any


def openspiel_random_play(
    name: str, params: Mapping[str, Any] | None, seconds: float, seed: int
) -> tuple[int, int, float] | None:
    """(decisions, games, CPU seconds) of uniform random play of an OpenSpiel game.

    Each decision is one ``legal_actions`` call, a random choice and ``apply_action``, the
    same work a Python loop over our games does; chance nodes are sampled by their own
    outcomes and not counted. Returns None when OpenSpiel is not installed.
    """
    try:
        import pyspiel
    except ImportError:
        return None
    game: Any = pyspiel.load_game(name, dict(params or {}))
    randrange = random.Random(seed).randrange
    decisions = games = 0
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[randrange(len(legal))])
            decisions += 1
        games += 1
    return decisions, games, clock() - start
