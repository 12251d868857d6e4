"""Последний's moves typed in Russian and Italian, and its messages in the player's language."""

from __future__ import annotations

import pytest

from cardgames.core.choosing import Pick, Picks
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.actions import PlayCard
from cardgames.games.posledniy.builder import position
from cardgames.primitives.cards import format_card, parse_card
from cardgames.primitives.errors import IllegalActionError, IncompleteAction, ParseError
from cardgames.primitives.language import speaking, typed_by_player

GAME = Posledniy()
FOUR = [
    "AS KS QS JS AH KH QH JH AD KD QD",
    "10S 9S 8S 7S 10H 9H 8H",
    "7H 10D 9D 8D 7D AC KC",
    "QC JC 10C 9C 8C 7C JD",
]


def picks(*cards: str) -> Picks:
    return Picks(tuple(Pick(parse_card(c)) for c in cards))


def test_a_russian_player_passes_and_plays_in_russian() -> None:
    view = position(FOUR).view(0)
    with speaking("ru"), typed_by_player():
        assert GAME.parse_action("снос тб кб дб", view) == picks("A♦", "K♦", "Q♦")
        assert GAME.parse_action("Т♦ К♦ Д♦", view) == picks("A♦", "K♦", "Q♦")
        assert GAME.parse_action("снос туз бубен, дама пик, вч", view) == picks("A♦", "Q♠", "J♥")
        assert GAME.parse_action("отложить дп", view) == Pick(parse_card("Q♠"))
    play = position(["AS 7H", "KH 8S", "9D 10S", "QH 9S"], leader=1, dealer=2)
    with speaking("ru"), typed_by_player():
        assert GAME.parse_action("кч", play.view(1)) == PlayCard(parse_card("K♥"))
        assert GAME.parse_action("10п", play.view(2)) == PlayCard(parse_card("10♠"))
        assert GAME.parse_action("хожу 10 пик", play.view(2)) == PlayCard(parse_card("10♠"))


def test_an_italian_player_passes_and_plays_in_italian() -> None:
    view = position(FOUR).view(0)
    with speaking("it"), typed_by_player():
        assert GAME.parse_action("passo Aq Rq Dq", view) == picks("A♦", "K♦", "Q♦")
        assert GAME.parse_action("passo asso di quadri, donna di picche, Fc", view) == picks("A♦", "Q♠", "J♥")


def test_the_exchange_asks_and_refuses_in_russian_with_its_plurals() -> None:
    view = position(FOUR).view(0)
    with speaking("ru"), typed_by_player():
        with pytest.raises(IncompleteAction) as asked:
            GAME.parse_action("снос", view)
        assert asked.value.question == "Какие 3 карты вы сносите налево? (карты или их номера)"
        with pytest.raises(IncompleteAction) as asked:
            GAME.parse_action("снос тч кч", view)
        assert asked.value.question == "снести ещё 1: какую? (карты или их номера)"
        with pytest.raises(ParseError) as refused:
            GAME.parse_action("снос 1 2 3 4", view)
        assert str(refused.value) == "вы сносите 3 карты, а названо 4: " + " ".join(
            format_card(c) for c in view.hand[:4]
        )
        with pytest.raises(ParseError) as refused:
            GAME.parse_action("жж", view)
        assert str(refused.value).startswith("'жж' — не карта; пишите карту (достоинство, затем масть: дп")


def test_the_russian_refusal_to_follow_suit_names_the_suit_led_as_a_player_says_it() -> None:
    state = position(["AS 7H", "KD 8S", "9D 10S", "QH 9S"], leader=1, dealer=2)
    state.apply(PlayCard(parse_card("KD")))
    with speaking("ru"), pytest.raises(IllegalActionError) as refused:
        state.apply(PlayCard(parse_card("10S")))
    assert str(refused.value) == "нужно ходить в масть: зашли в бубны, а у вас есть 9♦ (P-7)"


# Italian writes "scambio" (the exchange): "passo" is Dernier's word for passing one's turn
@pytest.mark.parametrize(("code", "word"), [("en", "pass"), ("it", "scambio"), ("ru", "снос")])
def test_the_list_of_moves_is_written_as_the_player_types_it_and_reads_back(code: str, word: str) -> None:
    view = position(FOUR).view(0)
    moves = [picks("AS", "KS", "QS"), Pick(parse_card("AH"))]
    with speaking(code), typed_by_player():
        for move in moves:
            assert GAME.parse_action(GAME.typed_action(move), view) == move
        assert GAME.typed_action(moves[0]) == f"{word} A♠ K♠ Q♠"
