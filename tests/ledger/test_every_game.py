"""The ledger keeps every installed game through its scoresheet: a third-party plugin, and the seven problems.

Little Hearts (``ledger_hearts``) is not a built-in game; it is recorded by hand and from the
program, undone, imported again, exported and rated through the command line.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from ledger_hearts import LittleHearts
from ledger_helpers import dump
from typer.testing import CliRunner

from cardgames.cli.app import app as main_app
from cardgames.ledger import Ledger, lookup, views
from cardgames.ledger.db import SCHEMA_VERSION
from cardgames.plugins import registry
from cardgames.plugins.registry import Registry

runner = CliRunner()
FIXTURE = Path(__file__).parent / "fixtures" / "schema1.sqlite3"
BOTS = "bot:highest,bot:highest,bot:highest"


@pytest.fixture(autouse=True)
def hearts_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    reg = Registry()
    for game in registry.default_registry().games():
        reg.register(game)
    reg.register(LittleHearts())
    monkeypatch.setattr(registry, "_default", reg)


def cli(*args: str, ledger: Path | None = None, input: str | None = None) -> Any:
    extra = ["--ledger", str(ledger)] if ledger is not None else []
    return runner.invoke(main_app, [*args, *extra], input=input)


def ok(*args: str, ledger: Path | None = None, input: str | None = None) -> str:
    result = cli(*args, ledger=ledger, input=input)
    assert result.exit_code == 0, result.output
    return str(result.stdout)


def refused(*args: str, ledger: Path) -> str:
    before = dump(ledger)
    result = cli(*args, ledger=ledger)
    assert result.exit_code == 2, result.output
    assert dump(ledger) == before
    line = str(result.stderr).strip().splitlines()[-1]
    assert line.startswith("error: "), result.output
    return line


def play(path: Path, save: Path, *extra: str, seed: int = 3) -> Any:
    args = ["play", "little-hearts", "-p", BOTS, "--seed", str(seed), "--save", str(save)]
    return runner.invoke(main_app, [*args, "--ledger", str(path), "--tournament", "Friday", *extra])


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "friday.sqlite3"
    ok("ledger", "new", "Friday", ledger=path)
    ok("ledger", "table", "Friday", "1", "Anna", "Boris", "Clara", ledger=path)
    return path


def test_a_plugin_game_by_hand_and_from_the_program(evening: Path, tmp_path: Path) -> None:
    out = ok("ledger", "game", "Friday", "1", "-g", "little-hearts", ledger=evening)
    assert "game 1 at table 1: Little Hearts, a point a heart, to 10" in out
    assert "--points NAME=POINTS" in ok("ledger", "record", "1", "--help", ledger=evening)
    assert "--points: give the points of every player: Clara" in refused(
        "ledger", "record", "1", "--points", "Anna=3", "--points", "Boris=2", ledger=evening
    )
    assert "--points: Anna's points must be from 0 to 13, not 14" in refused(
        "ledger", "record", "1", "--points", "Anna=14", ledger=evening
    )
    deal = ["--points", "Anna=6", "--points", "Boris=4", "--points", "Clara=3"]
    assert "hearts Anna 6, Boris 4, Clara 3" in ok("ledger", "record", "1", *deal, ledger=evening)
    assert "undone" in ok("ledger", "undo", "1", "--yes", ledger=evening)
    ok("ledger", "record", "1", *deal, ledger=evening)
    out = ok("ledger", "record", "1", "--ask", ledger=evening, input="5\n0\n1\n")
    assert "game over: won Boris, Clara; lost Anna" in out and "game 1 is over." in out

    save = tmp_path / "hearts.json"
    result = play(evening, save, "--table", "2", "--create")
    assert result.exit_code == 0, result.output
    assert "started table 2" in result.stdout and f"in {evening}" in result.stdout
    games = json.loads(ok("ledger", "games", "Friday", "--json", ledger=evening))["games"]
    assert [g["status"] for g in games] == ["over", "over"]
    assert "withdrawn" in ok("ledger", "undo", "2", "--yes", ledger=evening)
    assert (
        "withdrawn"
        in json.loads(ok("ledger", "games", "Friday", "--json", ledger=evening))["games"][1]["status"]
    )
    assert "recorded again" in ok("ledger", "import", str(save), "--tournament", "Friday", ledger=evening)
    before = dump(evening)
    assert "already recorded as game 2" in ok(
        "ledger", "import", str(save), "--tournament", "Friday", ledger=evening
    )
    assert dump(evening) == before

    table = json.loads(ok("ledger", "standings", "Friday", "--json", ledger=evening))
    assert [s["title"] for s in table["sections"]] == ["Little Hearts, heart points"]
    assert table["sections"][0]["rows"][-1]["player"] == "Anna"
    rating = json.loads(ok("ledger", "rating", "Friday", "--json", ledger=evening))
    assert rating["sections"][0]["title"] == "Little Hearts, heart points"
    assert {r["player"] for r in rating["sections"][0]["ratings"]} >= {"Anna", "Boris", "Clara"}
    ok("ledger", "export", "Friday", str(tmp_path / "out.json"), ledger=evening)
    exported = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert [g["game"] for g in exported["games"]] == ["Little Hearts, a point a heart, to 10"] * 2


def test_problem_1_an_undone_played_game_can_be_imported_again(evening: Path, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert play(evening, save, "--table", "2", "--create").exit_code == 0
    ok("ledger", "undo", "1", "--yes", ledger=evening)
    assert "withdrawn" in ok("ledger", "games", "Friday", ledger=evening)
    assert "was withdrawn; there is nothing to close" in refused("ledger", "close", "1", ledger=evening)
    ok("ledger", "import", str(save), "--tournament", "Friday", ledger=evening)
    with Ledger.open(evening) as book, book.read() as conn:
        info = lookup.game(conn, 1)
    assert info.finished and not info.withdrawn


def test_problem_2_bots_are_not_seated_at_an_existing_table_unasked(evening: Path, tmp_path: Path) -> None:
    before = dump(evening)
    result = play(evening, tmp_path / "g.json", "--table", "1")
    assert result.exit_code == 2
    assert "table 1 of Friday seats Anna, Boris, Clara; Bot 1 (highest)" in result.stderr
    assert "--add-players" in result.stderr
    assert not (tmp_path / "g.json").exists()  # refused before the first move
    assert dump(evening) == before
    result = play(evening, tmp_path / "g.json", "--table", "1", "--add-players")
    assert result.exit_code == 0, result.output
    assert "seated Bot 1 (highest)" in result.stdout


def test_problem_3_a_mistyped_tournament_is_refused(evening: Path, tmp_path: Path) -> None:
    before = dump(evening)
    args = [
        "play",
        "little-hearts",
        "-p",
        BOTS,
        "--seed",
        "1",
        "--tournament",
        "Firday",
        "--ledger",
        str(evening),
    ]
    result = runner.invoke(main_app, args)
    assert result.exit_code == 2
    assert "there is no tournament 'Firday' (did you mean Friday?)" in result.stderr
    assert dump(evening) == before


def test_problem_4_the_message_names_the_ledger_used(evening: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGAMES_LEDGER", str(evening))
    args = ["play", "little-hearts", "-p", BOTS, "--seed", "1", "--tournament", "Friday", "--table", "9"]
    result = runner.invoke(main_app, [*args, "--create"])
    assert result.exit_code == 0, result.output
    assert f"in {evening}." in result.stdout and "default ledger" not in result.stdout


def test_problem_5_logs_of_played_games_use_names(tmp_path: Path) -> None:
    path = tmp_path / "l.sqlite3"
    args = [
        "play",
        "posledniy",
        "-p",
        "Olga,bot:heuristic,bot:heuristic",
        "--seed",
        "5",
        "--tournament",
        "Cup",
    ]
    moves = tmp_path / "moves.txt"
    moves.write_text("", encoding="utf-8")
    runner.invoke(main_app, ["ledger", "new", "Cup", "--ledger", str(path)])
    args = ["play", "posledniy", "-p", "bot:heuristic,bot:heuristic,bot:heuristic", "--seed", "5"]
    result = runner.invoke(main_app, [*args, "--tournament", "Cup", "--create", "--ledger", str(path)])
    assert result.exit_code == 0, result.output
    log = json.loads(ok("ledger", "log", "1", "--json", ledger=path))
    text = " ".join(e["summary"] for e in log["entries"])
    assert "took the last trick" in text
    assert not any(f"P{i} " in text for i in range(1, 5)), text


def test_problem_6_standings_per_game_and_readable_at_60_columns(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok("ledger", "table", "Friday", "2", "Dima", "Eva", ledger=evening)
    ok("ledger", "game", "Friday", "2", "-g", "dernier", "-o", "hands_to_win=1", ledger=evening)
    ok("ledger", "record", "1", "--winner", "Eva", ledger=evening)
    ok("ledger", "game", "Friday", "1", "-g", "posledniy", ledger=evening)
    ok("ledger", "record", "2", "--last", "Anna", ledger=evening)
    table = views.standings(Ledger.open(evening), "Friday")
    assert [s.title for s in table.sections] == ["Dernier, hands won", "Последний, penalty points"]
    assert table.overall[0].player == "Eva"  # the winner of a match ranks above players without games
    assert all(r.points == 0 for r in table.overall)  # the overall view adds no points
    monkeypatch.setenv("COLUMNS", "60")
    out = ok("ledger", "standings", "Friday", ledger=evening)
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 60
    assert "penalty points" in out and "hands" in out


def test_problem_7_undo_shows_and_asks(evening: Path) -> None:
    ok("ledger", "game", "Friday", "1", "-g", "posledniy", ledger=evening)
    ok("ledger", "record", "1", "--last", "Boris", ledger=evening)
    before = dump(evening)
    result = cli("ledger", "undo", "1", ledger=evening, input="n\n")
    assert result.exit_code == 2 and "nothing was undone" in result.stderr
    assert f"In {evening} this will undo the last entry of game 1" in result.stdout
    assert "deal 1 (dealer Anna): Boris took the last trick" in result.stdout
    assert dump(evening) == before
    assert "undone: deal 1" in ok("ledger", "undo", "1", ledger=evening, input="y\n")


def test_schema_1_file_made_by_the_old_code_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copy(FIXTURE, path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    conn.close()
    table = json.loads(ok("ledger", "standings", "Friday", "--json", ledger=path))
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    conn.close()
    first = {r["player"]: (r["points"], r["chips"]) for r in table["sections"][0]["rows"]}
    assert first["A"] == (5, -35) and first["B"] == (2, 15) and first["Pavel"] == (6, -55)
    titles = [s["title"] for s in table["sections"]]
    assert titles == [
        "Последний, penalty points",
        "Последний, chips",
        "Dernier, hands won",
        "Dernier, card points",
    ]
    games = json.loads(ok("ledger", "games", "Friday", "--json", ledger=path))["games"]
    assert [g["status"].split(" ")[0] for g in games] == [
        "over",
        "over",
        "over",
        "open,",
        "over",
        "withdrawn",
    ]
    out = ok(
        "ledger", "record", "4", "--winner", "Rita", "--left", "Olga=9", "--left", "Pavel=1,1", ledger=path
    )
    assert "points Olga +9, Pavel +5" in out  # the migrated options: a joker scores 5
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw = sqlite3.connect(path)
        raw.execute("DELETE FROM games")


def test_an_export_never_replaces_the_ledger(evening: Path) -> None:
    assert "is the ledger itself" in refused(
        "ledger", "export", "Friday", str(evening), "--format", "json", ledger=evening
    )


def test_record_help_lists_the_fields_of_every_installed_game(tmp_path: Path) -> None:
    out = ok("ledger", "record", "--help", ledger=tmp_path / "none.sqlite3")
    assert "Little Hearts (little-hearts):" in out and "--points NAME=POINTS" in out
    assert "--winner NAME" in out and "--all-tricks NAME" in out
    assert not (tmp_path / "none.sqlite3").exists()


def test_a_game_without_a_scoresheet_is_refused_before_the_first_move(
    evening: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from framework_highcard import HighCard

    registry.default_registry().register(HighCard())
    before = dump(evening)
    args = ["play", "highcard", "-p", "bot,bot", "--seed", "1", "--save", str(tmp_path / "h.json")]
    result = runner.invoke(main_app, [*args, "--tournament", "Friday", "--ledger", str(evening)])
    assert result.exit_code == 2
    assert "High Card does not declare how it is scored at a table" in result.stderr
    assert "(the ledger keeps: dernier, little-hearts, posledniy)" in result.stderr
    assert not (tmp_path / "h.json").exists() and dump(evening) == before
    assert "does not declare how it is scored" in refused(
        "ledger", "game", "Friday", "1", "-g", "highcard", ledger=evening
    )


def test_the_migration_keeps_every_entry_line_and_transfer(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    shutil.copy(FIXTURE, path)

    def rows() -> dict[str, list[Any]]:
        conn = sqlite3.connect(path)
        try:
            tables = ("tournaments", "players", "tables", "table_seats", "game_seats", "entries")
            out = {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}
            out["lines"] = conn.execute("SELECT * FROM entry_lines ORDER BY 1, 2").fetchall()
            out["transfers"] = conn.execute("SELECT * FROM transfers ORDER BY 1").fetchall()
            out["games"] = conn.execute(
                "SELECT id, table_id, game, first_dealer, source FROM games"
            ).fetchall()
            return out
        finally:
            conn.close()

    before = rows()
    with Ledger.open(path) as book, book.read() as conn:
        info = lookup.game(conn, 2)
    assert info.options["rounds"] == 1 and info.meta.label == "Последний, chips: 3 a deal, 1 round"
    assert rows() == before
    conn = sqlite3.connect(path)
    legacy = conn.execute("SELECT legacy FROM games WHERE id = 2").fetchone()[0]
    conn.close()
    assert json.loads(legacy)["scoring"]["rounds"] == 0  # what schema 1 said, kept
