"""No text typed at the table ends the game: bounded fuzzing of both games in both terminal modes.

Line mode (piped lines) runs under hypothesis (the profile sets how many examples: ci 30); the
full-screen table runs in a pseudo-terminal with lines from a seeded generator. Each types
arbitrary text, then quits: the game must still be there to quit from.
"""

from __future__ import annotations

import contextlib
import random
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_screen_e2e import Terminal
from typer.testing import CliRunner

from cardgames.cli.app import app

SEATED = {"dernier": "me,bot", "posledniy": "me,bot,bot"}
# what a person may type: moves and words of the table, digits of every script, card-like text
WORDS = [
    *("1", "2", "10", "0", "99", "draw", "pass", "help", "hand", "rules", "hint", "position", "y", "n"),
    *("7h", "10 h", "9 of diamonds", "jh x", "q♥", "joker as 7h", "pass 1 2 3", "pick 1", "!", "2♥!"),
    *("⑦", "²", "¹⁰", "٣", "Ⅻ", "½", "𝟕", "1e400", "-1", "9" * 400, "dernier", "anticipo", "no"),
]
QUITTING = frozenset({"quit", "exit", "q", "q!"})
CHARACTERS = st.characters(
    blacklist_categories=("Cs",), blacklist_characters="\x00\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
)
TYPED = st.one_of(
    st.sampled_from(WORDS),
    st.text(CHARACTERS, max_size=30),
    st.lists(st.sampled_from(WORDS), min_size=2, max_size=4).map(" ".join),
).filter(lambda line: line.strip().casefold() not in QUITTING)
FIXTURES = settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)


def _goes_on(output: str) -> None:
    assert "error:" not in output and "failed" not in output and "Traceback" not in output, output[-2000:]


@FIXTURES
@example(game="dernier", lines=["⑦"])
@example(game="posledniy", lines=["²"])
@example(game="dernier", lines=[" ".join(["9" * 400] * 3), "1"])  # longer than any move: skipped
@given(game=st.sampled_from(sorted(SEATED)), lines=st.lists(TYPED, min_size=1, max_size=12))
def test_any_line_typed_in_line_mode_leaves_the_game_going(
    tmp_path: Path, game: str, lines: list[str]
) -> None:
    args = ["play", game, "--players", SEATED[game], "--seed", "5", "--lines"]
    typed = "\n".join([*lines, "quit", "quit", "quit", "quit"]) + "\n"
    with contextlib.chdir(tmp_path):  # an answer may be taken for a file name: never in the project
        result = CliRunner().invoke(app, args, input=typed)
    _goes_on(result.output)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Quit without saving." in result.output


def _random_line(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(WORDS)
    # printable characters of every plane that a terminal sends as typed (no control keys)
    pool = [chr(c) for c in (*range(0x20, 0x7F), *range(0xA0, 0x2FFF), *range(0x1D7CE, 0x1D800))]
    line = "".join(rng.choice(pool) for _ in range(rng.randint(1, 20)))
    return line if line.strip().casefold() not in QUITTING else "x"


@pytest.mark.e2e
@pytest.mark.parametrize("game", sorted(SEATED))
def test_any_line_typed_at_the_full_screen_leaves_the_game_going(tmp_path: Path, game: str) -> None:
    rng = random.Random(f"full screen {game}")
    term = Terminal(["play", game, "--players", SEATED[game], "--seed", "5"], cwd=tmp_path)
    try:
        for _ in range(20):
            if not term.wait_prompt():
                break
            term.send(_random_line(rng))
        end = time.monotonic() + 20
        while term.child.isalive() and time.monotonic() < end:  # quit from whatever question is asked
            term.send("quit")
            term.pump(0.2)
        while term.pump():
            pass
        term.child.close()
        _goes_on(term.out)
        assert term.child.exitstatus == 0, term.out[-2000:]
        assert "Quit without saving." in term.out
    finally:
        if term.child.isalive():
            term.child.terminate(force=True)


@pytest.mark.parametrize("game", sorted(SEATED))
def test_a_number_longer_than_int_reads_is_not_understood(game: str) -> None:
    from cardgames.play.seats import parse_players
    from cardgames.play.start import start_table
    from cardgames.plugins.registry import find_game
    from cardgames.primitives.errors import ParseError

    found = find_game(game)
    table = start_table(found, parse_players(found, SEATED[game]), 5, None, [])
    seat = table.state.to_act()
    assert seat is not None
    for typed in ("9" * 5000, "pass " + "1" * 5000):  # typed at the full screen, which reads any length
        with pytest.raises(ParseError):
            found.parse_action(typed, table.state.view(seat))
