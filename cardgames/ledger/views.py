"""What the ledger shows: standings, a player's history, a game's log, ratings, exports.

Every number is a sum of entry lines (undo entries carry the negated lines), so the
views always agree with the entries, corrections included.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen
from openskill.models import PlackettLuce

from cardgames.ledger import db
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.rules import GameSpec, make_spec
from cardgames.ledger.store import ACTIVE, Ledger, name_key, now
from cardgames.record import write_atomic

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


def _scope(
    ledger: Ledger, conn: sqlite3.Connection, tournament: str, table: str | None
) -> tuple[str, list[int]]:
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


def _marks(n: int) -> str:
    return ",".join("?" * n)


def standings(ledger: Ledger, tournament: str, table: str | None = None) -> Standings:
    """Chips, penalty points, games and hands won and lost, best first (most chips, fewest points)."""
    with ledger.read() as conn:
        name, tables = _scope(ledger, conn, tournament, table)
        marks = _marks(len(tables))
        players: dict[int, str] = {}
        for pid, pname in conn.execute(
            f"SELECT p.id, p.name FROM table_seats s JOIN players p ON p.id = s.player_id "
            f"WHERE s.table_id IN ({marks}) ORDER BY s.table_id, s.seat",
            tables,
        ):
            players.setdefault(int(pid), str(pname))
        sums: dict[int, list[int]] = defaultdict(lambda: [0] * len(COUNTS))
        for row in conn.execute(
            f"SELECT l.player_id, SUM(l.points), SUM(l.chips), SUM(l.hands_won), SUM(l.hands_lost), "
            f"SUM(l.games_won), SUM(l.games_lost) FROM entry_lines l JOIN entries e ON e.id = l.entry_id "
            f"JOIN games g ON g.id = e.game_id WHERE g.table_id IN ({marks}) GROUP BY l.player_id",
            tables,
        ):
            sums[int(row[0])] = [int(v) for v in row[1:]]
        games: dict[int, int] = {
            int(pid): int(count)
            for pid, count in conn.execute(
                f"SELECT s.player_id, COUNT(DISTINCT s.game_id) FROM game_seats s "
                f"JOIN games g ON g.id = s.game_id "
                f"WHERE g.table_id IN ({marks}) AND EXISTS (SELECT 1 FROM entries e WHERE e.game_id = g.id "
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
    return Standings(name, None if table is None else table, tuple(rows))


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


def _spec(conn: sqlite3.Connection, game_id: int) -> GameSpec:
    kind, options = conn.execute("SELECT game, options FROM games WHERE id = ?", (game_id,)).fetchone()
    n = conn.execute("SELECT count(*) FROM game_seats WHERE game_id = ?", (game_id,)).fetchone()[0]
    return make_spec(kind, int(n), json.loads(options)["scoring"], strict=False)


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
            deals = conn.execute(
                f"SELECT count(*) FROM entries e WHERE e.game_id = ? AND e.kind = 'deal' AND {ACTIVE}", (gid,)
            ).fetchone()[0]
            over = conn.execute(
                f"SELECT count(*) FROM entries e WHERE e.game_id = ? AND e.kind = 'end' AND {ACTIVE}", (gid,)
            ).fetchone()[0]
            points, chips, hw, hl, gw, gl = (int(v) for v in sums)
            result = "open" if not over else "won" if gw else "lost" if gl else "-"
            spec = _spec(conn, int(gid))
            rows.append(
                HistoryRow(
                    int(gid),
                    tname,
                    table,
                    spec.describe(),
                    int(seat) + 1,
                    int(deals),
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
        name, tables = _scope(ledger, conn, tournament, None)
        ids = [
            int(r[0])
            for r in conn.execute(
                f"SELECT id FROM games WHERE table_id IN ({_marks(len(tables))}) ORDER BY id", tables
            )
        ]
        rows = []
        for gid in ids:
            info = ledger.game(conn, gid)
            status = "over" if info.finished else f"open, next deal {info.next_deal}"
            rows.append(GameRow(gid, info.table, info.spec.describe(), info.players, info.deals, status))
    return name, tuple(rows)


@frozen
class Rating:
    """A player's openskill rating: mu, sigma and the ordinal mu - 3 sigma used for ranking."""

    player: str
    mu: float
    sigma: float
    ordinal: float
    rated: int


def _dense(keys: list[tuple[int, int]]) -> list[int]:
    order = sorted(set(keys))
    return [order.index(k) + 1 for k in keys]


def rating_events(ledger: Ledger, tournament: str, by: str) -> tuple[str, list[list[tuple[int, int]]]]:
    """The ranked results the rating learns from, oldest first: per game (its end) or per deal.

    Each event is a list of (player id, rank), rank 1 best; ties share a rank.
    """
    if by not in {"game", "deal"}:
        raise LedgerError(f"a rating is by game or by deal, not {by!r}")
    with ledger.read() as conn:
        name, tables = _scope(ledger, conn, tournament, None)
        kind = "end" if by == "game" else "deal"
        events = []
        for eid, gid in conn.execute(
            f"SELECT e.id, e.game_id FROM entries e JOIN games g ON g.id = e.game_id "
            f"WHERE g.table_id IN ({_marks(len(tables))}) AND e.kind = ? AND {ACTIVE} ORDER BY e.id",
            [*tables, kind],
        ).fetchall():
            if by == "game":
                lines = conn.execute(
                    "SELECT l.player_id, SUM(l.points), SUM(l.chips), SUM(l.hands_won), "
                    "SUM(l.games_won), SUM(l.games_lost) FROM entry_lines l "
                    "JOIN entries e ON e.id = l.entry_id "
                    "WHERE e.game_id = ? GROUP BY l.player_id ORDER BY MIN(l.seat)",
                    (gid,),
                ).fetchall()
                spec = _spec(conn, int(gid))
                keys = []
                for _, points, chips, hands, won, lost in lines:
                    measure = {
                        ("posledniy", "points"): points,
                        ("posledniy", "chips"): -chips,
                        ("dernier", "hands"): -hands,
                        ("dernier", "cards"): points,
                    }[(spec.game, spec.scoring)]
                    keys.append((0 if won else 2 if lost else 1, int(measure)))
            else:
                lines = conn.execute(
                    "SELECT player_id, hands_won, hands_lost, points FROM entry_lines "
                    "WHERE entry_id = ? ORDER BY seat",
                    (eid,),
                ).fetchall()
                keys = [(0 if w else 2 if lost else 1, int(p)) for _, w, lost, p in lines]
            events.append(list(zip((int(r[0]) for r in lines), _dense(keys), strict=True)))
    return name, events


def rating(ledger: Ledger, tournament: str, by: str = "game") -> tuple[str, tuple[Rating, ...]]:
    """An openskill Plackett-Luce rating over the tournament's finished games (or deals), best first."""
    name, events = rating_events(ledger, tournament, by)
    model = PlackettLuce()
    ratings: dict[int, Any] = {}
    rated: dict[int, int] = defaultdict(int)
    for event in events:
        pids = [pid for pid, _ in event]
        teams = [[ratings.setdefault(pid, model.rating())] for pid in pids]
        new = model.rate(teams, ranks=[rank for _, rank in event])
        for pid, team in zip(pids, new, strict=True):
            ratings[pid] = team[0]
            rated[pid] += 1
    with ledger.read() as conn:
        names = {int(i): str(n) for i, n in conn.execute("SELECT id, name FROM players")}
    rows = [
        Rating(names[pid], float(r.mu), float(r.sigma), float(r.ordinal()), rated[pid])
        for pid, r in ratings.items()
    ]
    rows.sort(key=lambda r: (-r.ordinal, name_key(r.player)))
    return name, tuple(rows)


def export_data(ledger: Ledger, tournament: str) -> dict[str, Any]:
    """A whole tournament as plain data: tables, games with every entry, and the standings."""
    with ledger.read() as conn:
        name, tables = _scope(ledger, conn, tournament, None)
        table_rows = []
        for table_id in tables:
            tname = conn.execute("SELECT name FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
            table_rows.append({"name": tname, "players": [n for _, n in ledger.table_seats(conn, table_id)]})
        ids = [
            int(r[0])
            for r in conn.execute(
                f"SELECT id FROM games WHERE table_id IN ({_marks(len(tables))}) ORDER BY id", tables
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
        "standings": [attrs.asdict(r) for r in table.rows],
    }


CSV_COLUMNS: tuple[str, ...] = ("entry", "created", "table", "game_id", "kind", "deal", "reverses")
CSV_COLUMNS += ("undone_by", "player", "seat", *COUNTS, "summary")


def export_csv(ledger: Ledger, tournament: str) -> str:
    """One row per entry and player: summing a player's column gives their standing."""
    with ledger.read() as conn:
        _, tables = _scope(ledger, conn, tournament, None)
        rows = conn.execute(
            "SELECT e.id, e.created, t.name, e.game_id, e.kind, e.deal, e.reverses, "
            "(SELECT u.id FROM entries u WHERE u.reverses = e.id), p.name, l.seat + 1, "
            "l.points, l.chips, l.hands_won, l.hands_lost, l.games_won, l.games_lost, e.summary "
            "FROM entry_lines l JOIN entries e ON e.id = l.entry_id JOIN games g ON g.id = e.game_id "
            "JOIN tables t ON t.id = g.table_id JOIN players p ON p.id = l.player_id "
            f"WHERE g.table_id IN ({_marks(len(tables))}) ORDER BY e.id, l.seat",
            tables,
        ).fetchall()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(rows)
    return out.getvalue()


def export(ledger: Ledger, tournament: str, path: Path, fmt: str | None = None) -> str:
    """Write a tournament to ``path`` atomically as CSV or JSON (by ``fmt`` or the file's suffix)."""
    chosen = (fmt or path.suffix.lstrip(".") or "json").casefold()
    if chosen not in {"csv", "json"}:
        raise LedgerError(f"export writes csv or json, not {chosen!r}")
    text = (
        export_csv(ledger, tournament)
        if chosen == "csv"
        else json.dumps(export_data(ledger, tournament), ensure_ascii=False, indent=1) + "\n"
    )
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise LedgerError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    return chosen
