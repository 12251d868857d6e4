"""``cardgames resume`` and ``replay`` without typer read a line as typer does, and print the same bytes."""

from __future__ import annotations

import inspect
import io
import os
import subprocess
import sys
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
from cardgames.play import commands, flags, resuming

DERNIER = ["dernier", "--players", "bot,bot,bot,bot", "--seed", "1", "--option", "hands_to_win=1"]


def _typers_reading(command: str, argv: list[str]) -> dict[str, Any] | None:
    """What typer calls ``command``'s body with for ``command ARGV``; None when typer refuses the line."""
    called: list[dict[str, Any]] = []
    app = typer.Typer(rich_markup_mode=None)
    body = commands.declared(flags.TABLES[command], lambda **values: called.append(values), "Do.")
    app.command(command)(body)
    app.command("other")(lambda: None)  # a group, as in the program
    try:
        typer.main.get_command(app).main([command, *argv], "cardgames", standalone_mode=False)
    except Exception:  # a usage error, or --help's exit
        return None
    return called[0] if called else None


def _named(value: object) -> str:
    return " ".join(value) if isinstance(value, list) else str(value)


COMMON = [
    ("resume", ["g.json"]),
    ("resume", ["g.json", "--json", "--save", "h.json", "--overwrite", "--ascii", "--lines"]),
    ("resume", ["--moves=m.txt", "g.json", "--no-bell", "--glyphs", "--isolate-bots", "--screen"]),
    ("resume", ["-"]),
    ("replay", ["g.json"]),
    ("replay", ["g.json", "--seat", "P2", "--brief", "--position", "--step", "--ascii"]),
    ("replay", ["--seat=Ann", "g.json", "--glyphs", "--seat", "2"]),
]


@pytest.mark.parametrize(("command", "argv"), COMMON, ids=_named)
def test_the_usual_lines_are_read_without_typer_exactly_as_typer_reads_them(
    command: str, argv: list[str]
) -> None:
    assert flags.parse(argv, command) is not None
    assert flags.parse(argv, command) == _typers_reading(command, argv)


REFUSED = [
    ("resume", []),
    ("resume", ["a.json", "b.json"]),
    ("resume", ["a.json", "--help"]),
    ("resume", ["a.json", "--bot-delay", "1"]),  # typer's range check
    ("resume", ["a.json", "--seed", "1"]),  # play's, not resume's
    ("resume", ["a.json", "--save"]),
    ("replay", ["a.json", "--position", "P"]),  # a flag here: P is a second file
    ("replay", ["a.json", "--step=1"]),
    ("replay", ["a.json", "--json"]),
    ("replay", ["--", "a.json"]),
]


@pytest.mark.parametrize(("command", "argv"), REFUSED, ids=_named)
def test_help_mistakes_and_rare_forms_are_left_to_typer(command: str, argv: list[str]) -> None:
    assert flags.parse(argv, command) is None


def _line(command: str) -> st.SearchStrategy[list[str]]:
    names = [name for param in flags.TABLES[command] for name in param.names]
    values = ["g.json", "1", "P2", "", "-1", "--json", "x=y", "ü", "a b", "-"]
    option = st.tuples(st.sampled_from(names), st.sampled_from(values), st.integers(0, 2)).map(
        lambda t: [[t[0]], [t[0], t[1]], [f"{t[0]}={t[1]}"]][t[2]]
    )
    return st.builds(
        lambda before, file, after: [word for group in [*before, [file], *after] for word in group],
        st.lists(option, max_size=4),
        st.sampled_from(["g.json", "-", "x", ""]),
        st.lists(option, max_size=4),
    )


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["resume", "replay"]).flatmap(lambda c: st.tuples(st.just(c), _line(c))))
def test_any_line_read_without_typer_is_read_as_typer_reads_it(line: tuple[str, list[str]]) -> None:
    command, argv = line
    mine = flags.parse(argv, command)
    if mine is not None:  # typer must accept the line too, and read the same values
        assert mine == _typers_reading(command, argv)


def test_a_saved_game_that_cannot_be_read_is_left_to_typer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "kept.json"
    kept.write_text("{}")
    for command in ("resume", "replay"):
        assert flags.parse([str(kept)], command) == _typers_reading(command, [str(kept)]) is not None
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: False)  # as for another user's file
    for command in ("resume", "replay"):
        assert flags.parse([str(kept)], command) is None and _typers_reading(command, [str(kept)]) is None


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_the_body_takes_the_tables_parameters_in_its_order(command: str) -> None:
    parameters = inspect.signature(resuming.body(command)).parameters.values()
    assert [p.name for p in parameters] == [p.name for p in flags.TABLES[command]]
    assert [p.default for p in parameters][1:] == [p.default for p in flags.TABLES[command][1:]]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a finished Dernier game, a finished Последний game and a Dernier game cut short."""
    folder = tmp_path_factory.mktemp("saved")
    (folder / "moves.txt").write_text("draw\n")
    lines = [
        [*DERNIER, "--save", "dernier.json"],
        ["posledniy", "-p", "bot,bot,bot", "--seed", "2", "--save", "posledniy.json"],
        ["dernier", "-p", "me,bot", "--seed", "1", "--moves", "moves.txt", "--save", "half.json"],
    ]
    for argv in lines:
        program = [sys.executable, "-m", "cardgames", "play", *argv]
        subprocess.run(program, cwd=folder, capture_output=True, check=False)
    assert all((folder / name).exists() for name in ("dernier.json", "posledniy.json", "half.json"))
    return folder


LINES = [
    ["resume", "half.json", "--save", "copy.json", "--overwrite", "--moves", "moves.txt"],
    ["resume", "half.json", "--save", "copy.json", "--overwrite", "--moves", "moves.txt", "--json"],
    ["resume", "dernier.json", "--save", "copy.json", "--overwrite", "--ascii"],
    ["resume", "missing.json"],
    ["resume", "moves.txt"],  # not a saved game
    ["resume", "half.json", "--save", "dernier.json"],  # exists: refused, nothing overwritten
    ["resume", "half.json", "--bot-delay", "11"],
    ["resume", "half.json", "--seet", "1"],
    ["resume", "--help"],
    ["resume"],
    ["replay", "dernier.json"],
    ["replay", "posledniy.json", "--brief", "--ascii"],
    ["replay", "dernier.json", "--seat", "2", "--position"],
    ["replay", "half.json", "--seat", "P1"],
    ["replay", "dernier.json", "--seat", "P9"],
    ["replay", "half.json", "--position"],  # a position only once the game is finished
    ["replay", "missing.json"],
    ["replay", "dernier.json", "--step"],  # Enter, Enter, then q
    ["replay", "--help"],
    ["replay"],
]


@pytest.mark.parametrize("argv", LINES, ids=" ".join)
def test_the_entry_point_resumes_replays_and_refuses_as_typer_does(
    argv: list[str], saved: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(saved)
    before = (saved / "dernier.json").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\nq\n"))
    mine = run_main(entry.main, argv, capsys)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\nq\n"))
    assert mine == run_main(cli.main, argv, capsys)
    code, out, err = mine
    assert code in (0, 1, 2) and (out or err)
    assert (saved / "dernier.json").read_bytes() == before


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_a_saved_game_is_resumed_and_replayed_without_a_command_line_library(
    command: str, saved: Path, tmp_path: Path
) -> None:
    """Laziness cannot regress: what ``resume`` and ``replay`` of a finished game have imported."""
    argv = [command, str(saved / "dernier.json")]
    argv += ["--save", str(tmp_path / "copy.json"), "--overwrite"] if command == "resume" else []
    loaded = modules_after(argv, tmp_path)
    # cattrs reads the record; replay draws its rules and tables with rich
    unused = {"typer", "click", "importlib.metadata", "cardgames.cli.app", "cardgames.cli.lazy"}
    unused |= {"cardgames.cli.usage", "cardgames.play.commands", "cardgames.ledger", "cardgames.lab"}
    unused |= {"cardgames.web", "cardgames.games.posledniy", "cardgames.plugins.sandbox"}
    unused |= {"cardgames.play.screen", "cardgames.bots.ismcts"}
    unused |= {"rich"} if command == "resume" else set()
    assert sorted(m for m in loaded if m in unused or any(m.startswith(f"{u}.") for u in unused)) == []
    assert "cardgames.games.dernier.game" in loaded
