"""Bad input and bad files: a clear ledger error, and nothing written."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from ledger_helpers import dernier, dump, posledniy

from cardgames.ledger import Ledger, LedgerError, LedgerFileError, views
from cardgames.ledger.db import SCHEMA_VERSION
from cardgames.primitives.errors import CardgamesError


@pytest.fixture
def game(book: Ledger) -> int:
    game = book.start_game("Friday", "1", "posledniy", {"target": 5})
    posledniy(book, game, last="B")
    return game


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"last": "Zed"}, "--last: 'Zed' does not play in this game (A, B, C, D)"),
        ({"all_tricks": "b2"}, "--all-tricks: 'b2' does not play"),
        ({"last": "B", "dealer": "Nobody"}, "(dealer) is not seated"),
        ({}, "--last: give who took the last trick, or --all-tricks NAME"),
        ({"last": "A", "all_tricks": "B"}, "--last: give who took the last trick, or --all-tricks"),
        ({"last": "A", "deal": 1}, "deal 1 of game 1 is already recorded; the next is deal 2"),
        ({"last": "A", "deal": 3}, "the next deal of game 1 is deal 2, not 3"),
    ],
)
def test_posledniy_deal_refused_and_nothing_written(
    book: Ledger, ledger_path: Path, game: int, kwargs: dict[str, object], message: str
) -> None:
    before = dump(ledger_path)
    with pytest.raises(LedgerError, match=None) as err:
        posledniy(book, game, **kwargs)  # type: ignore[arg-type]
    assert message in str(err.value)
    assert dump(ledger_path) == before


def test_a_player_of_the_tournament_at_another_table_is_not_seated(book: Ledger, ledger_path: Path) -> None:
    book.add_table("Friday", "2", ["E", "F", "G"])
    game = book.start_game("Friday", "2", "posledniy", {})
    before = dump(ledger_path)
    with pytest.raises(LedgerError, match=r"--last: 'A' does not play in this game \(E, F, G\)"):
        posledniy(book, game, last="A")
    assert dump(ledger_path) == before


def test_idempotency_key_records_once(book: Ledger, ledger_path: Path, game: int) -> None:
    posledniy(book, game, last="C", key="table1-deal2")
    before = dump(ledger_path)
    with pytest.raises(LedgerError, match="key 'table1-deal2' was already recorded"):
        posledniy(book, game, last="C", key="table1-deal2")
    assert dump(ledger_path) == before


def test_finished_game_takes_no_more_deals(book: Ledger, ledger_path: Path) -> None:
    game = book.start_game("Friday", "1", "posledniy", {"target": 1})
    recs = posledniy(book, game, last="B")
    assert recs[-1].finished
    before = dump(ledger_path)
    with pytest.raises(LedgerError, match="game 1 is over; no more deals can be recorded"):
        posledniy(book, game, last="C")
    with pytest.raises(LedgerError, match="already over"):
        book.close_game(game)
    assert dump(ledger_path) == before


def test_dernier_mistakes(book: Ledger, ledger_path: Path) -> None:
    game = book.start_game("Friday", "1", "dernier", {"scoring": "cards"})
    before = dump(ledger_path)
    with pytest.raises(LedgerError, match="--left: give the cards left in every losing hand: C, D"):
        dernier(book, game, winner="A", left={"B": (2, 0)})
    with pytest.raises(LedgerError, match="--left: A went out and has no cards left"):
        dernier(book, game, winner="A", left={"A": (1, 0), "B": (1, 0), "C": (1, 0), "D": (1, 0)})
    with pytest.raises(LedgerError, match="is not a hand"):
        dernier(book, game, winner="A", left={"B": (1, 2), "C": (1, 0), "D": (1, 0)})
    with pytest.raises(LedgerError, match=r"has no field --last \(its fields: --winner, --left\)"):
        posledniy(book, game, last="A")
    assert dump(ledger_path) == before


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("poker", {}, "no game called 'poker'"),
        ("posledniy", {"scoring": "hands"}, "option scoring must be one of chips, points, not 'hands'"),
        ("posledniy", {"targte": 5}, "unknown option 'targte'"),
        ("posledniy", {"unit": "five"}, "option unit takes a whole number"),
        ("posledniy", {"target": 0}, "option target must be from 1 to 100, not 0"),
    ],
)
def test_bad_game_options(
    book: Ledger, ledger_path: Path, game: str, options: dict[str, object], message: str
) -> None:
    before = dump(ledger_path)
    with pytest.raises(LedgerError) as err:
        book.start_game("Friday", "1", game, options)
    assert message in str(err.value)
    assert dump(ledger_path) == before


def test_players_and_tables(book: Ledger, ledger_path: Path) -> None:
    before = dump(ledger_path)
    with pytest.raises(LedgerError, match="there is no tournament 'Saturday'"):
        book.add_table("Saturday", "1", ["A", "B", "C"])
    with pytest.raises(LedgerError, match="already has a table '1'"):
        book.add_table("Friday", "1", ["A", "B", "C"])
    with pytest.raises(LedgerError, match="a player is named twice"):
        book.add_table("Friday", "2", ["A", "a", "C"])
    with pytest.raises(LedgerError, match="may not contain"):
        book.add_table("Friday", "2", ["A", "B=1", "C"])
    with pytest.raises(LedgerError, match="Последний is played by 3 or 4 players, not 2"):
        book.start_game("Friday", "1", "posledniy", {}, seats=["A", "B"])
    with pytest.raises(LedgerError, match="'E' is not seated at table 1"):
        book.start_game("Friday", "1", "posledniy", {}, seats=["A", "B", "E"])
    with pytest.raises(LedgerError, match="there is no player 'Zed'"):
        views.history(book, "Zed")
    assert dump(ledger_path) == before


def test_names_are_case_insensitive(book: Ledger) -> None:
    game = book.start_game("friday", "1", "posledniy", {}, seats=["d", "c", "b"], first_dealer="c")
    (rec,) = posledniy(book, game, last="  b ")
    assert rec.summary == "deal 1 (dealer C): B took the last trick; points B +1"


def test_garbage_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"these are my notes, not a ledger\n" * 200)
    before = path.read_bytes()
    with pytest.raises(LedgerFileError, match="is damaged or not a ledger") as err:
        Ledger.open(path, create=True)
    assert isinstance(err.value, CardgamesError)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.sqlite3"]


def test_foreign_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(LedgerFileError, match="an SQLite file of another program"):
        Ledger.open(path, create=True)
    assert path.read_bytes() == before


def test_newer_schema_is_refused(ledger_path: Path, book: Ledger) -> None:
    book.close()
    conn = sqlite3.connect(ledger_path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(LedgerFileError, match=f"has schema version {SCHEMA_VERSION + 1}"):
        Ledger.open(ledger_path)


def test_truncated_file_is_refused(ledger_path: Path, book: Ledger) -> None:
    game = book.start_game("Friday", "1", "posledniy", {"target": 50})
    for _ in range(40):
        posledniy(book, game, last="B")
    book.close()  # the last connection folds the write-ahead log into the file
    data = ledger_path.read_bytes()
    assert len(data) > 8192
    ledger_path.write_bytes(data[: len(data) // 2])
    with pytest.raises(LedgerFileError, match="damaged"), Ledger.open(ledger_path) as again:
        views.standings(again, "Friday")


def test_missing_file_is_not_created_by_a_view(tmp_path: Path) -> None:
    with pytest.raises(LedgerFileError, match="there is no ledger at"):
        Ledger.open(tmp_path / "typo.sqlite3")
    assert list(tmp_path.iterdir()) == []


def test_the_tables_are_append_only(book: Ledger, game: int) -> None:
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        book.conn.execute("UPDATE entry_lines SET chips = 100")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        book.conn.execute("DELETE FROM entries")


def test_every_ledger_error_is_a_cardgames_error() -> None:
    assert issubclass(LedgerError, CardgamesError)
    assert issubclass(LedgerFileError, LedgerError)
