"""Tables on disk: each table's record in the project's record format, beside a small file of its links.

``ID.json`` is an ordinary game record (``cardgames resume ID.json`` plays it on in the
terminal); ``ID.table.json`` holds the hashes of the seat tokens, the tournament the
table counts for and whether it was recorded there. Both are written atomically.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
from attrs import define

from cardgames.core.actiondata import action_converter, action_to_data
from cardgames.core.record import load_record, record_to_data
from cardgames.core.table import Table
from cardgames.plugins.registry import find_game
from cardgames.primitives.atomic import write_atomic
from cardgames.primitives.errors import CardgamesError
from cardgames.web.notes import Note, note_from
from cardgames.web.seats import Keys

META_FORMAT = "cardgames-web-table"
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{6,40}$")


@define
class TableMeta:
    """What a web table keeps beside its record."""

    id: str
    keys: Keys
    tournament: str | None = None
    recorded: Note | None = None  # what happened when the table was recorded in the ledger


def _meta_data(meta: TableMeta) -> dict[str, Any]:
    return {
        "format": META_FORMAT,
        "id": meta.id,
        "seats": list(meta.keys.seats),
        "spectator": meta.keys.spectator,
        "tournament": meta.tournament,
        "recorded": None if meta.recorded is None else meta.recorded.data(),
    }


def _meta_from(data: Any) -> TableMeta:
    if not isinstance(data, dict) or data.get("format") != META_FORMAT:
        raise ValueError("not a cardgames web table file")
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ValueError("the seat keys are damaged")
    ident, spectator = data.get("id"), data.get("spectator")
    if not isinstance(ident, str) or not TABLE_ID.match(ident) or not isinstance(spectator, str):
        raise ValueError("the table id or spectator key is damaged")
    tournament, recorded = data.get("tournament"), data.get("recorded")
    return TableMeta(
        ident,
        Keys(tuple(seats), spectator),
        tournament if isinstance(tournament, str) else None,
        note_from(recorded),
    )


class TableStore:
    """A folder of web tables."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        # each table's actions as record data so far: a save converts only the new ones
        self._actions: dict[str, list[Any]] = {}

    def record_text(self, table_id: str, table: Table) -> str:
        """The table's record in the project's record format (compact JSON), converting only new actions."""
        done = self._actions.setdefault(table_id, [])
        actions = table.record.actions
        if len(done) > len(actions):
            done.clear()
        conv = action_converter(table.game)
        done.extend(action_to_data(table.game, a, conv) for a in actions[len(done) :])
        data = record_to_data(table.game, attrs.evolve(table.record, actions=[]))
        data["actions"] = done
        return json.dumps(data, ensure_ascii=False) + "\n"

    def record_path(self, table_id: str) -> Path:
        """Where a table's game record is saved."""
        return self.folder / f"{table_id}.json"

    def snapshot(self, meta: TableMeta, table: Table) -> list[tuple[Path, str]]:
        """The files of a table as they are now (taken at once, written later off the event loop)."""
        meta_text = json.dumps(_meta_data(meta), ensure_ascii=False, indent=1) + "\n"
        return [
            (self.record_path(meta.id), self.record_text(meta.id, table)),
            (self.folder / f"{meta.id}.table.json", meta_text),
        ]

    def remove(self, table_id: str) -> None:
        """Delete a table's files (an expired table); its links then open nothing."""
        for path in (self.folder / f"{table_id}.table.json", self.record_path(table_id)):
            path.unlink(missing_ok=True)
        self._actions.pop(table_id, None)

    def saved_at(self, table_id: str) -> float:
        """When a table was last saved (seconds since the epoch; 0 if unknown)."""
        try:
            return self.record_path(table_id).stat().st_mtime
        except OSError:
            return 0.0

    @staticmethod
    def write(files: list[tuple[Path, str]]) -> None:
        """Write a snapshot, each file atomically (record first: the links file only says where it is)."""
        for path, text in files:
            write_atomic(path, text)

    def load_all(self) -> Iterator[tuple[TableMeta, Table]]:
        """Every table saved here, replayed; a damaged one is named on stderr and skipped."""
        for path in sorted(self.folder.glob("*.table.json")):
            try:
                meta = _meta_from(json.loads(path.read_text(encoding="utf-8")))
                game, record = load_record(self.record_path(meta.id), find_game)
                table = Table.from_record(game, record)
                if len(meta.keys.seats) != len(record.seats):
                    raise ValueError("the links do not match the seats of the game")
            except (OSError, ValueError, CardgamesError) as exc:
                print(f"cardgames serve: skipping {path.name}: {exc}", file=sys.stderr)
                continue
            yield meta, table
