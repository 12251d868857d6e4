"""Records written by protocol 1's code (schema 1, files made before protocol 2) still load and replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.core.record import load_record
from cardgames.core.table import Table
from cardgames.plugins.registry import find_game

RECORDS = Path(__file__).parent / "records"


@pytest.mark.parametrize("name", ["posledniy_v1.json", "dernier_v1.json"])
def test_a_schema_1_record_loads_and_replays_to_its_end(name: str) -> None:
    game, record = load_record(RECORDS / name, find_game)
    assert record.actions
    table = Table.from_record(game, record)
    assert table.state.is_over()
