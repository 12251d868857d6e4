"""Nothing on the full-screen table is drawn over anything else at 60x20 (issue 31 bug 3, issue 27).

Whole games at 60x20, through a pseudo-terminal read back with pyte: every screen is checked
as the terminal received it (no character drawn off the row it was aimed at, none past the
last column, no scroll, no tab) and as a person reads it (the tricks panel a column of its
own with its gap kept blank, each of its lines whole, every hint in the log whole). Long log
lines (hints, help, an error, the rules card paged), the exchange, the end of a deal with
its tricks listed, and a resize from 60x20 to 80x24 and back mid-deal.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pyte
import pytest
from test_screen_e2e import PROMPTS, Terminal, hint_move

from cardgames.play.screen_layout import GAP

pytestmark = pytest.mark.e2e

# the panel beside the log: the last finished trick (or a hand's last card), one card a line
TITLE = re.compile(r"(Trick \d of 8|Last trick of deal \d+|Last card of hand \d+)$")
TRICK = re.compile(r"(You|Bot \d) (\S+|took it)")  # one line of the panel, whole
MOMENTS = {  # what the screens showed, by name: each must be seen in a whole game
    "exchange": re.compile(r"pass \d cards? face down to"),
    "trick": re.compile(r"Trick \d of 8: (You|Bot \d) \S+"),  # a bot by its short name at the table
    "hand's end": re.compile(
        r"took the last trick and lost the deal|went out and won it|took all eight tricks"
    ),
}
HINT = re.compile(r"Hint: .+? \(what the \w+ bot would (play|choose) here\)")
SAYING = ["hint", "help", "zz", "rules", "hint", "10 h"]  # said before every third move


class Watched(pyte.Screen):
    """A terminal that notes every character it draws off the row the program aimed it at."""

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self.row = 0
        self.faults: list[str] = []

    def cursor_position(self, line: Any = None, column: Any = None) -> None:
        super().cursor_position(line, column)
        self.row = self.cursor.y

    def draw(self, data: str) -> None:
        for char in data:
            if self.cursor.x >= self.columns and char.strip():
                self.faults.append(f"{char!r} past the last column of row {self.cursor.y + 1}")
            super().draw(char)
            if self.cursor.y != self.row:
                self.faults.append(f"{char!r} aimed at row {self.row + 1} drawn on row {self.cursor.y + 1}")
                self.row = self.cursor.y

    def tab(self) -> None:
        self.faults.append(f"a tab on row {self.cursor.y + 1}")
        super().tab()

    def index(self) -> None:
        if self.cursor.y == self.lines - 1:
            self.faults.append("the screen scrolled")
        super().index()


class WatchedTerminal(Terminal):
    def __init__(self, args: list[str], cwd: Path) -> None:
        super().__init__(args, size=(20, 60), cwd=cwd)
        self.screen = Watched(60, 20)
        self.stream = pyte.Stream(self.screen)
        self.panels = 0  # screens checked with the last trick's panel beside the log
        self.seen: set[str] = set()  # the MOMENTS seen

    def wait_prompt(self, timeout: float = 20) -> str:
        """The question on the input line once drawn, or "" once the program has ended."""
        end = time.monotonic() + timeout
        while True:
            alive = self.pump()
            line = self.prompt()
            drawn = self.text() != self.sent and self.screen.cursor.y == self.screen.lines - 1
            if drawn and line.endswith((":", ".", "?", ")", "--")):
                return line
            if not alive:
                return ""
            assert time.monotonic() < end, f"no question on the screen:\n{self.text()}"

    def asked(self) -> str:
        """The next question, the paging line ("-- more below --") included."""
        line = self.wait_prompt()
        if not line:  # the program has ended and left the screen: what follows is the plain terminal
            return line
        while "more below" in line:
            self.check()
            self.send("")
            line = self.wait_prompt()
        self.check()
        return line

    def check(self) -> None:
        """No region of this screen drawn over another."""
        shown = self.text()
        assert not self.screen.faults, f"{self.screen.faults[:3]}\n{shown}"
        lines = [line.ljust(self.screen.columns) for line in self.lines()]
        flat = " ".join(line.strip() for line in self.lines())  # a sentence may wrap at 60 columns
        self.seen |= {name for name, moment in MOMENTS.items() if moment.search(flat)}
        titled = [(i, m.start()) for i, line in enumerate(lines) if (m := TITLE.search(line.rstrip()))]
        column = titled[0][1] if titled else self.screen.columns
        if titled:
            self.panels += 1
            top = titled[0][0]
            panel = [line[column:].rstrip() for line in lines[top + 1 :]]
            rows = next((n for n, part in enumerate(panel) if not TRICK.fullmatch(part)), len(panel))
            for line in lines[top : top + 1 + rows]:
                assert not line[column - GAP : column].strip(), f"the panel's gap is written on:\n{shown}"
            assert rows > 0, f"a trick of the panel is cut or written over:\n{shown}"
        log = " ".join(line[: column - GAP if titled else column].strip() for line in lines)
        for hint in re.finditer(r"Hint: ", log):
            assert HINT.match(log, hint.start()), f"a hint cut:\n{shown}"


def play_at_60x20(term: WatchedTerminal, resize_at: int | None = None) -> int:
    """Play one person's side to the end, checking every screen; how many screens were checked."""
    screens = 0
    for moves in range(300):
        line = term.asked()
        screens += 1
        if not line:
            break
        if moves == resize_at:  # mid-deal: to 80x24 and back, each size drawn afresh and checked
            for rows, columns in ((24, 80), (20, 60)):
                term.screen.reset()  # only what the program draws for the new size is read
                term.resize(rows, columns)
                line = term.asked()
        if "more to pass" in line:
            term.send("")  # take the pick back: the hint then chooses the whole move
        elif PROMPTS.search(line):
            if moves % 3 == 1:
                term.send(SAYING[moves // 3 % len(SAYING)])
                term.asked()
                screens += 1
            term.send(hint_move(term))
        else:  # press Enter for the next deal
            term.send("")
    while term.pump():
        pass
    term.child.close()
    assert term.child.exitstatus == 0, term.out[-2000:]
    return screens


@pytest.mark.parametrize(
    "args",
    [
        ["play", "posledniy", "--seed", "7", "--players", "me,bot,bot", "-o", "target=1"],
        ["play", "posledniy", "--seed", "5", "-o", "target=3"],
        ["play", "dernier", "--seed", "4", "--players", "me,bot,bot", "-o", "hands_to_win=2"],
    ],
    ids=["posledniy-3", "posledniy-4", "dernier-3"],
)
def test_no_text_is_drawn_over_other_text_at_60x20(tmp_path: Path, args: list[str]) -> None:
    term = WatchedTerminal(args, cwd=tmp_path)
    assert play_at_60x20(term, resize_at=4) > 10
    # the panel beside the log was checked: many tricks, or the card that ended a Dernier hand
    assert term.panels > (5 if args[1] == "posledniy" else 0)
    # a trick in progress and an exchange (Последний), a hand's end with its result (a game of more than one)
    wanted = {"trick", "exchange"} if args[1] == "posledniy" else set()
    assert term.seen >= wanted | ({"hand's end"} if "target=1" not in args else set())
