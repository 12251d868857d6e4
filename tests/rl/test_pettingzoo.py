"""PettingZoo's own API and seed tests on every game, and what the adapter promises beyond them."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from rl_games import GAMES, IDS

from cardgames.primitives.errors import OptionError
from cardgames.rl import pettingzoo_env


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_api_and_seed(game: Any, players: int, options: dict[str, Any]) -> None:
    env = pettingzoo_env(game, players=players, options=options, seed=3, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a Dict observation with a mask, as PettingZoo's card games have
        api_test(env, num_cycles=300)
        seed_test(lambda: pettingzoo_env(game, players=players, options=options), num_cycles=300)


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_whole_games_pay_the_outcome(game: Any, players: int, options: dict[str, Any]) -> None:
    """Played to the end, each agent's rewards add up to its score in the game's outcome."""
    env = pettingzoo_env(game, players=players, options=options, seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, terminated, _, _ = env.last()
        totals[agent] += reward
        action = None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    assert env.table is not None
    outcome = env.table.state.outcome()
    assert outcome is not None
    assert [totals[a] for a in env.possible_agents] == [float(s) for s in outcome.scores]


def test_illegal_action_changes_nothing() -> None:
    env = pettingzoo_env("posledniy", players=3, seed=5)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.agent_selection == agent
    assert env.infos[agent] == {"illegal_action": True}
    after = env.observe(agent)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_simultaneous_pass_hides_choices_until_all_are_in() -> None:
    """Pass Hearts' passes are chosen seat after seat; no other seat's observation tells two picks apart."""
    env = pettingzoo_env(GAMES[3][0], players=4, seed=2)
    assert env.table is not None and env.table.state.simultaneous()
    seat = env.table.seat()
    assert seat is not None
    a, b = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[:2]
    tables = [env.table.clone(), env.table.clone()]
    for table, number in zip(tables, (a, b), strict=True):
        table.play(seat, env.rules.actions.actions[number])
        assert table.state.simultaneous()
    for other in range(4):
        if other != seat:
            assert np.array_equal(tables[0].observe(other), tables[1].observe(other))
            assert np.array_equal(tables[0].mask(other), tables[1].mask(other))
    assert not np.array_equal(tables[0].observe(seat), tables[1].observe(seat))


def test_render_shows_the_table_as_text() -> None:
    env = pettingzoo_env("dernier", players=4, seed=1, render_mode="ansi")
    text = env.render()
    assert isinstance(text, str)
    assert "Your hand:" in text and f"{env.agent_selection} (you)" in text  # the agent to act's own view


def test_bad_setup_is_refused() -> None:
    with pytest.raises(OptionError, match="3 or 4 players"):
        pettingzoo_env("posledniy", players=7)
    with pytest.raises(OptionError, match="no_such_option"):
        pettingzoo_env("dernier", options={"no_such_option": 1})
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env("dernier", render_mode="rgb_array")


@pytest.mark.parametrize(
    "options",
    [
        {"hands_to_win": 1, "anticipo": True, "play_after_draw": True},
        {"hands_to_win": 1, "joker_mode": "draw5", "starter_effects": True},
    ],
)
def test_dernier_declares_every_action_it_lists(options: dict[str, Any]) -> None:
    """Dernier's own space (278 actions, not the derived 28,634) holds every action its variants list."""
    env = pettingzoo_env("dernier", players=4, options=options, seed=9)
    assert len(env.rules.actions) == 278
    rng = np.random.default_rng(3)
    for _ in env.agent_iter(max_iter=3000):
        obs, _, terminated, _, _ = env.last()  # the mask refuses an action outside the space
        env.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
