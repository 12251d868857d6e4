"""Issue 13 item 12: a click-level usage mistake is one line and exit code 2, for every command."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.cli.lazy import LAZY


def _commands() -> list[tuple[tuple[str, ...], Any]]:
    """Every command path of the program (lazy ones loaded) with its click command."""
    root: Any = typer.main.get_command(app)
    for name in LAZY:
        root.load(name)
    found: list[tuple[tuple[str, ...], Any]] = []

    def walk(path: tuple[str, ...], command: Any) -> None:
        found.append((path, command))
        for name, sub in getattr(command, "commands", {}).items():
            walk((*path, name), sub)

    walk((), root)
    return found


COMMANDS = _commands()
PATHS = [path for path, _ in COMMANDS]
WITH_ARGUMENT = [
    path
    for path, command in COMMANDS
    if any(p.param_type_name == "argument" and p.required for p in getattr(command, "params", []))
]
GROUPS = [path for path, command in COMMANDS if hasattr(command, "commands")]


def _reads_a_number(param: Any) -> bool:
    """Whether typer reads the option as a number or a choice (typer 0.29 and earlier ones alike)."""
    described = getattr(param, "type_descriptor", None)
    if described is not None:
        return bool(described.is_choice or described.annotation in (int, float))
    return getattr(param.type, "name", "").startswith(("int", "float", "choice"))


NUMBERS = [  # options typer itself reads as numbers (or choices, should a command declare one)
    (path, param.opts[0])
    for path, command in COMMANDS
    for param in getattr(command, "params", [])
    if param.param_type_name == "option" and not param.is_flag and _reads_a_number(param)
]
assert NUMBERS, "no option is read as a number: the bad-value test would test nothing"


def _one_line(args: list[str]) -> str:
    result = CliRunner().invoke(app, args, terminal_width=80)
    assert result.exit_code == 2, (args, result.output)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, (args, result.stderr)
    assert lines[0].startswith("error: "), lines
    assert "Usage" not in result.output and "╭" not in result.output
    return lines[0]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "cardgames")
def test_an_unknown_option_is_one_line(path: tuple[str, ...]) -> None:
    line = _one_line([*path, "--no-such-option"])
    assert "--no-such-option" in line  # `ledger record` reads its game's own --FIELD options itself


@pytest.mark.parametrize("path", WITH_ARGUMENT, ids=" ".join)
def test_a_missing_argument_is_one_line(path: tuple[str, ...]) -> None:
    assert "Missing argument" in _one_line(list(path))


@pytest.mark.parametrize("path", WITH_ARGUMENT, ids=" ".join)
def test_a_negative_number_read_as_an_option_is_one_line(path: tuple[str, ...]) -> None:
    line = _one_line([*path, "-1"])
    assert "-1" in line
    if "No such option" in line:
        assert "write -- before it" in line


@pytest.mark.parametrize("path", GROUPS, ids=lambda p: " ".join(p) or "cardgames")
def test_an_unknown_command_is_one_line(path: tuple[str, ...]) -> None:
    assert "No such command 'zzzz'" in _one_line([*path, "zzzz"])


def _id(value: Any) -> str:
    return " ".join(value) if isinstance(value, tuple) else str(value)


@pytest.mark.parametrize(("path", "option"), NUMBERS, ids=_id)
def test_a_bad_value_is_one_line(path: tuple[str, ...], option: str) -> None:
    line = _one_line([*path, option, "zzzz"])
    assert option in line and "Invalid value" in line


def test_typos_get_did_you_mean() -> None:
    assert "did you mean --players?" in _one_line(["play", "dernier", "--playrs", "bot,bot"])
    assert "did you mean play?" in _one_line(["plya"])
    assert "Did you mean 'undo'?" in _one_line(["ledger", "undoo", "1"])


def test_the_installed_program_writes_one_line() -> None:
    """Through the real entry point, not only the test runner: `ledger undo -1` was typer's box."""
    out = subprocess.run(
        [sys.executable, "-m", "cardgames", "ledger", "undo", "-1"], capture_output=True, text=True
    )
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0 and out.stderr.startswith("error: No such option: -1")
    assert out.stdout == ""


def test_no_arguments_still_shows_the_help() -> None:
    result = CliRunner().invoke(app, ["ledger"], terminal_width=80)
    assert result.exit_code == 2 and "record" in result.output
