"""The lobby's list of games (``/api/games``) is said in each request's language, built anew for each.

A game's summary and its options' descriptions are said through the game's own catalog (a
plugin's through its own), as ``cardgames rules`` says them; one server answers a request in
Italian, one in Russian and one in English each in its own language, so nothing said is kept
from one request for another.
"""

from __future__ import annotations

from typing import Any

from test_fairness import request
from web_server import Server

from cardgames.primitives.language import speaking
from cardgames.web.hub import games_data


def _game(answer: dict[str, Any], game_id: str) -> dict[str, Any]:
    return next(g for g in answer["games"] if g["id"] == game_id)


def _doc(game: dict[str, Any], name: str) -> str:
    return str(next(o["doc"] for o in game["options"] if o["name"] == name))


def test_the_lobbys_games_are_said_in_each_requests_language(server: Server) -> None:
    status, italian = request(server, "GET", "/api/games?lang=it")
    assert status == 200 and italian["language"] == "it"
    status, russian = request(server, "GET", "/api/games", headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert status == 200 and russian["language"] == "ru"
    status, english = request(server, "GET", "/api/games", headers={"Accept-Language": "en"})
    assert status == 200 and english["language"] == "en"

    dernier = _game(italian, "dernier")
    assert dernier["summary"].startswith("Gioco italiano in cui ci si libera delle carte")
    assert _doc(dernier, "hand_size") == "carte distribuite a ogni giocatore (D-3)"
    assert _doc(dernier, "anticipo").startswith("chi ha una carta identica all'ultima scartata")
    assert _doc(_game(italian, "posledniy"), "stake").startswith("fiches che chi prende l'ultima presa")

    dernier = _game(russian, "dernier")
    assert dernier["summary"].startswith("Итальянская игра на сброс карт")
    assert _doc(dernier, "hand_size") == "сколько карт сдаётся каждому игроку (D-3)"
    assert (
        _doc(_game(russian, "posledniy"), "target")
        == "штрафные очки, на которых заканчивается игра на очки (P-10)"
    )

    dernier = _game(english, "dernier")
    assert dernier["summary"].startswith("Italian shedding game")
    assert _doc(dernier, "hand_size") == "cards dealt to each player (D-3)"
    # the names a person types stay as they are in every language
    assert [o["name"] for o in _game(russian, "dernier")["options"]] == [
        o["name"] for o in dernier["options"]
    ]


def test_a_plugins_lobby_entry_speaks_through_its_own_catalog() -> None:
    """The example Oh Hell (examples/ohhell) is said through its own catalog, as the built-in games are."""
    with speaking("ru"):
        ohhell = next(g for g in games_data() if g["id"] == "ohhell")
    assert [o["doc"] for o in ohhell["options"]] == [
        "сколько карт сдаётся в первом коне; в каждом следующем на одну меньше",
        "очки за точно сыгранный заказ, сверх одного очка за взятку",
    ]
