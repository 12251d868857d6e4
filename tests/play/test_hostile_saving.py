"""Saves under SIGKILL (no temporary file left, stale ones swept) and on a full disk (stop or ask once)."""

from __future__ import annotations

import contextlib
import io
import os
import random
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.record import Seat, load_record
from cardgames.core.table import Table
from cardgames.play.session import Session
from cardgames.play.start import start_table
from cardgames.plugins.registry import find_game
from cardgames.primitives import atomic
from cardgames.primitives.atomic import write_atomic

OLD, NEW = "old " * 1_000_000 + "\n", "new " * 1_000_000 + "\n"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_sigkill_in_the_middle_of_saves_leaves_a_whole_file_and_nothing_else(tmp_path: Path) -> None:
    """A killed save leaves no temporary file: the new text has no name until it is whole.

    The name then lives for two system calls (link, rename) of a save's hundred; a kill
    landing there leaves a whole temporary file, which the next save removes once it is
    old (backdated here). On main nearly every kill left one.
    """
    target = tmp_path / "g.json"
    write_atomic(target, OLD)
    rng = random.Random(32)
    left = 0
    for _ in range(24):
        pid = os.fork()
        if pid == 0:  # the child saves 4 MB again and again until it is killed
            try:
                while True:
                    write_atomic(target, NEW)
                    write_atomic(target, OLD)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.005, 0.05))
        os.kill(pid, signal.SIGKILL)
        assert os.waitpid(pid, 0)[1] != 0
        assert target.read_text() in (OLD, NEW)
        others = [p for p in tmp_path.iterdir() if p.name != "g.json"]
        left += len(others)
        for path in others:
            _age(path, 2 * atomic.STALE_SECONDS)
        write_atomic(target, OLD)  # sweeps what the kill left
        assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]
    assert left <= 1


def _age(path: Path, seconds: float) -> Path:
    then = time.time() - seconds
    os.utime(path, (then, then), follow_symlinks=False)
    return path


def test_a_save_sweeps_its_own_stale_temporary_files_and_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    hour = 3600.0
    stale = tmp_path / ".g.json.ab12cd34.tmp"  # left by a program killed an hour ago
    stale.write_text("half a save")
    _age(stale, hour)
    fresh = tmp_path / ".g.json.0f0f0f0f.tmp"  # perhaps another program saving this very file now
    fresh.write_text("being written")
    kept = {
        fresh,
        tmp_path / ".other.json.ab12cd34.tmp",  # another save's
        tmp_path / ".g.json.tmp",  # not our pattern
        tmp_path / ".g.json.ab12cd3.tmp",
        tmp_path / "g.json.ab12cd34.tmp",
    }
    for path in kept - {fresh}:
        path.write_text("not ours to remove")
        _age(path, hour)
    link = tmp_path / ".g.json.11112222.tmp"  # our pattern, but a link: left alone
    link.symlink_to(tmp_path / "elsewhere")
    _age(link, hour)
    folder = tmp_path / ".g.json.33334444.tmp"  # our pattern, but a folder
    folder.mkdir()
    _age(folder, hour)
    write_atomic(target, "saved\n")
    assert target.read_text() == "saved\n"
    left = set(tmp_path.iterdir())
    assert stale not in left
    assert left == kept | {target, link, folder}
    assert hour >= atomic.STALE_SECONDS


# -- a save that cannot be written (a real full file system) --------------------------------------


@pytest.fixture
def full_disk(tmpfs: Callable[[str], Path]) -> Path:
    """A folder on its own 64 KiB tmpfs, filled."""
    folder = tmpfs("64k")
    with (folder / "filler").open("wb") as fh, contextlib.suppress(OSError):
        fh.write(b"\0" * 128 * 1024)  # more than fits: ENOSPC, and the disk is full
    return folder


def test_an_unattended_game_stops_at_a_save_it_cannot_write(full_disk: Path) -> None:
    target = full_disk / "g.json"
    args = ["play", "dernier", "-p", "bot,bot,bot,bot", "--seed", "4", "--lines", "--save", str(target)]
    result = CliRunner().invoke(app, args, input="")
    errors = [line for line in result.output.splitlines() if "g.json" in line and "save" in line.casefold()]
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert len(errors) == 1 and "No space left on device" in errors[0] and "stopped" in errors[0], (
        result.output
    )
    assert "wins the match" not in result.output and not target.exists()
    assert sorted(p.name for p in full_disk.iterdir()) == ["filler"]


class Person:
    """A person at a terminal: plays the first legal move six times, then leaves (end of input)."""

    interactive = True

    def __init__(self, table: Table, other_files: list[str]) -> None:
        self.table = table
        self.other_files = other_files
        self.moves = 6
        self.prompts: list[str] = []

    def read(self, prompt: str, deadline: float | None = None) -> str:
        self.prompts.append(prompt)
        if "another file" in prompt:
            return self.other_files.pop(0)
        if self.moves == 0 or "your move" not in prompt:
            raise EOFError
        self.moves -= 1
        state = self.table.state
        return self.table.game.format_action(state.legal_actions()[0])


@pytest.mark.parametrize("choice", ["", "other.json"])
def test_a_person_is_told_once_and_may_choose_another_file(
    full_disk: Path, tmp_path: Path, choice: str
) -> None:
    table = start_table(find_game("dernier"), [Seat("You"), Seat("B", "random")], 4, None, [])
    other = str(tmp_path / choice) if choice else ""
    taken = tmp_path / "taken.json"  # an existing file is never overwritten: another name is asked for
    taken.write_text("keep me")
    # a name too long for the file system and one holding a NUL byte are refused, and asked again
    person = Person(table, ["x" * 300, "bad\x00name", str(taken), other])
    console = Console(file=io.StringIO(), width=100)
    session = Session(table, console, person, save_path=full_disk / "g.json")
    session.checkpoint()
    session.run()
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    assert person.moves == 0 and shown.count("Could not save") == 3, shown  # g.json, then each bad name
    assert "File name too long" in shown and "NUL" in shown and "Traceback" not in shown
    assert sum("another file" in p for p in person.prompts) == 4 and taken.read_text() == "keep me"
    if choice:
        saved = load_record(other, find_game)[1]
        assert len(saved.actions) == len(session.table.record.actions) > 6
    else:
        assert "Playing on without saving" in shown
