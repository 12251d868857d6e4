"""Helpers shared by the ledger tests."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardgames.ledger import Ledger, Recorded


def dump(path: Path) -> list[str]:
    """Every row of the ledger, read through a separate connection (a file that is no ledger: its bytes)."""
    if not path.exists():
        return []
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    except sqlite3.DatabaseError:
        return [path.read_bytes().hex()]
    finally:
        conn.close()


def posledniy(
    book: Ledger, game: int, last: str | None = None, all_tricks: str | None = None, **kw: Any
) -> tuple[Recorded, ...]:
    """Record a deal of Последний through its declared fields, as ``ledger record`` does."""
    given = {k: [v] for k, v in (("last", last), ("all_tricks", all_tricks)) if v is not None}
    return book.record(game, given, **kw)


def dernier(
    book: Ledger, game: int, winner: str, left: Mapping[str, tuple[int, int]], **kw: Any
) -> tuple[Recorded, ...]:
    """Record a hand of Dernier through its declared fields."""
    given: dict[str, list[str]] = {"winner": [winner]}
    if left:
        given["left"] = [f"{name}={c},{j}" for name, (c, j) in left.items()]
    return book.record(game, given, **kw)
