"""What a person types wrong is refused in the language in force: options, presets, positions, seats, seeds.

The review's cases, each said whole in Italian, Russian and English (the refusal is built when it is
raised, in the language then in force, so the browser's lobby shows the same words as the terminal).
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_lang import run
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.cli.lang import language_from
from cardgames.core.choosing import parse_picks
from cardgames.primitives.cards import parse_cards
from cardgames.primitives.errors import OptionError, ParseError
from cardgames.primitives.language import speaking
from cardgames.primitives.limits import SEED_MAX, parse_int

POSITION_EXCHANGE = (  # Последний, deal 2 in the exchange, with the dealer's pass left out: P2 holds 8
    "P1=JC 8D 9D JD 10H 10S QS; P2=AC 7D QD AD KH AH 7S 8S; P3=7C 9C 10C KC 7H 9H JH QH 9S AS; "
    "P4=8C QC 10D KD 8H JS KS; dealer=P2; results=P2; points=0 1 0 0"
)


def _error(code: str, args: list[str]) -> str:
    """The one error line ``cardgames ARGS`` prints in language ``code`` (exit code 2)."""
    with speaking(code):
        result: Any = CliRunner().invoke(app, args, input="", terminal_width=400)
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    return lines[-1]


@pytest.mark.parametrize(
    ("code", "args", "said"),
    [
        (
            "it",
            ["play", "dernier", "-o", "foo=bar"],
            "errore: opzione 'foo' sconosciuta; le opzioni sono: ace_penalty, anticipo, clockwise,",
        ),
        (
            "ru",
            ["play", "dernier", "-o", "hand_sise=3"],
            "ошибка: неизвестная настройка 'hand_sise'; может быть, hand_size?",
        ),
        (
            "en",
            ["play", "dernier", "-o", "foo=bar"],
            "error: unknown option 'foo'; known options: ace_penalty,",
        ),
        (
            "it",
            ["rules", "dernier", "--preset", "nope"],
            "errore: preset 'nope' sconosciuto; i preset sono: classic, quick, scala40",
        ),
        (
            "ru",
            ["rules", "dernier", "--preset", "nope"],
            "ошибка: неизвестный набор 'nope'; наборы такие: classic, quick, scala40",
        ),
        (
            "it",
            ["play", "dernier", "--position", "9H 9H 9H"],
            "errore: '9H 9H 9H' non è un campo: scrivi nome=valore, con i campi separati da ';'",
        ),
        (
            "ru",
            ["play", "dernier", "--position", "P1=9H 9H 9H; turn=P1"],
            "ошибка: запишите руку каждого места, от P1=… до Pn=…, для 2–8 мест подряд",
        ),
        (
            "en",
            ["play", "dernier", "--position", "P1=9H 9H 9H; P2=3C; discard=4C; turn=P1"],
            "error: 9H appears 3 times, but the deck has 2 (D-2)",
        ),
        (
            "ru",
            ["play", "dernier", "--position", "P1=9H 9H 9H; P2=3C; discard=4C; turn=P1"],
            "ошибка: 9H встречается 3 раза, а в полной колоде их 2 (D-2)",
        ),
        (
            "it",
            ["play", "dernier", "--position", "P1=9H; P2=3C; discard=4C; turn=P1; hand=x"],
            "errore: hand: scrivi un numero intero da 1 a 9223372036854775807, non 'x'",
        ),
        (
            "ru",
            ["play", "posledniy", "--position", POSITION_EXCHANGE],
            "ошибка: у P2 8 карт; на этом этапе сноса: 11 (P-5)",
        ),
        (
            "it",
            ["play", "posledniy", "--position", POSITION_EXCHANGE.replace("QS;", "QS QS;")],
            "errore: QS compare 2 volte; il mazzo ha una sola carta di ogni tipo (P-2)",
        ),
        (
            "it",
            ["play", "dernier", "--players", "me,me"],
            "errore: --players nomina 'Tu' due volte; dai a ogni persona un nome diverso",
        ),
        (
            "ru",
            ["play", "dernier", "--players", "me,me"],
            "ошибка: --players называет 'Вы' дважды; дайте каждому человеку своё имя",
        ),
        (
            "en",
            ["play", "dernier", "--players", "Ann,ann"],
            "error: --players names 'Ann' twice; give every person a different name",
        ),
    ],
)
def test_a_mistake_typed_on_the_command_line_is_refused_in_the_language_in_force(
    code: str, args: list[str], said: str
) -> None:
    assert _error(code, args).startswith(said)


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "error: --seed must be a whole number from 0 up, below 2²⁵⁶ (of at most 78 digits), not -1"),
        ("it", "errore: --seed: serve un numero intero da 0 in su, sotto 2²⁵⁶ (al massimo 78 cifre), non -1"),
        ("ru", "ошибка: --seed: нужно целое число от 0 и больше, меньше 2²⁵⁶ (не длиннее 78 цифр), а не -1"),
    ],
)
def test_the_seed_s_range_is_said_in_words_not_as_a_78_digit_number(code: str, said: str) -> None:
    assert _error(code, ["play", "dernier", "--seed", "-1"]) == said
    with speaking(code), pytest.raises(OptionError) as too_long:
        parse_int("--seed", "9" * 80, 0, SEED_MAX)
    assert str(SEED_MAX) not in str(too_long.value) and "80" in str(too_long.value)


def _refusal(code: str, call: Any) -> str:
    """What ``call`` is refused with (ParseError or OptionError) in language ``code``."""
    with speaking(code), pytest.raises((ParseError, OptionError)) as refused:
        call()
    return str(refused.value)


def test_a_count_is_said_with_its_plural_form() -> None:
    hand = parse_cards("7H 8S 9C")
    three = ["7H", "8S", "9C"]
    assert _refusal("ru", lambda: parse_picks(three, hand, (), 1)) == "выберите ещё 1 карту, а не 3"
    assert _refusal("ru", lambda: parse_picks(three, hand, (), 2)) == "выберите ещё 2 карты, а не 3"
    assert _refusal("ru", lambda: parse_picks(["10D"], hand, (), 2)) == "у вас нет 10♦"
    assert _refusal("it", lambda: parse_picks([], hand, (), 3)) == "indica fino a 3 carte (come 7H 10S)"


def test_a_bad_lang_is_refused_in_the_language_the_program_speaks_without_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDGAMES_SETTINGS", str(tmp_path / "none.toml"))
    russian = _refusal("en", lambda: language_from(["list", "--lang", "xx"], {"LANG": "ru_RU.UTF-8"}))
    assert russian.startswith("неизвестный язык 'xx' (--lang); языки такие: en (English)")
    italian = _refusal("en", lambda: language_from(["list", "--lang"], {"LANG": "it_IT.UTF-8"}))
    assert italian == "dopo --lang serve una lingua: en, it o ru"
    done: subprocess.CompletedProcess[str] = run(["list", "--lang", "xx"], tmp_path, LANG="ru_RU.UTF-8")
    assert done.returncode == 2 and done.stderr.startswith("ошибка: неизвестный язык 'xx'"), done.stderr


@pytest.mark.parametrize(
    ("code", "name", "said"),
    [
        ("it", "nosuch", "errore: nessun gioco si chiama 'nosuch' (installati: "),
        ("ru", "nosuch", "ошибка: нет игры 'nosuch' (установлены: "),
        ("ru", "dernierr", "ошибка: нет игры 'dernierr'; может быть, 'dernier'? (установлены: "),
        ("en", "dernierr", "error: no game called 'dernierr'; did you mean 'dernier'? (installed: "),
    ],
)
def test_a_game_nobody_installed_is_refused_in_the_language_in_force(code: str, name: str, said: str) -> None:
    assert _error(code, ["rules", name]).startswith(said)


@pytest.mark.parametrize(
    ("code", "text", "said"),
    [
        ("it", "bot_dealy = 2\n", "impostazione 'bot_dealy' sconosciuta; forse intendevi bot_delay?"),
        ("ru", "[dernier]\nbell = 'x'\n", "настройка 'bell' в [dernier]: ожидается true или false, а не 'x'"),
        ("ru", "bot_delay = 11\n", "настройка 'bot_delay' должна быть от 0 до 10 секунд, а не 11"),
        ("it", "bell = \n", "non è TOML valido: "),
    ],
)
def test_a_bad_settings_file_is_refused_in_the_language_in_force(
    code: str, text: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = tmp_path / "settings.toml"
    settings.write_text(text, encoding="utf-8")
    monkeypatch.setenv("CARDGAMES_SETTINGS", str(settings))
    line = _error(code, ["play", "dernier"])
    assert said in line and line.startswith({"it": "errore: ", "ru": "ошибка: "}[code]), line
