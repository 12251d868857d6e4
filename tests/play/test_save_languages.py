"""What the terminal says about a save file in the player's language: a damaged file, a failed save."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.primitives.language import speaking


def _invoke(code: str, args: list[str], **settings: Any) -> Any:
    with speaking(code):
        return CliRunner().invoke(app, args, terminal_width=200, **settings)


def _error_line(output: str) -> str:
    return next(line for line in output.splitlines() if ":" in line and "cardgames" in line.lower())


def test_a_file_that_is_no_game_is_refused_in_the_player_s_language(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    for code, words in (
        ("en", "this is not a cardgames game file"),
        ("it", "questo non è un file di partita di cardgames"),
        ("ru", "это не файл партии cardgames"),
    ):
        result = _invoke(code, ["resume", str(path)])
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert words in _error_line(result.output), result.output


def test_an_action_that_does_not_replay_is_named_in_russian(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    done = CliRunner().invoke(
        app,
        ["play", "dernier", "-p", "me,bot", "--seed", "3", "--lines", "--save", str(saved)],
        input="quit\n",
    )
    assert done.exit_code == 0 and saved.exists(), done.output
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["actions"] = [{"type": "Pass"}, *data["actions"]]  # a pass before anyone drew: refused by the rules
    saved.write_text(json.dumps(data), encoding="utf-8")
    result = _invoke("ru", ["resume", str(saved)])
    assert result.exit_code == 2 and "ход 1" in result.output and "не воспроизводится" in result.output, (
        result.output
    )


def test_a_save_name_the_system_refuses_is_one_line_in_italian(tmp_path: Path) -> None:
    path = tmp_path / ("x" * 300 + ".json")  # a name longer than the system allows
    result = _invoke(
        "it", ["play", "dernier", "-p", "me,bot", "--lines", "--save", str(path)], input="quit\n"
    )
    assert (result.exit_code == 2 and result.exception is None) or isinstance(result.exception, SystemExit)
    assert "impossibile salvare in" in result.output.casefold(), result.output
    assert "Traceback" not in result.output


def test_an_existing_file_is_kept_in_russian(tmp_path: Path) -> None:
    kept = tmp_path / "notes.txt"
    kept.write_text("my notes", encoding="utf-8")
    result = _invoke(
        "ru", ["play", "dernier", "-p", "me,bot", "--lines", "--save", str(kept)], input="quit\n"
    )
    assert result.exit_code == 2 and "файл, в котором нет сохранённой партии" in result.output, result.output
    assert kept.read_text(encoding="utf-8") == "my notes"


def test_a_save_into_no_folder_is_refused_in_italian(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "game.json"
    result = _invoke(
        "it", ["play", "dernier", "-p", "me,bot", "--lines", "--save", str(path)], input="quit\n"
    )
    assert result.exit_code == 2 and "impossibile salvare in" in result.output.casefold(), result.output
    assert "non esiste la cartella" in result.output


def test_resume_speaks_the_language_the_game_was_played_in_unless_lang_says_otherwise(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ["play", "dernier", "-p", "me,bot", "--seed", "3", "--lines", "--save", str(save)]
    assert _invoke("it", args, input="quit\nquit\n").exit_code == 0
    assert json.loads(save.read_text(encoding="utf-8"))["lang"] == "it"  # kept beside the record
    resumed = CliRunner().invoke(app, ["resume", str(save), "--lines"], input="quit\nquit\n")
    assert resumed.output.startswith("Riprendo Dernier (impegno della distribuzione "), resumed.output
    assert "Tu, la tua mossa: " in resumed.output
    env = {**os.environ, "LANG": "C", "LC_ALL": ""}
    asked = subprocess.run(
        [sys.executable, "-m", "cardgames", "resume", str(save), "--lines", "--lang", "ru"],
        input="quit\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert asked.stdout.startswith("Продолжаем Dernier (обязательство раздачи "), asked.stdout + asked.stderr
    assert json.loads(save.read_text(encoding="utf-8"))["lang"] == "ru"  # played on in Russian from then
    data = json.loads(save.read_text(encoding="utf-8"))
    del data["lang"]  # a save written before the language was kept
    save.write_text(json.dumps(data), encoding="utf-8")
    old = _invoke("en", ["resume", str(save), "--lines"], input="quit\nquit\n")
    assert old.output.startswith("Resuming Dernier (deal commitment "), old.output
