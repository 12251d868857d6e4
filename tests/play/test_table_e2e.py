"""The table of issue 12 through a pseudo-terminal: dialogs, the live timer, q, numbers, hot-seat, bell."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pexpect
import pytest
from cli_mirror import Mirror

from cardgames.core.record import load_record
from cardgames.plugins.registry import find_game
from cardgames.primitives.cards import Rank

pytestmark = pytest.mark.e2e

PROGRAM = shutil.which("cardgames")
TIMEOUT = 30
MOVE = "You, your move"


def spawn(
    args: list[str], cwd: Path | None = None, term: str = "dumb", size: tuple[int, int] = (24, 80)
) -> pexpect.spawn:
    """The installed program in a terminal of ``size`` (rows, columns), uncoloured."""
    if PROGRAM is None:
        pytest.skip("the cardgames program is not installed (pip install -e .)")
    rows, cols = size
    env = {**os.environ, "NO_COLOR": "1", "TERM": term, "COLUMNS": str(cols), "LINES": str(rows)}
    child = pexpect.spawn(
        PROGRAM,
        args,
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=size,
        cwd=str(cwd) if cwd else None,
    )
    child.delaybeforesend = None
    return child


def says(child: pexpect.spawn, text: str) -> None:
    """Wait for ``text``, wherever the terminal wrapped its lines."""
    child.expect(r"\s+".join(re.escape(word) for word in text.split()))


def ended(child: pexpect.spawn) -> str:
    child.expect(pexpect.EOF)
    child.close()
    text = child.before or ""
    assert "Traceback" not in text
    return text


@pytest.mark.parametrize("last", ["quit", "q"])
def test_bug1_y_yes_and_q_at_the_quit_question_save_no_file(
    children: list[pexpect.spawn], tmp_path: Path, last: str
) -> None:
    child = spawn(["play", "dernier", "--seed", "21"], cwd=tmp_path)
    children.append(child)
    child.expect_exact(MOVE)
    child.sendline("quit")
    for answer in ("y", "yes"):
        says(child, "go back to the game: ")
        child.sendline(answer)
        says(child, "is not taken as a file name")
    says(child, "go back to the game: ")
    child.sendline(last)  # q at the quit question means quit, without saving
    says(child, "Quit without saving.")
    ended(child)
    assert list(tmp_path.iterdir()) == []


def test_bug2_the_quit_dialog_never_overwrites_without_asking(
    children: list[pexpect.spawn], tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me\n")
    child = spawn(["play", "dernier", "--seed", "21"], cwd=tmp_path)
    children.append(child)
    child.expect_exact(MOVE)
    child.sendline("quit")
    says(child, "go back to the game: ")
    child.sendline("notes.txt")
    says(child, "Overwrite it?")
    child.sendline("")
    says(child, "go back to the game: ")
    child.sendline("game.json")
    says(child, "Saved in game.json")
    ended(child)
    assert notes.read_text() == "keep me\n"
    assert load_record(tmp_path / "game.json", find_game)[1].seed == 21


def test_bug2_save_asks_before_overwriting_at_the_terminal(
    children: list[pexpect.spawn], tmp_path: Path
) -> None:
    (tmp_path / "g.json").write_text("x")
    child = spawn(["play", "dernier", "--seed", "21", "--save", "g.json"], cwd=tmp_path)
    children.append(child)
    says(child, "Overwrite it?")
    child.sendline("")
    says(child, "is kept; choose another file for --save")
    ended(child)
    assert (tmp_path / "g.json").read_text() == "x"


@pytest.mark.parametrize("key", ["ctrl-c", "ctrl-d"])
def test_bug3_interrupting_the_quit_question_says_the_game_is_saved(
    children: list[pexpect.spawn], tmp_path: Path, key: str
) -> None:
    child = spawn(["play", "dernier", "--seed", "21", "--save", "g5.json"], cwd=tmp_path)
    children.append(child)
    child.expect_exact(MOVE)
    child.sendline("quit")
    says(child, "go back to the game: ")
    if key == "ctrl-c":
        child.sendintr()
    else:
        child.sendeof()
    says(child, "Quit. The game is saved: cardgames resume g5.json")
    text = ended(child)
    assert "without saving" not in text
    assert load_record(tmp_path / "g5.json", find_game)[1].seed == 21


@pytest.mark.parametrize("save", [False, True])
def test_bug4_enter_at_the_quit_question_always_goes_back_to_the_game(
    children: list[pexpect.spawn], tmp_path: Path, save: bool
) -> None:
    extra = ["--save", "g.json"] if save else []
    child = spawn(["play", "dernier", "--seed", "21", *extra], cwd=tmp_path)
    children.append(child)
    child.expect_exact(MOVE)
    child.sendline("quit")
    says(child, "press Enter to go back to the game: ")
    child.sendline("")
    child.expect_exact(MOVE)  # back at the table
    child.sendline("quit")
    says(child, "go back to the game: ")
    child.sendline("y" if save else "quit")
    ended(child)


def test_bug5_the_timer_counts_down_live_and_is_right_after_a_refused_move(
    children: list[pexpect.spawn],
) -> None:
    child = spawn(["play", "dernier", "--seed", "21", "-o", "move_seconds=4", "--lines"], term="xterm")
    children.append(child)
    says(child, "your move (4 s left): ")
    # the seconds are rewritten in place: save the cursor, go to the number, write it, restore
    child.expect(re.compile(r"\x1b7\r\x1b\[\d+C([12])\x1b8"))
    child.sendline("xyz")
    child.expect_exact("understood")
    child.expect(re.compile(r"your move \(([1-3]) s left\): "))
    assert int(child.match[1]) < 4
    child.expect_exact("Time is up")  # in bold on this terminal: the rest of the line follows the style
    child.expect_exact(MOVE)
    child.sendline("quit")
    says(child, "go back to the game: ")
    child.sendline("quit")
    ended(child)


def test_bug6_press_enter_to_deal_takes_only_enter(children: list[pexpect.spawn]) -> None:
    child = spawn(["play", "dernier", "--seed", "2", "-o", "hand_size=2", "-p", "me,bot"], size=(24, 100))
    children.append(child)
    while True:
        index = child.expect([re.escape(MOVE), r"Press\s+Enter\s+to\s+deal"])
        if index == 1:
            break
        child.sendline("draw")
    child.sendline("help")
    says(child, "Hand 1 is over: press Enter to deal, or type rules or quit.")
    says(child, "Press Enter to deal hand 2")
    child.sendline("")
    says(child, "hand 2:")
    child.expect_exact(MOVE)
    child.sendline("quit")
    says(child, "go back to the game: ")
    child.sendline("quit")
    ended(child)


def _seed_with_one_queen() -> int:
    for seed in range(300):
        mirror = Mirror("dernier", "me,bot,bot,bot", seed)
        seat = mirror.to_human()
        if seat is not None and sum(c.rank is Rank.QUEEN for c in mirror.state.view(seat).hand) == 1:
            return seed
    raise AssertionError("no seed")


def test_cost1_q_at_the_terminal_plays_no_queen(children: list[pexpect.spawn], tmp_path: Path) -> None:
    seed = _seed_with_one_queen()
    child = spawn(["play", "dernier", "--seed", str(seed), "--save", "q.json"], cwd=tmp_path)
    children.append(child)
    child.expect_exact(MOVE)
    child.sendline("q")
    says(child, "could mean quit or a queen")
    child.expect_exact(MOVE)
    child.sendline("quit")
    says(child, "go back to the game: ")
    child.sendline("y")
    ended(child)
    # nothing but the bots' moves before the person's first decision: q played nothing
    assert load_record(tmp_path / "q.json", find_game)[1].actions == _bot_moves(seed)


def _bot_moves(seed: int) -> list[object]:
    mirror = Mirror("dernier", "me,bot,bot,bot", seed)
    mirror.to_human()
    return list(mirror.table.record.actions)


def test_cost2_a_number_typed_ahead_of_a_draw_is_confirmed_at_the_terminal(
    children: list[pexpect.spawn],
) -> None:
    # seed 0: 8♠ is number 5 before the draw, and the drawn 7♦ takes number 5
    mirror = Mirror("dernier", "me,bot,bot,bot", 0)
    seat = mirror.to_human()
    assert seat is not None
    before = mirror.state.view(seat).hand
    mirror.type("draw")
    seat = mirror.to_human()
    assert seat is not None and mirror.state.view(seat).hand[4] != before[4]
    child = spawn(["play", "dernier", "--seed", "0"], size=(24, 100))
    children.append(child)
    child.expect_exact(MOVE)
    child.send("draw\n5\n")  # 5 typed ahead, before the hand is shown again
    says(child, "Your hand changed since you last saw it: 5 is")
    child.sendline("")
    says(child, "Move taken back: nothing was played.")
    child.expect_exact(MOVE)
    child.sendline("quit")
    says(child, "go back to the game: ")
    child.sendline("quit")
    text = ended(child)
    assert "P1 misplays" not in text


def test_hot_seat_says_how_to_type_again_after_clearing_the_screen(children: list[pexpect.spawn]) -> None:
    child = spawn(["play", "posledniy", "--players", "Ann,Boris,bot,bot", "--seed", "7"], size=(20, 60))
    children.append(child)
    says(child, "press Enter when you are")
    child.sendline("")
    says(child, "Seats: Bot 1 (heuristic), Boris, Bot 2 (heuristic) and Ann")  # by name, never P1 …
    says(child, "At 'your move:' type a card")
    says(child, "pass 2 cards face down to")  # the exchange asks how many cards go to whom
    child.sendline("quit")
    says(child, "go back to the game: ")
    child.sendline("quit")
    ended(child)


def test_bell_rings_at_the_terminal_when_it_is_your_turn(children: list[pexpect.spawn]) -> None:
    child = spawn(["play", "dernier", "--seed", "21", "--bell"], term="xterm")
    children.append(child)
    child.expect_exact("\a")
    child.expect_exact(MOVE)
    child.sendline("quit")
    says(child, "go back to the game: ")
    child.sendline("quit")
    ended(child)
