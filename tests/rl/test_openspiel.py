"""OpenSpiel's random simulation test on every game, and its own ISMCTS bot and evaluate_bots on ours."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.bots import uniform_random
from rl_games import GAMES, IDS

from cardgames.primitives.errors import OptionError
from cardgames.rl import openspiel_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_random_sim_test(game: Any, players: int, options: dict[str, Any]) -> None:
    if game == "dernier":  # every state's information state is written for every seat: keep hands short
        options = {**options, "turn_limit": 100}
    made = openspiel_game(game, players=players, options=options, seeds=50)
    pyspiel.random_sim_test(made, num_sims=2, serialize=False, verbose=False)


def test_bad_seeds_are_refused() -> None:
    with pytest.raises(OptionError, match="seeds is a whole number of deals from 1 up, not 0"):
        openspiel_game("posledniy", seeds=0)


def test_registered_by_name_and_the_process_exits_cleanly() -> None:
    """In a process of its own: pyspiel keeps a registered factory until after Python stops."""
    script = textwrap.dedent(
        """
        import pyspiel
        from cardgames.rl.spiel import register
        name = register("posledniy")
        loaded = pyspiel.load_game(name, {"players": 3, "seeds": 10})
        state = loaded.new_initial_state()
        print(name, loaded.num_players(), loaded.max_chance_outcomes(), len(state.chance_outcomes()))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["cardgames_posledniy", "3", "10", "10"]


class RestartableISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS bot, which keeps nothing between moves, with the restart evaluate_bots calls."""

    def restart_at(self, state: Any) -> None:
        """Nothing to forget."""


def test_ismcts_and_evaluate_bots() -> None:
    made = openspiel_game("posledniy", players=3, options=GAMES[1][2])
    rng = np.random.RandomState(7)
    search = RestartableISMCTS(made, mcts.RandomRolloutEvaluator(1, rng), 2.0, 10, random_state=rng)
    bots = [search, uniform_random.UniformRandomBot(1, rng), uniform_random.UniformRandomBot(2, rng)]
    returns = evaluate_bots.evaluate_bots(made.new_initial_state(), bots, rng)
    assert len(returns) == 3 and sum(returns) == 0  # chips: a zero-sum game


def test_information_state_is_the_seats_own() -> None:
    """Re-dealing what a seat cannot see (the search's resampling) keeps its strings and tensors."""
    made = openspiel_game("dernier", players=3, options=GAMES[0][2])
    state = made.new_initial_state()
    state.apply_action(4)
    rng = np.random.RandomState(0)
    for _ in range(40):
        seat = state.current_player()
        other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))
