"""The ledger on a real nearly full disk (a small tmpfs), and a ledger path that is no file."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.primitives.language import speaking

BOTS = ["-p", "bot,bot,bot,bot", "-o", "hands_to_win=1", "--lines", "--seed", "4"]


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input="")
    return result.exit_code, result.output


@pytest.fixture
def small_disk(tmpfs: Callable[[str], Path]) -> Path:
    """A folder on its own 2 MiB file system."""
    return tmpfs("2m")


def _fill(folder: Path, leave_kib: int) -> None:
    """Fill the file system until ``leave_kib`` KiB are free."""
    info = os.statvfs(folder)
    free = info.f_bavail * info.f_frsize
    with (folder / "filler").open("wb") as fh:
        fh.write(b"\0" * max(0, free - leave_kib * 1024))
    info = os.statvfs(folder)
    assert abs(info.f_bavail * info.f_frsize - leave_kib * 1024) <= 4096


def _full(code: int, output: str) -> None:
    assert code == 2 and output.count("\n") == 1, output
    assert "is full" in output and "the ledger is intact" in output and "damaged" not in output, output


@pytest.mark.parametrize("free_kib", [8, 48, 300])
def test_a_nearly_full_disk_is_named_and_nothing_is_left_or_played(
    small_disk: Path, tmp_path: Path, free_kib: int
) -> None:
    ledger = small_disk / "evening.sqlite3"
    assert _cli("ledger", "new", "Friday", "--ledger", str(ledger))[0] == 0
    saved = tmp_path / "g.json"
    code, output = _cli("play", "dernier", *BOTS, "--save", str(saved))
    assert code == 0 and saved.exists(), output
    before = ledger.read_bytes()
    _fill(small_disk, free_kib)
    _full(
        *_cli("ledger", "import", str(saved), "--tournament", "Friday", "--ledger", str(ledger), "--create")
    )
    code, output = _cli(
        "play", "dernier", *BOTS, "--ledger", str(ledger), "--tournament", "Friday", "--create"
    )
    _full(code, output)  # one line, and before a card is played
    _full(*_cli("ledger", "new", "Saturday", "--ledger", str(ledger)))
    _full(*_cli("ledger", "new", "Friday", "--ledger", str(small_disk / "new.sqlite3")))
    assert sorted(p.name for p in small_disk.iterdir()) == ["evening.sqlite3", "filler"]  # no -wal, -shm
    assert ledger.read_bytes() == before
    (small_disk / "filler").unlink()  # with room again, the same ledger takes the game
    code, output = _cli(
        "ledger", "import", str(saved), "--tournament", "Friday", "--ledger", str(ledger), "--create"
    )
    assert code == 0 and "as game 1" in output, output


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "it",
            r"è pieno \(8 KiB liberi, ne servono (64|1024)\); il registro è intatto e non è cambiato nulla",
        ),
        ("ru", r"заполнен \(свободно 8 КиБ, нужно (64|1024) КиБ\); журнал цел, ничего не изменено"),
    ],
)
def test_a_full_disk_is_said_in_the_language_in_force(small_disk: Path, code: str, said: str) -> None:
    ledger = small_disk / "evening.sqlite3"
    assert _cli("ledger", "new", "Friday", "--ledger", str(ledger))[0] == 0
    _fill(small_disk, 8)
    with speaking(code):
        code_, output = _cli("ledger", "new", "Saturday", "--ledger", str(ledger))
    assert code_ == 2 and output.count("\n") == 1 and re.search(said, output), output


def test_a_ledger_path_that_is_a_fifo_is_named_as_such(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs")
    fifo = tmp_path / "ledger.sqlite3"
    os.mkfifo(fifo)
    for args in (["ledger", "new", "Friday"], ["ledger", "games", "Friday"]):
        code, output = _cli(*args, "--ledger", str(fifo))
        assert code == 2 and output.count("\n") == 1, output
        assert "is a pipe, a device or a socket, not a ledger file" in output and "disk" not in output
