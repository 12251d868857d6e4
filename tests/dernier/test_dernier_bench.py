"""The benchmark script runs (briefly) and does not need OpenSpiel to import."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_dernier.py"


def test_benchmark_imports_without_open_spiel_and_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if open_spiel were not installed
    spec = importlib.util.spec_from_file_location("bench_dernier_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    decisions, games, seconds, stopped = module.bench_dernier(0.05, 1)
    assert decisions > 0 and games >= 1 and seconds > 0 and 0 <= stopped <= games
    assert module.bench_crazy_eights(0.01, 1) is None
