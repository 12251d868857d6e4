"""``cardgames resume`` and ``replay`` through typer: a saved game resumed or shown, or one line why not."""

from __future__ import annotations

import inspect
import io
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runs import run_main

from cardgames.cli import main as entry
from cardgames.play import commands, resuming

DERNIER = ["dernier", "--players", "bot,bot,bot,bot", "--seed", "1", "--option", "hands_to_win=1"]

COMMANDS = {"resume": commands.resume, "replay": commands.replay}


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_the_body_takes_the_commands_parameters_in_its_order(command: str) -> None:
    parameters = inspect.signature(resuming.body(command)).parameters.values()
    declared = inspect.signature(COMMANDS[command]).parameters.values()
    assert [p.name for p in parameters] == [p.name for p in declared]
    assert [p.default for p in parameters][1:] == [p.default for p in declared][1:]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a finished Dernier game, a finished Последний game and a Dernier game cut short."""
    folder = tmp_path_factory.mktemp("saved")
    (folder / "moves.txt").write_text("draw\n")
    lines = [
        [*DERNIER, "--save", "dernier.json"],
        ["posledniy", "-p", "bot,bot,bot", "--seed", "2", "--save", "posledniy.json"],
        ["dernier", "-p", "me,bot", "--seed", "1", "--moves", "moves.txt", "--save", "half.json"],
    ]
    for argv in lines:
        program = [sys.executable, "-m", "cardgames", "play", *argv]
        subprocess.run(program, cwd=folder, capture_output=True, check=False)
    assert all((folder / name).exists() for name in ("dernier.json", "posledniy.json", "half.json"))
    return folder


LINES = [
    ["resume", "half.json", "--save", "copy.json", "--overwrite", "--moves", "moves.txt"],
    ["resume", "half.json", "--save", "copy.json", "--overwrite", "--moves", "moves.txt", "--json"],
    ["resume", "dernier.json", "--save", "copy.json", "--overwrite", "--ascii"],
    ["resume", "missing.json"],
    ["resume", "moves.txt"],  # not a saved game
    ["resume", "half.json", "--save", "dernier.json"],  # exists: refused, nothing overwritten
    ["resume", "half.json", "--bot-delay", "11"],
    ["resume", "half.json", "--seet", "1"],
    ["resume", "--help"],
    ["resume"],
    ["replay", "dernier.json"],
    ["replay", "posledniy.json", "--brief", "--ascii"],
    ["replay", "dernier.json", "--seat", "2", "--position"],
    ["replay", "half.json", "--seat", "P1"],
    ["replay", "dernier.json", "--seat", "P9"],
    ["replay", "half.json", "--position"],  # a position only once the game is finished
    ["replay", "missing.json"],
    ["replay", "dernier.json", "--step"],  # Enter, Enter, then q
    ["replay", "--help"],
    ["replay"],
]


@pytest.mark.parametrize("argv", LINES, ids=" ".join)
def test_the_program_resumes_replays_or_refuses_in_one_line(
    argv: list[str], saved: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(saved)
    before = (saved / "dernier.json").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\nq\n"))
    code, out, err = run_main(entry.main, argv, capsys)
    assert code in (0, 1, 2) and (out or err)
    assert "Traceback" not in out + err
    assert (saved / "dernier.json").read_bytes() == before
