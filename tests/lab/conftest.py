"""Fixtures for the lab's tests: a registry that also holds the Duel test game, and a runner."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lab_games import Duel
from registry_with import installed_plus
from typer.testing import CliRunner

from cardgames.plugins import registry


@pytest.fixture
def duel_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[registry.Registry]:
    """The installed games plus Duel, for this test only."""
    yield installed_plus(monkeypatch, Duel())


@pytest.fixture
def runner() -> CliRunner:
    """A CliRunner for the simulate and arena commands."""
    return CliRunner()
