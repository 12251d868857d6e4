"""Fixtures for tests/cli and tests/play: the toy game's registry, a broken plugin's, a runner."""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterator
from typing import Any

import pytest
from cli_toy_game import ToyGame
from registry_with import installed_plus
from typer.testing import CliRunner

from cardgames.plugins import registry
from cardgames.plugins.registry import GROUP


@pytest.fixture
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[registry.Registry]:
    """The installed games plus the toy game, for this test only."""
    yield installed_plus(monkeypatch, ToyGame())


@pytest.fixture
def fake_registry(monkeypatch: pytest.MonkeyPatch) -> registry.Registry:
    """Installed games: High Card, plus one plugin that fails to import."""
    reg = registry.Registry()
    reg.load_entry_points(
        [
            importlib.metadata.EntryPoint("highcard", "framework_highcard:HighCard", GROUP),
            importlib.metadata.EntryPoint("ghost", "framework_ghost_plugin:Ghost", GROUP),
        ]
    )
    monkeypatch.setattr(registry, "_default", reg)
    return reg


@pytest.fixture
def children() -> Iterator[list[Any]]:
    """Programs a test started in a pseudo-terminal (pexpect), closed however the test ends."""
    started: list[Any] = []
    yield started
    for child in started:
        if child.isalive():
            child.terminate(force=True)


@pytest.fixture(autouse=True)
def no_settings_file(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads the settings file of whoever runs the tests (a test that wants one writes it)."""
    monkeypatch.setenv("CARDGAMES_SETTINGS", str(tmp_path_factory.mktemp("settings") / "none.toml"))


@pytest.fixture
def runner() -> CliRunner:
    """A CliRunner (stdin is not a terminal, so moves are read from the input text)."""
    return CliRunner()
