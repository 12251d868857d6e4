"""A rating across a tournament: openskill's Plackett-Luce model over the ranks of every player."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from attrs import frozen
from openskill.models import PlackettLuce

from cardgames.ledger.errors import LedgerError
from cardgames.ledger.model import name_key
from cardgames.ledger.store import ACTIVE, Ledger
from cardgames.ledger.views import marks, scope


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
        name, tables = scope(ledger, conn, tournament, None)
        kind = "end" if by == "game" else "deal"
        events = []
        for eid, gid in conn.execute(
            f"SELECT e.id, e.game_id FROM entries e JOIN games g ON g.id = e.game_id "
            f"WHERE g.table_id IN ({marks(len(tables))}) AND e.kind = ? AND {ACTIVE} ORDER BY e.id",
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
                spec = ledger.game(conn, int(gid)).spec
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
