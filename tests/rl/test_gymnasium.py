"""Gymnasium's environment checker on every game, against bots of every kind, and the learner's rewards."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_games import GAMES, IDS

from cardgames.primitives.errors import OptionError
from cardgames.rl import gymnasium_env


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_env_checker(game: Any, players: int, options: dict[str, Any]) -> None:
    env = gymnasium_env(game, seat=1, players=players, options=options, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no spec: the env is made directly, not through gymnasium.make
        check_env(env, skip_render_check=False)


@pytest.mark.parametrize(
    ("game", "opponents"),
    [("posledniy", ["hard", "heuristic"]), ("dernier", ["medium", "easy"])],
)
def test_env_checker_against_search_bots(game: str, opponents: list[str]) -> None:
    """The levels that search (``hard`` included) play from worlds the environment deals them."""
    options = GAMES[IDS.index(game)][2]
    env = gymnasium_env(game, seat=0, opponents=opponents, players=3, options=options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env)


def test_a_whole_game_pays_the_learner_its_outcome() -> None:
    env = gymnasium_env("posledniy", seat=2, opponents="random", players=3, options=GAMES[1][2])
    rng = np.random.default_rng(1)
    obs, info = env.reset(seed=4)
    total, over = 0.0, False
    while not over:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        obs, reward, over, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert not truncated
        total += reward
    assert env.table is not None
    outcome = env.table.state.outcome()
    assert outcome is not None and total == outcome.scores[2]
    with pytest.raises(OptionError, match="reset"):
        env.step(0)


def test_illegal_action_changes_nothing() -> None:
    env = gymnasium_env("dernier", seat=0, opponents="random", players=3)
    obs, _ = env.reset(seed=8)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, over, _, info = env.step(illegal)
    assert info["illegal_action"] and reward == 0.0 and not over
    assert np.array_equal(obs["observation"], again["observation"])


def test_same_seed_same_game() -> None:
    runs = []
    for _ in range(2):
        env = gymnasium_env("posledniy", seat=0, opponents="medium", players=3, options=GAMES[1][2])
        obs, _ = env.reset(seed=21)
        seen = [obs["observation"]]
        for _ in range(10):
            obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            seen.append(obs["observation"])
        runs.append(np.stack(seen))
    assert np.array_equal(runs[0], runs[1])


def test_bad_setup_is_refused() -> None:
    with pytest.raises(OptionError, match="no bot called 'grandmaster'"):
        gymnasium_env("dernier", opponents="grandmaster")
    with pytest.raises(OptionError, match="no seat 5"):
        gymnasium_env("dernier", seat=5, players=4)
    with pytest.raises(OptionError, match="2 opponents are needed"):
        gymnasium_env("posledniy", players=3, opponents=["random"])
