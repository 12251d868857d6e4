"""Schema 1 to 2: games of any installed game, their scoring read from the game's scoresheet.

Schema 1 knew two games by name (a CHECK on ``games.game``) and kept the ledger's own copy
of their scoring options. Schema 2 keeps each game's options as the game itself reads them,
with its scoring mode, its scoring in words and its units (``meta``), so that the views never
need a game's rules. The old options are kept in ``legacy``. An old whole-number option
the game does not accept (schema 1 let ``0`` mean "until closed") is brought to the nearest
end of the game's range, and ``legacy`` keeps what it was.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import attrs

from cardgames.core.options import _InRange, _validators, option_fields
from cardgames.ledger.errors import LedgerFileError
from cardgames.ledger.sheets import AnyGame, find_ledger_game, kept_meta, make_spec
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext

GAMES_V2 = """
CREATE TABLE games_v2 (
    id INTEGER PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    meta TEXT NOT NULL,
    first_dealer INTEGER NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('hand', 'program')),
    program_id TEXT UNIQUE,
    created TEXT NOT NULL,
    legacy TEXT
)
"""

TRIGGERS = tuple(
    f"CREATE TRIGGER games_no_{what} BEFORE {what.upper()} ON games "
    "BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;"
    for what in ("update", "delete")
)


def _in_range(game: AnyGame, options: dict[str, Any]) -> dict[str, Any]:
    """The options with every whole number brought into the game's range for it."""
    out = dict(options)
    for f in option_fields(game.options_type):
        value = out.get(f.name)
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        for v in _validators(f.validator):
            if isinstance(v, _InRange):
                value = max(value, int(v.low))
                if v.high is not None:
                    value = min(value, int(v.high))
        out[f.name] = value
    return out


def _convert(kind: str, stored: str, players: int) -> tuple[str, str]:
    """A schema-1 game's options as the game reads them, and its meta."""
    old = json.loads(stored)
    values = {k: v for k, v in dict(old.get("all") or old.get("scoring") or {}).items() if k != "source"}
    game = find_ledger_game(kind)
    known = {f.name for f in option_fields(game.options_type)}
    values = _in_range(game, {k: v for k, v in values.items() if k in known})
    spec = make_spec(game, players, values)
    meta = kept_meta(spec)
    data = {"name": meta.name, "mode": meta.mode, "label": meta.label, "units": attrs.asdict(meta.units)}
    return json.dumps(spec.options_data(), ensure_ascii=False), json.dumps(data, ensure_ascii=False)


def to_v2(conn: sqlite3.Connection) -> None:
    """Rebuild ``games`` without the two-game CHECK, with options and meta from each game's scoresheet."""
    conn.execute(GAMES_V2)
    rows = conn.execute(
        "SELECT g.id, g.table_id, g.game, g.options, g.first_dealer, g.source, g.program_id, g.created, "
        "(SELECT count(*) FROM game_seats s WHERE s.game_id = g.id) FROM games g ORDER BY g.id"
    ).fetchall()
    for gid, table_id, kind, stored, first, source, program_id, created, players in rows:
        try:
            options, meta = _convert(str(kind), str(stored), int(players))
        except CardgamesError as exc:
            said = _("cannot bring game {game} of the ledger to schema 2: {reason}")
            raise LedgerFileError(said.format(game=gid, reason=exc)) from None
        conn.execute(
            "INSERT INTO games_v2 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (gid, table_id, kind, options, meta, first, source, program_id, created, stored),
        )
    conn.execute("DROP TABLE games")
    conn.execute("ALTER TABLE games_v2 RENAME TO games")
    for statement in TRIGGERS:
        conn.execute(statement)
    if conn.execute("PRAGMA foreign_key_check").fetchall():
        raise LedgerFileError("the ledger's games do not match their seats and entries after the migration")
