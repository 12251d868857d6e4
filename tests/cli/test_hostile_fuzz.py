"""Bounded fuzzing of every reader from outside: save files, --moves, --players, --seed, shown text.

Each property says what is guaranteed for any input: a clear CardgamesError (one line at
the command line) or a good result, never another exception, never a raw control
character on the screen. The number of examples follows the hypothesis profile (ci: 30).
"""

from __future__ import annotations

import contextlib
import json
import random
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.options import make_options
from cardgames.core.record import Seat, load_record, record_to_json
from cardgames.core.table import Table
from cardgames.play.seats import parse_players
from cardgames.plugins.registry import find_game
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.files import read_lines
from cardgames.primitives.limits import SEED_MAX, parse_int
from cardgames.primitives.text import inert

FIXTURES = settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# text with the characters that make trouble: controls, escapes, bidi overrides, NUL, surrogates
NASTY = st.text(
    st.one_of(
        st.characters(),
        st.sampled_from(["\x1b", "\x00", "\r", "\x07", "\x08", "\u202e", "\u2028", "\ufeff", "\x9b", "["]),
    ),
    max_size=40,
)
# what a person types: moves, the CLI's own words, answers to its questions
MOVE_WORDS = st.sampled_from(
    ["1", "2", "3", "draw", "help", "hand", "rules", "quit", "y", "n", "", "9 hearts"]
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | NASTY,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(NASTY, inner, max_size=4),
    max_leaves=8,
)


def _visible(text: str) -> bool:
    return not any(unicodedata.category(c) in HIDDEN for c in text if c != "\n")


def _a_saved_game() -> str:
    game = find_game("dernier")
    options = make_options(game.options_type, game.presets, game.default_preset, {"hands_to_win": 1})
    table = Table.start(game, options, [Seat("Ann"), Seat("Bot", "random")], 7)
    rng = random.Random(7)
    for _ in range(12):
        table.act(rng.choice(list(table.state.legal_actions())))
    return record_to_json(game, table.record)


SAVED = _a_saved_game()


def _load(path: Path) -> None:
    try:
        game, record = load_record(path, find_game)
        Table.from_record(game, record)
    except CardgamesError as exc:
        assert "\n" not in str(exc) and _visible(str(exc))
        return
    assert all(_visible(s.name) and len(s.name) > 0 for s in record.seats)


def _paths(data: Any) -> list[list[Any]]:
    """Every path into a JSON document."""
    found: list[list[Any]] = [[]]
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for key, value in items:
        found += [[key, *rest] for rest in _paths(value)]
    return found


@FIXTURES
@given(st.data())
def test_a_save_file_with_any_value_replaced_is_read_or_refused_in_one_line(
    tmp_path: Path, data: Any
) -> None:
    doc = json.loads(SAVED)
    path = data.draw(st.sampled_from(_paths(doc)[1:]))
    value = data.draw(JSON_VALUES)
    where = doc
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    target = tmp_path / "g.json"
    target.write_text(
        json.dumps(doc, ensure_ascii=False, allow_nan=True), encoding="utf-8", errors="surrogatepass"
    )
    _load(target)


@FIXTURES
@given(st.data())
def test_a_save_file_with_any_bytes_changed_is_read_or_refused_in_one_line(tmp_path: Path, data: Any) -> None:
    raw = bytearray(SAVED.encode())
    for _ in range(data.draw(st.integers(1, 8))):
        at = data.draw(st.integers(0, len(raw)))
        kind = data.draw(st.sampled_from(["flip", "insert", "delete", "cut"]))
        if kind == "flip" and at < len(raw):
            raw[at] = data.draw(st.integers(0, 255))
        elif kind == "insert":
            raw[at:at] = data.draw(st.binary(max_size=8))
        elif kind == "delete":
            del raw[at : at + data.draw(st.integers(1, 8))]
        else:
            del raw[at:]
    target = tmp_path / "g.json"
    target.write_bytes(bytes(raw))
    _load(target)


@FIXTURES
@given(lines=st.lists(st.one_of(MOVE_WORDS, NASTY), max_size=12), tail=st.binary(max_size=16))
def test_any_moves_file_plays_or_stops_in_one_line_and_nothing_raw_is_shown(
    tmp_path: Path, lines: list[str], tail: bytes
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass") + tail)
    args = ["play", "dernier", "-p", "me,bot", "--seed", "1", "--moves", str(moves)]
    with contextlib.chdir(tmp_path):  # the quit dialog may save under any name: not in the project
        result = CliRunner().invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1, 2)
    assert _visible(result.output), result.output
    if result.exit_code == 2:
        assert sum(line.startswith("error:") for line in result.output.splitlines()) == 1


@given(st.binary(max_size=200))
def test_the_moves_reader_gives_bounded_lines_or_one_clear_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "moves.txt"
        path.write_bytes(data)
        try:
            lines = read_lines(path, what="moves file", line_limit=50)
        except CardgamesError as exc:
            assert "\n" not in str(exc)
            return
    assert all(len(line) <= 50 and "\0" not in line for line in lines)


@given(st.lists(NASTY, min_size=1, max_size=5))
def test_any_players_spec_gives_inert_seats_or_one_clear_error(names: list[str]) -> None:
    game = find_game("dernier")
    try:
        seats = parse_players(game, ",".join(names))
    except CardgamesError as exc:
        assert "\n" not in str(exc)
        return
    assert all(_visible(s.name) for s in seats)


@given(st.one_of(NASTY, st.integers().map(str), st.integers(-(2**80), 2**80).map(str)))
def test_any_seed_text_is_a_seed_in_range_or_one_clear_error(text: str) -> None:
    try:
        seed = parse_int("--seed", text, 0, SEED_MAX)
    except CardgamesError as exc:
        assert "\n" not in str(exc) or "\n" in text
        return
    assert 0 <= seed <= SEED_MAX and seed == int(text)


@given(NASTY, st.integers(1, 300))
def test_inert_text_has_no_hidden_character_and_is_bounded(text: str, limit: int) -> None:
    shown = inert(text, limit)
    assert not any(unicodedata.category(c) in HIDDEN for c in shown)
    assert len(shown) <= 12 * limit + 40
    if text.isprintable() and len(text) <= limit:
        assert shown == text


@pytest.mark.parametrize("name", ["Ann", "Последний", "Ana María", "李"])
def test_inert_leaves_ordinary_names_alone(name: str) -> None:
    assert inert(name) == name
