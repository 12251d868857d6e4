"""``cardgames ledger …`` through the real command-line app."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from ledger_helpers import dump
from typer.testing import CliRunner

from cardgames.cli.app import app as main_app
from cardgames.ledger.cli import app

runner = CliRunner()


def run(path: Path, *args: str) -> Any:
    return runner.invoke(app, [*args, "--ledger", str(path)])


def ok(path: Path, *args: str) -> str:
    result = run(path, *args)
    assert result.exit_code == 0, result.output
    return str(result.stdout)


def data(path: Path, *args: str) -> Any:
    return json.loads(ok(path, *args, "--json"))


def refused(path: Path, *args: str) -> str:
    """Run a command that must fail: exit code 2, one line on stderr, the file unchanged."""
    before = dump(path)
    result = run(path, *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    line = str(result.stderr).strip()
    assert line.startswith("error: ") and "\n" not in line, line
    assert dump(path) == before
    return line


@pytest.fixture
def evening(ledger_path: Path) -> Path:
    assert "tournament Friday started" in ok(ledger_path, "new", "Friday")
    assert "table 1 of Friday: 1 A, 2 B, 3 C, 4 D" in ok(
        ledger_path, "table", "Friday", "1", "A", "B", "C", "D"
    )
    out = ok(
        ledger_path,
        "game",
        "Friday",
        "1",
        "-g",
        "posledniy",
        "-o",
        "scoring=points",
        "-o",
        "target=5",
        "-o",
        "unit=5",
    )
    assert "game 1 at table 1: Последний, penalty points to 5, 5 chips a point" in out
    return ledger_path


def test_seed_evening_end_to_end(evening: Path, tmp_path: Path) -> None:
    for taker in ("B", "C", "D", "C", "A", "D", "B", "C", "D", "A", "A"):
        ok(evening, "record", "1", "--last", taker)
    out = ok(evening, "record", "1", "--last", "A", "--deal", "12")
    assert "settlement: A pays B 15, C 10, D 10" in out
    assert "game 1 is over." in out
    table = data(evening, "standings", "Friday")
    assert [(r["player"], r["points"], r["chips"]) for r in table["sections"][0]["rows"]] == [
        ("B", 2, 15),
        ("C", 3, 10),
        ("D", 3, 10),
        ("A", 5, -35),
    ]
    assert "Последний, penalty points (Friday, table 1)" in ok(evening, "standings", "Friday", "--table", "1")
    log = data(evening, "log", "1")
    assert log["finished"] and log["points"] == [5, 2, 3, 3]
    hist = data(evening, "history", "a")
    assert hist["player"] == "A" and hist["games"][0]["result"] == "lost"
    games = data(evening, "games", "Friday")
    assert games["games"][0]["status"] == "over"
    ratings = data(evening, "rating", "Friday")
    assert ratings["sections"][0]["ratings"][0]["player"] == "B"
    assert ratings["sections"][0]["ratings"][-1]["player"] == "A"
    by_deal = data(evening, "rating", "Friday", "--by", "deal")
    assert {r["rated"] for r in by_deal["sections"][0]["ratings"]} == {12}

    assert "wrote" in ok(evening, "export", "Friday", str(tmp_path / "friday.csv"))
    rows = list(csv.DictReader(io.StringIO((tmp_path / "friday.csv").read_text(encoding="utf-8"))))
    assert sum(int(r["chips"]) for r in rows if r["player"] == "A") == -35
    ok(evening, "export", "Friday", str(tmp_path / "friday.out"), "--format", "json")
    exported = json.loads((tmp_path / "friday.out").read_text(encoding="utf-8"))
    assert exported["format"] == "cardgames-ledger-export"
    assert exported["standings"] == {"sections": table["sections"], "overall": table["overall"]}
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_mistakes_are_one_line_and_write_nothing(evening: Path) -> None:
    ok(evening, "record", "1", "--last", "B")
    assert "--last: 'Zed' does not play in this game" in refused(evening, "record", "1", "--last", "Zed")
    assert "deal 1 of game 1 is already recorded" in refused(
        evening, "record", "1", "--last", "B", "--deal", "1"
    )
    assert "--last: give who took the last trick" in refused(evening, "record", "1")
    assert "has no field --winner (its fields: --last, --all-tricks)" in refused(
        evening, "record", "1", "--last", "B", "--winner", "A"
    )
    assert "there is no game 9" in refused(evening, "record", "9", "--last", "B")
    assert "there is no tournament 'Saturday'" in refused(evening, "standings", "Saturday")
    assert "has no table '7'" in refused(evening, "standings", "Friday", "--table", "7")
    assert "there is already a tournament" in refused(evening, "new", "friday")
    assert "must be written key=value" in refused(
        evening, "game", "Friday", "1", "-g", "posledniy", "-o", "target"
    )
    assert "a rating is by game or by deal" in refused(evening, "rating", "Friday", "--by", "hand")
    assert "export writes csv or json" in refused(evening, "export", "Friday", str(evening.parent / "x.txt"))
    assert "has no field --winner" in refused(evening, "record", "1", "--winner", "A")


def test_missing_or_damaged_ledger(tmp_path: Path) -> None:
    missing = tmp_path / "nope.sqlite3"
    assert "there is no ledger at" in refused(missing, "standings", "Friday")
    assert not missing.exists()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"\x00garbage" * 1000)
    assert "is damaged or not a ledger" in refused(junk, "new", "Friday")
    assert junk.read_bytes() == b"\x00garbage" * 1000
    assert "cannot make the folder for the ledger" in refused(junk / "sub" / "l.sqlite3", "new", "Friday")


def test_undo_is_a_visible_correction(evening: Path) -> None:
    ok(evening, "record", "1", "--last", "B")
    ok(evening, "record", "1", "--last", "C")
    assert "only the last deal of game 1 can be undone (deal 2)" in refused(
        evening, "undo", "1", "--deal", "1"
    )
    assert "undone: deal 2 (dealer B): C took the last trick" in ok(
        evening, "undo", "1", "--deal", "2", "--yes"
    )
    ok(evening, "record", "1", "--last", "D")
    log = data(evening, "log", "1")
    assert [(e["kind"], e["deal"], e["undone_by"]) for e in log["entries"]] == [
        ("deal", 1, None),
        ("deal", 2, 3),
        ("undo", 2, None),
        ("deal", 2, None),
    ]
    assert log["points"] == [0, 1, 0, 1]
    assert "(undone by entry 3)" in ok(evening, "log", "1")


def test_dernier_by_hand(evening: Path) -> None:
    ok(evening, "table", "Friday", "2", "Eva", "Fil", "Gus")
    out = ok(evening, "game", "Friday", "2", "-g", "dernier", "-o", "scoring=cards", "-o", "target_points=8")
    assert "game 2 at table 2: Dernier, cards left to 8 points" in out
    out = ok(evening, "record", "2", "--winner", "Eva", "--left", "Fil=3,1", "--left", "Gus=2")
    assert "Eva went out; points Fil +3, Gus +2" in out
    assert "--left: Gus's cards must be a whole number, not 'two'" in refused(
        evening, "record", "2", "--winner", "Eva", "--left", "Gus=two"
    )
    assert "2 jokers among 1 cards" in refused(evening, "record", "2", "--winner", "Eva", "--left", "Gus=1,2")
    out = ok(evening, "record", "2", "--winner", "Gus", "--left", "Fil=5", "--left", "Eva=1")
    assert "game over: won Eva; lost Fil, Gus" in out
    rows = {
        r["player"]: r for r in data(evening, "standings", "Friday", "--table", "2")["sections"][0]["rows"]
    }
    assert (rows["Fil"]["points"], rows["Eva"]["games_won"], rows["Gus"]["hands_won"]) == (8, 1, 1)


def test_ledger_path_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "env.sqlite3"
    monkeypatch.setenv("CARDGAMES_LEDGER", str(path))
    result = runner.invoke(main_app, ["ledger", "new", "Cup"])  # mounted as `cardgames ledger`
    assert result.exit_code == 0, result.output
    assert path.exists()


def test_help_speaks_to_organisers() -> None:
    result = runner.invoke(main_app, ["ledger", "record", "--help"])
    assert result.exit_code == 0
    for words in ("--last", "--all-tricks", "--winner", "--left", "--deal", "--key"):
        assert words in result.stdout


def test_names_that_look_like_markup_are_printed_as_typed(ledger_path: Path) -> None:
    ok(ledger_path, "new", "Cup [x]")
    assert "table [1] of Cup [x]: 1 Bea [2], 2 [bold]Al, 3 Cy" in ok(
        ledger_path, "table", "Cup [x]", "[1]", "Bea [2]", "[bold]Al", "Cy"
    )
    ok(ledger_path, "game", "Cup [x]", "[1]", "-g", "posledniy")
    assert "points Bea [2] +2" in ok(ledger_path, "record", "1", "--last", "bea [2]")
    out = ok(ledger_path, "standings", "Cup [x]")
    assert "Последний, penalty points (Cup [x])" in out and "[bold]Al" in out
    assert "--last: '[red]x' does not play" in refused(ledger_path, "record", "1", "--last", "[red]x")
