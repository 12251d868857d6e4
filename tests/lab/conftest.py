"""Fixtures for the lab's tests: a registry that also holds the Duel test game, and a runner."""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterator

import pytest
from lab_games import Duel
from typer.testing import CliRunner

from cardgames import registry


@pytest.fixture
def duel_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[registry.Registry]:
    """The installed games plus Duel, for this test only."""
    reg = registry.Registry()
    reg.load_entry_points(importlib.metadata.entry_points(group=registry.GROUP))
    reg.register(Duel())
    monkeypatch.setattr(registry, "_default", reg)
    yield reg


@pytest.fixture
def runner() -> CliRunner:
    """A CliRunner for the simulate and arena commands."""
    return CliRunner()
