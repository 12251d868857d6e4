"""The example that learns (benchmarks/rl_posledniy.py): it beats the random bot with 95% confidence."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "benchmarks" / "rl_posledniy.py"


@pytest.mark.slow
def test_learned_policy_beats_the_random_bot() -> None:
    spec = importlib.util.spec_from_file_location("rl_posledniy_under_test", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--seconds", "60", "--games", "1000"])
    assert result["low"] > 0  # the 95% interval of the chips won over the random bot's, per game
    assert result["learned"] > result["random"]
