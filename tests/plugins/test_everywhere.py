"""A third-party game plugin through every command, with no plugin-specific switch.

High Card is found as an installed third-party plugin is (an entry point of another
distribution, never registered in code). Its bots, the levels and the search run in
process as the built-in games' do (docs/sandbox.md#who-runs-where): a person plays it
against ``hard`` bots, ``simulate`` and ``arena`` seat ``hard``, and the ledger records it.
The browser table with a ``hard`` bot is ``tests/web/test_plugin.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from registry_with import installed_plus_plugin
from typer.testing import CliRunner

from cardgames.bots.lookup import decide
from cardgames.cli.app import app
from cardgames.core.game import Game
from cardgames.core.record import Seat, load_record
from cardgames.play.start import start_table
from cardgames.plugins import registry
from cardgames.plugins.sandbox import seat_bot

SEED = 4


@pytest.fixture
def highcard(monkeypatch: pytest.MonkeyPatch) -> Game:  # type: ignore[type-arg]
    """High Card installed as a third-party plugin, for this test only."""
    return installed_plus_plugin(monkeypatch, "highcard", "framework_highcard:HighCard").find("highcard")


def _moves_of_a_person(game: Game, seed: int) -> list[str]:  # type: ignore[type-arg]
    """What a person who always makes the first legal move types against two hard bots."""
    seats = [Seat("Ann"), Seat("Bot 1 (hard)", "hard"), Seat("Bot 2 (hard)", "hard")]
    table = start_table(game, seats, seed, None, [])
    bots = {seat: seat_bot(game, "hard", seed, seat) for seat in (1, 2)}
    typed = []
    while (seat := table.state.to_act()) is not None:
        if seat in bots:
            action = decide(bots[seat], table.state, seat)
        else:
            action = table.state.legal_actions()[0]
            typed.append(game.format_action(action))
        table.act(action)
    return typed


def test_a_person_plays_a_plugin_against_hard_bots(highcard: Game, tmp_path: Path) -> None:  # type: ignore[type-arg]
    typed = _moves_of_a_person(highcard, SEED)
    save = tmp_path / "game.json"
    args = ["play", "highcard", "-p", "Ann,bot:hard,bot:hard", "--seed", str(SEED), "--lines"]
    result = CliRunner().invoke(app, [*args, "--save", str(save), "--json"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["finished"] and [p["bot"] for p in data["players"]] == [None, "hard", "hard"]
    record = load_record(save, registry.find_game)[1]
    assert len(record.actions) == data["moves"] > len(typed) > 3  # every typed move was played


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_seats_hard_for_a_plugin(highcard: Game, workers: str) -> None:  # type: ignore[type-arg]
    args = ["simulate", "highcard", "-p", "hard,highest", "-n", "3", "--seed", "1", "-w", workers, "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games_played_now"] == 3 and data["workers"] == int(workers)


def test_arena_rates_hard_against_a_plugins_own_bot(highcard: Game) -> None:  # type: ignore[type-arg]
    args = ["arena", "highcard", "--bots", "hard,highest", "-n", "2", "--seed", "3"]
    result = CliRunner().invoke(app, [*args, "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {row["bot"] for row in data["bots"]} == {"hard", "highest"} and data["lineups"] == 2


def test_the_ledger_records_a_plugins_game_with_hard_bots(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Little Hearts (High Card scored as Hearts, with a scoresheet), installed as a third-party plugin."""
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "ledger"))
    installed_plus_plugin(monkeypatch, "little-hearts", "ledger_hearts:LittleHearts")
    ledger = tmp_path / "l.db"
    args = ["play", "little-hearts", "-p", "bot:hard,bot:highest", "--seed", "2", "--ledger", str(ledger)]
    args += ["--tournament", "Friday", "--create", "--add-players", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["finished"]
    shown = CliRunner().invoke(app, ["ledger", "standings", "Friday", "--ledger", str(ledger), "--json"])
    assert shown.exit_code == 0, shown.output
    (section,) = json.loads(shown.stdout)["sections"]
    assert section["game"] == "Little Hearts"
    assert {(r["player"], r["games"]) for r in section["rows"]} == {
        ("Bot 1 (hard)", 1),
        ("Bot 2 (highest)", 1),
    }
