"""A move the terminal refuses or penalises is said in the player's language (not in English)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.primitives.language import speaking

# Seed 5, three seats: the person's third card (6♦) does not answer the 4♣ and 3♣ on the pile.
ARGS = ["play", "dernier", "--lines", "--seed", "5", "--players", "me,bot,bot"]


@pytest.mark.parametrize(
    ("mode", "typed", "said"),
    [
        ("strict", "3\ns\n", "Quella mossa non era permessa e costa una penalità."),
        ("forgiving", "3\n", "Non si può: 6♦ non risponde"),
    ],
)
def test_a_refused_or_penalised_move_is_said_in_italian(mode: str, typed: str, said: str) -> None:
    with speaking("it"):
        result = CliRunner().invoke(app, [*ARGS, "-o", f"misplay={mode}"], input=typed)
    out = " ".join(result.output.split())  # lines are wrapped at 80
    assert said in out
    assert "Not allowed" not in out and "not allowed, and it costs" not in out
