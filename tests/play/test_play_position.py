"""``play --position``, saved games that start from a position, and ``replay --position``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.record import load_record
from cardgames.plugins.registry import find_game

DERNIER = "P1=7H 8H; P2=3C 9C; P3=QS; discard=9H; turn=P1; direction=cw"
POSLEDNIY = (
    "P1=KC JD 9H AH 9S QS; P2=9C 10C 9D 10D KS AS; P3=JC QC AC JH 10S JS; dealer=P3; "
    "passed=9H 9S / AS; tricks=10H QH KH / KD AD QD; trick=-; results=P1 P2; points=2 2 0"
)


def test_bots_play_on_from_a_position_and_the_seed_decides_the_rest(runner: CliRunner) -> None:
    args = ["play", "dernier", "--position", DERNIER, "--players", "bot,bot,bot", "--json"]
    first = runner.invoke(app, [*args, "--seed", "5"])
    again = runner.invoke(app, [*args, "--seed", "5"])
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout
    data = json.loads(first.stdout)
    assert data["finished"] and len(data["players"]) == 3
    assert data["position"] == DERNIER  # with the seed, all that is needed to play the game again


def test_without_players_the_position_says_how_many_seats(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    moves = tmp_path / "moves.txt"
    moves.write_text("")  # the bots move, then the moves run out at your turn and the game is saved
    result = runner.invoke(
        app,
        [
            "play",
            "posledniy",
            "--position",
            POSLEDNIY,
            "--seed",
            "3",
            "--save",
            str(save),
            "--moves",
            str(moves),
        ],
    )
    assert "The moves ran out" in result.output, result.output
    _, record = load_record(save, find_game)
    assert len(record.seats) == 3 and record.position == POSLEDNIY
    assert [s.bot is None for s in record.seats] == [True, False, False]  # you at P1, as the position has it
    assert record.actions  # P2 and P3 played from the position (P2 leads the third trick)
    resumed = runner.invoke(app, ["resume", str(save), "--moves", str(moves)])
    assert f"Resuming Последний (deal commitment {record.deal.commitment}) after" in resumed.output
    assert "Your hand" in resumed.output and "Seat draw" not in resumed.output


def test_a_bad_position_is_one_line_and_starts_nothing(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    bad = DERNIER.replace("8H", "9H 9H")
    result = runner.invoke(
        app, ["play", "dernier", "--position", bad, "--players", "bot,bot,bot", "--save", str(save)]
    )
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: 9H appears 3 times, but the deck has 2 (D-2)"
    assert not save.exists()
    wrong = runner.invoke(app, ["play", "dernier", "--position", DERNIER, "--players", "bot,bot"])
    assert wrong.exit_code == 2
    assert "the position has 3 seats, but 2 players were named" in wrong.stderr


def test_replay_writes_positions_only_of_a_finished_game(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    done = runner.invoke(app, ["play", "dernier", "--players", "bot,bot", "--seed", "4", "--save", str(save)])
    assert done.exit_code == 0, done.output
    shown = runner.invoke(app, ["replay", str(save), "--position", "--brief"])
    assert shown.exit_code == 0, shown.output
    lines = [line for line in shown.stdout.splitlines() if line.strip().startswith("position: ")]
    game, record = load_record(save, find_game)
    assert len(lines) == len(record.actions)
    last = lines[-1].split("position: ", 1)[1]
    assert game.position is not None and "over=" in last
    unfinished = tmp_path / "unfinished.json"
    moves = tmp_path / "moves.txt"
    moves.write_text("")
    runner.invoke(
        app,
        [
            "play",
            "dernier",
            "--players",
            "me,bot",
            "--seed",
            "4",
            "--save",
            str(unfinished),
            "--moves",
            str(moves),
        ],
    )
    refused = runner.invoke(app, ["replay", str(unfinished), "--position"])
    assert refused.exit_code == 2
    assert "only once the game is finished" in refused.stderr
    assert "position" not in refused.stdout


def test_a_game_without_a_notation_refuses_a_position_in_one_line(
    runner: CliRunner, toy_registry: object
) -> None:
    result = runner.invoke(app, ["play", "toy", "--position", "P1=AS", "--players", "bot,bot"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: Toy has no position notation: its games start only from a deal"


BIG = str(2**63)  # one more than a ledger's INTEGER holds
LONG = "9" * 400


def test_position_numbers_are_bounded_like_the_ledgers_and_written_in_ascii_digits(runner: CliRunner) -> None:
    """A hand number, points or a count past 2^63 - 1, or in other digits, is one line and plays nothing."""
    cases = [
        (
            "dernier",
            f"{DERNIER}; hand={BIG}",
            f"hand: write a whole number from 1 to {2**63 - 1}, not '{BIG}'",
        ),
        (
            "dernier",
            f"{DERNIER}; won=0 {LONG} 0",
            "won: write a whole number from 0 to 9223372036854775807, ",
        ),
        ("dernier", f"{DERNIER}; decisions=٣", "decisions: write a whole number"),
        ("dernier", f"{DERNIER}; penalty=ace ²", "penalty: write a whole number from 1 to"),
        ("dernier", DERNIER.replace("turn=P1", f"turn=P{BIG}"), "is not a seat; write P1 to P3"),
        ("dernier", DERNIER.replace("P3=QS", "P3=?²"), "is not a number of open cards"),
        (
            "posledniy",
            POSLEDNIY.replace("points=2 2 0", f"points=2 2 {LONG}"),
            "points: write a whole number",
        ),
    ]
    for game, position, said in cases:
        result = runner.invoke(
            app, ["play", game, "--position", position, "-p", "bot,bot,bot", "--seed", "1"]
        )
        assert result.exit_code == 2, (position, result.output)
        assert said in result.output and "a number of 400 digits" * (LONG in position) in result.output
        assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    biggest = runner.invoke(
        app, ["play", "dernier", "--position", f"{DERNIER}; hand={2**63 - 1}", "-p", "bot,bot,bot"]
    )
    assert biggest.exit_code == 0, biggest.output


def test_an_empty_position_is_refused_not_dealt(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    for empty in ("", "  "):
        result = runner.invoke(
            app, ["play", "dernier", "--position", empty, "-p", "bot,bot", "--save", str(save)]
        )
        assert result.exit_code == 2 and "--position is empty" in result.output, result.output
        assert not save.exists()  # nothing was played
