"""The end of a hand, in Russian and Italian: the table's heading stays, the hand is named with its
number in a sentence that reads right for any game's word for it, and the footer says what works
there (findings 5 and 15)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_screen_e2e import Terminal

pytestmark = pytest.mark.e2e

WINS = "P1=7H; P2=5H 8D; discard=5H; turn=P1"  # P1 goes out with 7♥: hand 1 ends


@pytest.mark.parametrize(
    ("code", "notice", "prompt", "footer", "again"),
    [
        (
            "ru",
            "Кон 1: конец. Карты сдадут снова",
            "Нажмите Enter — начнётся кон 2 (или наберите quit).",
            "Enter — следующая раздача · rules · quit",
            "Кон 1: конец. Нажмите Enter, чтобы сдать карты, или наберите rules или quit.",
        ),
        (
            "it",
            "Mano 1: fine. Le carte si distribuiscono",
            "Premi Invio per distribuire le carte: mano 2 (o scrivi quit).",
            "Invio: nuova distribuzione · rules · quit",
            "Mano 1: fine. Premi Invio per distribuire le carte, o scrivi rules o quit.",
        ),
    ],
)
def test_the_end_of_a_hand_keeps_the_heading_and_says_what_works(
    tmp_path: Path, code: str, notice: str, prompt: str, footer: str, again: str
) -> None:
    args = ["play", "dernier", "--players", "me,bot", "--position", WINS, "--lang", code]
    term = Terminal(args, size=(30, 110), cwd=tmp_path)
    try:
        term.wait_prompt()
        term.send("7h")
        assert term.wait_prompt().startswith(prompt)
        shown = term.text()
        assert shown.startswith("Dernier · ") and footer in shown
        assert all(part in shown for part in notice.split(". "))  # beside the seats: it may wrap there
        assert ("Вы · " if code == "ru" else "Tu · ") in shown  # the seats and their scores stay
        term.send("1")  # only Enter, rules and quit work here: a short answer says so
        term.wait_prompt()
        assert again in term.text()
    finally:
        term.child.terminate(force=True)
