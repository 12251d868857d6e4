"""End to end, in a pseudo-terminal: Последний played in Russian and Dernier in Italian.

Each move is the one the program's own hint suggests, typed back in the player's language
(дп, снос тч кб; Fp c, pesca, jolly come 7c), so the whole path is exercised: the language
chosen by the locale or --lang, the table's words, the prompts and the card parser.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pexpect
import pytest

pytestmark = pytest.mark.e2e
PROGRAM = shutil.which("cardgames")
_CARD = re.compile(r"(10|[2-9JQKA])([CDHS♣♦♥♠])")
_SUIT = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_RANKS = {"it": {"J": "F", "Q": "D", "K": "R", "A": "A"}, "ru": {"J": "В", "Q": "Д", "K": "К", "A": "Т"}}
_SUITS = {"it": dict(zip("CDHS", "fqcp", strict=True)), "ru": dict(zip("CDHS", "тбчп", strict=True))}
# the person's prompt: their name ("You" said as "Tu", "Вы"), then what the game asks in their language
PROMPT = r"\n(?:Tu|Вы), [^\r\n]+: $"
_WORDS = {
    "it": {
        "draw": "pesca",
        "pass": "passo",
        "JOKER": "jolly",
        "as": "come",
        "no": "no",
        "anticipo": "anticipo",
    },
    "ru": {"pass": "снос", "pick": "отложить"},
}


def spoken(move: str, code: str) -> str:
    """A move as the program writes it (7♥, pass 10♣ A♥) in the player's own forms (7c, снос 10т Тч)."""

    def card(m: re.Match[str]) -> str:
        suit = _SUIT.get(m[2], m[2])
        return _RANKS[code].get(m[1], m[1]) + _SUITS[code][suit]

    words = []
    for word in move.split():
        if word in _WORDS[code]:
            words.append(_WORDS[code][word])
        elif len(word.rstrip("!")) == 1 and word[0].upper() in "CDHS":  # the suit a jack names
            words.append(_SUITS[code][word[0].upper()] + word[1:])
        else:
            words.append(_CARD.sub(card, word))
    return " ".join(words)


def spawn(args: list[str], tmp_path: Path, **env: str) -> pexpect.spawn:
    if PROGRAM is None:
        pytest.skip("the cardgames program is not installed (pip install -e .)")
    environ = {
        **os.environ,
        "NO_COLOR": "1",
        "TERM": "dumb",
        "COLUMNS": "110",
        "LINES": "50",
        "LC_ALL": "",
        "LC_MESSAGES": "",
        "LANG": "C.UTF-8",
        "CARDGAMES_SETTINGS": str(tmp_path / "none.toml"),
        "XDG_DATA_HOME": str(tmp_path),
        **env,
    }
    child = pexpect.spawn(PROGRAM, args, env=environ, encoding="utf-8", timeout=30, dimensions=(50, 110))
    child.delaybeforesend = None
    return child


def moves(child: pexpect.spawn, code: str, prompt: str, enter: str, hint: str, count: int) -> str:
    """``count`` moves, each the hint typed back in ``code``'s forms (Enter between hands); the text seen."""
    seen = ""
    for _ in range(count):
        while child.expect([prompt, enter]) == 1:
            seen += child.before
            child.sendline("")
        seen += child.before
        child.sendline({"it": "suggerimento", "ru": "подсказка"}[code])
        child.expect(hint)
        move = child.match[1]
        child.expect(prompt)
        child.sendline(spoken(move, code))
    while child.expect([prompt, enter]) == 1:
        child.sendline("")
    return seen + child.before


def test_spoken_moves() -> None:
    assert spoken("pass 10♣ A♥ K♦", "ru") == "снос 10т Тч Кб"
    assert spoken("J♠ h!", "it") == "Fp c!"
    assert spoken("JOKER as 7H", "it") == "jolly come 7c"


def test_posledniy_in_russian_from_the_locale(tmp_path: Path) -> None:
    child = spawn(["play", "posledniy", "--seed", "7"], tmp_path, LANG="ru_RU.UTF-8")
    child.expect_exact("Игра: взявший последнюю (8-ю) взятку")
    child.expect_exact("На «ваш ход:» наберите карту или её номер в руке")
    seen = moves(child, "ru", PROMPT, r"Нажмите Enter", r"Подсказка: (.+?) \(так", 12)
    assert "Ваша рука" in seen and "сдающий" in seen and "Взятка" in seen
    assert "Не понято" not in seen
    child.sendline("выход")
    child.expect_exact("Выйти? Наберите имя файла")
    child.sendline("quit")
    child.expect_exact("Выход без сохранения.")
    child.expect(pexpect.EOF)


def test_dernier_in_italian_with_lang(tmp_path: Path) -> None:
    child = spawn(["play", "dernier", "--seed", "3", "--lang", "it"], tmp_path)
    child.expect_exact("Partita: vince chi arriva per primo a 3 mani vinte")
    seen = moves(child, "it", PROMPT, r"Premi Invio", r"Suggerimento: (.+?) \(quello", 12)
    assert "La tua mano" in seen and "seme in vigore" in seen and "mazziere" in seen
    assert "Non capito" not in seen
    child.sendline("esci")
    child.expect_exact("Uscire? Scrivi un nome di file")
    child.sendline("quit")
    child.expect_exact("Uscito senza salvare.")
    child.expect(pexpect.EOF)
