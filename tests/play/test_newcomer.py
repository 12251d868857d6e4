"""What a newcomer tripped on at the terminal (piped line mode): each test fails before its fix."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from test_screen_e2e import Terminal
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.record import load_record
from cardgames.play import autosave
from cardgames.plugins.registry import find_game

ME_AND_BOT = ["--players", "me,bot", "--lines"]
# a person and bots, in every game
SEATED = {"dernier": ["--players", "me,bot", "--lines"], "posledniy": ["--players", "me,bot,bot", "--lines"]}


def _flat(text: str) -> str:
    """Output with the line wrapping at 80 columns undone."""
    return " ".join(text.split())


@pytest.mark.parametrize("game", ["dernier", "posledniy"])
@pytest.mark.parametrize("typed", ["⑦", "²", "¹⁰", "٣", "pass ⑦ 1"])
def test_a_unicode_digit_is_not_understood_and_the_game_goes_on(
    runner: CliRunner, game: str, typed: str
) -> None:
    result = runner.invoke(app, ["play", game, "--seed", "5", *SEATED[game]], input=f"{typed}\nquit\nquit\n")
    assert result.exit_code == 0, result.output
    assert "plugin" not in result.output and "failed" not in result.output
    assert "Quit without saving." in result.output


def test_the_end_of_input_at_the_quit_question_prints_no_escape_and_keeps_the_game(runner: CliRunner) -> None:
    before = autosave.latest()
    result = runner.invoke(app, ["play", "dernier", "--seed", "7", *ME_AND_BOT], input="quit\n")
    assert "\\x0a" not in result.output
    path = autosave.latest()
    assert path is not None and path != before
    said = f"End of input: the game is kept in {path}. Continue with: cardgames resume {path}"
    assert said in result.output
    game, record = load_record(path, find_game)
    assert game.id == "dernier" and record.seed == 7
    # `cardgames resume` with no file finds it
    resumed = runner.invoke(app, ["resume", "--lines"], input="quit\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming Dernier" in resumed.output


def test_moves_running_out_keep_the_game_where_resume_finds_it(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "posledniy", "--seed", "3", *SEATED["posledniy"]], input="")
    assert result.exit_code == 1
    latest = autosave.latest()
    assert latest is not None and latest.name.startswith("posledniy-")
    assert f"It is kept in {latest}" in result.output.replace("\n", "")


def test_resume_without_a_file_and_nothing_kept_says_so(runner: CliRunner, tmp_path: Path) -> None:
    old = os.environ["XDG_DATA_HOME"]
    os.environ["XDG_DATA_HOME"] = str(tmp_path)
    try:
        result = runner.invoke(app, ["resume"])
    finally:
        os.environ["XDG_DATA_HOME"] = old
    assert result.exit_code != 0
    assert "no game was kept at the end of input" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("name", "said"),
    [("x" * 300, "at most 255 bytes"), ("é" * 200, "at most 255 bytes"), ("\x01\x02", "hidden character")],
)
def test_a_file_name_that_cannot_be_used_is_refused_and_asked_again(
    runner: CliRunner, tmp_path: Path, name: str, said: str
) -> None:
    save = tmp_path / "ok.json"
    result = runner.invoke(
        app, ["play", "dernier", "--seed", "5", *ME_AND_BOT], input=f"quit\n{name}\n{save}\n"
    )
    assert result.exit_code == 0, result.output
    assert said in result.output
    assert "Traceback" not in result.output and save.exists()


def test_a_card_typed_with_a_suit_glyph_after_a_draw_is_a_card_not_a_hand_number(runner: CliRunner) -> None:
    position = "P1=2H QD JS; P2=5H 8D 9S 4S; discard=5C; turn=P1; stock=... 3C"
    args = ["play", "dernier", "--seed", "2", *ME_AND_BOT, "--position", position]
    result = runner.invoke(app, args, input="draw\n2♥\nquit\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Your hand changed since you last saw it" not in result.output
    assert "You play 2♥" in result.output


def _dernier_at(runner: CliRunner, position: str, typed: list[str]) -> str:
    args = ["play", "dernier", *ME_AND_BOT, "--position", position]
    result = runner.invoke(app, args, input="\n".join([*typed, "quit", "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def test_a_jack_with_a_wrong_suit_says_what_a_suit_is_and_guesses_nothing(runner: CliRunner) -> None:
    out = _dernier_at(runner, "P1=JH QD JS 3C; P2=5H 8D 9S 4S; discard=5H; turn=P1", ["jh x"])
    assert "'x' is not a suit: after a jack name c, d, h or s" in out
    assert "Did you mean" not in out


@pytest.mark.parametrize(
    ("typed", "played"), [("10 h", "10♥"), ("9 of diamonds", "9♦"), ("10 of hearts", "10♥")]
)
def test_a_number_and_a_suit_name_a_card(runner: CliRunner, typed: str, played: str) -> None:
    out = _dernier_at(runner, "P1=JH QD 9D 3C 10H; P2=5H 8D 9S 4S; discard=9H; turn=P1", [typed])
    assert f"You play {played}" in out
    assert "no card number" not in out


def test_a_jacks_place_and_a_suit_still_name_the_suit(runner: CliRunner) -> None:
    out = _dernier_at(runner, "P1=3C JH QD 9D; P2=5H 8D 9S 4S; discard=5H; turn=P1", ["4 s"])
    assert "You play J♥ and name spades" in out


def test_replay_as_a_bots_seat_never_calls_the_bot_you(runner: CliRunner, tmp_path: Path) -> None:
    """The person who played (named "You") reads their moves as theirs; a bot's table is its own."""
    save = tmp_path / "g.json"
    args = ["play", "dernier", "--players", "bot,bot,bot", "--seed", "4", "-o", "hands_to_win=1"]
    assert runner.invoke(app, [*args, "--save", str(save), "--json"]).exit_code == 0
    record = json.loads(save.read_text())
    record["seats"][1] = {"name": "You", "bot": None}  # as if a person had played P2
    save.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(save), "--seat", "P3"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "(you)" not in out and "P2" not in out and "P3" not in out  # no seat numbers, no bot as "you"
    assert "The table as Bot 3 (heuristic) sees it:" in out and "Cards of Bot 3: " in out
    assert "  Bot 3 (heuristic) · " in out and "  You · " in out and "Your hand" not in out
    assert re.search(r"\n  You (play|draw|keep) ", out)  # what the person did, in the second person


# a hand where 3♣ (number 1) and Q♦ (number 3) do not match the 5♥ on the discard pile
MISMATCH = "P1=3C JH QD 9D; P2=5H 8D 9S 4S; discard=5H; turn=P1"


@pytest.mark.parametrize("typed", ["1", "3c", "qd"])
def test_a_slip_at_the_keyboard_costs_nothing_when_taken_back(runner: CliRunner, typed: str) -> None:
    out = _dernier_at(runner, MISMATCH, [typed, ""])
    said = _flat(out)
    assert "That move is not allowed and costs a penalty: You misplay" in said
    assert "you draw 2 and lose the turn. Type y to make it anyway, or press Enter to take it back:" in said
    assert "Move taken back: nothing was played." in said
    assert "That move was not allowed" not in said and "New in your hand" not in said


def test_a_confirmed_misplay_is_penalised_as_the_rules_say(runner: CliRunner) -> None:
    said = _flat(_dernier_at(runner, MISMATCH, ["qd", "y"]))
    assert "You misplay Q♦ (Q♦ does not match" in said and "you draw 2 and lose the turn" in said
    assert "New in your hand" in said


def test_the_cost_of_a_misplay_under_a_pending_ace_is_said_before(runner: CliRunner) -> None:
    position = "P1=3C JH QD 9D; P2=5H 8D 9S 4S; discard=AH; turn=P1; penalty=ace 2"
    said = _flat(_dernier_at(runner, position, ["qd", ""]))
    assert "You misplay Q♦" in said and "you draw 4 and lose the turn. Type y" in said


def test_a_person_holding_two_cards_is_reminded_to_call_dernier(runner: CliRunner, tmp_path: Path) -> None:
    two = "P1=3C JH; P2=5H 8D 9S 4S; discard=5H; turn=P1"
    reminder = "Reminder: you hold 2 cards: call Dernier! with the card you play now"
    assert reminder in _flat(_dernier_at(runner, two, []))
    assert reminder not in _flat(_dernier_at(runner, MISMATCH, []))  # 4 cards: nothing to remind
    settings = tmp_path / "settings.toml"
    settings.write_text("reminders = false\n")
    args = ["play", "dernier", *ME_AND_BOT, "--position", two]
    off = runner.invoke(app, args, input="quit\nquit\n", env={"CARDGAMES_SETTINGS": str(settings)})
    assert off.exit_code == 0, off.output
    assert "Reminder" not in off.output


def test_the_readmes_first_screen_says_what_a_newcomer_needs() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    first = _flat(readme.split("## More")[0])
    assert "full-screen table" in first and "--lines" in first
    assert "To quit**, type `quit`" in first and "cardgames resume" in first
    assert "large install" in first and "minutes, not seconds" in first
    assert "fast" not in _flat(readme)


def test_after_the_seat_draw_the_bots_are_numbered_in_seat_order(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "posledniy", "--seed", "3", "--lines"], input="quit\nquit\n")
    assert result.exit_code == 0, result.output
    seats = next(line for line in result.output.splitlines() if line.startswith("Seats: "))
    # wherever the seat draw puts You, the bots' numbers rise with their seats (listed in seat order)
    assert [int(bot) for bot in re.findall(r"Bot (\d)", seats)] == [1, 2, 3], seats
    assert "You" in seats and "P1" not in seats


def test_the_hand_line_in_the_exchange_says_cards_are_passed_not_played(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "posledniy", "--seed", "5", "--lines"], input="quit\nquit\n")
    assert result.exit_code == 0, result.output
    assert (
        "Your hand (choose the cards): 1:" in result.output
        and "You, pass 2 cards face down to Bot 2" in result.output
    )
    assert "can be played" not in result.output.split("Your hand (choose")[1].split("\n")[0]


@pytest.mark.e2e
def test_hot_seat_at_the_full_screen_shows_the_commitment_and_the_goal(tmp_path: Path) -> None:
    term = Terminal(["play", "dernier", "--seed", "3", "--players", "Ann,Boris"], cwd=tmp_path)
    try:
        assert "when you are at the screen" in term.wait_prompt()
        term.send("")
        term.wait_prompt()
        shown = " ".join(term.text().split())
        assert "Deal commitment (SHA-256):" in shown
        assert "Match: the first to win 3 hands wins" in shown
    finally:
        term.child.terminate(force=True)


@pytest.mark.e2e
def test_the_full_screen_shows_no_next_hand_before_its_deal(tmp_path: Path) -> None:
    position = "P1=7H; P2=5H 8D; discard=5H; turn=P1"  # P1 goes out with 7♥: hand 1 ends
    term = Terminal(["play", "dernier", "--players", "me,bot", "--position", position], cwd=tmp_path)
    try:
        term.wait_prompt()
        term.send("7h")
        assert term.wait_prompt().startswith("Press Enter to deal hand 2 (or type quit).")
        shown = term.text()
        assert "Hand 1: over. The cards are dealt again when you press Enter." in shown
        assert "Your hand" not in shown and "Your turn" not in shown and "▶" not in shown
        # the table's heading and the seats with the scores stay; the line under says what works now
        assert "Dernier · hand" in shown and "You · " in shown and "1 hand won" in shown
        assert "Enter: next deal · rules · quit" in shown and "Type a card" not in shown
        term.send("")
        assert "your move" in term.wait_prompt()
        assert "hand 2" in term.text() and "Your hand" in term.text()
    finally:
        term.child.terminate(force=True)


@pytest.mark.e2e
def test_ctrl_d_twice_at_the_full_screen_keeps_the_game(tmp_path: Path) -> None:
    term = Terminal(["play", "dernier", "--players", "me,bot", "--seed", "7"], cwd=tmp_path)
    try:
        term.wait_prompt()
        term.sent = term.text()  # as Terminal.send: the next question is drawn on a changed screen
        term.child.sendeof()
        assert "Enter to go back to the game" in term.wait_prompt()
        term.child.sendeof()
        while term.pump():
            pass
        term.child.close()
        after = term.out.split("\033[?1049l")[-1]  # what stays on the terminal after the full screen
        assert "\\x0a" not in after and term.child.exitstatus == 0
        kept = autosave.latest()
        assert kept is not None and f"End of input: the game is kept in {kept}." in after
    finally:
        if term.child.isalive():
            term.child.terminate(force=True)
