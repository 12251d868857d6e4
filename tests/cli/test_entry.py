"""The program's entry point: one-line errors, the root's mistakes, and outputs that fail."""

from __future__ import annotations

import errno
import os
import subprocess
import sys

import pytest
from cli_runs import run_main

from cardgames.cli import app as cli
from cardgames.cli import main as entry
from cardgames.output.commands import COMMANDS
from cardgames.output.console import error


def test_the_table_is_the_commands_typer_has() -> None:
    import typer.main

    group = typer.main.get_command(cli.app)
    ctx = group.make_context("cardgames", ["list"])
    assert group.list_commands(ctx) == list(COMMANDS)
    for name, text in COMMANDS.items():
        command = group.load(name) if name not in ("list", "rules") else group.get_command(ctx, name)  # type: ignore[attr-defined]
        assert " ".join((command.help or "").split("\n\n")[0].split()) == text, name


@pytest.mark.parametrize(
    ("argv", "code", "said"),
    [
        ([], 2, "Usage: cardgames"),
        (["--help"], 0, "Usage: cardgames"),
        (["--version"], 0, "cardgames 0.1.0"),
        (["lst"], 2, "error: No such command 'lst'; did you mean list?"),
        (["--bogus"], 2, "error: No such option: --bogus"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_the_root_answers_help_version_and_mistakes(
    argv: list[str], code: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    got, out, err = run_main(entry.main, argv, capsys)
    assert got == code and said in out + err, (out, err)
    assert "Traceback" not in out + err


def test_an_error_line_is_what_rich_writes(capsys: pytest.CaptureFixture[str]) -> None:
    from rich.console import Console
    from rich.markup import escape

    for message in ["No such command 'x'.", "a [bold]markup[/] lookalike", "an :emoji: name", "tab\there"]:
        error(message)
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
    error("No such command 'x'.")
    assert capsys.readouterr().err == "\x1b[1;31merror:\x1b[0m No such command 'x'.\n"


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
        ["list"],
        ["play", "dernier", "-p", "bot,bot", "--seed", "1", "--lines"],
    ],
    ids=["list", "play"],
)
def test_an_output_that_cannot_be_written_is_one_line_not_a_traceback(argv: list[str]) -> None:
    """A full disk (or a device error) under the output is said in one line on stderr, exit 1."""
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [sys.executable, "-m", "cardgames", *argv], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert run.returncode == 1
    assert run.stderr == "error: cannot write the output: No space left on device\n"


def test_an_output_that_cannot_be_written_is_said_in_the_language_asked() -> None:
    """The line is translated; the system's own words are kept as it gives them."""
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [sys.executable, "-m", "cardgames", "list", "--lang", "ru"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert (run.returncode, run.stderr) == (1, "ошибка: не удаётся записать вывод: No space left on device\n")


def test_a_file_that_cannot_be_written_is_named_and_other_os_errors_still_raise() -> None:
    """The one line names the file a full disk refused; an OSError of another kind is not hidden."""
    code = (
        "import errno, sys\n"
        "from cardgames.cli import main as entry\n"
        "import cardgames.cli.app as app\n"
        "def boom():\n"
        "    raise OSError(int(sys.argv[1]), 'refused', '/some/file.json')\n"
        "app.main = boom\n"
        "entry.main()\n"
    )
    full = subprocess.run([sys.executable, "-c", code, str(errno.ENOSPC)], capture_output=True, text=True)
    assert (full.returncode, full.stderr) == (1, "error: cannot write '/some/file.json': refused\n")
    other = subprocess.run([sys.executable, "-c", code, str(errno.EACCES)], capture_output=True, text=True)
    assert other.returncode == 1 and "Traceback" in other.stderr and "PermissionError" in other.stderr
