"""``cardgames play`` reads its command line through typer: a game, or one line saying what is wrong."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from cli_runs import run_main

from cardgames.cli import main as entry
from cardgames.play import commands, playing

GAME = ["dernier", "--players", "bot,bot,bot,bot", "--seed", "1", "--option", "hands_to_win=1"]


def test_the_play_body_takes_the_commands_parameters_in_its_order() -> None:
    body = inspect.signature(playing.play).parameters.values()
    command = inspect.signature(commands.play).parameters.values()
    assert [p.name for p in body] == [p.name for p in command]
    assert [p.default for p in body][1:] == [p.default for p in command][1:]


@pytest.mark.parametrize(
    "argv",
    [
        ["play", *GAME],
        ["play", *GAME, "--json"],
        ["play", "posledniy", "-p", "bot,bot,bot", "--seed=4", "--ascii"],
        ["play", "dernir", "--seed", "1"],  # did you mean dernier?
        ["play", "dernier", "--seed", "x"],
        ["play", "dernier", "--seed", "1", "-o", "jokers=9"],
        ["play", "dernier", "--seed", "1", "-o", "jokrs=1"],  # did you mean jokers?
        ["play", "dernier", "--seed", "1", "--preset", "quik"],
        ["play", "dernier", "--players", "bot,bot:nobody", "--seed", "1"],
        ["play", "dernier", "--players", "bot", "--seed", "1"],
        ["play", "dernier", "--seed", "1", "--create"],  # --create needs --tournament
        ["play", "dernier", "--playrs", "bot,bot"],  # typer's, both ways: did you mean --players?
        ["play", "dernier", "--seed"],
        ["play", "dernier", "--bot-delay", "11"],
        ["play", "--help"],
        ["play"],
    ],
    ids=" ".join,
)
def test_the_program_plays_or_refuses_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run_main(entry.main, argv, capsys)
    assert code in (0, 2) and (out or err)
    assert "Traceback" not in out + err
    if code == 2 and argv[-1] != "--help" and argv != ["play"]:
        assert err.startswith("error: ") and err.count("\n") == 1, err


def test_a_game_whose_moves_end_early_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("draw\n")
    argv = ["play", "dernier", "-p", "me,bot", "--seed", "1", "--moves", str(moves)]
    code, _, _ = run_main(entry.main, argv, capsys)
    assert code == 1
