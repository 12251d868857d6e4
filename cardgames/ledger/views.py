"""What the ledger shows: standings, a player's history, a game's log, the list of games.

Every number is a sum of entry lines (undo entries carry the negated lines), so the
views always agree with the entries, corrections included.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

from attrs import frozen

from cardgames.core.scoresheet import Units
from cardgames.ledger import lookup
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.lookup import ACTIVE
from cardgames.ledger.model import did_you_mean, name_key
from cardgames.ledger.sheets import Meta, points_word, section_title
from cardgames.ledger.store import Ledger
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext

COUNTS = ("points", "chips", "hands_won", "hands_lost", "games_won", "games_lost")


def scope(
    ledger: Ledger, conn: sqlite3.Connection, tournament: str, table: str | None
) -> tuple[str, list[int]]:
    """A tournament's name and the ids of its tables (or of the one table named)."""
    tid = lookup.tournament_id(conn, tournament)
    name = str(conn.execute("SELECT name FROM tournaments WHERE id = ?", (tid,)).fetchone()[0])
    if table is None:
        return name, [
            int(r[0]) for r in conn.execute("SELECT id FROM tables WHERE tournament_id = ?", (tid,))
        ]
    row = lookup.table_row(conn, tid, table)
    if row is None:
        known = [str(r[0]) for r in conn.execute("SELECT name FROM tables WHERE tournament_id = ?", (tid,))]
        raise LedgerError(
            _("tournament {name!r} has no table {table!r}{hint}").format(
                name=name, table=table, hint=did_you_mean(table, known, _("its tables"))
            )
        )
    return name, [row[0]]


def marks(n: int) -> str:
    """``n`` SQL placeholders for an IN list."""
    return ",".join("?" * n)


@frozen
class Standing:
    """A player's totals over the games of one game and scoring mode (or over every game)."""

    player: str
    games: int
    games_won: int
    games_lost: int
    hands_won: int
    hands_lost: int
    points: int
    chips: int


@frozen
class Section:
    """Standings of one game in one scoring mode: its own units, its own ranking."""

    game: str
    mode: str
    title: str
    points: str | None
    low_points_win: bool
    chips: bool
    rows: tuple[Standing, ...]


@frozen
class Standings:
    """Standings of a tournament (or one table): a section per game and mode, and an overall view.

    The overall view counts games won and lost, hands won, and chips (chips are chips in every game);
    it never adds points of different games or modes together.
    """

    tournament: str
    table: str | None
    sections: tuple[Section, ...]
    overall: tuple[Standing, ...]


def game_groups(conn: sqlite3.Connection, tables: list[int]) -> dict[tuple[str, str], tuple[Meta, list[int]]]:
    """The tournament's games grouped by game and scoring mode, in the order they were first played."""
    groups: dict[tuple[str, str], tuple[Meta, list[int]]] = {}
    for gid, kind, meta in conn.execute(
        f"SELECT id, game, meta FROM games WHERE table_id IN ({marks(len(tables))}) ORDER BY id", tables
    ):
        m = Meta.from_data(json.loads(meta))
        groups.setdefault((str(kind), m.mode), (m, []))[1].append(int(gid))
    return groups


def _sums(conn: sqlite3.Connection, games: list[int]) -> dict[int, list[int]]:
    """Per player: games played (with an active deal or end), then the COUNTS summed."""
    out: dict[int, list[int]] = {}
    places = marks(len(games))
    for row in conn.execute(
        f"SELECT l.player_id, SUM(l.points), SUM(l.chips), SUM(l.hands_won), SUM(l.hands_lost), "
        f"SUM(l.games_won), SUM(l.games_lost) FROM entry_lines l JOIN entries e ON e.id = l.entry_id "
        f"WHERE e.game_id IN ({places}) GROUP BY l.player_id",
        games,
    ):
        out[int(row[0])] = [0, *(int(v) for v in row[1:])]
    for pid, count in conn.execute(
        f"SELECT s.player_id, COUNT(DISTINCT s.game_id) FROM game_seats s WHERE s.game_id IN ({places}) "
        f"AND EXISTS (SELECT 1 FROM entries e WHERE e.game_id = s.game_id AND e.kind != 'undo' AND {ACTIVE}) "
        "GROUP BY s.player_id",
        games,
    ):
        out.setdefault(int(pid), [0] * 7)[0] = int(count)
    return out


def _row(name: str, v: list[int]) -> Standing:
    games, points, chips, hw, hl, gw, gl = v
    return Standing(name, games, gw, gl, hw, hl, points, chips)


def ranking(units: Units) -> Callable[[Standing], tuple[Any, ...]]:
    """How the players of one game and scoring mode are ranked: the sort key of their standings.

    Chips first where chips change hands, then games won and lost, then points the game's
    way, then hands won, then the name. A table's result (``cardgames.web.results``) ranks its
    players with this same key, so the table and the scoreboard agree.
    """
    sign = 1 if units.low_points_win else -1

    def key(r: Standing) -> tuple[Any, ...]:
        return (
            -r.chips if units.chips else 0,
            -r.games_won,
            r.games_lost,
            sign * r.points,
            -r.hands_won,
            name_key(r.player),
        )

    return key


def overall_ranking(r: Standing) -> tuple[Any, ...]:
    """How players are ranked over games of different kinds: games won and lost, then hands won (a
    player who won no hand never ranks above one who won one), then chips, games played, the name."""
    return (r.games == 0, -r.games_won, r.games_lost, -r.hands_won, -r.chips, -r.games, name_key(r.player))


def standings(ledger: Ledger, tournament: str, table: str | None = None) -> Standings:
    """A section per game and mode, ranked the game's way, and an overall view of games, hands and chips."""
    with ledger.read() as conn:
        name, tables = scope(ledger, conn, tournament, table)
        players: dict[int, str] = {}
        for pid, pname in conn.execute(
            f"SELECT p.id, p.name FROM table_seats s JOIN players p ON p.id = s.player_id "
            f"WHERE s.table_id IN ({marks(len(tables))}) ORDER BY s.table_id, s.seat",
            tables,
        ):
            players.setdefault(int(pid), str(pname))
        sections = []
        overall: dict[int, list[int]] = {pid: [0] * 7 for pid in players}
        for (__, mode), (meta, games) in game_groups(conn, tables).items():
            sums = _sums(conn, games)
            units = meta.units
            rows = [_row(players.get(pid, "?"), v) for pid, v in sums.items() if v[0]]
            rows.sort(key=ranking(units))
            title = section_title(meta)
            sections.append(
                Section(
                    meta.name, mode, title, points_word(meta), units.low_points_win, units.chips, tuple(rows)
                )
            )
            for pid, v in sums.items():
                total = overall.setdefault(pid, [0] * 7)
                for i in (0, 3, 4, 5, 6):
                    total[i] += v[i]
                if units.chips:
                    total[2] += v[2]
    rows = [_row(players.get(pid, "?"), v) for pid, v in overall.items()]
    rows.sort(key=overall_ranking)
    return Standings(name, table, tuple(sections), tuple(rows))


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
    points_unit: str | None
    points_said: str | None
    """The unit in the language in force (the game's catalog), when the game is installed."""
    chips: int | None
    hands_won: int
    hands_lost: int
    result: str


def history(ledger: Ledger, player: str, tournament: str | None = None) -> tuple[str, tuple[HistoryRow, ...]]:
    """Every game a player sat in (in one tournament, or all), oldest first."""
    with ledger.read() as conn:
        pid = lookup.player_id(conn, player)
        pname = str(conn.execute("SELECT name FROM players WHERE id = ?", (pid,)).fetchone()[0])
        where, args = "", [pid]
        if tournament is not None:
            where = " AND tr.id = ?"
            args.append(lookup.tournament_id(conn, tournament))
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
            info = lookup.game(conn, int(gid))
            points, chips, hw, hl, gw, gl = (int(v) for v in sums)
            result = "won" if gw else "lost" if gl else "-" if info.finished else "open"
            if info.withdrawn:
                result = "withdrawn"
            units = info.meta.units
            rows.append(
                HistoryRow(
                    int(gid),
                    tname,
                    table,
                    info.label(),
                    int(seat) + 1,
                    info.deals,
                    points,
                    units.points,
                    points_word(info.meta),
                    chips if units.chips else None,
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
    options: dict[str, object]
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
        info = lookup.game(conn, game_id)
        return GameLog(
            info.id,
            info.tournament,
            info.table,
            info.label(),
            info.options,
            info.players,
            info.source,
            info.finished,
            info.totals.points,
            info.totals.chips,
            _entries(conn, game_id, len(info.players)),
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
            info = lookup.game(conn, gid)
            rows.append(GameRow(gid, info.table, info.label(), info.players, info.deals, info.status()))
    return name, tuple(rows)
