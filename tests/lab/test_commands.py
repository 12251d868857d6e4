"""simulate and arena for people: one-line errors, --out and --resume, Ctrl-C, --plot, --csv."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.lab.backends import Serial
from cardgames.lab.plan import simulation_plan
from cardgames.lab.result import GameResult
from cardgames.lab.runner import BatchError, run
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

QUICK = ["simulate", "posledniy", "-p", "random,random,random", "--preset", "quick", "-w", "1"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "nope"], "no game called 'nope'"),
        (["simulate", "posledniy", "-n", "0"], "--games must be at least 1"),
        (["simulate", "posledniy", "-p", "me,bot,bot"], "simulations seat bots only"),
        (["simulate", "posledniy", "-p", "2"], "played by 3 to 4 players"),
        (["simulate", "posledniy", "-o", "target=0"], "option target must be from 1 to 100"),
        (["simulate", "posledniy", "--vs", "target"], "must be written OPTION=VALUE"),
        (["simulate", "posledniy", "--vs", "colour=red"], "unknown option 'colour'"),
        (["simulate", "posledniy", "--vs", "players=heuristic,me,bot"], "--vs players: 'me' is not a bot"),
        (["simulate", "posledniy", "-w", "0"], "--workers must be at least 1"),
        (["simulate", "posledniy", "--dask", "local", "--ray", "local"], "choose one of --dask and --ray"),
        (["simulate", "posledniy", "--json", "--csv"], "choose one of --json and --csv"),
        (["simulate", "posledniy", "--resume"], "give --out"),
        (["simulate", "posledniy", "--plot", "x.pdf"], "must end in .png or .svg"),
        (["simulate", "posledniy", "--seed", "-3"], "--seed must be zero or more"),
        (["simulate", "posledniy", "--batch", "0", "-n", "2", "-w", "1"], "--batch must be at least 1"),
        (["arena", "posledniy", "--bots", "heuristic"], "at least two bots"),
        (["arena", "posledniy", "--bots", "heuristic,clever"], "'clever' is not a bot"),
        (["arena", "posledniy", "--bots", "heuristic,random", "-n", "0"], "--deals must be at least 1"),
    ],
)
def test_bad_options_get_one_clear_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert message in lines[0]


def results_of(path: Path) -> list[GameResult]:
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return sorted((GameResult.from_data(json.loads(line)) for line in lines), key=lambda g: g.index)


def test_out_writes_every_result_and_resume_finishes_a_cut_run(tmp_path: Path) -> None:
    runner = CliRunner()
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    args = [*QUICK, "-n", "30", "--seed", "5"]
    assert runner.invoke(app, [*args, "--out", str(whole)]).exit_code == 0
    lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 31 and json.loads(lines[0])["format"] == "cardgames-simulation"
    # a run killed after 12 results, in the middle of writing the 13th
    cut.write_text("".join(lines[:13]) + lines[13][:40], encoding="utf-8")
    again = runner.invoke(app, [*args, "--out", str(cut)])
    assert again.exit_code == 2 and "exists; add --resume" in again.output
    other = runner.invoke(app, [*QUICK, "-n", "30", "--seed", "6", "--out", str(cut), "--resume"])
    assert other.exit_code == 2 and "holds a different run" in other.output
    resumed = runner.invoke(
        app, [*QUICK, "-n", "30", "--out", str(cut), "--resume"]
    )  # the seed is the file's
    assert resumed.exit_code == 0, resumed.output
    assert "12 from the --out file" in resumed.output
    assert results_of(cut) == results_of(whole)


def test_a_run_dealt_before_keyed_deals_is_not_resumed_into(tmp_path: Path) -> None:
    """Its games were dealt by random.Random: the rest would be other deals, so it is another run."""
    runner = CliRunner()
    cut = tmp_path / "old.jsonl"
    args = [*QUICK, "-n", "6", "--seed", "5", "--out", str(cut)]
    assert runner.invoke(app, args).exit_code == 0
    lines = cut.read_text(encoding="utf-8").splitlines(keepends=True)
    head = json.loads(lines[0])
    assert head["schema"] == 2
    cut.write_text(json.dumps({**head, "schema": 1}) + "\n" + "".join(lines[1:4]), encoding="utf-8")
    resumed = runner.invoke(app, [*QUICK, "-n", "6", "--out", str(cut), "--resume"])
    assert resumed.exit_code == 2 and "holds a different run (schema differ)" in resumed.output


def test_json_and_csv_reports_for_tools(tmp_path: Path) -> None:
    runner = CliRunner()
    data = json.loads(runner.invoke(app, [*QUICK, "-n", "20", "--seed", "1", "--json"]).output)
    (variant,) = data["variants"]
    rows = {r["label"]: r for r in variant["rows"]}
    assert rows["hands per game"]["n"] == 20
    assert rows["dealer loses the hand"]["low"] <= rows["dealer loses the hand"]["value"]
    assert "all-tricks deals per game" in rows
    assert set(variant["decisions"]) == {"min", "p10", "median", "p90", "max"}
    tiny = json.loads(runner.invoke(app, [*QUICK, "-n", "4", "--seed", "1", "--json"]).output)
    counts = [r for r in tiny["variants"][0]["rows"] if r["section"] in ("statistics", "length")]
    assert counts and all(r["low"] >= 0 for r in counts), "a count's interval reached below zero"
    text = runner.invoke(app, [*QUICK, "-n", "20", "--seed", "1", "--csv", "--vs", "target=2"]).output
    head, *rest = text.splitlines()
    assert head.startswith("variant,section,label,value,low,high")
    assert "section,label,a,b,change,p_value,significant" in rest


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_plot_draws_a_file_and_never_overwrites_one(tmp_path: Path, suffix: str) -> None:
    pytest.importorskip("matplotlib")
    runner = CliRunner()
    target = tmp_path / f"fig{suffix}"
    result = runner.invoke(app, [*QUICK, "-n", "20", "--vs", "target=2", "--plot", str(target)])
    assert result.exit_code == 0, result.output
    assert f"Plot written to {target.resolve()}" in result.output.replace("\n", "")  # says where
    head = target.read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in target.read_bytes()[:2000]
    assert len(head) == 200
    again = runner.invoke(app, [*QUICK, "-n", "2", "--plot", str(target)])
    assert again.exit_code == 2 and "exists" in again.output
    arena_fig = tmp_path / f"arena{suffix}"
    args = [
        "arena",
        "posledniy",
        "--bots",
        "heuristic,random",
        "-p",
        "3",
        "-n",
        "2",
        "-w",
        "1",
        "--plot",
        str(arena_fig),
    ]
    ran = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert ran.exit_code == 0, ran.output
    assert arena_fig.stat().st_size > 1000
    assert f"Plot written to {arena_fig.resolve()}" in ran.output
    # what a win is, in a game with one loser
    assert "wins: games where the bot's seat is among the winners (in a game with one loser" in ran.output


@pytest.mark.e2e
def test_ctrl_c_stops_cleanly_reports_what_finished_and_resume_completes_the_run(tmp_path: Path) -> None:
    exe = shutil.which("cardgames")
    assert exe is not None
    out = tmp_path / "run.jsonl"
    args = [exe, *QUICK[:-2], "-n", "600", "--seed", "8", "--batch", "4", "-w", "2", "--out", str(out)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or out.read_text().count("\n") < 9):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr + stdout
    assert "interrupted: the report covers the" in stdout
    finished = out.read_text().count("\n") - 1
    assert 8 <= finished < 600
    assert f"{finished} of 600 games" in stdout.replace("\n", " ")
    done = subprocess.run(
        [*args[:-4], "-w", "1", "--out", str(out), "--resume"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert f"{finished} from the --out file" in done.stdout.replace("\n", " ")
    game = find_game("posledniy")
    plan = simulation_plan(game, build_options(game, "quick", []), ["random"] * 3, 8, 600)
    assert results_of(out) == run(game, [plan], Serial()).results[0]


def test_a_game_that_breaks_in_a_worker_is_a_one_line_error_naming_the_cause(tmp_path: Path) -> None:
    from lab_games import Duel, DuelState

    class Broken(Duel):
        """Duel whose games fail at their third decision, as a buggy plugin might."""

        def new_game(self, options: Any, players: int, seed: int) -> DuelState:
            state = super().new_game(options, players, seed)
            apply = state.apply
            calls = [0]

            def failing(action: Any) -> None:
                calls[0] += 1
                if calls[0] == 3:
                    raise ZeroDivisionError("division by zero in the plugin")
                apply(action)

            state.apply = failing  # type: ignore[method-assign]
            return state

    game = Broken()
    plan = simulation_plan(game, game.options_type(), ["random"] * 2, 1, 3)
    with pytest.raises(
        BatchError, match="a batch failed in this process: ZeroDivisionError: division by zero"
    ):
        run(game, [plan], Serial())
