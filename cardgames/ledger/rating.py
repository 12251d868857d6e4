"""A rating across a tournament: openskill's Plackett-Luce model over the ranks of every player."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from attrs import frozen
from openskill.models import PlackettLuce

from cardgames.core.scoresheet import Units
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.lookup import ACTIVE
from cardgames.ledger.model import name_key
from cardgames.ledger.sheets import Meta, section_title
from cardgames.ledger.store import Ledger
from cardgames.ledger.views import game_groups, marks, scope
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext


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


def _keys(units: Units, lines: list[Any]) -> list[tuple[int, int]]:
    """Rank keys of one game's players: winners first, losers last, then the game's measure."""
    keys = []
    for _, points, chips, hands, won, lost in lines:
        if units.rank_by == "chips":
            measure = -int(chips)
        elif units.rank_by == "hands":
            measure = -int(hands)
        else:
            measure = int(points) if units.low_points_win else -int(points)
        keys.append((0 if won else 2 if lost else 1, measure))
    return keys


def rating_events(
    ledger: Ledger, tournament: str, by: str, games: list[int] | None = None
) -> tuple[str, list[list[tuple[int, int]]]]:
    """The ranked results the rating learns from, oldest first: per game (its end) or per deal.

    Each event is a list of (player id, rank), rank 1 best; ties share a rank. Only the
    ``games`` given, if any. Ranks have no units, so games of every kind can be rated together.
    """
    if by not in {"game", "deal"}:
        raise LedgerError(_("a rating is by game or by deal, not {by!r}").format(by=by))
    with ledger.read() as conn:
        name, tables = scope(ledger, conn, tournament, None)
        kind = "end" if by == "game" else "deal"
        chosen = ""
        args: list[Any] = [*tables, kind]
        if games is not None:
            chosen = f" AND e.game_id IN ({marks(len(games))})"
            args += games
        events = []
        for eid, meta in conn.execute(
            f"SELECT e.id, g.meta FROM entries e JOIN games g ON g.id = e.game_id "
            f"WHERE g.table_id IN ({marks(len(tables))}) AND e.kind = ? AND {ACTIVE}{chosen} ORDER BY e.id",
            args,
        ).fetchall():
            units = Meta.from_data(json.loads(meta)).units
            if by == "game":
                lines = conn.execute(
                    "SELECT l.player_id, SUM(l.points), SUM(l.chips), SUM(l.hands_won), "
                    "SUM(l.games_won), SUM(l.games_lost) FROM entry_lines l "
                    "JOIN entries e ON e.id = l.entry_id "
                    "WHERE e.game_id = (SELECT game_id FROM entries WHERE id = ?) "
                    "GROUP BY l.player_id ORDER BY MIN(l.seat)",
                    (eid,),
                ).fetchall()
                keys = _keys(units, lines)
            else:
                lines = conn.execute(
                    "SELECT player_id, hands_won, hands_lost, points FROM entry_lines "
                    "WHERE entry_id = ? ORDER BY seat",
                    (eid,),
                ).fetchall()
                sign = 1 if units.low_points_win else -1
                keys = [(0 if w else 2 if lost else 1, sign * int(p)) for _, w, lost, p in lines]
            events.append(list(zip((int(r[0]) for r in lines), _dense(keys), strict=True)))
    return name, events


@frozen
class RatingSection:
    """A rating over the games of one game and mode, or over every game ("all games")."""

    title: str
    ratings: tuple[Rating, ...]


def rating(
    ledger: Ledger, tournament: str, by: str = "game", games: list[int] | None = None
) -> tuple[str, tuple[Rating, ...]]:
    """An openskill Plackett-Luce rating over the tournament's finished games (or deals), best first."""
    name, events = rating_events(ledger, tournament, by, games)
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


def ratings(ledger: Ledger, tournament: str, by: str = "game") -> tuple[str, tuple[RatingSection, ...]]:
    """A rating per game and scoring mode, then one over every game (when there is more than one)."""
    with ledger.read() as conn:
        __, tables = scope(ledger, conn, tournament, None)
        groups = game_groups(conn, tables)
    name, everything = rating(ledger, tournament, by)
    out = []
    for meta, games in groups.values():
        title = section_title(meta)
        rated = rating(ledger, tournament, by, games)[1]
        if rated:
            out.append(RatingSection(title, rated))
    if len(out) != 1:
        out.append(RatingSection(_("all games"), everything))
    return name, tuple(out)
