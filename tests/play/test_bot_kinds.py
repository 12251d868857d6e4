"""A bot's kind is said in the reader's language; what is typed and kept stays English (finding 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.options import make_options
from cardgames.core.position import position_players, start_state
from cardgames.core.record import Seat
from cardgames.games.dernier.game import Dernier
from cardgames.play.hints import hint
from cardgames.play.logs import spoken_names
from cardgames.play.seats import parse_players
from cardgames.plugins.registry import find_game
from cardgames.primitives.language import speaking
from cardgames.primitives.naming import bot_kind, spoken_name


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["You", "Bot 1 (heuristic)", "Bot 2 (easy)", "Bot 3 (hard)", "Bot 4 (random)"]),
        ("it", ["Tu", "Bot 1 (euristico)", "Bot 2 (facile)", "Bot 3 (difficile)", "Bot 4 (casuale)"]),
        ("ru", ["Вы", "Бот 1 (эвристический)", "Бот 2 (лёгкий)", "Бот 3 (сложный)", "Бот 4 (случайный)"]),
    ],
)
def test_the_made_up_names_say_the_bots_kind_in_the_readers_language(code: str, said: list[str]) -> None:
    seats = parse_players(Dernier(), "me,bot,bot:easy,bot:hard,bot:random")
    assert [s.name for s in seats][1:3] == ["Bot 1 (heuristic)", "Bot 2 (easy)"]  # kept in English
    with speaking(code):
        assert spoken_names(seats) == said
        assert bot_kind("ismcts:time=0.5") == "ismcts:time=0.5"  # settings are shown as typed
    assert spoken_name("Bot 1 (heuristic)", "random") == "Bot 1 (heuristic)"  # not the program's name for it


def test_a_games_own_bot_is_said_through_the_games_catalog() -> None:
    game = find_game("crazyeights")
    seat = Seat("Bot 1 (eights-last)", "eights-last")
    with speaking("it"):
        assert spoken_names([seat], game) == ["Bot 1 (otto per ultimi)"]
    with speaking("ru"):
        assert spoken_names([seat], game) == ["Бот 1 (восьмёрки напоследок)"]


def test_the_hint_names_the_bot_in_the_players_language() -> None:
    game, text = Dernier(), "P1=AS 3D 4C; P2=5H 8D; discard=9S; turn=P1"
    options = make_options(game.options_type)
    state = start_state(game, options, position_players(game, options, text), 1, text)
    view = state.view(0)
    with speaking("ru"):
        assert (
            hint(Dernier(), view, state.legal_actions())
            == "Подсказка: A♠ (так сыграл бы здесь эвристический бот)"
        )
    with speaking("it"):
        assert hint(Dernier(), view, state.legal_actions()).endswith(
            "(quello che giocherebbe qui il bot euristico)"
        )


def test_the_table_says_the_kind_translated_and_the_record_keeps_what_is_typed(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = [
        "play",
        "posledniy",
        "--players",
        "me,bot:easy,bot,bot",
        "--seed",
        "2",
        "--lines",
        "--save",
        str(save),
    ]
    with speaking("ru"):
        out = CliRunner().invoke(app, args, input="quit\nquit\n").output
    assert "(лёгкий)" in out and "(эвристический)" in out and "heuristic" not in out and "easy" not in out
    seats = json.loads(save.read_text())["seats"]  # numbered again in seat order after the seat draw
    assert [s["bot"] for s in seats if s["name"].endswith(" (easy)")] == ["easy"]
