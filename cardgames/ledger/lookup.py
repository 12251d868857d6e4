"""Looking things up in the ledger, inside a transaction: tournaments, players, tables and games.

Each function takes the open connection of a ``Ledger.read`` or ``Ledger.write``
transaction; the ``create`` forms add the tournament, player or table when it is new.
``game`` reads a game with its totals after every correction: ``ACTIVE`` is the condition
of an entry that counts (no undo entry reverses it).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from cardgames.core.scoresheet import Totals, dealer_after
from cardgames.core.state import HandResult
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.model import GameInfo, clean_name, did_you_mean, name_key, now
from cardgames.ledger.sheets import Meta, make_spec
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext

# An entry that no undo entry reverses.
ACTIVE = "NOT EXISTS (SELECT 1 FROM entries u WHERE u.reverses = e.id)"


def _deal_result(conn: sqlite3.Connection, players: int, last: Sequence[Any]) -> HandResult:
    """The last deal recorded (``deal, dealer, entry id, summary``) as the result ``next_dealer`` is given."""
    deal, dealer, entry_id, summary = last
    lines = conn.execute(
        "SELECT seat, points, chips, hands_won, hands_lost FROM entry_lines WHERE entry_id = ?", (entry_id,)
    ).fetchall()
    points, chips = [0] * players, [0] * players
    for seat, p, c, _, _ in lines:
        points[seat], chips[seat] = int(p), int(c)
    won = tuple(sorted(seat for seat, _, _, w, _ in lines if w > 0))
    lost = tuple(sorted(seat for seat, _, _, _, lo in lines if lo > 0))
    return HandResult(int(deal), int(dealer), won, lost, tuple(points), tuple(chips), str(summary))


def tournament_id(conn: sqlite3.Connection, name: str, *, create: bool = False) -> int:
    """A tournament's id; created when asked, else LedgerError naming the known ones."""
    row = conn.execute("SELECT id FROM tournaments WHERE key = ?", (name_key(name),)).fetchone()
    if row:
        return int(row[0])
    if create:
        text = clean_name(name, "tournament")
        cur = conn.execute(
            "INSERT INTO tournaments (name, key, created) VALUES (?, ?, ?)", (text, name_key(text), now())
        )
        return int(cur.lastrowid or 0)
    known = [str(r[0]) for r in conn.execute("SELECT name FROM tournaments ORDER BY id")]
    raise LedgerError(
        _("there is no tournament {name!r}{hint}").format(
            name=name, hint=did_you_mean(name, known, _("the ledger has"))
        )
    )


def player_id(conn: sqlite3.Connection, name: str, *, create: bool = False) -> int:
    """A player's id; created when asked, else LedgerError."""
    row = conn.execute("SELECT id FROM players WHERE key = ?", (name_key(name),)).fetchone()
    if row:
        return int(row[0])
    if not create:
        raise LedgerError(_("there is no player {name!r} in this ledger").format(name=name))
    text = clean_name(name, "player")
    cur = conn.execute("INSERT INTO players (name, key) VALUES (?, ?)", (text, name_key(text)))
    return int(cur.lastrowid or 0)


def table_row(conn: sqlite3.Connection, tournament_id: int, name: str) -> tuple[int, str] | None:
    """A table's id and name in a tournament, or None."""
    row = conn.execute(
        "SELECT id, name FROM tables WHERE tournament_id = ? AND key = ?", (tournament_id, name_key(name))
    ).fetchone()
    return (int(row[0]), str(row[1])) if row else None


def no_table(conn: sqlite3.Connection, tid: int, tournament: str, table: str, how: str) -> LedgerError:
    """The error for a table a tournament does not have, with a "did you mean"."""
    known = [str(r[0]) for r in conn.execute("SELECT name FROM tables WHERE tournament_id = ?", (tid,))]
    hint = did_you_mean(table, known, _("its tables"))
    return LedgerError(
        _("tournament {tournament!r} has no table {table!r}{hint}; {how}").format(
            tournament=tournament, table=table, hint=hint, how=how
        )
    )


def ensure_table(conn: sqlite3.Connection, tournament_id: int, name: str) -> int:
    """A table's id, adding the table (with nobody seated yet) if it is new."""
    row = table_row(conn, tournament_id, name)
    if row is not None:
        return row[0]
    text = clean_name(name, "table")
    cur = conn.execute(
        "INSERT INTO tables (tournament_id, name, key, created) VALUES (?, ?, ?, ?)",
        (tournament_id, text, name_key(text), now()),
    )
    return int(cur.lastrowid or 0)


def table_seats(conn: sqlite3.Connection, table_id: int) -> list[tuple[int, str]]:
    """The players at a table in seat order: (player id, name)."""
    return [
        (int(r[0]), str(r[1]))
        for r in conn.execute(
            "SELECT p.id, p.name FROM table_seats s JOIN players p ON p.id = s.player_id "
            "WHERE s.table_id = ? ORDER BY s.seat",
            (table_id,),
        )
    ]


def game(conn: sqlite3.Connection, game_id: int) -> GameInfo:
    """A game with its totals after every correction; LedgerError if there is none."""
    if not 0 < game_id < 2**63:
        raise LedgerError(
            _("there is no game {game_id} in this ledger (see `cardgames ledger games`)").format(
                game_id=game_id
            )
        )
    row = conn.execute(
        "SELECT g.game, g.options, g.meta, g.first_dealer, g.source, t.name, tr.name FROM games g "
        "JOIN tables t ON t.id = g.table_id JOIN tournaments tr ON tr.id = t.tournament_id "
        "WHERE g.id = ?",
        (game_id,),
    ).fetchone()
    if row is None:
        raise LedgerError(
            _("there is no game {game_id} in this ledger (see `cardgames ledger games`)").format(
                game_id=game_id
            )
        )
    kind, options, meta, first_dealer, source, table, tournament = row
    seats = conn.execute(
        "SELECT p.id, p.name FROM game_seats s JOIN players p ON p.id = s.player_id "
        "WHERE s.game_id = ? ORDER BY s.seat",
        (game_id,),
    ).fetchall()
    n = len(seats)
    values = json.loads(options)
    spec = None
    with contextlib.suppress(LedgerError):
        spec = make_spec(str(kind), n, values)
    points, chips, won = [0] * n, [0] * n, [0] * n
    for seat, p, c, w in conn.execute(
        "SELECT l.seat, SUM(l.points), SUM(l.chips), SUM(l.hands_won) FROM entry_lines l "
        "JOIN entries e ON e.id = l.entry_id WHERE e.game_id = ? GROUP BY l.seat",
        (game_id,),
    ):
        points[seat], chips[seat], won[seat] = int(p), int(c), int(w)
    finished = conn.execute(
        f"SELECT count(*) FROM entries e WHERE e.game_id = ? AND e.kind = 'end' AND {ACTIVE}", (game_id,)
    ).fetchone()[0]
    last = conn.execute(
        "SELECT e.deal, e.dealer, e.id, e.summary FROM entries e "
        f"WHERE e.game_id = ? AND e.kind = 'deal' AND {ACTIVE} ORDER BY e.id DESC LIMIT 1",
        (game_id,),
    ).fetchone()
    deals = conn.execute(
        f"SELECT count(*) FROM entries e WHERE e.game_id = ? AND e.kind = 'deal' AND {ACTIVE}", (game_id,)
    ).fetchone()[0]
    active, undone = conn.execute(
        f"SELECT count(*) FILTER (WHERE e.kind != 'undo' AND {ACTIVE}), "
        "count(*) FILTER (WHERE e.kind = 'undo') FROM entries e WHERE e.game_id = ?",
        (game_id,),
    ).fetchone()
    if last is None:
        next_dealer = int(first_dealer)
    elif spec is not None:
        result = _deal_result(conn, n, last)
        next_dealer = dealer_after(spec.sheet, spec.options, n, int(last[1]), result)
    else:
        next_dealer = (int(last[1]) + 1) % n
    return GameInfo(
        id=game_id,
        tournament=str(tournament),
        table=str(table),
        game=str(kind),
        spec=spec,
        meta=Meta.from_data(json.loads(meta)),
        options=values,
        players=tuple(str(s[1]) for s in seats),
        player_ids=tuple(int(s[0]) for s in seats),
        first_dealer=int(first_dealer),
        source=str(source),
        finished=bool(finished),
        deals=int(deals),
        next_deal=1 if last is None else int(last[0]) + 1,
        next_dealer=next_dealer,
        totals=Totals(tuple(points), tuple(chips), tuple(won), int(deals)),
        withdrawn=source == "program" and not active and bool(undone),
    )


def number_in_tournament(conn: sqlite3.Connection, game_id: int) -> int:
    """A game's number in its own tournament (its first game is game 1), beside its ledger-wide id."""
    row = conn.execute(
        "SELECT COUNT(*) FROM games g JOIN tables t ON t.id = g.table_id "
        "WHERE g.id <= ? AND t.tournament_id = "
        "(SELECT t.tournament_id FROM games g JOIN tables t ON t.id = g.table_id WHERE g.id = ?)",
        (game_id, game_id),
    ).fetchone()
    return int(row[0])
