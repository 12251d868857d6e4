"""Fixtures for the hostile-input tests: the installed games plus the misbehaving Secret Card."""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterator

import pytest
from hostile_plugins import SecretCard
from typer.testing import CliRunner

from cardgames import registry


@pytest.fixture
def secret_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[registry.Registry]:
    """The installed games plus Secret Card, for this test only."""
    reg = registry.Registry()
    reg.load_entry_points(importlib.metadata.entry_points(group=registry.GROUP))
    reg.register(SecretCard())
    monkeypatch.setattr(registry, "_default", reg)
    yield reg


@pytest.fixture
def runner() -> CliRunner:
    """A CliRunner (stdin is not a terminal, so moves come from the input text)."""
    return CliRunner()
