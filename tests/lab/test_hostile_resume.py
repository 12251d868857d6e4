"""``simulate --resume`` of hostile ``--out`` files: bounded reading, and every line checked first."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app

BOTS = "random,random,random,random"
DERNIER = ["simulate", "dernier", "-p", BOTS, "-o", "hands_to_win=1", "-w", "1", "-n", "4", "--seed", "7"]
POSLEDNIY = ["simulate", "posledniy", "-p", BOTS, "--preset", "quick", "-w", "1", "-n", "4", "--seed", "7"]


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """The lines of real runs: Dernier, Последний on the same seeds, and Dernier with --vs."""
    folder = tmp_path_factory.mktemp("runs")
    out: dict[str, list[str]] = {}
    vs = [*DERNIER, "--vs", "jokers=2"]
    for name, args in (("dernier", DERNIER), ("posledniy", POSLEDNIY), ("vs", vs)):
        path = folder / f"{name}.jsonl"
        result = CliRunner().invoke(app, [*args, "--out", str(path)])
        assert result.exit_code == 0, result.output
        out[name] = path.read_text(encoding="utf-8").splitlines()
    return out


def _changed(line: str, **fields: object) -> str:
    item = json.loads(line)
    item.update(fields)
    return json.dumps(item)


def _resume(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*DERNIER, "--out", str(path), "--resume"])
    return result.exit_code, result.output


def _bad_lines(runs: dict[str, list[str]]) -> dict[str, str]:
    """One line of each kind that no Dernier run of DERNIER wrote (the third game's place)."""
    third = runs["dernier"][3]
    return {
        # item 13: readable but wrong
        "nested brackets": "[" * 200_000 + "]" * 200_000,
        "a huge index": third.replace(f'"index": {json.loads(third)["index"]}', '"index": 1e400'),
        "variant 5": _changed(third, variant=5),
        "a --vs line": next(line for line in runs["vs"][1:] if json.loads(line)["variant"] == 1),
        "winner 17": _changed(third, winners=[17]),
        "a short line-up": _changed(third, lineup=["random"] * 3),
        # item 14: foreign or impossible
        "another seed": _changed(third, seed=99),
        "a Последний result": next(line for line in runs["posledniy"][1:] if json.loads(line)["index"] == 2),
        "a second line for a game": _changed(runs["dernier"][2], winners=[], capped=False),
        "index 999": _changed(third, index=999),
        "index -1": _changed(third, index=-1),
        "scores too short": _changed(third, scores=[1.0]),
        "a boolean decision count": _changed(third, decisions=True),
        "an infinite score": _changed(third, scores=[float("inf"), 0.0, 0.0, 0.0]),
    }


@pytest.mark.parametrize(
    "kind",
    [
        "nested brackets",
        "a huge index",
        "variant 5",
        "a --vs line",
        "winner 17",
        "a short line-up",
        "another seed",
        "a Последний result",
        "a second line for a game",
        "index 999",
        "index -1",
        "scores too short",
        "a boolean decision count",
        "an infinite score",
    ],
)
def test_a_line_that_is_no_result_of_the_run_is_one_error_and_nothing_is_played(
    runs: dict[str, list[str]], tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "run.jsonl"
    # the header and two games, then the bad line in the place of the third; the fourth is missing
    text = "\n".join([*runs["dernier"][:3], _bad_lines(runs)[kind]]) + "\n"
    path.write_text(text, encoding="utf-8")
    for _ in range(2):  # nothing was appended, so a second try says the same
        code, output = _resume(path)
        assert code == 2, output
        assert "Traceback" not in output and output.count("\n") == 1, output
        assert output.startswith("error: ") and "line 4 is no result of this run" in output, output
        assert path.read_text(encoding="utf-8") == text


def test_the_lines_of_the_run_itself_are_counted(runs: dict[str, list[str]], tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text("\n".join(runs["dernier"][:3]) + "\n", encoding="utf-8")
    code, output = _resume(path)
    assert code == 0 and "2 from the --out file" in output, output
    assert sorted(path.read_text(encoding="utf-8").splitlines()) == sorted(runs["dernier"])


def _resume_apart(path: Path, *seed: str) -> subprocess.CompletedProcess[str]:
    args = [a for a in DERNIER if a not in ("--seed", "7")] + list(seed)
    return subprocess.run(
        [sys.executable, "-m", "cardgames", *args, "--out", str(path), "--resume"],
        capture_output=True,
        text=True,
        timeout=30,
    )


@pytest.mark.parametrize("seed", [(), ("--seed", "7")])
def test_resume_of_a_fifo_or_a_link_to_dev_zero_is_refused_at_once(
    tmp_path: Path, seed: tuple[str, ...]
) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs")
    fifo, zero = tmp_path / "fifo.jsonl", tmp_path / "zero.jsonl"
    os.mkfifo(fifo)
    zero.symlink_to("/dev/zero")
    for target in (fifo, zero):
        run = _resume_apart(target, *seed)
        assert run.returncode == 2 and "not a regular file" in run.stderr, run.stderr
        assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr


def test_a_file_larger_than_the_run_can_fill_is_refused_before_reading(
    runs: dict[str, list[str]], tmp_path: Path
) -> None:
    path = tmp_path / "big.jsonl"
    path.write_text(runs["dernier"][0] + "\n", encoding="utf-8")
    with path.open("r+b") as fh:
        fh.truncate(8 * 1024**3)  # sparse: takes no disk
    code, output = _resume(path)
    assert code == 2 and "more than this run can fill" in output and output.count("\n") == 1, output
