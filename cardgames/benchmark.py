"""Helpers for benchmark scripts: random play of our games and of an OpenSpiel game, measured alike.

Rates are measured in this process's CPU time, so other work on a shared machine does not
skew them. OpenSpiel is optional (``pip install open_spiel``, the ``bench`` extra).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from cardgames.game import Game, GameState


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


def random_play(
    game: Game[Any, Any],
    options: Any,
    players: int,
    seconds: float,
    seed: int,
    on_end: Callable[[GameState], None] | None = None,
) -> tuple[int, int, float]:
    """(decisions, games, CPU seconds) of uniform random legal play of one of our games.

    Games are started from seeds ``seed``, ``seed + 1``, …; ``on_end`` sees each finished
    state (to count deals, say). The inner loop is the one measured against OpenSpiel.
    """
    randrange = random.Random(seed).randrange
    decisions = games = 0
    game_seed = seed
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = game.new_game(options, players, game_seed)
        game_seed += 1
        legal_actions, apply, to_act = state.legal_actions, state.apply, state.to_act
        while to_act() is not None:
            legal = legal_actions()
            apply(legal[randrange(len(legal))])
            decisions += 1
        games += 1
        if on_end is not None:
            on_end(state)
    return decisions, games, clock() - start
