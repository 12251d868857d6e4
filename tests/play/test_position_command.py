"""The in-game ``position`` command: the game as the asking seat may know it, read back by --position."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.conformance.texts import TextWatch
from cardgames.core.position import notation_of, start_state
from cardgames.core.record import GameRecord, load_record, options_from_record, replay
from cardgames.core.state import Choice
from cardgames.core.table import decide
from cardgames.play.positions import position_lines
from cardgames.plugins.registry import find_game
from cardgames.primitives.cards import Card, cards_named


def _known_to(game: Any, record: GameRecord, seat: int) -> set[Card]:
    """The cards ``seat`` may know after the record's moves, as the kit's text check keeps them."""
    options = options_from_record(game, record)
    state = start_state(game, options, len(record.seats), record.seed, record.position)
    watch = TextWatch(game, state, AssertionError)
    for action in record.actions:
        before = state.clone()
        if isinstance(action, Choice):
            decide(state, action.action, action.seat)
        else:
            decide(state, action)
        watch.step(before, action, state)
    return watch.known[seat]


def _play_to_position(
    runner: CliRunner, tmp_path: Path, args: list[str], before: list[str]
) -> tuple[str, Path]:
    """Play ``before`` moves, type ``position`` and let the moves run out (the game is saved)."""
    save = tmp_path / "game.json"
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join([*before, "position"]) + "\n")
    result = runner.invoke(app, ["play", *args, "--save", str(save), "--moves", str(moves), "--lines"])
    assert "The moves ran out" in result.output, result.output
    lines = result.output.splitlines()
    head = next(
        i for i, line in enumerate(lines) if line.startswith("The position as P") and "may know it" in line
    )
    return lines[head + 1], save


@pytest.mark.parametrize(
    ("args", "before"),
    [
        (["dernier", "--players", "you,bot,bot", "--seed", "11", "-o", "play_after_draw=true"], ["draw"]),
        (["posledniy", "--players", "you,bot,bot", "--seed", "2"], []),
        (["posledniy", "--players", "bot,you,bot,bot", "--seed", "4", "-o", "scoring=points"], []),
    ],
    ids=["dernier-after-a-draw", "posledniy-3", "posledniy-4-points"],
)
def test_position_shows_what_the_seat_may_know_and_reads_back_into_its_view(
    runner: CliRunner, tmp_path: Path, args: list[str], before: list[str]
) -> None:
    text, save = _play_to_position(runner, tmp_path, args, before)
    game, record = load_record(save, find_game)
    me = next(i for i, s in enumerate(record.seats) if s.bot is None)
    state = replay(game, record)  # the table when position was typed: the moves ran out right after
    assert text.endswith(f"seen=P{me + 1}") and "?" in text
    # rule I-1..I-3: the text names only cards the seat may know (the kit's text check's account)
    assert cards_named(text) <= _known_to(game, record, me), text
    # read back by the CLI (the seat still to decide, so no bot moves), it is the view the seat had
    again_save = tmp_path / "again.json"
    empty = tmp_path / "none.txt"
    empty.write_text("")
    players = ",".join("you" if s.bot is None else "bot" for s in record.seats)
    options = [w for pair in (("-o", f"{k}={v}") for k, v in _set_options(args)) for w in pair]
    started = runner.invoke(
        app,
        [
            "play",
            game.id,
            *options,
            "--players",
            players,
            "--position",
            text,
            "--seed",
            "9",
            "--save",
            str(again_save),
            "--moves",
            str(empty),
            "--lines",
        ],
    )
    assert "The moves ran out" in started.output, started.output
    _, again_record = load_record(again_save, find_game)
    assert again_record.position == text and not again_record.actions
    again = replay(game, again_record)
    omits = notation_of(game).omits  # type: ignore[union-attr]
    for field in type(state.view(me)).__attrs_attrs__:  # type: ignore[attr-defined]
        if field.name not in omits:
            assert getattr(again.view(me), field.name) == getattr(state.view(me), field.name), field.name


def _set_options(args: list[str]) -> list[tuple[str, str]]:
    return [tuple(args[i + 1].split("=", 1)) for i, w in enumerate(args) if w == "-o"]  # type: ignore[misc]


def test_position_in_hot_seat_is_written_for_the_person_deciding(runner: CliRunner, tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("\nposition\n")  # Enter: the person at the screen is ready; then asks
    result = runner.invoke(
        app, ["play", "dernier", "--players", "ann,bob", "--seed", "3", "--moves", str(moves), "--lines"]
    )
    found = re.search(
        r"(\w+), your move: position\nThe position as P(\d) may know it.*\n(.*)\n", result.output
    )
    assert found is not None, result.output
    name, seat, text = found[1], int(found[2]), found[3]
    other = 3 - seat
    assert (name, seat) == ("bob", 2) and text.endswith(f"seen=P{seat}")
    assert re.search(rf"\bP{other}=\?5;", text) and f"P{seat}=?" not in text
    assert cards_named(text.split(";")[seat - 1])  # the person's own hand, named


def test_position_once_the_game_is_over_is_all_of_it_and_says_how_to_play_on() -> None:
    game = find_game("dernier")
    state = game.new_game(game.options_type(hands_to_win=1), 2, 5)
    while not state.is_over():
        decide(state, next(iter(state.legal_actions())))
    said, text, command = position_lines(game, state, {"hands_to_win": 1}, 0)
    assert said == "The position (every hand: the game is over):"
    assert "?" not in text and "seen=" not in text and "over=" in text
    assert command.startswith("Read it back: cardgames play dernier -o hands_to_win=1 --position ")


def test_position_of_a_game_without_a_notation_is_one_line(toy_registry: object) -> None:
    game = find_game("toy")
    state = game.new_game(game.options_type(), 2, 1)
    assert position_lines(game, state, {}, 0) == [
        f"No position: {game.name} has no position notation: its games start only from a deal."
    ]


def test_the_command_to_read_it_back_seats_you_where_the_position_was_seen() -> None:
    game = find_game("posledniy")
    state = game.new_game(game.options_type(), 3, 3)
    _, text, command = position_lines(game, state, {}, 1)
    words = shlex.split(command.removeprefix("Read it back: "))
    # the hand P2 knows is P2's again: you sit there, the bots at the seats whose hands are open
    assert words[words.index("--players") + 1] == "bot,me,bot" and text.endswith("seen=P2")
    assert words[words.index("--position") + 1] == text
