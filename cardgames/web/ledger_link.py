"""A finished web table in a tournament ledger, and a tournament's standings for the scoreboard page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgames.engine import Table
from cardgames.errors import CardgamesError
from cardgames.ledger.played import record_played_game
from cardgames.ledger.store import Ledger
from cardgames.ledger.views import standings
from cardgames.options import options_as_dict


def record_table(ledger: Path | None, tournament: str, table_id: str, table: Table) -> str:
    """Record a table (finished or stopped) in ``tournament``; what happened, in one line.

    The ledger's program-played recording is the one call (it deduplicates on the
    table id, so a server restart does not record a game twice).
    """
    try:
        gid = record_played_game(
            ledger,
            tournament,
            None,
            f"{table.game.id}:web-{table_id}",
            [s.name for s in table.seats],
            options_as_dict(table.options),
            list(table.state.hand_results()),
            table.state.outcome(),
        )
    except CardgamesError as exc:
        return f"could not record the game in {tournament!r}: {exc}"
    return f"recorded in tournament {tournament!r} as game {gid}"


def standings_data(ledger: Path | None, tournament: str) -> dict[str, Any]:
    """A tournament's standings as plain data; CardgamesError if the ledger or tournament is missing."""
    with Ledger.open(ledger) as book:
        table = standings(book, tournament)
    return {
        "tournament": table.tournament,
        "rows": [
            {
                "player": r.player,
                "games": r.games,
                "games_won": r.games_won,
                "hands_won": r.hands_won,
                "points": r.points,
                "chips": r.chips,
            }
            for r in table.rows
        ],
    }
