"""The quit dialog reads answers in the player's language and in English; no answer is a file by chance."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from cardgames.core.record import Seat
from cardgames.core.table import Table
from cardgames.play.quitting import QuitDialog
from cardgames.plugins.registry import find_game
from cardgames.primitives.language import speaking


class Typed:
    """Answers typed at a terminal, one a question."""

    interactive = True

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def read(self, prompt: str, deadline: float | None = None) -> str:
        return self.lines.pop(0)


def _dialog(answers: list[str]) -> tuple[QuitDialog, Typed]:
    game = find_game("dernier")
    table = Table.start(game, game.options_type(), [Seat("Ann"), Seat("Bob")], 1)
    typed = Typed(answers)
    return QuitDialog(Console(file=io.StringIO(), width=200), typed, table, None, False), typed


@pytest.mark.parametrize(("code", "word"), [("it", "esci"), ("ru", "выход"), ("ru", "выйти"), ("it", "quit")])
def test_quit_in_the_players_language_quits_and_writes_no_file(
    code: str, word: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    dialog, _typed = _dialog([word])
    with speaking(code):
        assert dialog.run(saved=False)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("code", "word"), [("it", "annulla"), ("it", "indietro"), ("ru", "назад"), ("ru", "нет")]
)
def test_back_in_the_players_language_goes_back_to_the_game(
    code: str, word: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    dialog, _typed = _dialog([word])
    with speaking(code):
        assert not dialog.run(saved=False)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("word", ["aiuto", "help", "regole", "правила"])
def test_a_file_named_as_one_of_the_programs_words_is_saved_only_when_confirmed(
    word: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    dialog, typed = _dialog([word, "", "esci"])  # Enter at the question: nothing is written
    assert dialog.run(saved=False) and typed.lines == []
    assert list(tmp_path.iterdir()) == []
    dialog, typed = _dialog([word, "sì"])
    assert dialog.run(saved=False) and typed.lines == []
    assert (tmp_path / word).is_file()
