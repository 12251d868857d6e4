"""The benchmark scripts run (briefly), count what they claim, and need no OpenSpiel to import."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from harness import random_play, spread

from cardgames.core.options import make_options
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import PRESETS, DernierOptions

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"{name}_under_test", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_playouts_without_open_spiel_compare_with_the_ceiling_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if open_spiel were not installed
    module = _load("bench_playouts")
    unit, rows = module.contenders("dernier-short")
    assert unit == "games"
    assert [label for label, _ in rows] == ["Dernier turn_limit=85", "pure-Python ceiling loop"]
    for _, run in rows:
        decisions, games, seconds = run(0.02, 1)
        assert decisions >= games >= 1 and seconds > 0


def test_random_play_counts_every_decision_of_whole_games() -> None:
    options = make_options(DernierOptions, PRESETS, "quick", {"hands_to_win": 1, "turn_limit": 50})
    decisions, games, _ = random_play(Dernier(), options, 4, 0.01, 3)
    # a hand stops at the turn limit, so no game is longer than 50 decisions
    assert games <= decisions <= 50 * games


def test_the_playout_budget_splits_a_game_into_deal_loop_and_moves() -> None:
    """playout_budget.split_play: the deals and the bare loop are parts of the games' time, seen apart."""
    decisions, games, spent, dealt, looped = _load("playout_budget").split_play(0.05, 1)
    assert games >= 1 and games <= decisions <= 85 * games  # dernier-short stops at its turn limit
    assert 0 < dealt < spent and looped > 0


def test_the_ceiling_loop_plays_legal_games() -> None:
    decisions, games, _ = _load("ceiling").shedding_play(0.01, 2, limit=30)
    assert games <= decisions <= 30 * games


def test_spread_is_min_median_max() -> None:
    assert spread([3.0, 1.0, 2.0, 10.0]) == (1.0, 2.5, 10.0)


def test_openspiel_lean_loop_counts_player_moves_only() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from harness import check_uniform_chance, openspiel_lean_play

    game = pyspiel.load_game("crazy_eights", {"players": 4})
    assert check_uniform_chance(game, 2, 0) > 0
    decisions, games, _ = openspiel_lean_play(game, 0.01, 1)
    assert decisions > games >= 1


def test_the_lab_plugin_benchmark_runs_simulate_for_an_installed_plugin(tmp_path: Path) -> None:
    import argparse

    module = _load("lab_plugin")
    env = module.install(tmp_path, module.ROOT)
    args = argparse.Namespace(
        games=2, workers=1, bots="heuristic,heuristic", preset="quick", highcard_bots=""
    )
    games_per_second, decisions_per_second, cpu = module.simulate("dernier-plugin", args, env, tmp_path / "o")
    assert decisions_per_second > games_per_second > 0 and cpu > 0


def test_the_search_benchmarks_search_and_count_their_iterations() -> None:
    speed = _load("search_speed")
    states = speed.positions("posledniy", 3, "points", 1)
    iterations, seconds = speed.run("posledniy", 3, states, "random", 12)
    assert iterations == 12 and seconds > 0
    peers = _load("search_peers")
    assert peers.ours(1)(0) == peers.ITERATIONS


def test_openspiel_ismcts_is_searched_in_both_of_its_forms() -> None:
    pytest.importorskip("pyspiel")
    peers = _load("search_peers")
    hearts = peers.load_openspiel("hearts")
    states = peers.hearts_positions(hearts, 1)
    assert peers.openspiel_cpp(hearts, states)(0) == peers.ITERATIONS


def test_a_lab_run_becomes_markdown_tables() -> None:
    tables = _load("lab_tables")
    short = ["-o", "hands_to_win=1", "--seed", "1", "-w", "1"]
    arena = tables.run_csv(["arena", "dernier", "--bots", "heuristic,random", "-p", "2", "-n", "1", *short])
    lines = tables.arena_tables(arena[0], arena[1])
    assert lines[0].startswith("| bot | wins [95%]") and len(lines) == 2 + 2 + 1 + 2 + 1
    assert lines[-1].startswith("| heuristic | random | 2 | 0 | 0 |")  # both seatings of the one deal
    study = tables.run_csv(["simulate", "dernier", "-n", "2", *short, "--vs", "ace_penalty=3"])
    lines = tables.simulation_tables(study[0], {"length"})
    assert lines[0].count("|") == 4  # the figure and two variants
    assert [line.split(" | ")[0] for line in lines[2:]] == ["| decisions per game", "| hands per game"]


def test_the_perfect_worlds_benchmark_searches_its_own_worlds() -> None:
    """Its worlds stand in for ``Worlds``: a search runs in them as in the table's (inside ``guarding``)."""
    perfect = _load("perfect_worlds")
    state = perfect.GAME.new_game(make_options(DernierOptions, PRESETS, "quick", {}), 3, 1)
    seat = state.to_act()
    for kind in ("all", "hands", "plausible"):
        settings = perfect.Settings(iterations=8)
        bot = perfect.PerfectBot(state, seat, random.Random(1), settings, None, kind)
        assert bot.choose(state.view(seat), list(state.legal_actions())) in state.legal_actions()


def test_the_plugin_comparison_plays_the_installed_example_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    module = _load("bench_playouts")
    unit, rows = module.contenders("plugin")
    assert unit == "games" and [label for label, _ in rows] == [module.PLUGIN]
    decisions, games, seconds = rows[0][1](0.05, 1)
    assert decisions > games >= 1 and seconds > 0


def test_the_leaf_fit_finds_the_weights_behind_its_winners() -> None:
    """dernier_leaf.fit: winners drawn from a known conditional logit give back its weights."""
    import numpy as np

    module = _load("dernier_leaf")
    rng = np.random.default_rng(0)
    features = rng.normal(size=(6000, 4, 2))
    truth = np.array([1.0, -0.5])
    chances = np.exp(features @ truth)
    chances /= chances.sum(axis=1, keepdims=True)
    winners = np.array([rng.choice(4, p=row) for row in chances])
    assert np.allclose(module.fit(features, winners), truth, atol=0.1)


def test_the_leaf_benchmark_scores_the_guesses_on_held_out_deals() -> None:
    losses, weights, held = _load("dernier_leaf").measure(4, 20, 1)
    assert held > 100 and len(weights) == 14
    assert losses["leaf.py's weights"] < min(losses["cards alone (e^-0.6 a card)"], losses["even chances"])
