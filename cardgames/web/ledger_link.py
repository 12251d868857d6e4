"""A finished web table in a tournament ledger, and a tournament's standings for the scoreboard page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgames.core.table import Table
from cardgames.ledger import Ledger, played_from_table, record_played
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.lookup import number_in_tournament
from cardgames.ledger.views import Standing, standings
from cardgames.primitives.errors import CardgamesError
from cardgames.web.notes import Note


def record_table(ledger: Path | None, tournament: str, table: Table) -> Note:
    """Record a finished table in ``tournament``; what happened, as a note to the table.

    The ledger's program-played recording is the one call: the host named the tournament
    when opening the table, so the ledger, the tournament and the players are created if
    missing, and the same game is never recorded twice (a server restart is harmless).
    """
    try:
        done = record_played(
            ledger, tournament, None, played_from_table(table), create=True, add_players=True
        )
    except CardgamesError as exc:  # a file's or a disk's reason is kept as data, said in each seat's language
        reason = exc.said if isinstance(exc, LedgerError) and exc.said is not None else str(exc)
        return Note("not_recorded", (("tournament", repr(tournament)), ("reason", reason)))
    with Ledger.open(done.path) as book, book.read() as conn:
        number = number_in_tournament(conn, done.game_id)
    where = (("tournament", repr(done.tournament)), ("number", number), ("game", done.game_id))
    return Note("recorded_again" if done.again else "recorded", where)


def _rows(rows: tuple[Standing, ...]) -> list[dict[str, Any]]:
    return [
        {
            "player": r.player,
            "games": r.games,
            "games_won": r.games_won,
            "hands_won": r.hands_won,
            "points": r.points,
            "chips": r.chips,
        }
        for r in rows
    ]


def standings_data(ledger: Path | None, tournament: str) -> dict[str, Any]:
    """A tournament's standings as plain data; CardgamesError if the ledger or tournament is missing."""
    with Ledger.open(ledger) as book:
        table = standings(book, tournament)
    return {
        "tournament": table.tournament,
        "rows": _rows(table.overall),
        "sections": [
            {"title": s.title, "points": s.points, "chips": s.chips, "rows": _rows(s.rows)}
            for s in table.sections
        ],
    }
