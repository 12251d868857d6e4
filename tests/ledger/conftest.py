"""Fixtures for the ledger tests: a fresh ledger file with a tournament and a table of four."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgames.ledger import Ledger

PLAYERS = ("A", "B", "C", "D")


@pytest.fixture
def ledger_path(tmp_path: Path) -> Path:
    return tmp_path / "evening.sqlite3"


@pytest.fixture
def book(ledger_path: Path) -> Iterator[Ledger]:
    """A ledger with tournament "Friday" and table "1" seating A, B, C, D clockwise."""
    with Ledger.open(ledger_path, create=True) as ledger:
        ledger.new_tournament("Friday")
        ledger.add_table("Friday", "1", PLAYERS)
        yield ledger
