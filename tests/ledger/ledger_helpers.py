"""Helpers shared by the ledger tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path


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
