"""The program's language: --lang anywhere in a command, the settings file's lang, the locale."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames.cli.lang import lang_flag, language_from
from cardgames.play.settings import language_setting, load_settings
from cardgames.primitives.errors import OptionError

ROOT = Path(__file__).resolve().parents[2]
NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def run(argv: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``cardgames ARGV`` in a fresh process, with no settings file unless one is given."""
    environ = {**os.environ, **NO_LOCALE, "CARDGAMES_SETTINGS": str(tmp_path / "none.toml"), **env}
    environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), environ.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-m", "cardgames", *argv], capture_output=True, text=True, env=environ, timeout=60
    )


def test_lang_is_taken_out_wherever_it_stands_and_the_last_one_counts() -> None:
    assert lang_flag(["rules", "dernier", "--lang", "it"]) == ("it", ["rules", "dernier"])
    assert lang_flag(["--lang=ru", "list", "--json"]) == ("ru", ["list", "--json"])
    assert lang_flag(["--lang", "it", "--lang=ru", "list"]) == ("ru", ["list"])
    assert lang_flag(["play", "--", "--lang", "it"]) == (None, ["play", "--", "--lang", "it"])
    with pytest.raises(OptionError, match="--lang needs a language"):
        lang_flag(["list", "--lang"])


def test_the_flag_comes_before_the_settings_and_the_settings_before_the_locale(tmp_path: Path) -> None:
    settings = tmp_path / "settings.toml"
    settings.write_text('lang = "it"\n', encoding="utf-8")
    os.environ["CARDGAMES_SETTINGS"] = str(settings)
    try:
        assert language_from(["list"], {"LANG": "ru_RU.UTF-8"}) == ("it", ["list"])
        assert language_from(["list", "--lang", "ru"], {}) == ("ru", ["list"])
        settings.write_text('name = "Marco"\n', encoding="utf-8")
        assert language_from(["list"], {"LANG": "ru_RU.UTF-8"}) == ("ru", ["list"])
    finally:
        del os.environ["CARDGAMES_SETTINGS"]


def test_the_settings_file_names_a_language_or_is_refused(tmp_path: Path) -> None:
    settings = tmp_path / "settings.toml"
    settings.write_text('lang = "ru_RU"\n[dernier]\npreset = "classic"\n', encoding="utf-8")
    assert language_setting(settings) == "ru"
    assert load_settings("dernier", settings).lang == "ru_RU"
    settings.write_text('lang = "fr"\n', encoding="utf-8")
    with pytest.raises(OptionError, match=r"unknown language 'fr' in .*settings\.toml"):
        language_setting(settings)
    with pytest.raises(OptionError, match="unknown language 'fr'"):
        load_settings("dernier", settings)
    settings.write_text("[dernier]\nlang = 'it'\n", encoding="utf-8")
    with pytest.raises(OptionError, match="unknown setting 'lang' in \\[dernier\\]"):
        load_settings("dernier", settings)
    settings.write_text("lang = [\n", encoding="utf-8")  # broken: play and resume say so, not every command
    assert language_setting(settings) is None


def test_rules_print_the_rules_card_in_the_language_asked(tmp_path: Path) -> None:
    italian = run(["rules", "dernier", "--lang", "it"], tmp_path)
    assert italian.returncode == 0, italian.stderr
    assert "Le regole in breve" in italian.stdout
    assert "Di' Dernier! con la penultima carta" in italian.stdout
    assert "inverte il senso di rotazione (D-12)" in italian.stdout
    russian = run(["rules", "posledniy"], tmp_path, LANG="ru_RU.UTF-8")
    assert russian.returncode == 0, russian.stderr
    assert "Памятка правил" in russian.stdout
    assert "Снос: сдающий передаёт 3 карты" in russian.stdout
    assert "8-я взятка проигрывает сдачу" in russian.stdout
    english = run(["rules", "posledniy"], tmp_path)
    assert "The 8th trick loses the deal" in english.stdout


def test_an_unknown_language_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = run(["rules", "dernier", "--lang", "klingon"], tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "error: unknown language 'klingon' (--lang); "
        "the languages are en (English), it (italiano), ru (русский)"
    ]


def test_the_help_says_how_the_language_is_chosen(tmp_path: Path) -> None:
    done = run(["--help"], tmp_path)
    assert "--lang" in done.stdout and "LC_MESSAGES" in done.stdout


def test_the_commands_help_is_built_in_the_language_chosen_before_it(tmp_path: Path) -> None:
    russian = run(["--help", "--lang", "ru"], tmp_path)
    assert "Показать памятку правил игры" in russian.stdout and "Язык программы" in russian.stdout
    italian = run(["rules", "--help"], tmp_path, LC_MESSAGES="it_IT.UTF-8")
    assert "L'id, il nome o un alias di un gioco." in italian.stdout


def test_the_simulation_report_speaks_the_language_asked(tmp_path: Path) -> None:
    done = run(["simulate", "dernier", "-n", "4", "--seed", "1", "--lang", "ru"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Объявлено игрой" in done.stdout and "справедливость:" in done.stdout
    assert "решений за партию:" in done.stdout


def test_a_bad_option_is_explained_in_the_language_asked(tmp_path: Path) -> None:
    done = run(["rules", "dernier", "-o", "hand_size=99", "--lang", "ru"], tmp_path)
    assert done.returncode == 2
    assert "настройка hand_size должна быть от 1 до 60, а не 99" in done.stderr


def test_a_refused_move_at_an_italian_table_is_said_in_italian(tmp_path: Path) -> None:
    """Issue 29: the prefix (shared with the browser) and the engine's reason, both in Italian."""
    argv = ["play", "dernier", "--players", "me,bot", "--seed", "5", "--lines", "--lang", "it"]
    environ = {**os.environ, **NO_LOCALE, "CARDGAMES_SETTINGS": str(tmp_path / "none.toml")}
    environ |= {
        "XDG_DATA_HOME": str(tmp_path),
        "PYTHONPATH": os.pathsep.join([str(ROOT), environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-m", "cardgames", *argv],
        input="K♦\n",
        capture_output=True,
        text=True,
        env=environ,
        timeout=60,
    )
    assert "Tu, la tua mossa: K♦\nNon si può: non hai K♦\n" in done.stdout
    assert "Not allowed" not in done.stdout and "do not hold" not in done.stdout
