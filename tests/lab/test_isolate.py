"""``--isolate-bots`` in the lab: the same games with bots in child processes; the search stays in process."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.lab.result import GameResult


def _results(path: Path) -> list[GameResult]:
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return sorted((GameResult.from_data(json.loads(line)) for line in lines), key=lambda g: g.index)


def test_simulate_plays_the_same_games_with_and_without_isolate_bots(tmp_path: Path) -> None:
    runs = []
    for isolate in (False, True):
        out = tmp_path / f"{isolate}.jsonl"
        args = ["simulate", "posledniy", "-p", "heuristic,random,random", "--preset", "quick", "-n", "2"]
        args += ["--seed", "9", "-w", "1", "--out", str(out), "--json"]
        result = CliRunner().invoke(app, [*args, *(["--isolate-bots"] if isolate else [])])
        assert result.exit_code == 0, result.output
        runs.append((out.read_text(encoding="utf-8").splitlines()[0], _results(out)))
    (plain_head, plain), (isolated_head, isolated) = runs
    assert plain_head == isolated_head  # the --out file describes what is played, not how
    assert plain == isolated and len(plain) == 2


def test_arena_with_isolate_bots_seats_hard_beside_an_isolated_bot() -> None:
    """A search bot used to be refused with isolation; it now plays in process beside the isolated ones."""
    args = ["arena", "dernier", "--bots", "ismcts:iterations=8,random", "-n", "1", "--seed", "2"]
    result = CliRunner().invoke(app, [*args, "-o", "hands_to_win=1", "-w", "1", "--isolate-bots", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games_played_now"] == 2
