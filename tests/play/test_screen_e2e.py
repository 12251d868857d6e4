"""The full-screen table (issue 12) through a pseudo-terminal, read back with a terminal emulator (pyte).

Whole games in both games, played by asking for a hint and typing it, at 80x24 and after a
resize to 60x20; hot-seat hiding; the move timer counting down in place; the quit dialog.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pexpect
import pyte
import pytest

pytestmark = pytest.mark.e2e

PROGRAM = shutil.which("cardgames")
PROMPTS = re.compile(
    r"(your move|anticipo or no|pass \d cards? face down to [^:]+?)( \(\d+ s left\))?: ?(\S*)$"
)


class Terminal:
    """The program in a pseudo-terminal, and the screen it drew."""

    def __init__(self, args: list[str], size: tuple[int, int] = (24, 80), cwd: Path | None = None) -> None:
        if PROGRAM is None:
            pytest.skip("the cardgames program is not installed (pip install -e .)")
        rows, cols = size
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        env["TERM"] = "xterm"
        self.child = pexpect.spawn(
            PROGRAM, args, env=env, encoding="utf-8", dimensions=size, cwd=str(cwd) if cwd else None
        )
        self.child.delaybeforesend = None
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)
        self.out = ""
        self.sent = ""

    def pump(self, quiet: float = 0.05) -> bool:
        """Read what the program drew until it is quiet; False once it has ended."""
        while True:
            try:
                data = self.child.read_nonblocking(100_000, timeout=quiet)
            except pexpect.TIMEOUT:
                return True
            except pexpect.EOF:
                return False
            self.out += data
            self.stream.feed(data)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.lines())

    def prompt(self) -> str:
        """The input line: the screen's last row."""
        return self.lines()[-1]

    def wait(self, wanted: str, timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while wanted not in self.text():
            if not self.pump() or time.monotonic() > end:
                raise AssertionError(f"{wanted!r} not on the screen:\n{self.text()}")

    def wait_prompt(self, timeout: float = 20) -> str:
        """Wait until the program asks something (the input line ends with ': ' and nothing typed)."""
        end = time.monotonic() + timeout
        while True:
            alive = self.pump()
            line = self.prompt()
            drawn = self.text() != self.sent and self.screen.cursor.y == self.screen.lines - 1
            if drawn and line.endswith((":", ".")):
                return line
            if not alive:
                return ""
            if time.monotonic() > end:
                raise AssertionError(f"no question on the screen:\n{self.text()}")

    def send(self, line: str) -> None:
        self.sent = self.text()  # the answer is logged, so the next question is drawn on a changed screen
        self.child.sendline(line)

    def resize(self, rows: int, cols: int) -> None:
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    def fits(self) -> None:
        """Every row of the screen within its width, the hand and the input line in their places."""
        lines = self.lines()
        assert len(lines) == self.screen.lines
        assert all(len(line) <= self.screen.columns for line in lines)


def hint_move(term: Terminal) -> str:
    """Ask for a hint and return its move, as the screen shows it under the question it answers."""
    term.send("hint")
    end = time.monotonic() + 20
    panel = re.compile(r"(Trick \d of 8|Last trick of deal \d+|Last card of hand \d+)$")
    while True:
        term.pump()
        lines = term.lines()
        # the log beside the last trick's panel: the panel's lines are not part of the log's sentences
        titled = [(i, m.start()) for i, line in enumerate(lines) if (m := panel.search(line))]
        if titled:
            top, column = titled[0]
            lines = [*lines[:top], *(line[:column].rstrip() for line in lines[top:])]
        text = " ".join(lines).replace("  ", " ")
        asked = text.rfind(": hint ")
        found = re.findall(r"Hint: (.+?) \(what the", text[asked:]) if asked >= 0 else []
        if found and text != term.sent:
            return " ".join(found[-1].split())
        assert time.monotonic() < end, term.text()


def play_to_the_end(term: Terminal, resize_after: int | None = None, limit: int = 400) -> str:
    """Answer every question of one person until the program ends; the output after the screen."""
    for moves in range(limit):
        line = term.wait_prompt()
        if not line:
            break
        if moves == resize_after:
            term.resize(20, 60)
            term.pump(0.3)
            term.fits()
            assert "Your hand" in term.text() and "Type a card" in term.text()
            line = term.wait_prompt()
        if PROMPTS.search(line):
            term.send(hint_move(term))
        else:  # press Enter to deal the next hand, to hand over the screen
            term.send("")
    while term.pump():
        pass
    term.child.close()
    assert term.child.exitstatus == 0, term.out[-2000:]
    assert "Traceback" not in term.out
    return term.out


@pytest.mark.parametrize(
    ("args", "final"),
    [
        (["play", "dernier", "--seed", "4", "--players", "me,bot", "-o", "hands_to_win=1"], "Game over"),
        (["play", "posledniy", "--seed", "5", "-o", "target=1"], "Game over"),
    ],
)
def test_a_whole_game_in_full_screen_at_80x24_then_60x20(tmp_path: Path, args: list[str], final: str) -> None:
    term = Terminal(args, cwd=tmp_path)
    term.wait_prompt()
    text = term.text()
    # the fixed places: heading, seats with names, whose turn, the hand, how to type, the input line
    assert term.lines()[0].startswith(("Dernier · hand 1", "Последний · deal 1"))
    assert "You" in text and "Bot 1 (heuristic)" in text
    assert "Your hand" in text and term.lines()[-2].startswith("Type a card or its number")
    assert PROMPTS.search(term.prompt())  # your move, or how many cards to pass to whom
    term.fits()
    out = play_to_the_end(term, resize_after=2)
    # after the screen, the final table and the revealed seed stay on the terminal
    assert final in out.split("\033[?1049l")[-1]


def test_the_screen_shows_the_suit_in_force_the_discard_and_the_tricks(tmp_path: Path) -> None:
    term = Terminal(["play", "posledniy", "--seed", "5"], size=(20, 60), cwd=tmp_path)
    for _ in range(3):
        line = term.wait_prompt()
        term.send(hint_move(term) if PROMPTS.search(line) else "")
    term.wait_prompt()
    term.fits()
    text = term.text()
    # the trick in the middle, each card by its player's name; the exchange as this seat knows it
    assert re.search(r"Trick \d of 8: Bot \d \S+", text), text  # the kind is on the seat's line
    assert "You received from Bot 1: " in text and "You passed to Bot 2: " in text
    term.child.terminate(force=True)
    dernier = Terminal(["play", "dernier", "--seed", "5"], size=(20, 60), cwd=tmp_path)
    dernier.wait_prompt()
    dernier.fits()
    text = dernier.text()
    assert "suit in force: ♣ clubs" in text and "Discard pile: 6♣, played by Bot 1\n" in text
    assert "1:8♣*" in text  # the playable card marked
    dernier.child.terminate(force=True)


def test_hot_seat_hides_the_previous_hand_between_turns(tmp_path: Path) -> None:
    term = Terminal(["play", "dernier", "--seed", "3", "--players", "Ann,Boris"], cwd=tmp_path)
    line = term.wait_prompt()
    assert "when you are at the screen" in line
    first = line.split(":")[0]
    term.send("")
    term.wait_prompt()
    hand = re.search(r"Your hand.*", term.text())
    assert hand is not None
    mine = hand.group(0)
    term.send(hint_move(term))
    line = term.wait_prompt()
    assert f"{first}: press Enter to hide your hand" in line
    term.send("")
    line = term.wait_prompt()
    assert "when you are at the screen" in line and first not in line
    # nothing of the previous player's hand, nor the log of their move, is left on the screen
    assert "Your hand" not in term.text() and mine not in term.text()
    assert "New in your hand" not in term.text()
    term.send("")
    term.wait_prompt()
    assert "Your hand" in term.text()
    term.child.terminate(force=True)


def test_the_move_timer_counts_down_and_the_quit_dialog_works(tmp_path: Path) -> None:
    term = Terminal(["play", "dernier", "--seed", "21", "-o", "move_seconds=30"], cwd=tmp_path)
    term.wait("(30 s left)")
    term.wait("(28 s left)", timeout=5)  # drawn again in place, every second
    term.send("quit")
    term.wait("go back to the game")
    term.send("saved.json")
    while term.pump():
        pass
    term.child.close()
    assert (tmp_path / "saved.json").exists()
    # the screen is left for the plain terminal, where the way back is still written
    assert "cardgames resume saved.json" in term.out.split("\033[?1049l")[-1]


def test_lines_and_a_dumb_terminal_keep_the_plain_table(tmp_path: Path) -> None:
    term = Terminal(["play", "dernier", "--seed", "21", "--lines"], cwd=tmp_path)
    term.wait("You, your move:")
    assert "\033[?1049h" not in term.out  # never the alternate screen
    term.child.terminate(force=True)


def test_bots_moves_are_followed_with_a_bot_delay(tmp_path: Path) -> None:
    term = Terminal(["play", "dernier", "--seed", "5", "--bot-delay", "0.3"], cwd=tmp_path)
    term.wait_prompt()
    term.send("1")
    term.wait("Bot 3 plays A♣")  # a bot's move is on the screen before the person's next turn
    assert "your move" not in term.prompt()
    term.wait_prompt()
    assert "your move" in term.prompt()
    term.child.terminate(force=True)


def test_a_rules_card_longer_than_the_screen_is_shown_page_by_page(tmp_path: Path) -> None:
    term = Terminal(["play", "dernier", "--seed", "21"], size=(20, 60), cwd=tmp_path)
    term.wait_prompt()
    term.send("rules")
    term.wait("-- more below: press Enter --")
    assert "Match: the first to win 3 hands" in term.text()  # from its first line
    term.send("")
    term.wait("Every option and preset: cardgames rules dernier")
    assert "your move" in term.prompt()
    term.fits()
    term.child.terminate(force=True)


def test_the_position_command_in_full_screen_is_the_seats_own_and_shown_whole(tmp_path: Path) -> None:
    term = Terminal(["play", "dernier", "--seed", "21"], size=(20, 60), cwd=tmp_path)
    term.wait_prompt()
    term.send("position")
    term.wait("The position as P")
    while "-- more below" in term.prompt():  # a long answer is paged: its first line stays in view
        term.send("")
        term.pump(0.2)
    term.wait("Read it back: cardgames play dernier")
    shown = " ".join(term.lines())
    assert "seen=P" in shown.replace(" ", "") and "?" in shown
    assert "your move" in term.wait_prompt()
    term.fits()
    term.child.terminate(force=True)


def test_keys_typed_ahead_while_the_bots_move_are_kept(tmp_path: Path) -> None:
    # seed 5: card 1 is legal (a misplay would first ask what it costs, and take the typed-ahead key)
    term = Terminal(["play", "dernier", "--seed", "5", "--bot-delay", "0.3"], cwd=tmp_path)
    term.wait_prompt()
    term.send("1")
    time.sleep(0.05)  # the bots are moving: the next question is typed ahead
    term.child.send("help\r")
    term.wait("Moves you can make now")
    term.child.terminate(force=True)


def test_the_table_says_the_seconds_left_beside_what_is_asked(tmp_path: Path) -> None:
    term = Terminal(["play", "dernier", "--seed", "21", "-o", "move_seconds=30"], cwd=tmp_path)
    term.wait("your move (")
    shown = " ".join(term.text().replace("your move (", "").split())  # the table, without the prompt
    assert re.search(r"(or draw|or no)\.? \((30|29|28) s left\)", shown), term.text()
    term.child.terminate(force=True)


def test_line_mode_says_the_seconds_left_once_in_the_prompt_that_counts_them_down(tmp_path: Path) -> None:
    term = Terminal(["play", "dernier", "--seed", "21", "-o", "move_seconds=30", "--lines"], cwd=tmp_path)
    term.wait("your move (")
    text = " ".join(term.text().split())
    assert re.search(r"or draw\. Your hand", text), text  # what is asked, with no seconds after it
    assert re.findall(r"\(\d+ s left\)", text) == [re.search(r"your move (\(\d+ s left\))", text)[1]], text
    term.child.terminate(force=True)
