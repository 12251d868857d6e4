"""Issue 12: with moves from a pipe or a file the move timer is off, and the prompt says so (D-19)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardgames.cli.app import app


def test_d19_a_piped_prompt_says_the_timer_is_off_instead_of_counting_down(runner: CliRunner) -> None:
    args = ["play", "dernier", "--seed", "8", "-o", "move_seconds=5"]
    out = runner.invoke(app, args, input="hint\nquit\n\n").output
    assert "s left)" not in out
    assert "You, your move (no move timer: not typed at a terminal): hint" in out
    flat = " ".join(out.split())
    said = "Move timer: 5 seconds per move typed at a terminal; moves read from a file or a pipe are not"
    said += " timed."
    assert said in flat


def test_d19_a_moves_file_is_not_timed_either(runner: CliRunner, tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("hint\n", encoding="utf-8")
    args = ["play", "dernier", "--seed", "8", "-o", "move_seconds=1", "--moves", str(moves)]
    out = runner.invoke(app, args).output
    assert "(1 s left)" not in out and "(no move timer: not typed at a terminal): hint" in out
