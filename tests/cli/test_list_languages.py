"""``cardgames list`` speaks the language in force: its title, its columns, its notes."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cardgames.cli import app as cli
from cardgames.plugins import registry
from cardgames.plugins.registry import Registry
from cardgames.primitives.language import speaking


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("it", ["Giochi installati", "Gioco", "Giocatori", "Detto anche", "plugin guasto ghost"]),
        ("ru", ["Установленные игры", "Игра", "Игроки", "Другие названия", "неисправный плагин ghost"]),
    ],
)
def test_list_is_said_in_the_language_in_force(fake_registry: Registry, code: str, said: list[str]) -> None:
    with speaking(code):
        out = CliRunner().invoke(cli.app, ["list"]).stdout
    for words in said:
        assert words in out
    assert "Installed games" not in out and "broken plugin" not in out and "lso called" not in out


@pytest.mark.parametrize(
    ("code", "said"), [("it", "Nessun gioco installato."), ("ru", "Не установлено ни одной игры.")]
)
def test_nothing_installed_is_said_in_the_language_in_force(
    monkeypatch: pytest.MonkeyPatch, code: str, said: str
) -> None:
    monkeypatch.setattr(registry, "_default", Registry())
    with speaking(code):
        out = CliRunner().invoke(cli.app, ["list"]).stdout
    assert said in out
