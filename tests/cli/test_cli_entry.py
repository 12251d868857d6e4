"""The entry point answers the root's help, version and mistakes without typer, exactly as typer would."""

from __future__ import annotations

import errno
import os
import subprocess
import sys

import pytest
from cli_runs import run_main

from cardgames.cli import app as cli
from cardgames.cli import main as entry

# Arguments the entry point answers itself, and some it hands to typer.
ANSWERED = [[], ["--help"], ["--version"], ["lst"], ["xyz"], ["xyz", "--help"], ["rulez", "dernier"]]
ANSWERED += [["--bogus"], ["--vers"], ["--he"], ["-h"], ["-x", "list"], ["--bogus", "--help"]]
ANSWERED += [["list"], ["list", "--json"]]
HANDED_ON = [["--help", "list"], ["--version", "--bogus"], ["--version=1"], ["-hx"], ["-1"], ["a:b:"], ["-"]]
HANDED_ON += [
    ["--"],
    ["--", "--help"],
    ["é"],
    ["list", "--bogus"],
    ["list", "--help"],
    ["list", "--json", "x"],
]


_run = run_main


@pytest.mark.parametrize("argv", ANSWERED + HANDED_ON, ids=" ".join)
def test_the_entry_point_prints_what_typer_prints(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(entry.main, argv, capsys) == _run(cli.main, argv, capsys)


@pytest.mark.parametrize("columns", range(30, 131))
def test_the_root_help_is_typers_at_every_width(
    columns: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    mine = _run(entry.main, ["--help"], capsys)
    assert mine == _run(cli.main, ["--help"], capsys)
    assert entry.root_help("cardgames", columns) + "\n" == mine[1]


@pytest.mark.parametrize("program", ["cardgames", "a-program-name-so-long-that-its-usage-arguments-wrap"])
def test_the_root_help_is_typers_for_any_program_name(
    program: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(entry, "program_name", lambda: program)
    monkeypatch.setenv("COLUMNS", "60")
    expected = _run(lambda: cli.app(prog_name=program), ["--help"], capsys)[1]
    assert entry.root_help(program) + "\n" == expected


def test_the_table_is_the_commands_typer_has() -> None:
    import typer.main

    group = typer.main.get_command(cli.app)
    ctx = group.make_context("cardgames", ["list"])
    assert group.list_commands(ctx) == list(entry.COMMANDS)
    for name, text in entry.COMMANDS.items():
        command = group.load(name) if name not in ("list", "rules") else group.get_command(ctx, name)  # type: ignore[attr-defined]
        assert " ".join((command.help or "").split("\n\n")[0].split()) == text, name


def test_an_error_line_is_what_rich_writes(capsys: pytest.CaptureFixture[str]) -> None:
    from rich.console import Console
    from rich.markup import escape

    for message in ["No such command 'x'.", "a [bold]markup[/] lookalike", "an :emoji: name", "tab\there"]:
        entry.error(message)
        plain = capsys.readouterr().err
        shown = escape(message.replace("\t", "\\x09"))  # inert shows a tab as \x09
        Console(stderr=True).print(
            f"[bold red]error:[/] {shown}", highlight=False, soft_wrap=True, emoji=False
        )
        assert plain == capsys.readouterr().err


def test_on_a_terminal_error_is_bold_red(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    entry.error("No such command 'x'.")
    assert capsys.readouterr().err == "\x1b[1;31merror:\x1b[0m No such command 'x'.\n"


FORBIDDEN = ("typer", "click", "rich", "attr", "attrs", "cattrs", "importlib.metadata", "cardgames.cli.app")


@pytest.mark.parametrize("argv", [[], ["--help"], ["--version"], ["lst"], ["--bogus"], ["-h"]], ids=" ".join)
def test_the_root_answers_import_no_command_line_library(argv: list[str]) -> None:
    """Laziness cannot regress: these answers import none of typer, click, rich, attrs, the registry."""
    assert _imported(argv, FORBIDDEN) == []


def _imported(argv: list[str], names: tuple[str, ...]) -> list[str]:
    """The modules among ``names`` (and below them) that ``cardgames ARGV`` imports, in a new process."""
    code = (
        "import sys\n"
        f"sys.argv = ['cardgames', *{argv!r}]\n"
        "from cardgames.cli.main import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {names!r} or m in {names!r}))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    return eval(run.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.parametrize("argv", [["list"], ["list", "--json"]], ids=" ".join)
def test_listing_the_games_imports_no_command_line_library(argv: list[str]) -> None:
    assert (
        _imported(argv, ("typer", "click", "cardgames.cli.app", "cardgames.play", "cardgames.ledger")) == []
    )


def test_python_m_cardgames_names_itself_so() -> None:
    run = subprocess.run([sys.executable, "-m", "cardgames", "lst"], capture_output=True, text=True)
    assert run.returncode == 2
    assert (
        run.stderr == "error: No such command 'lst'; did you mean list? (see 'python -m cardgames --help')\n"
    )


@pytest.mark.parametrize("argv", [["--help"], ["list"]], ids=" ".join)
def test_a_reader_that_goes_away_gets_no_traceback(argv: list[str]) -> None:
    """``cardgames list | head -1``: exit code 1 and nothing on stderr, as click does for typer's commands."""
    code = (
        "import sys\nsys.argv = ['cardgames', *sys.argv[1:]]\nfrom cardgames.cli.main import main\nmain()\n"
    )
    run = subprocess.Popen(
        [sys.executable, "-c", code, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert run.stdout is not None and run.stderr is not None
    run.stdout.close()
    err = run.stderr.read()
    assert run.wait() == 1 and err == b""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (a device that is always full)")
@pytest.mark.parametrize(
    "argv",
    [
        ["list"],  # answered by the entry point
        ["play", "dernier", "-p", "bot,bot", "--seed", "1", "--lines"],  # play without typer
        ["play", "dernier", "-p", "bot,bot", "--seed", "1", "--lines", "--bot-delay", "0"],  # typer's
    ],
    ids=["list", "play", "play-typer"],
)
def test_an_output_that_cannot_be_written_is_one_line_not_a_traceback(argv: list[str]) -> None:
    """A full disk (or a device error) under the output is said in one line on stderr, exit 1."""
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [sys.executable, "-m", "cardgames", *argv], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert run.returncode == 1
    assert run.stderr == "error: cannot write the output: No space left on device\n"


def test_a_file_that_cannot_be_written_is_named_and_other_os_errors_still_raise() -> None:
    """The one line names the file a full disk refused; an OSError of another kind is not hidden."""
    code = (
        "import errno, sys\n"
        "from cardgames.cli import main as entry\n"
        "def boom(args):\n"
        "    raise OSError(int(sys.argv[1]), 'refused', '/some/file.json')\n"
        "entry._answer = boom\n"
        "entry.main()\n"
    )
    full = subprocess.run([sys.executable, "-c", code, str(errno.ENOSPC)], capture_output=True, text=True)
    assert (full.returncode, full.stderr) == (1, "error: cannot write '/some/file.json': refused\n")
    other = subprocess.run([sys.executable, "-c", code, str(errno.EACCES)], capture_output=True, text=True)
    assert other.returncode == 1 and "Traceback" in other.stderr and "PermissionError" in other.stderr
