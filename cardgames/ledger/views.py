"""What the ledger shows: standings, a player's history, a game's log, the list of games.

Every number is a sum of entry lines (undo entries carry the negated lines), so the
views always agree with the entries, corrections included.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from typing import Any

from attrs import frozen

from cardgames.ledger.errors import LedgerError
from cardgames.ledger.model import name_key
from cardgames.ledger.store import ACTIVE, Ledger

COUNTS = ("points", "chips", "hands_won", "hands_lost", "games_won", "games_lost")


@frozen
class Standing:
    """A player's totals over a tournament or one table."""

    player: str
    games: int
    games_won: int
    games_lost: int
    hands_won: int
    hands_lost: int
    points: int
    chips: int


@frozen
class Standings:
    """Standings of a tournament, or of one of its tables."""

    tournament: str
    table: str | None
    rows: tuple[Standing, ...]


def scope(
    ledger: Ledger, conn: sqlite3.Connection, tournament: str, table: str | None
) -> tuple[str, list[int]]:
    """A tournament's name and the ids of its tables (or of the one table named)."""
    tid = ledger.tournament_id(conn, tournament)
    name = str(conn.execute("SELECT name FROM tournaments WHERE id = ?", (tid,)).fetchone()[0])
    if table is None:
        return name, [
            int(r[0]) for r in conn.execute("SELECT id FROM tables WHERE tournament_id = ?", (tid,))
        ]
    row = ledger.table_row(conn, tid, table)
    if row is None:
        known = [r[0] for r in conn.execute("SELECT name FROM tables WHERE tournament_id = ?", (tid,))]
        raise LedgerError(
            f"tournament {name!r} has no table {table!r} (tables: {', '.join(known) or 'none'})"
        )
    return name, [row[0]]


def marks(n: int) -> str:
    """``n`` SQL placeholders for an IN list."""
    return ",".join("?" * n)


def standings(ledger: Ledger, tournament: str, table: str | None = None) -> Standings:
    """Chips, penalty points, games and hands won and lost, best first (most chips, fewest points)."""
    with ledger.read() as conn:
        name, tables = scope(ledger, conn, tournament, table)
        places = marks(len(tables))
        players: dict[int, str] = {}
        for pid, pname in conn.execute(
            f"SELECT p.id, p.name FROM table_seats s JOIN players p ON p.id = s.player_id "
            f"WHERE s.table_id IN ({places}) ORDER BY s.table_id, s.seat",
            tables,
        ):
            players.setdefault(int(pid), str(pname))
        sums: dict[int, list[int]] = defaultdict(lambda: [0] * len(COUNTS))
        for row in conn.execute(
            f"SELECT l.player_id, SUM(l.points), SUM(l.chips), SUM(l.hands_won), SUM(l.hands_lost), "
            f"SUM(l.games_won), SUM(l.games_lost) FROM entry_lines l JOIN entries e ON e.id = l.entry_id "
            f"JOIN games g ON g.id = e.game_id WHERE g.table_id IN ({places}) GROUP BY l.player_id",
            tables,
        ):
            sums[int(row[0])] = [int(v) for v in row[1:]]
        games: dict[int, int] = {
            int(pid): int(count)
            for pid, count in conn.execute(
                f"SELECT s.player_id, COUNT(DISTINCT s.game_id) FROM game_seats s "
                f"JOIN games g ON g.id = s.game_id "
                f"WHERE g.table_id IN ({places}) AND EXISTS (SELECT 1 FROM entries e WHERE e.game_id = g.id "
                f"AND e.kind = 'deal' AND {ACTIVE}) GROUP BY s.player_id",
                tables,
            )
        }
    rows = []
    for pid, pname in players.items():
        points, chips, hw, hl, gw, gl = sums[pid]
        rows.append(Standing(pname, games.get(pid, 0), gw, gl, hw, hl, points, chips))
    rows.sort(
        key=lambda r: (-r.chips, r.points, -r.games_won, -r.hands_won, r.hands_lost, name_key(r.player))
    )
    return Standings(name, table, tuple(rows))


@frozen
class HistoryRow:
    """One game of a player: where, what, and how it went for them."""

    game_id: int
    tournament: str
    table: str
    game: str
    seat: int
    deals: int
    points: int
    chips: int
    hands_won: int
    hands_lost: int
    result: str


def history(ledger: Ledger, player: str, tournament: str | None = None) -> tuple[str, tuple[HistoryRow, ...]]:
    """Every game a player sat in (in one tournament, or all), oldest first."""
    with ledger.read() as conn:
        pid = ledger.player_id(conn, player)
        pname = str(conn.execute("SELECT name FROM players WHERE id = ?", (pid,)).fetchone()[0])
        where, args = "", [pid]
        if tournament is not None:
            where = " AND tr.id = ?"
            args.append(ledger.tournament_id(conn, tournament))
        games = conn.execute(
            "SELECT g.id, tr.name, t.name, s.seat FROM game_seats s JOIN games g ON g.id = s.game_id "
            "JOIN tables t ON t.id = g.table_id JOIN tournaments tr ON tr.id = t.tournament_id "
            f"WHERE s.player_id = ?{where} ORDER BY g.id",
            args,
        ).fetchall()
        rows = []
        for gid, tname, table, seat in games:
            sums = conn.execute(
                "SELECT COALESCE(SUM(l.points), 0), COALESCE(SUM(l.chips), 0), "
                "COALESCE(SUM(l.hands_won), 0), COALESCE(SUM(l.hands_lost), 0), "
                "COALESCE(SUM(l.games_won), 0), COALESCE(SUM(l.games_lost), 0) "
                "FROM entry_lines l JOIN entries e ON e.id = l.entry_id "
                "WHERE e.game_id = ? AND l.player_id = ?",
                (gid, pid),
            ).fetchone()
            info = ledger.game(conn, int(gid))
            points, chips, hw, hl, gw, gl = (int(v) for v in sums)
            result = "open" if not info.finished else "won" if gw else "lost" if gl else "-"
            rows.append(
                HistoryRow(
                    int(gid),
                    tname,
                    table,
                    info.spec.describe(),
                    int(seat) + 1,
                    info.deals,
                    points,
                    chips,
                    hw,
                    hl,
                    result,
                )
            )
    return pname, tuple(rows)


@frozen
class Payment:
    """One chip transfer of an entry, by name."""

    payer: str
    payee: str
    amount: int
    note: str


@frozen
class EntryView:
    """One entry of a game's log, with its effect per seat and whether it was undone."""

    id: int
    kind: str
    deal: int | None
    summary: str
    reverses: int | None
    undone_by: int | None
    points: tuple[int, ...]
    chips: tuple[int, ...]
    transfers: tuple[Payment, ...]
    created: str


@frozen
class GameLog:
    """A game and every entry ever written for it, corrections included."""

    game_id: int
    tournament: str
    table: str
    game: str
    options: dict[str, Any]
    players: tuple[str, ...]
    source: str
    finished: bool
    points: tuple[int, ...]
    chips: tuple[int, ...]
    entries: tuple[EntryView, ...]


def _entries(conn: sqlite3.Connection, game_id: int, n: int) -> tuple[EntryView, ...]:
    out = []
    for eid, kind, deal, summary, reverses, created in conn.execute(
        "SELECT id, kind, deal, summary, reverses, created FROM entries WHERE game_id = ? ORDER BY id",
        (game_id,),
    ).fetchall():
        points, chips = [0] * n, [0] * n
        for seat, p, c in conn.execute(
            "SELECT seat, points, chips FROM entry_lines WHERE entry_id = ?", (eid,)
        ):
            points[seat], chips[seat] = int(p), int(c)
        undone = conn.execute("SELECT id FROM entries WHERE reverses = ?", (eid,)).fetchone()
        transfers = tuple(
            Payment(str(a), str(b), int(amount), str(note))
            for a, b, amount, note in conn.execute(
                "SELECT pa.name, pb.name, t.amount, t.note FROM transfers t "
                "JOIN players pa ON pa.id = t.payer_id JOIN players pb ON pb.id = t.payee_id "
                "WHERE t.entry_id = ? ORDER BY t.id",
                (eid,),
            )
        )
        out.append(
            EntryView(
                int(eid),
                str(kind),
                None if deal is None else int(deal),
                str(summary),
                None if reverses is None else int(reverses),
                None if undone is None else int(undone[0]),
                tuple(points),
                tuple(chips),
                transfers,
                str(created),
            )
        )
    return tuple(out)


def game_log(ledger: Ledger, game_id: int) -> GameLog:
    """A game's full log: every deal, end and correction in the order they were written."""
    with ledger.read() as conn:
        info = ledger.game(conn, game_id)
        return GameLog(
            info.id,
            info.tournament,
            info.table,
            info.spec.describe(),
            info.spec.options(),
            info.players,
            info.source,
            info.finished,
            info.totals.points,
            info.totals.chips,
            _entries(conn, game_id, info.spec.players),
        )


@frozen
class GameRow:
    """A game in a tournament's list."""

    game_id: int
    table: str
    game: str
    players: tuple[str, ...]
    deals: int
    status: str


def games(ledger: Ledger, tournament: str) -> tuple[str, tuple[GameRow, ...]]:
    """The games of a tournament, with their state."""
    with ledger.read() as conn:
        name, tables = scope(ledger, conn, tournament, None)
        ids = [
            int(r[0])
            for r in conn.execute(
                f"SELECT id FROM games WHERE table_id IN ({marks(len(tables))}) ORDER BY id", tables
            )
        ]
        rows = []
        for gid in ids:
            info = ledger.game(conn, gid)
            status = "over" if info.finished else f"open, next deal {info.next_deal}"
            rows.append(GameRow(gid, info.table, info.spec.describe(), info.players, info.deals, status))
    return name, tuple(rows)
