"""What an organiser tripped on in the ledger: each test fails before its fix."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app

runner = CliRunner()


def _ok(*args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return str(result.output)


def _finished_game(tmp_path: Path) -> Path:
    save = tmp_path / "g.json"
    args = ["play", "dernier", "--players", "bot,bot", "--seed", "3", "-o", "hands_to_win=1"]
    _ok(*args, "--save", str(save), "--json")
    return save


def test_a_game_imported_again_names_the_tournament_it_is_in(tmp_path: Path) -> None:
    book, save = str(tmp_path / "l.db"), _finished_game(tmp_path)
    _ok("ledger", "import", str(save), "--tournament", "Thu", "--create", "--add-players", "--ledger", book)
    out = " ".join(
        _ok(
            "ledger",
            "import",
            str(save),
            "--tournament",
            "Fri",
            "--create",
            "--add-players",
            "--ledger",
            book,
        ).split()
    )
    assert "already recorded as game 1 of tournament Thu" in out
    assert "Fri" not in out


def test_one_of_a_count_is_singular(tmp_path: Path) -> None:
    book = str(tmp_path / "l.db")
    _ok("ledger", "new", "Friday", "--ledger", book)
    _ok("ledger", "table", "Friday", "1", "A", "B", "C", "D", "--ledger", book)
    game = ["-g", "posledniy", "-o", "scoring=points", "-o", "target=5", "--ledger", book]
    _ok("ledger", "game", "Friday", "1", *game)
    _ok("ledger", "record", "1", "--last", "B", "--ledger", book)
    out = _ok("ledger", "history", "B", "--ledger", book)
    assert "1 penalty point" in out and "1 penalty points" not in out
    rules = _ok("rules", "dernier")
    assert "first to win 3 hands wins" in " ".join(rules.split())
    one = _ok("play", "dernier", "--players", "bot,bot", "--seed", "1", "-o", "hands_to_win=1")
    assert "the first to win 1 hand wins" in " ".join(one.split())


def _table_of_three(tmp_path: Path, *game: str) -> str:
    book = str(tmp_path / "l.db")
    _ok("ledger", "new", "T", "--ledger", book)
    _ok("ledger", "table", "T", "1", "Ann", "Bea", "Cid", "--ledger", book)
    _ok("ledger", "game", "T", "1", *game, "--ledger", book)
    return book


def _terminal(*args: str) -> pexpect.spawn:
    program = shutil.which("cardgames")
    if program is None:
        pytest.skip("the cardgames program is not installed (pip install -e .)")
    return pexpect.spawn(program, list(args), encoding="utf-8", timeout=20, dimensions=(24, 200))


def test_interactive_record_checks_each_answer_at_once_and_skips_the_winners_cards(tmp_path: Path) -> None:
    book = _table_of_three(tmp_path, "-g", "dernier", "-o", "scoring=cards")
    child = _terminal("ledger", "record", "1", "--ledger", book)
    child.expect("Who went out")
    child.sendline("rta")
    child.expect("'rta' does not play in this game \\(Ann, Bea, Cid\\); type it again")
    child.sendline("ann")
    child.expect("left for Bea")  # never for Ann, who went out
    child.sendline("3")
    child.expect("left for Cid")
    child.sendline("x")
    child.expect("Cid's cards must be a whole number, not 'x'; type it again")
    child.sendline("2,1")
    child.expect(pexpect.EOF)
    assert "left for Ann" not in str(child.before)
    log = json.loads(_ok("ledger", "log", "1", "--json", "--ledger", book))
    assert log["points"] == [0, 3, 2]


def test_posledniy_questions_name_no_flag(tmp_path: Path) -> None:
    book = _table_of_three(tmp_path, "-g", "posledniy")
    child = _terminal("ledger", "record", "1", "--ledger", book)
    child.expect("\\(NAME; empty to skip\\)")
    assert "--" not in str(child.before)
    child.sendline("Bea")
    child.expect("\\(NAME; empty to skip\\)")
    assert "--" not in str(child.before)
    child.sendline("")
    child.expect(pexpect.EOF)


def test_the_same_deal_typed_twice_is_asked_about_at_a_terminal_and_noted_in_a_script(tmp_path: Path) -> None:
    book = _table_of_three(tmp_path, "-g", "posledniy")
    deal = ["ledger", "record", "1", "--last", "Bea", "--ledger", book]
    _ok(*deal)
    child = _terminal(*deal)
    child.expect("Deal 1 of game 1 was recorded with the same fields a moment ago. Record another deal\\?")
    child.sendline("")
    child.expect(pexpect.EOF)
    assert "nothing was written" in str(child.before)
    assert json.loads(_ok("ledger", "log", "1", "--json", "--ledger", book))["points"] == [0, 1, 0]
    # in a script: recorded, with a note that says how to take it back
    result = runner.invoke(app, deal)
    assert result.exit_code == 0, result.output
    assert "note: deal 1 of game 1 was recorded with the same fields just before" in result.output
    assert "`ledger undo 1` takes it back" in result.output
    assert json.loads(_ok("ledger", "log", "1", "--json", "--ledger", book))["points"] == [
        0,
        3,
        0,
    ]  # Bea dealt deal 2: 2 points


def test_a_second_game_at_a_table_whose_game_is_open_is_asked_about(tmp_path: Path) -> None:
    book = _table_of_three(tmp_path, "-g", "dernier")
    child = _terminal("ledger", "game", "T", "1", "-g", "dernier", "--ledger", book)
    child.expect("Table 1 of T has game 1 \\(Dernier, first to 3 hands, 0 deals\\) still open. Start another")
    child.sendline("n")
    child.expect(pexpect.EOF)
    assert "nothing was written" in str(child.before)
    result = runner.invoke(app, ["ledger", "game", "T", "1", "-g", "dernier", "--ledger", book])
    assert result.exit_code == 0, result.output
    assert "note: table 1 of T has game 1 (Dernier, first to 3 hands, 0 deals) still open" in result.output
    assert "game 2 at table 1" in result.output
