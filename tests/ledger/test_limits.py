"""Hostile and clumsy input at the ledger's edge (issue 13, items 5 to 7): one line, nothing changed."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.ledger import Ledger, LedgerFileError
from cardgames.ledger.cli import app
from cardgames.ledger.db import explain
from cardgames.primitives.language import speaking

runner = CliRunner()
HUGE = str(2**63)


def run(path: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, [*args, "--ledger", str(path)])
    return result.exit_code, str(result.stderr).strip() if result.exit_code else str(result.stdout)


def journal(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        return str(conn.execute("PRAGMA journal_mode").fetchone()[0])
    finally:
        conn.close()


@pytest.fixture
def rollback_ledger(tmp_path: Path) -> Path:
    """A ledger in rollback-journal mode (as a copied or backed-up file may be), with one game."""
    path = tmp_path / "l.sqlite3"
    for args in (
        ("new", "Friday"),
        ("table", "Friday", "1", "A", "B", "C"),
        ("game", "Friday", "1", "-g", "posledniy"),
    ):
        assert run(path, *args)[0] == 0
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    return path


def siblings(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name != path.name)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("record", HUGE, "--last", "A"),
            f"the game's number must be a whole number from 1 to {2**63 - 1}, not {HUGE}",
        ),
        (
            ("undo", HUGE, "--yes"),
            f"the game's number must be a whole number from 1 to {2**63 - 1}, not {HUGE}",
        ),
        (
            ("record", "1", "--last", "A", "--deal", HUGE),
            f"--deal must be a whole number from 1 to {2**63 - 1}, not {HUGE}",
        ),
        (("record", "999", "--last", "A"), "there is no game 999"),
        (
            ("game", "Friday", "1", "-g", "dernier", "-o", f"hands_to_win={HUGE}"),
            "option hands_to_win must be",
        ),
        (
            ("game", "Friday", "1", "-g", "posledniy", "-o", "stake=10000000000000000000"),
            "option stake must be",
        ),
        (("record", "1", "--last", "Zed"), "--last: 'Zed' does not play"),
        (("export", "Friday", "l.sqlite3", "--format", "json"), "is the ledger itself"),
    ],
)
def test_refusals_change_no_byte_and_leave_no_wal(
    rollback_ledger: Path, args: tuple[str, ...], said: str
) -> None:
    before = rollback_ledger.read_bytes()
    os.chdir(rollback_ledger.parent)
    code, text = run(rollback_ledger, *args)
    assert code == 2 and text.startswith("error: ") and said in text and "\n" not in text, text
    assert rollback_ledger.read_bytes() == before
    assert siblings(rollback_ledger) == []
    assert journal(rollback_ledger) == "delete"


def test_huge_numbers_in_a_deal_are_refused_naming_the_field(tmp_path: Path) -> None:
    path = tmp_path / "l.sqlite3"
    run(path, "new", "Friday")
    run(path, "table", "Friday", "1", "A", "B")
    run(path, "game", "Friday", "1", "-g", "dernier", "-o", "scoring=cards")
    code, text = run(path, "record", "1", "--winner", "A", "--left", f"B={HUGE}")
    assert code == 2 and "--left: B's cards must be from 0 to 108" in text


def test_read_only_commands_keep_the_journal_mode(rollback_ledger: Path) -> None:
    before = rollback_ledger.read_bytes()
    for args in (("games", "Friday"), ("standings", "Friday"), ("log", "1"), ("rating", "Friday")):
        assert run(rollback_ledger, *args)[0] == 0
    assert rollback_ledger.read_bytes() == before and journal(rollback_ledger) == "delete"
    assert siblings(rollback_ledger) == []
    assert run(rollback_ledger, "record", "1", "--last", "B")[0] == 0  # the first write switches to WAL
    assert journal(rollback_ledger) == "wal"


def test_an_empty_file_is_refused_and_stays_empty(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.write_bytes(b"")
    code, text = run(path, "games", "Friday")
    assert code == 2 and "is empty, not a ledger" in text
    assert path.read_bytes() == b"" and siblings(path) == []


def test_a_read_only_ledger_can_be_read(rollback_ledger: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Tests may run as root, for whom 0444 does not stop writing: the ledger asks os.access, as for a user.
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if mode == os.W_OK else real(p, mode))
    before = rollback_ledger.read_bytes()
    code, text = run(rollback_ledger, "games", "Friday")
    assert code == 0 and "Games of Friday" in text
    code, text = run(rollback_ledger, "record", "1", "--last", "B")
    assert code == 2 and "cannot be written (it is read-only)" in text
    assert rollback_ledger.read_bytes() == before and siblings(rollback_ledger) == []


def test_a_full_disk_is_named_as_such(tmp_path: Path) -> None:
    error = explain(sqlite3.OperationalError("database or disk is full"), tmp_path / "l.sqlite3")
    assert isinstance(error, LedgerFileError) and "is full" in str(error) and "intact" in str(error)
    failed = str(explain(sqlite3.OperationalError("disk I/O error"), tmp_path / "l.sqlite3"))
    assert "damaged" not in failed and "the disk failed" in failed  # this disk has room: not a full one


@pytest.mark.parametrize(
    ("code", "full", "failed"),
    [
        (
            "it",
            "è pieno; il registro è intatto e non è cambiato nulla",
            "il disco ha fallito (disk I/O error)",
        ),
        ("ru", "заполнен; журнал цел, ничего не изменено", "сбой диска (disk I/O error); ничего не изменено"),
    ],
)
def test_a_disk_error_is_said_in_the_language_in_force_with_sqlites_own_words(
    tmp_path: Path, code: str, full: str, failed: str
) -> None:
    """The framing is translated; what SQLite (or the system) says is kept as it says it."""
    with speaking(code):
        error = explain(sqlite3.OperationalError("database or disk is full"), tmp_path / "l.sqlite3")
        assert full in str(error)
        assert failed in str(explain(sqlite3.OperationalError("disk I/O error"), tmp_path / "l.sqlite3"))
    assert isinstance(error, LedgerFileError) and error.said is not None
    assert "is full" in error.said.words()  # kept as data: said again in English, or any language


def test_a_ledger_opened_twice_is_not_migrated_twice(tmp_path: Path) -> None:
    path = tmp_path / "l.sqlite3"
    with Ledger.open(path, create=True) as book:
        book.new_tournament("Friday")
    with Ledger.open(path) as book, book.read() as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2


@pytest.mark.parametrize("command", ["record", "undo", "close", "log"])
@pytest.mark.parametrize("number", ["one", "0", "1.5", HUGE])
def test_a_mistyped_game_number_is_one_line(rollback_ledger: Path, command: str, number: str) -> None:
    """Issue 13, item 12: a game number that is not one is one line of ours, never the parser's box."""
    before = rollback_ledger.read_bytes()
    extra = ["--yes"] if command == "undo" else ["--last", "A"] if command == "record" else []
    code, err = run(rollback_ledger, command, number, *extra)
    assert code == 2 and err.startswith("error: the game's number") and "\n" not in err, err
    assert "Usage" not in err and rollback_ledger.read_bytes() == before


def test_a_mistyped_deal_number_is_one_line(rollback_ledger: Path) -> None:
    code, err = run(rollback_ledger, "undo", "1", "--deal", "x", "--yes")
    assert code == 2 and err == "error: --deal takes a whole number, not 'x'", err
