"""Fixtures for the hostile-input tests: the installed games plus the misbehaving Secret Card."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hostile_plugins import SecretCard
from registry_with import installed_plus
from typer.testing import CliRunner

from cardgames.plugins import registry


@pytest.fixture
def secret_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[registry.Registry]:
    """The installed games plus Secret Card, for this test only."""
    yield installed_plus(monkeypatch, SecretCard())


@pytest.fixture
def runner() -> CliRunner:
    """A CliRunner (stdin is not a terminal, so moves come from the input text)."""
    return CliRunner()
