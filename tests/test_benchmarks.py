"""The benchmark scripts run (briefly), count what they claim, and need no OpenSpiel to import."""

from __future__ import annotations

import importlib.util
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
