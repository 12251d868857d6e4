"""A name is shown as it was typed: rich's emoji codes (``:smile:``) are not turned into pictures."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardgames.cli.app import app


def test_a_players_name_with_an_emoji_code_is_shown_as_typed(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("quit\nn\n")
    argv = ["play", "dernier", "--players", ":smile:,bot", "--seed", "1", "--moves", str(moves)]
    result = CliRunner().invoke(app, argv, terminal_width=100)
    assert "Seats: :smile: and " in result.output
    assert "\N{SMILING FACE WITH OPEN MOUTH AND SMILING EYES}" not in result.output


def test_an_unknown_games_name_is_shown_as_typed() -> None:
    result = CliRunner().invoke(app, ["rules", ":smile:"], terminal_width=100)
    assert result.exit_code == 2 and "no game called ':smile:'" in result.output
