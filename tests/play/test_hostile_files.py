"""Files and the terminal: bad bytes, escape sequences, endless or huge files, long lines, signals."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.record import Seat, load_record, record_from_json
from cardgames.core.table import Table
from cardgames.play.quitting import QuitDialog
from cardgames.plugins.registry import find_game
from cardgames.primitives import files
from cardgames.primitives.errors import FileLimitError, SaveFileError

PROGRAM = shutil.which("cardgames")
ESC = "\x1b"


def _one_error(result: object, fragment: str) -> None:
    output = result.output  # type: ignore[attr-defined]
    assert result.exit_code == 2, output  # type: ignore[attr-defined]
    assert "Traceback" not in output and "Usage:" not in output and "╭─ Error" not in output
    errors = [line for line in output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and fragment in errors[0], output


class Typed:
    """Answers typed at a terminal (which, unlike a script, may hold any character)."""

    interactive = True

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def read(self, prompt: str, deadline: float | None = None) -> str:
        return self.lines.pop(0)


def _saved(runner: CliRunner, tmp_path: Path, players: str = "Ann,Bob") -> Path:
    path = tmp_path / "g.json"
    runner.invoke(
        app, ["play", "dernier", "-p", players, "--seed", "2", "--save", str(path)], input="\n\nquit\ny\n"
    )
    assert path.exists()
    return path


# -- 8. NUL bytes and invalid UTF-8 -------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"1\n\x002\n", "contains a NUL byte (line 2)"),
        (b"1\n\xff\xfe\n", "is not UTF-8 text (a bad byte on line 2)"),
    ],
)
def test_a_moves_file_with_a_nul_or_bad_utf8_is_one_line(
    runner: CliRunner, tmp_path: Path, data: bytes, said: str
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_bytes(data)
    _one_error(runner.invoke(app, ["play", "dernier", "-p", "me,bot", "--moves", str(moves)]), said)


def test_moves_piped_with_bad_utf8_or_a_nul_are_one_line(tmp_path: Path) -> None:
    if PROGRAM is None:
        pytest.skip("the cardgames program is not installed")
    for data, said in ((b"\xff\xfe\n", "is not UTF-8 text"), (b"1\x00\n", "contains a NUL byte")):
        run = subprocess.run(
            [PROGRAM, "play", "dernier", "-p", "me,bot"], input=data, capture_output=True, timeout=60
        )
        err = run.stderr.decode()
        assert run.returncode == 2 and "Traceback" not in err and said in err, err


def test_a_nul_in_the_quit_dialogs_file_name_is_refused_and_play_goes_on(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "dernier", "-p", "me,bot"], input="quit\nbad\x00name\n\n")
    _one_error(result, "a line of input contains a NUL byte")  # from a script: refused as it is read
    table = Table.start(find_game("dernier"), find_game("dernier").options_type(), [Seat("a"), Seat("b")], 1)
    console = Console(file=io.StringIO(), width=200)
    source = Typed(["bad\x00name", "quit"])
    assert QuitDialog(console, source, table, None, False).run(
        saved=False
    )  # at a terminal: said, asked again
    said = console.file.getvalue()  # type: ignore[attr-defined]
    assert "cannot hold the hidden character \\x00" in said and "Quit without saving." in said


# -- 9. escape sequences are shown inert ---------------------------------------------------------


def test_an_escape_sequence_in_a_saved_seat_name_never_reaches_the_terminal(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = _saved(runner, tmp_path)
    data = json.loads(path.read_text())
    data["seats"][0]["name"] = f"Mal{ESC}[2Jlory\u202e"
    path.write_text(json.dumps(data))
    for args in (["resume", str(path)], ["replay", str(path)]):
        out = runner.invoke(app, args, input="\nquit\ny\n").output
        assert ESC not in out and "\u202e" not in out
        assert "Mal\\x1b[2Jlory\\u202e" in out


def test_an_escape_sequence_in_a_players_name_or_a_file_name_is_inert(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = runner.invoke(
        app, ["play", "dernier", "-p", f"me,Eve{ESC}]0;pwned{chr(7)}"], input="quit\n\n"
    ).output
    assert ESC not in out and chr(7) not in out and "Eve\\x1b]0;pwned\\x07" in out
    result = runner.invoke(app, ["resume", str(tmp_path / f"x{ESC}[2J.json")])
    assert ESC not in result.output and "x\\x1b[2J.json" in result.output


def test_moves_echoed_from_a_file_are_inert(runner: CliRunner, tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text(f"{ESC}[2J\nquit\n\n")
    out = runner.invoke(app, ["play", "dernier", "-p", "me,bot", "--moves", str(moves)]).output
    assert ESC not in out and "\\x1b[2J" in out


# -- 10. reading has limits ----------------------------------------------------------------------


def test_resume_of_a_fifo_or_a_device_is_refused_at_once(tmp_path: Path) -> None:
    if PROGRAM is None or not hasattr(os, "mkfifo"):
        pytest.skip("needs the installed program and FIFOs")
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for target in (fifo, Path("/dev/zero")):
        run = subprocess.run([PROGRAM, "resume", str(target)], capture_output=True, timeout=60)
        err = run.stderr.decode()
        assert run.returncode == 2 and "not a regular file" in err and err.count("\n") == 1, err


def test_a_file_larger_than_any_game_is_refused_before_reading(runner: CliRunner, tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as fh:
        fh.truncate(200 * 1024 * 1024)  # sparse: 200 MB that take no disk
    _one_error(runner.invoke(app, ["resume", str(big)]), "more than any game")
    _one_error(runner.invoke(app, ["play", "dernier", "--moves", str(big)]), "more than any game")


def test_a_huge_seat_name_in_a_file_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    path = _saved(runner, tmp_path)
    data = json.loads(path.read_text())
    data["seats"][0]["name"] = "A" * 1_000_000
    path.write_text(json.dumps(data))
    _one_error(
        runner.invoke(app, ["resume", str(path)]), "the field name of seat 1 must be 1 to 100 characters"
    )


def test_read_bytes_refuses_a_file_that_grows_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert files.read_bytes(path, limit=100) == b"x" * 100
    with pytest.raises(FileLimitError, match="more than any game"):
        files.read_bytes(path, limit=99)
    with pytest.raises(FileLimitError, match="it is a folder"):
        files.read_bytes(tmp_path, limit=99)


# -- 11. long lines -------------------------------------------------------------------------------


def test_a_long_line_is_refused_in_a_moves_file_and_skipped_at_the_table(
    runner: CliRunner, tmp_path: Path
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("x" * 2_000_000 + "\n")
    _one_error(
        runner.invoke(app, ["play", "dernier", "-p", "me,bot", "--moves", str(moves)]),
        "line 1 is 2,000,000 characters long, more than 1,000",
    )
    # typed (or piped) at the table, a long line is a slip like any other: skipped, and the game goes on
    piped = runner.invoke(app, ["play", "dernier", "-p", "me,bot"], input="y" * 50_000 + "\nquit\nquit\n")
    output = piped.output
    assert "Traceback" not in output and "error:" not in output and "y" * 100 not in output, output[-2000:]
    assert output.count("a line longer than 1,000 characters is no move: it is skipped") == 1, output[-2000:]
    assert "Quit without saving." in output and piped.exit_code == 0, output[-2000:]


# -- 12. permissions, numbers, byte-order marks, negative seeds, SIGTERM ------------------------------


def test_an_unreadable_save_file_is_one_line(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved(runner, tmp_path)
    if os.geteuid() != 0:
        path.chmod(0)
    else:  # root reads anything: refuse the open as the system would

        def denied(*args: object, **kwargs: object) -> int:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(files.os, "open", denied)
    _one_error(runner.invoke(app, ["resume", str(path)]), "Permission denied")


@pytest.mark.parametrize(
    ("seed", "said"),
    [
        ("one", "--seed takes a whole number, not 'one'"),
        ("-1", "--seed must be a whole number from 0 up, below 2²⁵⁶ (of at most 78 digits), not -1"),
        (str(2**256), "below 2²⁵⁶ (of at most 78 digits), not a number of 78 digits"),  # drawn: 256 bits
        (
            "1" * 5000,
            "--seed must be a whole number from 0 up, below 2²⁵⁶ (of at most 78 digits), not a number of "
            "5000 digits",
        ),
    ],
)
def test_a_bad_seed_is_one_line(runner: CliRunner, seed: str, said: str) -> None:
    _one_error(runner.invoke(app, ["play", "dernier", "--seed", seed]), said)


def test_an_option_beyond_what_a_ledger_holds_is_one_line(runner: CliRunner) -> None:
    args = ["play", "posledniy", "-o", "stake=10000000000000000000"]
    _one_error(runner.invoke(app, args), "option stake must be a whole number from -9223372036854775808 to")


def test_a_save_file_with_a_byte_order_mark_is_read(runner: CliRunner, tmp_path: Path) -> None:
    path = _saved(runner, tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert load_record(path, find_game)[1] == record_from_json(text, find_game)[1]


@pytest.mark.parametrize("seed", [-1, -7, 2**256, 2**300, True, 1.5])
def test_a_seed_in_a_file_outside_what_play_accepts_is_refused(
    runner: CliRunner, tmp_path: Path, seed: object
) -> None:
    path = _saved(runner, tmp_path)
    data = json.loads(path.read_text())
    data["seed"] = seed
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match=r"^the field seed must be a whole number from 0 up, below 2²⁵⁶ "):
        load_record(path, find_game)


SAVER = textwrap.dedent(
    """
    import os, signal, sys
    from cardgames.core import record
    real_fsync = os.fsync
    def fsync_then_terminated(fd):
        os.kill(os.getpid(), signal.SIGTERM)  # as if the terminal closed in the middle of a save
        real_fsync(fd)
    os.fsync = fsync_then_terminated
    record.write_atomic(sys.argv[1], "new text\\n")
    print("not reached: SIGTERM ends the program once the save is whole")
    """
)


def test_sigterm_during_a_save_leaves_the_whole_file_and_no_temporary_one(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    target.write_text("old text\n")
    run = subprocess.run([sys.executable, "-c", SAVER, str(target)], capture_output=True, timeout=60)
    assert run.returncode == -signal.SIGTERM and b"not reached" not in run.stdout
    assert target.read_text() == "new text\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


@pytest.mark.parametrize("count", ["²", "٣", "99999999999999999999", "1" * 5000])
def test_a_players_count_that_is_no_count_is_one_line(runner: CliRunner, count: str) -> None:
    # found by the fuzz test: '²' is a digit to str.isdigit but not to int()
    _one_error(runner.invoke(app, ["play", "dernier", "--players", count]), "--players")


def test_a_file_name_typed_in_the_quit_dialog_is_shown_inert(tmp_path: Path) -> None:
    # found by the moves fuzz test: 'Saved. Continue later with: cardgames resume NAME' showed NAME raw
    table = Table.start(find_game("dernier"), find_game("dernier").options_type(), [Seat("a"), Seat("b")], 1)
    console = Console(file=io.StringIO(), width=200)
    name = str(tmp_path / f"g{ESC}[2J\ue000.json")
    assert QuitDialog(console, Typed([name, "quit"]), table, None, False).run(saved=False)
    said = console.file.getvalue()  # type: ignore[attr-defined]
    # refused before use (a hidden character), and the refusal shows it inert
    assert ESC not in said and "\ue000" not in said and "hidden character \\x1b" in said
    assert not (tmp_path / f"g{ESC}[2J\ue000.json").exists()
