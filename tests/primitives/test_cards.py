"""Cards: notation round trips, every accepted form, helpful errors, display, multisets."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.primitives.cards import (
    CARDS,
    JOKER,
    Card,
    Rank,
    Suit,
    card,
    card_markup,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    parse_rank,
    parse_suit,
    sort_key,
)
from cardgames.primitives.errors import ParseError

RANK_FORMS = {
    Rank.TEN: ["10", "t", "T"],
    Rank.JACK: ["J", "j", "jack"],
    Rank.QUEEN: ["Q", "q", "queen"],
    Rank.KING: ["K", "k", "King"],
    Rank.ACE: ["A", "a", "ace", "1"],
    **{r: [str(int(r))] for r in Rank if r <= Rank.NINE},
}
SUIT_FORMS = {
    Suit.CLUBS: ["C", "c", "♣", "♧", "clubs", "club"],
    Suit.DIAMONDS: ["D", "d", "♦", "♢", "diamonds", "Diamond"],
    Suit.HEARTS: ["H", "h", "♥", "♡", "hearts", "heart", "♥\ufe0f"],
    Suit.SPADES: ["S", "s", "♠", "♤", "SPADES", "spade"],
}

cards = st.sampled_from(CARDS)


def test_every_distinct_card_is_interned_once() -> None:
    assert len(CARDS) == 53
    assert len(set(CARDS)) == 53
    assert all(CARDS[c.index] is c for c in CARDS)
    assert card(Rank.QUEEN, Suit.HEARTS) is CARDS[Suit.HEARTS * 13 + 10]


@given(cards, st.booleans())
def test_format_then_parse_is_identity(c: Card, glyphs: bool) -> None:
    assert parse_card(format_card(c, glyphs=glyphs)) == c
    assert parse_card(format_card(c).lower()) == c
    assert parse_card(str(c)) == c


@pytest.mark.parametrize("rank", list(Rank))
@pytest.mark.parametrize("suit", list(Suit))
def test_every_accepted_form_of_every_card(rank: Rank, suit: Suit) -> None:
    expected = card(rank, suit)
    for r in RANK_FORMS[rank]:
        for s in SUIT_FORMS[suit]:
            if len(s.rstrip("\ufe0f")) == 1:  # a one-character suit may follow the rank directly
                assert parse_card(r + s) == expected, r + s
            assert parse_card(f"{r} {s}") == expected, f"{r} {s}"
            assert parse_card(f"{r} of {s}") == expected
            assert parse_card(f"  {r}-{s}  ") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QH", card(Rank.QUEEN, Suit.HEARTS)),
        ("10s", card(Rank.TEN, Suit.SPADES)),
        ("q♥", card(Rank.QUEEN, Suit.HEARTS)),
        ("T♣", card(Rank.TEN, Suit.CLUBS)),
        ("joker", JOKER),
        ("JOKER", JOKER),
        ("Jolly", JOKER),
        ("🃏", JOKER),
        ("*", JOKER),
        ("queen of hearts", card(Rank.QUEEN, Suit.HEARTS)),
        ("ace-of-spades", card(Rank.ACE, Suit.SPADES)),
        ("Q♥️", card(Rank.QUEEN, Suit.HEARTS)),
    ],
)
def test_documented_forms(text: str, expected: Card) -> None:
    assert parse_card(text) == expected


@pytest.mark.parametrize("text", ["", " ", "Q", "QX", "11H", "ZZ", "0S", "queen of", "Q H S", "jokers", "1"])
def test_bad_text_raises_parse_error_naming_the_forms(text: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_card(text)
    message = str(info.value)
    assert "not a card" in message
    assert "QH" in message and "10s" in message and "joker" in message


def test_bad_rank_and_suit_messages() -> None:
    with pytest.raises(ParseError, match="'X' is not a suit; write C D H S"):
        parse_suit(" X ")
    with pytest.raises(ParseError, match="'11' is not a rank; write 2-10, J, Q, K or A"):
        parse_rank("11")
    assert parse_suit("♠") is Suit.SPADES
    assert parse_rank("t") is Rank.TEN


def test_parse_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_card("nonsense")


def test_display_ascii_and_glyphs() -> None:
    qh = card(Rank.QUEEN, Suit.HEARTS)
    ten = card(Rank.TEN, Suit.CLUBS)
    assert format_card(qh) == "QH"
    assert format_card(qh, glyphs=True) == "Q♥"
    assert format_card(ten, glyphs=True) == "10♣"
    assert format_card(JOKER) == "JOKER"
    assert format_card(JOKER, glyphs=True) == "JOKER"  # one way to write the joker, with glyphs or not
    assert repr(qh) == "Card(QH)"
    assert format_cards([qh, ten, JOKER]) == "QH 10C JOKER"
    assert format_cards([qh, ten], glyphs=True) == "Q♥ 10♣"


def test_markup_colours_red_suits_and_has_an_ascii_fallback() -> None:
    qh = card(Rank.QUEEN, Suit.HEARTS)
    ks = card(Rank.KING, Suit.SPADES)
    assert card_markup(qh) == "[bold red]Q♥[/]"
    assert card_markup(qh, ascii_only=True) == "[bold red]QH[/]"
    assert card_markup(ks) == "[bold]K♠[/]"
    assert "red" not in card_markup(ks)
    assert card_markup(JOKER, ascii_only=True) == "[bold magenta]JOKER[/]"
    for c in CARDS:
        assert card_markup(c, ascii_only=True).isascii()


def test_suit_and_rank_names() -> None:
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert Suit.HEARTS.english == "hearts"
    assert Rank.QUEEN.english == "queen" and Rank.SEVEN.english == "7"
    assert [r.symbol for r in Rank] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert Rank.ACE > Rank.KING > Rank.TEN > Rank.NINE


def test_two_identical_cards_coexist_in_a_hand() -> None:
    hand = parse_cards("QH, qh 10S q♥")
    assert hand.count(card(Rank.QUEEN, Suit.HEARTS)) == 3
    assert Counter(hand)[card(Rank.QUEEN, Suit.HEARTS)] == 3
    hand.remove(card(Rank.QUEEN, Suit.HEARTS))
    assert len(hand) == 3


def test_a_card_is_immutable_and_whole() -> None:
    qh = card(Rank.QUEEN, Suit.HEARTS)
    with pytest.raises(AttributeError):
        qh.rank = Rank.KING  # type: ignore[misc]
    assert Card(Rank.QUEEN, Suit.HEARTS) == qh
    assert hash(Card(Rank.QUEEN, Suit.HEARTS)) == hash(qh)
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(Rank.QUEEN, None)
    with pytest.raises(ValueError):
        Card(None, Suit.HEARTS)


def test_jokers_sort_last_and_index_52() -> None:
    assert JOKER.is_joker and not card(Rank.ACE, Suit.SPADES).is_joker
    assert JOKER.index == 52
    ordered = sorted([JOKER, card(Rank.ACE, Suit.CLUBS), card(Rank.TWO, Suit.SPADES)], key=sort_key)
    assert ordered[-1] is JOKER
    assert ordered[0] == card(Rank.ACE, Suit.CLUBS)
