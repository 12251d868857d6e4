"""Fixtures for the session's tests: a runner for the command-line app."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner


@pytest.fixture
def runner() -> CliRunner:
    """A CliRunner (stdin is not a terminal, so moves come from the input text)."""
    return CliRunner()
