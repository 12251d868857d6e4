"""Dernier's moves typed in Italian and Russian, and its messages in the player's language."""

from __future__ import annotations

import pytest
from dernier_helpers import GAME, position

from cardgames.games.dernier.actions import DECLINE, DRAW, PASS, Anticipo, Play
from cardgames.games.dernier.view import DernierView
from cardgames.primitives.cards import JOKER, Suit, parse_card
from cardgames.primitives.errors import IncompleteAction, ParseError
from cardgames.primitives.language import speaking, typed_by_player


def view_of(hand: str, top: str = "9h") -> DernierView:
    return position([hand, "2c 3c 4c", "5c 6c 7c"], top, direction=1).view(0)


def test_an_italian_player_types_cards_and_moves_in_italian() -> None:
    view = view_of("7h 7d js kc 9s")
    with speaking("it"), typed_by_player():
        assert GAME.parse_action("7 quadri", view) == Play(parse_card("7♦"))
        assert GAME.parse_action("7c", view) == Play(parse_card("7♥"))  # c is cuori
        assert parse_card("kc") == parse_card("K♥")
        assert GAME.parse_action("fante di picche cuori", view) == Play(parse_card("J♠"), suit=Suit.HEARTS)
        assert GAME.parse_action("Fp f", view) == Play(parse_card("J♠"), suit=Suit.CLUBS)
        assert GAME.parse_action("r", view) == Play(parse_card("K♣"))  # the only re
        assert GAME.parse_action("9 picche!", view) == Play(parse_card("9♠"), dernier=True)
        assert GAME.parse_action("pesca", view) == DRAW
        assert GAME.parse_action("passo", view) == PASS
        assert GAME.parse_action("7♥", view) == Play(parse_card("7♥"))
        with pytest.raises(IncompleteAction) as asked:
            GAME.parse_action("Fp", view)
    assert asked.value.question == "Scegli il seme: f, q, c o p"
    assert asked.value.choices == ("f", "q", "c", "p")


def test_a_russian_player_types_cards_and_moves_in_russian() -> None:
    view = view_of("7h 7d js kc 9s")
    with speaking("ru"), typed_by_player():
        assert GAME.parse_action("7б", view) == Play(parse_card("7♦"))
        assert GAME.parse_action("вп ч", view) == Play(parse_card("J♠"), suit=Suit.HEARTS)
        assert GAME.parse_action("валет пик черви", view) == Play(parse_card("J♠"), suit=Suit.HEARTS)
        assert GAME.parse_action("К♣", view) == Play(parse_card("K♣"))
        assert GAME.parse_action("беру", view) == DRAW
        assert GAME.parse_action("пас", view) == PASS


def test_a_wild_joker_stands_for_a_card_named_in_the_players_language() -> None:
    view = view_of("joker 5c 6c")
    with speaking("it"), typed_by_player():
        assert GAME.parse_action("jolly come 9 cuori", view) == Play(JOKER, as_card=parse_card("9♥"))
    with speaking("ru"), typed_by_player():
        assert GAME.parse_action("джокер как 9ч", view) == Play(JOKER, as_card=parse_card("9♥"))


def test_an_anticipo_is_taken_or_declined_in_each_language() -> None:
    state = position(["8h 2c 3c", "5c 6c", "8h 7c 9s"], "9h", direction=1, anticipo=True)
    state.apply(Play(parse_card("8♥")))
    view = state.view(2)
    with speaking("ru"), typed_by_player():
        assert GAME.parse_action("нет", view) == DECLINE
        assert GAME.parse_action("да", view) == Anticipo()
    with speaking("it"), typed_by_player():
        assert GAME.parse_action("no", view) == DECLINE
        assert GAME.parse_action("sì", view) == Anticipo()


def test_the_errors_a_player_meets_are_in_their_language() -> None:
    view = view_of("7h 7d")
    with speaking("it"), typed_by_player(), pytest.raises(ParseError) as it:
        GAME.parse_action("12", view)
    assert str(it.value) == "non c'è la carta numero 12: hai 2 carte in mano"
    with speaking("ru"), typed_by_player(), pytest.raises(ParseError) as ru:
        GAME.parse_action("к", view_of("kh ks"))
    assert str(ru.value) == "у вас несколько карт «король»: напишите одну из kh, ks"
    for n, word in ((1, "карта"), (2, "карты"), (5, "карт")):
        hand = " ".join(["7h", "8h", "2d", "3d", "4d"][:n])
        with speaking("ru"), typed_by_player(), pytest.raises(ParseError) as ru:
            GAME.parse_action("9", view_of(hand))
        assert str(ru.value).endswith(f"у вас в руке {n} {word}")
