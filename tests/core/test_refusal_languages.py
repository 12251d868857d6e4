"""A refused move says why in the language in force (issue 29): the engines', the framework's, the table's."""

from __future__ import annotations

from typing import Any

import pytest

from cardgames.core.actiontext import read_action
from cardgames.core.table import decide
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.actions import DRAW, Decline, Draw, Pass, Play
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.actions import PassCards, PlayCard
from cardgames.output.console import not_allowed
from cardgames.primitives.cards import CARDS, Card
from cardgames.primitives.errors import IllegalActionError, ParseError
from cardgames.primitives.exchange import remove_cards
from cardgames.primitives.language import speaking


def refusal(state: Any, action: Any, lang: str) -> str:
    """Why ``state`` refuses ``action`` in ``lang``; the state is left as it was."""
    before = state.clone()
    with speaking(lang), pytest.raises(IllegalActionError) as refused:
        state.apply(action)
    assert state == before
    return str(refused.value)


def dernier() -> Any:
    game = Dernier()
    return game.new_game(game.options_type(), 2, 5)


def not_held(state: Any) -> Card:
    hand = state.view(state.to_act()).hand
    return next(c for c in CARDS if not c.is_joker and c.rank is not None and c not in hand)


def test_dernier_says_a_card_not_held_in_each_language() -> None:
    state = dernier()
    card = not_held(state)
    english = refusal(state, Play(card), "en")
    assert english.startswith("you do not hold ")
    assert refusal(state, Play(card), "it").startswith("non hai ")
    assert refusal(state, Play(card), "ru").startswith("у вас нет ")
    assert english.removeprefix("you do not hold ") == refusal(state, Play(card), "it").removeprefix(
        "non hai "
    )


def test_dernier_says_the_phase_and_the_shape_of_a_play_in_each_language() -> None:
    state = dernier()
    assert refusal(state, Pass(), "en") == "you may pass only after drawing; play a card or draw"
    assert refusal(state, Pass(), "it") == "puoi passare solo dopo aver pescato; gioca una carta o pesca"
    assert refusal(state, Decline(), "ru") == "сейчас так нельзя: сыграйте карту или берите"
    jack = next(c for c in CARDS if c.rank is not None and int(c.rank) == 11)
    state.counts[state.to_act() * 53 + jack.index] += 1  # held, so only the missing suit is wrong
    assert refusal(state, Play(jack), "en") == "Name the suit in force: c, d, h or s"
    assert refusal(state, Play(jack), "it") == "Scegli il seme: f, q, c o p"


def test_posledniy_says_the_exchange_in_each_language() -> None:
    game = Posledniy()
    state = game.new_game(game.options_type(), 4, 3)
    hand = state.view(state.to_act()).hand
    assert refusal(state, PlayCard(hand[0]), "en") == (
        "it is the exchange: pass cards to your left neighbour first (P-5)"
    )
    assert refusal(state, PlayCard(hand[0]), "ru") == "идёт снос: сначала снесите карты соседу слева (P-5)"
    assert refusal(state, PassCards((hand[0],)), "it").startswith("passa esattamente 3 carte, non 1")
    assert refusal(state, PassCards((hand[0],)), "ru").startswith("снесите ровно 3 карты, а не 1")


def test_the_framework_says_whose_turn_it_is_not_and_what_a_typed_move_lacks() -> None:
    state = dernier()
    other = 1 - state.to_act()
    with speaking("ru"), pytest.raises(IllegalActionError, match=f"^сейчас не ход P{other + 1}$"):
        decide(state, DRAW, other)
    with speaking("it"), pytest.raises(ParseError, match=r"^'fly' non è una mossa; scrivi "):
        read_action([Draw], "fly", None)
    with speaking("ru"), pytest.raises(IllegalActionError, match=r"^у вас нет "):
        remove_cards([CARDS[0]], [CARDS[1]])


def test_the_terminal_and_the_browser_say_not_allowed_in_one_text() -> None:
    with speaking("it"):
        assert not_allowed("non hai K♦") == "Non si può: non hai K♦"
    with speaking("ru"):
        assert not_allowed("у вас нет K♦") == "Так нельзя: у вас нет K♦"
    assert not_allowed("you do not hold K♦") == "Not allowed: you do not hold K♦"
