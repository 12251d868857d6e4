"""The speed benchmark (benchmarks/bench_rl.py) runs, briefly, and measures every installed contender."""

from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_rl.py"


def test_bench_rl_measures_ours_and_the_installed_peers() -> None:
    spec = importlib.util.spec_from_file_location("bench_rl_under_test", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rows = module.main(["--repeat", "1", "--slice", "0.05"])
    labels = [label for label, _ in rows]
    assert labels[:2] == [
        "cardgames posledniy (PettingZoo AEC, 3 players)",
        "cardgames dernier (PettingZoo AEC, 4 players)",
    ]
    assert all(low > 0 for _, (low, _, _) in rows)
