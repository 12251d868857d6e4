"""``cardgames ARGS`` for the lab's tests, in this process and in the language its ``--lang`` asks for."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.cli.lang import language_from
from cardgames.primitives.language import speaking


def lab(*args: str) -> Any:
    """``cardgames ARGS``, its ``--lang`` read and spoken as the program does, on a wide terminal."""
    code, rest = language_from(list(args), {})
    with speaking(code):
        return CliRunner().invoke(app, rest, env={"COLUMNS": "400"})


def footer(*args: str) -> str:
    """The last line of a run's report: how the run went."""
    result = lab(*args)
    assert result.exit_code == 0, result.output
    return result.output.strip().splitlines()[-1]
