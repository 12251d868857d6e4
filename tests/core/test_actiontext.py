"""The notation every game gets from its action types: cards by name or number, words for the rest."""

from __future__ import annotations

import pytest
from attrs import frozen

from cardgames.core.actiontext import action_word, forms, read_action, write_action
from cardgames.primitives.cards import Card, Suit, parse_card, parse_cards
from cardgames.primitives.errors import IncompleteAction, ParseError


@frozen
class Play:
    card: Card


@frozen
class Beat:
    card: Card
    attack: Card | None = None


@frozen
class Take:
    pass


@frozen
class ThrowIn:
    cards: tuple[Card, ...]


@frozen
class Call:
    suit: Suit
    points: int


TYPES = (Play, Beat, Take, ThrowIn, Call)


@frozen
class View:
    hand: tuple[Card, ...]


VIEW = View(tuple(parse_cards("6S 7H 10H QD")))


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("7H", Play(parse_card("7H"))),
        ("7♥", Play(parse_card("7H"))),
        ("10h", Play(parse_card("10H"))),
        ("3", Play(parse_card("10H"))),
        ("play 1", Play(parse_card("6S"))),
        ("PLAY qd", Play(parse_card("QD"))),
        ("beat 7h 6s", Beat(parse_card("7H"), parse_card("6S"))),
        ("beat 7h", Beat(parse_card("7H"))),
        ("take", Take()),
        ("Throw-in 1 2", ThrowIn(tuple(parse_cards("6S 7H")))),
        ("throwin 7h, 10h", ThrowIn(tuple(parse_cards("7H 10H")))),
        ("call h 40", Call(Suit.HEARTS, 40)),
    ],
)
def test_reads_cards_numbers_and_words(text: str, action: object) -> None:
    assert read_action(TYPES, text, VIEW) == action


@pytest.mark.parametrize(
    "action",
    [
        Play(parse_card("7H")),
        Beat(parse_card("7H"), parse_card("6S")),
        Beat(parse_card("7H")),
        Take(),
        ThrowIn(tuple(parse_cards("6S 7H"))),
        Call(Suit.SPADES, 20),
    ],
)
def test_every_action_reads_back_from_its_text(action: object) -> None:
    assert read_action(TYPES, write_action(action), VIEW) == action


def test_words_are_class_names() -> None:
    assert [action_word(k) for k in TYPES] == ["play", "beat", "take", "throw-in", "call"]
    assert write_action(Play(parse_card("10H"))) == "play 10H" and write_action(Take()) == "take"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "nothing typed; write a card .* or its number in your hand, play card, beat card attack, take"),
        ("tkae", "'tkae' is not a move; did you mean take\\?"),
        ("xyzzy", "'xyzzy' is not a move; write a card"),
        ("9", "there is no card number 9: your hand has 4 cards"),
        ("7X", "'7X' is not a card"),
        ("take now", "'now' is too much: take takes nothing more"),
        ("call h", "call needs a number"),
    ],
)
def test_bad_input_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_action(TYPES, text, VIEW)


def test_a_bare_word_for_a_card_action_asks_which_card() -> None:
    with pytest.raises(IncompleteAction) as asked:
        read_action(TYPES, "play", VIEW)
    assert asked.value.choices == ("6S", "7H", "10H", "QD")


def test_forms_lists_every_action() -> None:
    assert forms((Take,)) == "take"
