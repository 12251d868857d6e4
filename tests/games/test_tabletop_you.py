"""A seat's own table speaks to it: it never names its own player in a sentence (findings 3 and 5).

The terminal names the person "Вы", "Tu", "You": "снёс 3 карты игроку Вы" and "Вы взял" do not read,
so every sentence about the viewer's seat has its second-person form ("вам снесены 3 карты").
"""

from __future__ import annotations

import pytest
from test_tabletop import NAMES, tables_along

from cardgames.core.game import Game
from cardgames.games.dernier.game import Dernier
from cardgames.games.posledniy.game import Posledniy
from cardgames.primitives.language import speaking


@pytest.mark.parametrize("code", ["en", "it", "ru"])
@pytest.mark.parametrize(("game", "players", "seed"), [(Dernier(), 3, 4), (Posledniy(), 4, 5)])
def test_no_sentence_of_a_seats_table_names_that_seat(game: Game, players: int, seed: int, code: str) -> None:
    with speaking(code):
        for _, tables in tables_along(game, players, seed, 240, bot="heuristic"):
            for table in tables:
                own = {place.name for place in table.seats if place.seat == table.viewer}
                sentences = set(table.texts()) - {place.name for place in table.seats}
                named = [text for text in sentences if any(name in text for name in own)]
                assert not named, (table.viewer, named)


def test_the_exchange_and_the_result_are_said_to_the_russian_player() -> None:
    with speaking("ru"):
        said = {
            text
            for _, tables in tables_along(Posledniy(), 4, 5, 240, bot="heuristic")
            for table in tables
            for text in table.texts()
        }
    assert any(t.startswith("вам снесен") for t in said)  # the note on the seat that passed to you
    assert any(t.startswith(f"игроку {NAMES[1]} снесен") for t in said)  # …and to another player
    assert any(t.startswith("Вы получили от игрока ") for t in said)
    assert "взятка ваша" in said and any(t.startswith("Ваш штраф: ") for t in said)
