"""The plain console prints what rich prints on a file that is not a terminal, byte for byte."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest
from cli_runs import kept_as_one, run_main
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from rich.errors import MarkupError
from rich.markup import escape as rich_escape
from rich.text import Text

from cardgames.cli import main as entry
from cardgames.play import plain
from cardgames.play.plain import Grid, Heading, Plain, PlainConsole

# pieces of text that exercise markup, escapes, spaces, long words and characters of other widths
PIECES = ["a", "bc", " ", "  ", "\n", "[bold]", "[/]", "[/bold]", "[bold red]", "[yellow]", "\\", "[", "]"]
PIECES += ["[x]", "[link=y]", "[@click]", "word" * 6, "♠", "é", "Ж", "…", "10♥", "日本", "\t", "🃏", "·"]
TEXT = st.lists(st.sampled_from(PIECES), max_size=25).map("".join)


def _rich(width: int, *objects: Any, **options: Any) -> str:
    out = io.StringIO()
    Console(file=out, width=width, highlight=False, emoji=False).print(*objects, **options)
    return out.getvalue()


def _plain(width: int, *objects: Any, **options: Any) -> str:
    console = PlainConsole()
    console.width = width
    console._rich = Console(file=io.StringIO(), width=width, highlight=False, emoji=False)  # what it hands on
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        console.print(*objects, **options)
    return out.getvalue() + console._rich.file.getvalue()


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_escape_is_richs(text: str) -> None:
    assert plain.escape(text) == rich_escape(text)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_markup_is_read_as_rich_reads_it_or_left_to_rich(markup: str) -> None:
    mine = plain.markup_text(markup)
    try:
        theirs = Text.from_markup(markup, emoji=False).plain
    except MarkupError:
        assert mine is None
        return
    assert mine is None or mine == theirs


@settings(max_examples=400, deadline=None)
@given(TEXT, st.integers(10, 100), st.booleans(), st.sampled_from([None, False, True]))
def test_printed_text_is_richs(text: str, width: int, soft_wrap: bool, markup: bool | None) -> None:
    options: dict[str, Any] = {"soft_wrap": soft_wrap, "highlight": False}
    if markup is not None:
        options["markup"] = markup
    try:
        expected = _rich(width, text, **options)
    except MarkupError:
        return  # rich refuses it; the plain console hands it to rich, which refuses it alike
    assert _plain(width, text, **options) == expected


def test_what_the_plain_console_reads_itself_is_most_of_a_games_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The comparisons above are not won by handing everything to rich."""
    console = PlainConsole()
    assert console._text(("Bot 1 plays 10♥ [bold]now[/], then " * 5,), None, False) is not None
    assert console._text(("日本",), None, False) is None  # two cells wide: rich's
    assert console._text(("a [link=x]b[/]",), None, False) is None


def test_every_character_it_reads_is_one_cell_for_rich() -> None:
    read = [c for c in map(chr, range(0x30000)) if plain.single(c)]
    assert len(read) > 1000 and "♠" in read and "Ж" in read and "\n" not in read and "\t" not in read
    assert [c for c in read if cell_len(c) != 1] == []


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(["left", "right"]), min_size=1, max_size=4),
    st.lists(
        st.lists(
            st.sampled_from(["", "0", "+5", "winner", "P1 Bot 1", "[bold]x[/]", "Ж♠"]), min_size=4, max_size=4
        ),
        min_size=1,
        max_size=5,
    ),
    st.integers(12, 90),
    st.booleans(),
    st.booleans(),
)
def test_a_grid_is_drawn_as_rich_draws_it(
    justify: list[str],
    rows: list[list[str]],
    width: int,
    ascii_only: bool,
    as_plain: bool,
) -> None:
    grid = Grid(ascii_only=ascii_only)
    for n, how in enumerate(justify):
        grid.add_column(["player", "points", "total chips", "result"][n], justify=how)
    for row in rows:
        grid.add_row(*(Plain(c) if as_plain and n == 0 else c for n, c in enumerate(row[: len(justify)])))
    assert _plain(width, grid) == _rich(width, grid)


def test_a_heading_and_a_table_cell_shown_as_written() -> None:
    for shown in [Heading("Game over: [bold]x[/] won"), Plain("a [b] c " * 12)]:
        assert _plain(40, shown) == _rich(40, shown)


def test_plain_where_rich_prints_no_colours_and_richs_console_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert isinstance(plain.console(), PlainConsole)  # pytest's captured output is no terminal
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert isinstance(plain.console(), Console)
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    assert isinstance(plain.console(), PlainConsole)


GAMES = [
    ["play", "dernier", "--players", "bot,bot,bot,bot", "--seed", "1", "--option", "hands_to_win=1"],
    [
        "play",
        "dernier",
        "-p",
        "bot,bot",
        "--seed",
        "2",
        "--ascii",
        "-o",
        "scoring=cards",
        "-o",
        "target_points=20",
    ],
    ["play", "posledniy", "-p", "bot,bot,bot", "--seed", "3"],
    ["play", "posledniy", "-p", "bot,bot,bot:random,bot", "--seed", "4", "-o", "scoring=points"],
    ["play", "dernier", "--players", "bot,bot,bot", "--seed", "5", "-o", "hands_to_win=1", "--json"],
]


@pytest.mark.parametrize("columns", ["80", "44", "20"])
@pytest.mark.parametrize("argv", GAMES, ids=" ".join)
def test_a_whole_game_prints_what_rich_prints(
    argv: list[str], columns: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    mine = run_main(entry.main, argv, capsys)
    monkeypatch.setattr(
        plain, "console", lambda stderr=False: Console(stderr=stderr, highlight=False, emoji=False)
    )
    assert mine == run_main(entry.main, argv, capsys)
    assert mine[0] == 0 and len(mine[1].splitlines()) > 10


@pytest.mark.parametrize("game", ["dernier", "posledniy"])
def test_a_person_playing_from_a_file_sees_what_rich_prints(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person's board, prompts and refusals (the board is rich's, handed on by the plain console)."""
    moves = tmp_path / "moves.txt"
    moves.write_text("".join(f"{n % 5 + 1}\nhelp\nxyz\nhint\n" for n in range(12)))
    argv = ["play", game, "-p", "me,bot,bot", "--seed", "6", "--moves", str(moves)]
    monkeypatch.setenv("COLUMNS", "70")
    mine = run_main(entry.main, argv, capsys)
    monkeypatch.setattr(
        plain, "console", lambda stderr=False: Console(stderr=stderr, highlight=False, emoji=False)
    )
    theirs = run_main(entry.main, argv, capsys)
    assert (mine[0], kept_as_one(mine[1]), mine[2]) == (theirs[0], kept_as_one(theirs[1]), theirs[2])
    assert mine[0] in (0, 1) and "Not understood" in mine[1]
