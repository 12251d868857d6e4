"""Exports of a tournament: JSON with every game and entry, CSV with one row per entry and player."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

import attrs

from cardgames.ledger import db, lookup
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.model import now
from cardgames.ledger.store import Ledger
from cardgames.ledger.views import COUNTS, game_log, marks, scope, standings
from cardgames.primitives.atomic import write_atomic
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext


def export_data(ledger: Ledger, tournament: str) -> dict[str, Any]:
    """A whole tournament as plain data: tables, games with every entry, and the standings."""
    with ledger.read() as conn:
        name, tables = scope(ledger, conn, tournament, None)
        table_rows = []
        for table_id in tables:
            tname = conn.execute("SELECT name FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
            table_rows.append({"name": tname, "players": [n for _, n in lookup.table_seats(conn, table_id)]})
        ids = [
            int(r[0])
            for r in conn.execute(
                f"SELECT id FROM games WHERE table_id IN ({marks(len(tables))}) ORDER BY id", tables
            )
        ]
    logs = [attrs.asdict(game_log(ledger, gid)) for gid in ids]
    table = standings(ledger, tournament)
    return {
        "format": "cardgames-ledger-export",
        "schema": db.SCHEMA_VERSION,
        "exported": now(),
        "tournament": name,
        "tables": table_rows,
        "games": logs,
        "standings": {
            "sections": [attrs.asdict(sec) for sec in table.sections],
            "overall": [attrs.asdict(r) for r in table.overall],
        },
    }


CSV_COLUMNS: tuple[str, ...] = ("entry", "created", "table", "game_id", "game", "kind", "deal", "reverses")
CSV_COLUMNS += ("undone_by", "player", "seat", *COUNTS, "summary")


def export_csv(ledger: Ledger, tournament: str) -> str:
    """One row per entry and player: summing a player's column gives their standing."""
    with ledger.read() as conn:
        _, tables = scope(ledger, conn, tournament, None)
        rows = conn.execute(
            "SELECT e.id, e.created, t.name, e.game_id, g.game, e.kind, e.deal, e.reverses, "
            "(SELECT u.id FROM entries u WHERE u.reverses = e.id), p.name, l.seat + 1, "
            "l.points, l.chips, l.hands_won, l.hands_lost, l.games_won, l.games_lost, e.summary "
            "FROM entry_lines l JOIN entries e ON e.id = l.entry_id JOIN games g ON g.id = e.game_id "
            "JOIN tables t ON t.id = g.table_id JOIN players p ON p.id = l.player_id "
            f"WHERE g.table_id IN ({marks(len(tables))}) ORDER BY e.id, l.seat",
            tables,
        ).fetchall()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(rows)
    return out.getvalue()


def _not_the_ledger(ledger: Ledger, path: Path) -> None:
    """Refuse to write an export over the ledger itself (or its -wal and -shm files)."""
    target = path.resolve()
    own = ledger.path.resolve()
    for other in (own, own.with_name(own.name + "-wal"), own.with_name(own.name + "-shm")):
        same = target == other
        if not same and target.exists() and other.exists():
            same = os.path.samefile(target, other)
        if same:
            raise LedgerError(
                _("{path!r} is the ledger itself; export to another file").format(path=str(path))
            )


def export(ledger: Ledger, tournament: str, path: Path, fmt: str | None = None) -> str:
    """Write a tournament to ``path`` atomically as CSV or JSON (by ``fmt`` or the file's suffix)."""
    _not_the_ledger(ledger, path)
    chosen = (fmt or path.suffix.lstrip(".") or "json").casefold()
    if chosen not in {"csv", "json"}:
        raise LedgerError(_("export writes csv or json, not {chosen!r}").format(chosen=chosen))
    text = (
        export_csv(ledger, tournament)
        if chosen == "csv"
        else json.dumps(export_data(ledger, tournament), ensure_ascii=False, indent=1) + "\n"
    )
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise LedgerError(
            _("cannot write {path!r}: {error}").format(path=str(path), error=exc.strerror or exc)
        ) from None
    return chosen
