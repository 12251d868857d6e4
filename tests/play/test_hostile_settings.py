"""The settings file is opened through cardgames.primitives.files with its limits, like any outside file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.play.settings import load_settings
from cardgames.primitives.files import SETTINGS_LIMIT


def _make(path: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(path)  # nobody writes to it: reading it would block forever
    elif kind == "huge":
        with path.open("wb") as out:
            out.write(b"# a comment\n" * (SETTINGS_LIMIT // 12 + 1))
    elif kind == "nul":
        path.write_bytes(b"name = 'Mar\0co'\n")
    elif kind == "bad utf-8":
        path.write_bytes(b"name = 'Marco'\nplayers = '\xff\xfe'\n")
    elif kind == "folder":
        path.mkdir()


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("fifo", "not a regular file"),
        ("huge", "bytes, more than"),
        ("nul", "NUL byte (line 1)"),
        ("bad utf-8", "not UTF-8 text (a bad byte on line 2)"),
        ("folder", "it is a folder"),
    ],
)
def test_a_hostile_settings_file_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str, said: str
) -> None:
    path = tmp_path / "settings.toml"
    _make(path, kind)
    monkeypatch.setenv("CARDGAMES_SETTINGS", str(path))
    result = CliRunner().invoke(app, ["play", "dernier", "--seed", "1"], input="quit\nquit\n")
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "cannot read the settings file" in errors[0] and said in errors[0]
    assert "Traceback" not in result.output


def test_a_settings_file_with_a_bom_is_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes("\ufeffname = 'Marco'\n".encode())
    assert load_settings("dernier", path).name == "Marco"


def test_no_settings_file_is_no_settings(tmp_path: Path) -> None:
    assert load_settings("dernier", tmp_path / "absent.toml").name is None
