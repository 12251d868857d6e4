"""A replay's frame (its first line, each move's heading, its last line) is said in the reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.primitives.language import speaking


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A Dernier game of five moves, not finished, saved in English."""
    path = tmp_path / "game.json"
    args = ["play", "dernier", "--seed", "5", "--players", "me,bot,bot", "--lines", "--save", str(path)]
    CliRunner().invoke(app, args, input="1\n")
    assert path.exists()
    return path


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "it",
            ["5 mosse. Posti:", "mossa 3/5:", "La partita non è finita", "non era finita quando", "pesca"],
        ),
        ("ru", ["5 ходов. Места:", "ход 3/5:", "Партия не окончена", "не была окончена, когда", "беру"]),
    ],
)
def test_a_replay_is_framed_in_the_readers_language(saved: Path, code: str, said: list[str]) -> None:
    with speaking(code):
        out = " ".join(CliRunner().invoke(app, ["replay", str(saved)]).output.split())
    for words in said:
        assert words in out
    for english in ("moves. Seats:", "move 3/5", "The game is not finished", "was not finished when"):
        assert english not in out
