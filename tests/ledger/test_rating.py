"""Ratings learn from the ranks of all players; the file carries its format and version."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import platformdirs
import pytest
from ledger_helpers import posledniy

from cardgames.ledger import Ledger
from cardgames.ledger.db import APPLICATION_ID, SCHEMA_VERSION, default_path
from cardgames.ledger.rating import rating, rating_events


def names(book: Ledger, event: list[tuple[int, int]]) -> dict[str, int]:
    ids = dict(book.conn.execute("SELECT id, name FROM players").fetchall())
    return {ids[pid]: rank for pid, rank in event}


def test_ranks_per_game_and_per_deal(book: Ledger) -> None:
    game = book.start_game("Friday", "1", "posledniy", {"target": 3})
    posledniy(book, game, last="B")  # dealer A
    posledniy(book, game, all_tricks="C")  # dealer B: A, B, D score 1
    posledniy(book, game, last="D")  # dealer C: D reaches 2
    book.undo(game)
    posledniy(book, game, last="B")  # dealer C: B reaches 3, game over
    _, deals = rating_events(book, "Friday", "deal")
    assert [names(book, e) for e in deals] == [
        {"A": 1, "B": 2, "C": 1, "D": 1},
        {"A": 2, "B": 2, "C": 1, "D": 2},
        {"A": 1, "B": 2, "C": 1, "D": 1},
    ]
    _, games = rating_events(book, "Friday", "game")
    # B lost (3 points); C won (0); A and D in between with 1 point each.
    assert [names(book, e) for e in games] == [{"A": 2, "B": 3, "C": 1, "D": 2}]
    _, rows = rating(book, "Friday")
    order = [r.player for r in rows]
    assert order[0] == "C" and order[-1] == "B"
    by = {r.player: r for r in rows}
    assert by["A"].mu == by["D"].mu and by["C"].mu > 25 > by["B"].mu


def test_open_games_do_not_count_by_game(book: Ledger) -> None:
    game = book.start_game("Friday", "1", "posledniy", {})
    posledniy(book, game, last="B")
    assert rating(book, "Friday", "game")[1] == ()
    assert len(rating(book, "Friday", "deal")[1]) == 4


def test_a_new_file_is_marked_as_a_ledger(book: Ledger, ledger_path: Path) -> None:
    conn = sqlite3.connect(ledger_path)
    try:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        conn.close()


def test_default_ledger_is_in_the_users_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CARDGAMES_LEDGER", raising=False)
    assert default_path() == platformdirs.user_data_path("cardgames") / "ledger.sqlite3"
    monkeypatch.setenv("CARDGAMES_LEDGER", str(tmp_path / "club.sqlite3"))
    assert default_path() == tmp_path / "club.sqlite3"
