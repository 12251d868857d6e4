"""Cards in each language: the players' own names and letters, through the one card parser."""

from __future__ import annotations

import pytest

from cardgames.primitives.cards import JOKER, Rank, Suit, card, card_name, parse_card, parse_rank, parse_suit
from cardgames.primitives.errors import ParseError
from cardgames.primitives.language import speaking, typed_by_player

Q_SPADES = card(Rank.QUEEN, Suit.SPADES)
A_DIAMONDS = card(Rank.ACE, Suit.DIAMONDS)


@pytest.mark.parametrize(
    ("code", "text", "expected"),
    [
        ("ru", "дп", Q_SPADES),
        ("ru", "Д♠", Q_SPADES),
        ("ru", "10ч", card(Rank.TEN, Suit.HEARTS)),
        ("ru", "Т♦", A_DIAMONDS),
        ("ru", "тб", A_DIAMONDS),
        ("ru", "тт", card(Rank.ACE, Suit.CLUBS)),  # т: туз as a rank, трефы as a suit
        ("ru", "вк", None),  # к is no suit: a king is a rank
        ("ru", "дама пик", Q_SPADES),
        ("ru", "туз бубен", A_DIAMONDS),
        ("ru", "валет червей", card(Rank.JACK, Suit.HEARTS)),
        ("ru", "король треф", card(Rank.KING, Suit.CLUBS)),
        ("ru", "джокер", JOKER),
        ("it", "7 quadri", card(Rank.SEVEN, Suit.DIAMONDS)),
        ("it", "fante di picche", card(Rank.JACK, Suit.SPADES)),
        ("it", "Fp", card(Rank.JACK, Suit.SPADES)),
        ("it", "Dc", card(Rank.QUEEN, Suit.HEARTS)),
        ("it", "Rf", card(Rank.KING, Suit.CLUBS)),
        ("it", "asso di cuori", card(Rank.ACE, Suit.HEARTS)),
        ("it", "Ac", card(Rank.ACE, Suit.HEARTS)),  # the player's language wins: c is cuori in Italian
        ("it", "10q", card(Rank.TEN, Suit.DIAMONDS)),
        ("it", "jolly", JOKER),
        ("en", "Ac", card(Rank.ACE, Suit.CLUBS)),
        ("en", "queen of spades", Q_SPADES),
        ("en", "donna di picche", Q_SPADES),  # every language's words are read in every language
        ("en", "дама пик", Q_SPADES),
        ("en", "дп", None),  # letters only in their own language
        ("en", "Fp", None),
    ],
)
def test_each_language_reads_its_own_forms(code: str, text: str, expected: object) -> None:
    with speaking(code), typed_by_player():
        if expected is None:
            with pytest.raises(ParseError):
                parse_card(text)
        else:
            assert parse_card(text) == expected


@pytest.mark.parametrize("code", ["en", "it", "ru"])
@pytest.mark.parametrize("text", ["QS", "Q♠", "q♠", "qs", "queen of spades", "Q♠️"])
def test_the_universal_forms_are_read_in_every_language(code: str, text: str) -> None:
    with speaking(code), typed_by_player():
        assert parse_card(text) == Q_SPADES
        assert parse_card("10h") == card(Rank.TEN, Suit.HEARTS)


def test_a_rank_or_a_suit_alone_in_the_players_language() -> None:
    with speaking("ru"), typed_by_player():
        assert parse_rank("к") is Rank.KING and parse_rank("Туз") is Rank.ACE
        assert parse_suit("ч") is Suit.HEARTS and parse_suit("пики") is Suit.SPADES
    with speaking("it"), typed_by_player():
        assert parse_rank("r") is Rank.KING and parse_rank("fante") is Rank.JACK
        assert parse_suit("f") is Suit.CLUBS and parse_suit("c") is Suit.HEARTS


def test_a_card_that_is_not_read_is_explained_in_the_players_language_with_its_forms() -> None:
    with speaking("ru"), typed_by_player(), pytest.raises(ParseError) as ru:
        parse_card("жп")
    assert str(ru.value).startswith("'жп' — не карта; пишите достоинство, затем масть: дп, Д♠, 10ч, Т♦")
    with speaking("it"), typed_by_player(), pytest.raises(ParseError) as it:
        parse_suit("x")
    assert str(it.value) == "'x' non è un seme; scrivi F Q C P, ♣ ♦ ♥ ♠, oppure fiori/quadri/cuori/picche"
    with pytest.raises(ParseError, match=r"^'x' is not a suit; write C D H S, ♣ ♦ ♥ ♠, or clubs/"):
        parse_suit("x")


def test_a_card_named_in_words_in_each_language() -> None:
    assert card_name(Q_SPADES) == "queen of spades"
    with speaking("it"), typed_by_player():
        assert card_name(Q_SPADES) == "donna di picche" and card_name(JOKER) == "jolly"
        assert Suit.DIAMONDS.spoken == "quadri" and Rank.JACK.spoken == "fante"
    with speaking("ru"), typed_by_player():
        assert card_name(Q_SPADES) == "дама пик" and card_name(A_DIAMONDS) == "туз бубен"
        assert card_name(card(Rank.TEN, Suit.HEARTS)) == "10 червей"
        assert Suit.CLUBS.spoken == "трефы" and Rank.KING.spoken == "король"
