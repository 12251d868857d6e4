"""The CLI skeleton: --help, list, rules, one-line errors with exit code 2, python -m cardgames."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from framework_highcard import HighCard
from typer.testing import CliRunner

from cardgames import __version__
from cardgames.cli import app as cli
from cardgames.plugins import registry
from cardgames.plugins.registry import Registry
from cardgames.primitives.errors import OptionError, SaveFileError

runner = CliRunner()


def test_help_lists_the_commands() -> None:
    result = runner.invoke(cli.app, ["--help"])
    assert result.exit_code == 0
    for command in ("list", "rules"):
        assert command in result.stdout


def test_no_arguments_shows_help() -> None:
    result = runner.invoke(cli.app, [])
    assert "list" in result.output and "rules" in result.output


def test_version() -> None:
    result = runner.invoke(cli.app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"cardgames {__version__}"


def test_list_shows_games_and_broken_plugins(fake_registry: Registry) -> None:
    result = runner.invoke(cli.app, ["list"])
    assert result.exit_code == 0
    out = result.stdout
    assert "highcard" in out and "High Card" in out
    assert "2-4" in out
    assert "long, quick" in out
    assert "Старшая карта" in out
    assert "broken plugin ghost (framework_ghost_plugin:Ghost): ModuleNotFoundError" in out


def test_list_json(fake_registry: Registry) -> None:
    result = runner.invoke(cli.app, ["list", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["games"] == [
        {
            "id": "highcard",
            "name": "High Card",
            "aliases": ["high-card", "Старшая карта"],
            "players": [2, 4],
            "default_players": 3,
            "presets": ["long", "quick"],
        }
    ]
    assert [b["name"] for b in data["broken"]] == ["ghost"]
    assert data["broken"][0]["reason"].startswith("ModuleNotFoundError")


def test_list_with_nothing_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_default", Registry())
    result = runner.invoke(cli.app, ["list"])
    assert result.exit_code == 0
    assert "No games are installed." in result.stdout


def _cells(lines: list[str], option: str) -> list[str]:
    """The cells of an option's row in the rich table (columns: option, values, default, presets)."""
    row = next(line for line in lines if line.startswith(f"│ {option} "))
    return [cell.strip() for cell in row.strip("│ ").split("│")]


def test_rules_shows_options_with_defaults_ranges_and_presets(fake_registry: Registry) -> None:
    result = runner.invoke(cli.app, ["rules", "HIGHCARD"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("High Card (highcard): A small trick game")
    assert "Players: 2-4 (default 3)" in result.stdout
    row = next(line for line in lines if "hand_size" in line and "│" in line)
    assert [cell.strip() for cell in row.strip("│ ").split("│")] == ["hand_size", "1-5", "3", "2", "5"]
    row = next(line for line in lines if "deck" in line and "│" in line)
    assert [cell.strip() for cell in row.strip("│ ").split("│")] == [
        "deck",
        "short | piquet",
        "short",
        "",
        "piquet",
    ]
    header = next(line for line in lines if "option" in line and "default" in line)
    assert "long" in header and "quick*" in header
    assert "quick is used when no preset is given" in result.stdout
    assert "chips each loser pays a winner" in result.stdout


def test_rules_finds_a_game_by_a_cyrillic_alias(fake_registry: Registry) -> None:
    result = runner.invoke(cli.app, ["rules", "старшая КАРТА"])
    assert result.exit_code == 0
    assert "High Card (highcard)" in result.stdout


def test_rules_json(fake_registry: Registry) -> None:
    result = runner.invoke(cli.app, ["rules", "high-card", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["options"] == {"hand_size": 3, "deck": "short", "stake": 1}
    assert data["presets"] == {"quick": {"hand_size": 2}, "long": {"hand_size": 5, "deck": "piquet"}}
    assert data["default_preset"] == "quick"
    assert data["players"] == [2, 4]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("chess", "error: no game called 'chess' (installed: highcard)"),
        ("hihgcard", "error: no game called 'hihgcard'; did you mean 'highcard'? (installed: highcard)"),
        ("ghost", "error: the game 'ghost' is installed but broken: ModuleNotFoundError"),
    ],
)
def test_unknown_game_is_one_line_on_stderr_and_exit_code_2(
    fake_registry: Registry, name: str, message: str
) -> None:
    result = runner.invoke(cli.app, ["rules", name])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith(message)
    assert "Traceback" not in result.output


def test_a_bad_command_line_exits_with_2() -> None:
    result = runner.invoke(cli.app, ["rules"])
    assert result.exit_code == 2
    result = runner.invoke(cli.app, ["no-such-command"])
    assert result.exit_code == 2


@pytest.mark.parametrize(
    "error",
    [
        OptionError("option hand_size must be from 1 to 5, not 99 " + "and more words " * 20),
        SaveFileError("invalid value for type, expected int @ $.players[2] [bold]not markup[/bold]"),
    ],
)
def test_main_prints_any_cardgames_error_as_one_line_with_exit_code_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: Exception
) -> None:
    def app() -> None:
        raise error

    monkeypatch.setattr(cli, "app", app)
    with pytest.raises(SystemExit) as info:
        cli.main()
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"error: {error}\n"


def test_main_reports_an_interrupt_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def app() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "app", app)
    with pytest.raises(SystemExit) as info:
        cli.main()
    assert info.value.code == 130
    assert "Traceback" not in capsys.readouterr().err


def test_python_dash_m_cardgames_works() -> None:
    bad = subprocess.run(
        [sys.executable, "-m", "cardgames", "rules", "no-such-game-at-all"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.startswith("error: no game called 'no-such-game-at-all'")
    assert len(bad.stderr.strip().splitlines()) == 1
    assert "Traceback" not in bad.stderr


def test_list_with_the_real_installed_plugins_never_fails() -> None:
    result = runner.invoke(cli.app, ["list", "--json"])
    assert result.exit_code == 0
    data: dict[str, Any] = json.loads(result.stdout)
    names = {g["id"] for g in data["games"]} | {b["name"] for b in data["broken"]}
    assert {"dernier", "posledniy"} <= names  # each is installed, and either works or is reported


def test_rules_for_every_installed_game() -> None:
    for game in registry.default_registry().games():
        result = runner.invoke(cli.app, ["rules", game.id])
        assert result.exit_code == 0, result.output
        assert game.name in result.stdout


def test_high_card_can_be_registered_as_an_object_too() -> None:
    assert Registry().register(HighCard()).id == "highcard"
