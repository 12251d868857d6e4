"""``cardgames play`` without typer reads a command line as typer does, and prints the same bytes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.main
from cli_runs import modules_after, run_main
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cli import app as cli
from cardgames.cli import main as entry
from cardgames.play import commands, flags, playing

GAME = ["dernier", "--players", "bot,bot,bot,bot", "--seed", "1", "--option", "hands_to_win=1"]
WORDS = [
    *("dernier", "posledniy", "x", "-", "--", "", "-1", "f.json", "T", "quick", "bot,bot", "1", "7"),
    *("hands_to_win=1", "jokers=0", "--help", "--playrs", "-x", "-pbot", "--json=1", "--seed=", "--seed=2"),
    *("--bot-delay", "0.5", "--option=jokers=2", "--table=T", "-h", "--no-json"),
    *(name for param in flags.PLAY for name in param.names),
]


def _typers_reading(argv: list[str]) -> dict[str, Any] | None:
    """What typer calls the play body with for ``play ARGV``; None when typer refuses the line."""
    called: list[dict[str, Any]] = []
    app = typer.Typer(rich_markup_mode=None)
    app.command("play")(commands.declared(flags.PLAY, lambda **values: called.append(values), "Play."))
    app.command("other")(lambda: None)  # a group, as in the program: "play" is the command's name
    try:
        typer.main.get_command(app).main(["play", *argv], "cardgames", standalone_mode=False)
    except Exception:  # a usage error, or --help's exit
        return None
    return called[0] if called else None


COMMON = [
    GAME,
    [*GAME, "--json"],
    ["posledniy", "-p", "me,bot,bot", "--seed=3", "--moves", "m.txt", "--lines", "--ascii"],
    ["--seed", "1", "dernier", "-o", "jokers=0", "-o", "hand_size=7", "--save", "g.json", "--overwrite"],
    ["dernier", "--tournament", "T", "--table=A", "--ledger", "l.db", "--create", "--add-players"],
    ["dernier", "--glyphs", "--no-bell", "--bell", "--screen", "--preset", "quick", "--position", "P"],
    ["--isolate-bots", "--seed", "1", "--seed", "2", "-"],  # a lone "-" is the game argument
]


@pytest.mark.parametrize("argv", COMMON, ids=" ".join)
def test_the_usual_command_lines_are_read_without_typer_exactly_as_typer_reads_them(argv: list[str]) -> None:
    assert flags.parse(argv) is not None
    assert flags.parse(argv) == _typers_reading(argv)


REFUSED = [
    [],
    ["dernier", "posledniy"],
    ["dernier", "--help"],
    ["dernier", "--playrs", "bot"],
    ["dernier", "--seed"],
    ["dernier", "--json=1"],
    ["dernier", "--bot-delay", "11"],
    ["dernier", "-pbot,bot"],
    ["--", "dernier"],
]


@pytest.mark.parametrize("argv", REFUSED, ids=" ".join)
def test_help_mistakes_and_rare_forms_are_left_to_typer(argv: list[str]) -> None:
    assert flags.parse(argv) is None


NAMES = [name for param in flags.PLAY for name in param.names]
VALUES = ["dernier", "1", "bot,bot", "jokers=0", "f.json", "", "-1", "--json", "x=y", "ü", "a b"]
# an option alone, with its value after it, or as name=value
OPTION = st.tuples(st.sampled_from(NAMES), st.sampled_from(VALUES), st.integers(0, 2)).map(
    lambda t: [[t[0]], [t[0], t[1]], [f"{t[0]}={t[1]}"]][t[2]]
)
# options around one game argument: most such lines are the parser's to read
PAIRS = st.builds(
    lambda before, game, after: [word for group in [*before, [game], *after] for word in group],
    st.lists(OPTION, max_size=4),
    st.sampled_from(["dernier", "posledniy", "-", "x"]),
    st.lists(OPTION, max_size=4),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=8) | PAIRS)
def test_any_line_read_without_typer_is_read_as_typer_reads_it(argv: list[str]) -> None:
    mine = flags.parse(argv)
    if mine is not None:  # typer must accept the line too, and read the same values
        assert mine == _typers_reading(argv)


def test_a_file_that_cannot_be_read_is_left_to_typer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = tmp_path / "kept.json"
    kept.write_text("{}")
    argv = ["dernier", "--save", str(kept), "--moves", str(tmp_path / "missing.txt")]
    assert flags.parse(argv) == _typers_reading(argv) is not None
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: False)  # as for another user's file
    assert flags.parse(argv) is None and _typers_reading(argv) is None


def test_the_play_body_takes_the_tables_parameters_in_its_order() -> None:
    import inspect

    assert list(inspect.signature(playing.play).parameters) == [p.name for p in flags.PLAY]
    defaults = [p.default for p in inspect.signature(playing.play).parameters.values()][1:]
    assert defaults == [p.default for p in flags.PLAY[1:]]


def _both(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run ``cardgames ARGV`` through the entry point and through typer; they must print the same."""
    mine = run_main(entry.main, argv, capsys)
    assert mine == run_main(cli.main, argv, capsys)
    return mine


@pytest.mark.parametrize(
    "argv",
    [
        ["play", *GAME],
        ["play", *GAME, "--json"],
        ["play", "posledniy", "-p", "bot,bot,bot", "--seed=4", "--ascii"],
        ["play", "dernir", "--seed", "1"],  # did you mean dernier?
        ["play", "dernier", "--seed", "x"],
        ["play", "dernier", "--seed", "1", "-o", "jokers=9"],
        ["play", "dernier", "--seed", "1", "-o", "jokrs=1"],  # did you mean jokers?
        ["play", "dernier", "--seed", "1", "--preset", "quik"],
        ["play", "dernier", "--players", "bot,bot:nobody", "--seed", "1"],
        ["play", "dernier", "--players", "bot", "--seed", "1"],
        ["play", "dernier", "--seed", "1", "--create"],  # --create needs --tournament
        ["play", "dernier", "--playrs", "bot,bot"],  # typer's, both ways: did you mean --players?
        ["play", "dernier", "--seed"],
        ["play", "dernier", "--bot-delay", "11"],
        ["play", "--help"],
        ["play"],
    ],
    ids=" ".join,
)
def test_the_entry_point_plays_and_refuses_as_typer_does(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = _both(argv, capsys)
    assert code in (0, 2) and (out or err)


def test_a_game_whose_moves_end_early_exits_1_both_ways(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("draw\n")
    code, _, _ = _both(["play", "dernier", "-p", "me,bot", "--seed", "1", "--moves", str(moves)], capsys)
    assert code == 1


@pytest.mark.parametrize(
    ("argv", "other"),
    [(GAME, "posledniy"), (["posledniy", "-p", "bot,bot,bot", "--seed", "2", "--json"], "dernier")],
    ids=["dernier", "posledniy --json"],
)
def test_an_unattended_game_imports_no_command_line_library_and_nothing_it_does_not_use(
    argv: list[str], other: str, tmp_path: Path
) -> None:
    """Laziness cannot regress: which modules an unattended game has imported when it ends."""
    loaded = modules_after(["play", *argv], tmp_path)
    unused = {"typer", "click", "rich", "cattrs", "importlib.metadata", "email", "cardgames.cli.app"}
    unused |= {"cardgames.cli.lazy"}
    unused |= {
        "cardgames.cli.usage",
        "cardgames.play.commands",
        "cardgames.ledger",
        "cardgames.lab",
        "cardgames.web",
    }
    unused |= {"cardgames.play.screen", f"cardgames.games.{other}", "cardgames.plugins.sandbox", "tomllib"}
    unused |= {"cardgames.bots.ismcts"}  # imported when a bot that searches is built
    # the standard library's parts only a mistake, a help text, a drawn seed or a terminal needs
    unused |= {"difflib", "textwrap", "shlex", "secrets", "hmac", "base64"}
    unused |= {"platformdirs", "tempfile", "shutil"}  # the user's folders: cardgames.primitives.userdirs
    unused |= {"hashlib", "_hashlib"}  # OpenSSL: the digests are CPython's own (cardgames.primitives.digests)
    if argv[0] == "dernier":  # simultaneous choices: a person's turn, or a game made of them (Последний)
        unused |= {"cardgames.core.choosing"}
    assert (
        sorted(
            m
            for m in loaded
            if m in unused or m.split(".")[0] in unused or m.startswith(f"cardgames.games.{other}.")
        )
        == []
    )
    assert f"cardgames.games.{argv[0]}.game" in loaded  # it did play
