"""The play, resume and replay commands on the toy game: every path of the session loop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.record import load_record
from cardgames.plugins.registry import Registry, find_game

pytestmark = pytest.mark.usefixtures("toy_registry")

# seed 3 with 3 seats: you hold 2 3 4 and the value in force is 4 at your first turn
FIRST = ["play", "toy", "--seed", "3"]


def play(runner: CliRunner, args: list[str], lines: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, args, input="".join(f"{line}\n" for line in lines))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_a_typo_is_refused_with_the_accepted_forms_and_costs_nothing(runner: CliRunner) -> None:
    code, out = play(runner, FIRST, ["x7", "4", "quit", "quit"])
    # one short line, not the game's whole list of forms (help has them)
    assert "Not understood: 'x7'." in out and "Type help for what you can type" in out
    # after the typo the same seat still moves, and its 4 is played normally
    assert "P1 (you) plays 4" in out
    assert code == 0


def test_an_illegal_move_is_refused_with_the_reason_in_forgiving_mode(runner: CliRunner) -> None:
    code, out = play(runner, FIRST, ["2", "4", "quit", "quit"])
    assert code == 0
    assert "Not allowed: 2 is lower than 4" in out
    assert "P1 (you) plays 4" in out
    assert "penalty" not in out


def test_an_illegal_move_is_penalised_and_explained_in_strict_mode(runner: CliRunner) -> None:
    code, out = play(runner, [*FIRST, "--option", "strict=true"], ["2", "y", "quit", "quit"])
    assert code == 0
    # asked first, with what it costs, then made on y
    said = " ".join(out.split())
    assert "That move is not allowed and costs a penalty: P1 (you) misplays (2 is lower than 4)" in said
    assert "That move was not allowed, and it costs a penalty" in out
    assert "P1 (you) misplays (2 is lower than 4) and draws a penalty card" in out


def test_a_follow_up_question_is_asked_and_an_empty_answer_cancels(runner: CliRunner) -> None:
    code, out = play(runner, FIRST, ["9", "", "help", "9", "quit", "quit"])
    assert code == 0
    assert "Quit without saving." in out
    assert "Which value does the 9 name? (1, 2, 3, 4, 5, 6, 7, 8, 9)" in out
    assert "Move cancelled." in out
    assert "Moves you can make now: 4, draw" in out


def test_a_bad_answer_repeats_the_question_and_a_good_one_completes_the_move(runner: CliRunner) -> None:
    code, out = play(runner, FIRST, ["9", "x", "4", "quit", "quit"])
    assert code == 0
    assert out.count("Which value does the 9 name?") == 2
    # the answer is refused with the answers the question takes, not with every form of a move
    said = "Not understood: 'x': answer 1, 2, 3, 4, 5, 6, 7, 8 or 9; or press Enter to take the move back"
    assert said in " ".join(out.split())  # lines are wrapped at 80
    # the completed move "9 4" reached the rules, which refuse it: you hold no 9
    assert "Not allowed: you have no 9" in out


def test_the_help_hand_and_rules_words_answer_without_moving(runner: CliRunner) -> None:
    code, out = play(runner, FIRST, ["hand", "rules", "quit", "quit"])
    assert code == 0
    assert out.count("your hand: 2 3 4") == 2
    assert "Options in force: hands=2, hand_size=3, strict=off" in out
    assert "plays" not in out.split("You, your move: hand")[1]


def test_a_whole_match_is_played_to_its_end_with_scores_after_each_hand(runner: CliRunner) -> None:
    code, out = play(runner, FIRST, ["draw"] * 60)
    assert code == 0
    assert "Hand 1: seat 1 went out" in out
    assert "Hand 2: seat 2 went out" in out
    assert "Game over: most chips wins" in out
    assert out.index("Hand 1:") < out.index("Hand 2:") < out.index("Game over")


def test_input_that_ends_early_stops_cleanly_with_exit_code_1(runner: CliRunner) -> None:
    code, out = play(runner, FIRST, ["draw"])
    assert code == 1
    said = " ".join(out.split())
    # kept where `cardgames resume` finds it (an autosave in the data folder)
    assert "The moves ran out before the end of the game. It is kept in " in said
    assert ": continue with cardgames resume " in said
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "colour=blue"], "unknown option 'colour'"),
        (["--option", "hands"], "must be written key=value"),
        (["--option", "hands=many"], "option hands takes a whole number"),
        (["--preset", "longest"], "unknown preset 'longest'"),
        (["--players", "me,bot,bot,bot,bot"], "Toy is played by 2 to 4 players, not 5"),
        (["--players", "me,bot:genius"], "no bot called 'genius'"),
        (["--players", "Ann,ann"], "names 'Ann' twice"),
        (["--players", "me,,bot"], "empty name"),
        (["--seed", "-1"], "--seed must be a whole number from 0 up, below 2²⁵⁶"),
        (["--ledger", "x.db"], "--ledger and --table need --tournament NAME"),
    ],
)
def test_bad_options_and_player_counts_give_one_line_and_exit_code_2(
    runner: CliRunner, args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["play", "toy", *args], input="")
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert result.output.startswith("error:")


def test_an_unknown_game_is_one_line_and_exit_code_2(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2
    assert "no game called 'chess'" in result.output


def test_bots_alone_give_the_same_json_for_the_same_seed(runner: CliRunner) -> None:
    args = ["play", "toy", "--players", "bot,bot:random,bot", "--json", "--preset", "long"]
    first = runner.invoke(app, [*args, "--seed", "11"])
    again = runner.invoke(app, [*args, "--seed", "11"])
    other = runner.invoke(app, [*args, "--seed", "12"])
    assert first.exit_code == 0
    assert first.stdout == again.stdout
    data = json.loads(first.stdout)
    assert data["seed"] == 11 and data["game"] == "toy" and data["finished"]
    assert [p["bot"] for p in data["players"]] == ["heuristic", "random", "heuristic"]
    assert len(data["hands"]) == 3 and data["options"]["hands"] == 3
    assert data["final"]["scores"] == [sum(h["chips"][s] for h in data["hands"]) for s in range(3)]
    assert json.loads(other.stdout)["hands"] != data["hands"]


def test_a_random_seed_is_printed_at_the_end_so_the_game_can_be_played_again(runner: CliRunner) -> None:
    code, out = play(runner, ["play", "toy", "--players", "bot,bot"], [])
    assert code == 0
    seed = int(out.split("The deal: seed ")[1].split(",")[0])
    again = runner.invoke(app, ["play", "toy", "--players", "bot,bot", "--seed", str(seed)])

    def game(text: str) -> list[str]:  # the salt of a drawn seed is random, of a chosen one not
        return [line for line in text.splitlines() if "commitment" not in line and "The deal" not in line]

    assert game(again.output) == game(out)


def test_save_every_move_then_resume_to_the_end(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = play(runner, [*FIRST, "--save", str(path)], ["4", "draw", "quit", "y"])
    assert code == 0
    assert "Continue later with: cardgames resume" in out
    game, record = load_record(path, find_game)
    assert game.id == "toy" and record.seed == 3
    saved = len(record.actions)
    assert saved >= 4
    code, out = play(runner, ["resume", str(path)], ["draw"] * 60)
    assert code == 0
    assert f"after {saved} moves" in out
    assert "Game over" in out
    _, finished = load_record(path, find_game)
    assert finished.actions[:saved] == record.actions and len(finished.actions) > saved


def test_quit_offers_to_save_under_a_name_typed_then(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "later.json"
    code, out = play(runner, FIRST, ["4", "quit", "no", "quit", str(path)])
    assert code == 0
    assert "Continue later with: cardgames resume" in out
    assert out.count("P1 (you) plays 4") == 1
    _, record = load_record(path, find_game)
    assert len(record.actions) >= 3


def test_moves_can_come_from_a_file(runner: CliRunner, tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("x\n4\n" + "draw\n" * 60, encoding="utf-8")
    result = runner.invoke(app, [*FIRST, "--moves", str(moves)], input="")
    assert result.exit_code == 0
    assert "You, your move: x" in result.output and "Game over" in result.output


def test_hot_seat_shows_a_hand_only_after_its_player_confirms(runner: CliRunner) -> None:
    # seed 5: Bob (seat 1) moves first, then Ann
    code, out = play(runner, ["play", "toy", "--players", "Ann,Bob", "--seed", "5"], ["", "draw", "", ""])
    bob_at = out.index("Bob: press Enter when you are at the screen")
    bob_hand = out.index("your hand: 4 8 9")
    bob_hides = out.index("Bob: press Enter to hide your hand")
    ann_at = out.index("Ann: press Enter when you are at the screen")
    ann_hand = out.index("your hand: 3 5 7")
    assert bob_at < bob_hand < bob_hides < ann_at < ann_hand
    # nothing of a hand is printed between Bob hiding his and Ann confirming
    assert "your hand:" not in out[bob_hides:ann_at]
    # Ann is told what happened before her turn
    assert "Bob draws a card" in out[ann_at:]
    assert code == 1


def test_replay_shows_every_move_and_the_end(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, ["play", "toy", "--players", "bot,bot", "--seed", "4", "--save", str(path)])
    _, record = load_record(path, find_game)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    total = len(record.actions)
    assert f"move {total}/{total}" in result.output
    assert result.output.count("In force:") == total
    assert "Game over" in result.output
    brief = runner.invoke(app, ["replay", str(path), "--brief"])
    assert "In force:" not in brief.output and f"move {total}/{total}" in brief.output


def test_replay_step_by_step_stops_on_q(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, ["play", "toy", "--players", "bot,bot", "--seed", "4", "--save", str(path)])
    result = runner.invoke(app, ["replay", str(path), "--step", "--seat", "2"], input="\n\nq\n")
    assert "move 3/" in result.output and "move 4/" not in result.output
    assert result.exit_code == 0
    bad = runner.invoke(app, ["replay", str(path), "--seat", "3"])
    assert bad.exit_code == 2 and "no seat '3' in this game; seats are Bot 1 (" in bad.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON (line 1, column 2)"),
        ('{"hello": 1}', "this is not a cardgames game file"),
        ('{"format": "cardgames-record", "schema": 99}', "schema version 99"),
        (
            '{"format": "cardgames-record", "schema": 1, "game": "toy", "rules_version": "1",'
            ' "options": {}, "seats": [{"name": "a", "bot": null}], "seed": 1, "actions": []}',
            "cannot be played: Toy is played by 2 to 4 players, not 1",
        ),
        (
            '{"format": "cardgames-record", "schema": 1, "game": "toy", "rules_version": "1",'
            ' "options": {}, "seats": [{"name": "a", "bot": null}, {"name": "b", "bot": null}],'
            ' "seed": 1, "actions": [{"type": "Fly"}]}',
            "action 1 is damaged",
        ),
    ],
)
def test_damaged_or_foreign_files_are_refused_naming_the_problem(
    runner: CliRunner, tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    for command in ("replay", "resume"):
        result = runner.invoke(app, [command, str(path)], input="")
        assert result.exit_code == 2
        assert message in result.output
        assert "Traceback" not in result.output


def test_a_missing_file_is_named(runner: CliRunner, tmp_path: Path, toy_registry: Registry) -> None:
    result = runner.invoke(app, ["resume", str(tmp_path / "nope.json")])
    assert result.exit_code == 2 and "there is no file" in result.output


def test_a_save_file_in_a_missing_folder_is_refused_before_the_game_starts(
    runner: CliRunner, tmp_path: Path
) -> None:
    result = runner.invoke(app, [*FIRST, "--save", str(tmp_path / "no" / "g.json")], input="4\n")
    assert result.exit_code == 2
    assert "there is no folder" in result.output
    assert "your move" not in result.output


def test_with_json_and_a_person_the_session_goes_to_stderr_and_only_json_to_stdout(runner: CliRunner) -> None:
    result = runner.invoke(app, [*FIRST, "--json"], input="x\n4\nquit\nquit\n")
    data = json.loads(result.stdout)
    assert data["finished"] is False and data["final"] is None
    assert data["moves"] >= 3
    assert "Not understood" in result.stderr and "P1 (you) plays 4" in result.stderr


def test_names_and_texts_with_brackets_are_shown_as_typed(runner: CliRunner) -> None:
    code, out = play(
        runner, ["play", "toy", "--players", "[bold]Ann,bot", "--seed", "3"], ["[x]", "quit", "quit"]
    )
    assert code == 0
    assert "Seats: [bold]Ann and " in out
    assert "Not understood: '[x]'." in out
