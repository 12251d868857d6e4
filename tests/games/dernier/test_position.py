"""Dernier's position notation: examples read, every kind of bad text refused in one line, round trips."""

from __future__ import annotations

import random

import pytest
from dernier_helpers import GAME, act, legal_texts, opts, written

from cardgames.core.position import PositionError, position_mismatch
from cardgames.games.dernier.state import AFTER_DRAW, ANTICIPO, OVER
from cardgames.primitives.cards import parse_card

EXAMPLE = (
    "P1=7H KS JOKER; P2=2C AD; P3=9H 9H; P4=3S; discard=4C 8C AC; stock=...; turn=P2; "
    "direction=cw; suit=C; penalty=ace 2; dealer=P1; hand=1; won=0 0 0 0; points=0 0 0 0; decisions=9"
)


def test_the_documented_example_reads_and_plays_on() -> None:
    state = written(EXAMPLE)
    assert state.to_act() == 1
    assert state.penalty.pending == 2 and state.penalty.kind == "ace"
    assert legal_texts(state) == ["AD!", "AD", "draw"]  # an ace answers the ace, or draw 2 (D-13)
    assert len(state.stock) == 104 + 4 - 11  # the rest of the deck (four jokers), shuffled
    act(state, "draw")
    assert state.sizes[1] == 4


def test_the_rest_of_the_stock_is_shuffled_from_the_seed() -> None:
    a, b, c = (written(EXAMPLE, seed=s) for s in (1, 1, 2))
    assert a.stock == b.stock
    assert a.stock != c.stock
    assert sorted(a.stock) == sorted(c.stock)
    assert GAME.position.write(a) != GAME.position.write(c)


def test_a_stock_ending_in_named_cards_puts_them_on_top() -> None:
    state = written("P1=7H 8H; P2=3C; discard=9H; stock=... KD QD; turn=P1")
    assert state.stock[-2:] == [parse_card("kd").index, parse_card("qd").index]
    act(state, "draw")
    assert parse_card("qd").index in state.hand(0)


def test_a_drawn_card_and_an_anticipo_offer_are_written() -> None:
    state = written("P1=7C 8C KH; P2=3C; P3=4C; discard=9H; drawn=KH; turn=P1", play_after_draw=True)
    assert state.phase == AFTER_DRAW and legal_texts(state) == ["KH", "pass"]
    assert "drawn=KH" in GAME.position.write(state)
    offer = written(
        "P1=7C 8C; P2=3C 9H; P3=4C 8C; discard=9H; offer=9H by P1 asking P2; turn=P3", anticipo=True
    )
    assert offer.phase == ANTICIPO and offer.to_act() == 1
    assert "offer=9H by P1 asking P2" in GAME.position.write(offer)


@pytest.mark.parametrize(
    ("text", "overrides", "why"),
    [
        ("P1=7H 7H 7H; P2=3C; discard=9H; turn=P1", {}, "7H appears 3 times, but the deck has 2"),
        ("P1=JOKER JOKER JOKER; P2=3C; discard=9H; turn=P1", {"jokers": 2}, "JOKER appears 3 times"),
        ("P1=7H; P2=3C; discard=9H; turn=P3", {}, "turn: 'P3' is not a seat; write P1 to P2"),
        ("P1=7H; P2=3C; discard=9H; turn=P1; colour=red", {}, "unknown field 'colour'"),
        ("P1=7H; P2=3C; discard=9H; turn=P1; turn=P2", {}, "given twice"),
        ("P1=7H; P2=3C; discard=9H; stock=2C; turn=P1", {}, "cards of the deck are nowhere"),
        ("P1=7H; P2=3C; discard=9H; turn=P1; suit=S", {}, "only a jack calls one"),
        ("P1=7H; P2=3C; discard=JH; turn=P1", {}, "name the suit the jack or joker on top called"),
        ("P1=7H; P2=3C; discard=JOKER; turn=P1", {}, "say which card the wild joker on top stands for"),
        ("P1=7H; P2=3C; discard=9H; as=9S; turn=P1", {}, "only a wild joker"),
        ("P1=7H; P2=-; discard=9H; turn=P1", {}, "P2 has no cards"),
        ("P1=7H; P2=3C; discard=9H; turn=P1; penalty=seven 2", {}, "penalty: write 'ace 2'"),
        ("P1=7H; P2=3C; discard=9H; turn=P1; drawn=7H", {}, "only with play_after_draw"),
        (
            "P1=7H; P2=3C; discard=9H; turn=P1; drawn=8H",
            {"play_after_draw": True},
            "8H is not in the hand of P1",
        ),
        ("P1=7H; P2=3C; discard=9H; turn=P1; decisions=90", {"turn_limit": 90}, "turn_limit"),
        ("P1=7H; P2=3C; discard=9H; turn=P1; won=1", {}, "won: write 2 whole numbers"),
        ("P1=7X; P2=3C; discard=9H; turn=P1", {}, "P1: '7X' is not a card"),
        ("P1=7H; discard=9H; turn=P1", {}, "for 2 to 8 seats"),
        ("P1=7H; P2=3C; turn=P1", {}, "the field 'discard' is missing"),
        ("", {}, "the position is empty"),
        (
            "P1=7H; P2=3C; discard=9H; turn=P1; won=3 0",
            {"hands_to_win": 3},
            "3 hands won win the match, so it is over",
        ),
    ],
)
def test_bad_text_is_refused_in_one_line_that_says_why(
    text: str, overrides: dict[str, object], why: str
) -> None:
    with pytest.raises(PositionError) as caught:
        written(text, **overrides)
    assert why in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_finished_match_reads_back_as_finished() -> None:
    state = GAME.new_game(opts(hands_to_win=1), 3, 5)
    rng = random.Random(5)
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    again = GAME.position.read(GAME.position.write(state), opts(hands_to_win=1), 0)
    assert again.phase == OVER and again.outcome() == state.outcome()


@pytest.mark.parametrize("seed", range(3))
def test_every_position_of_a_match_reads_back(seed: int) -> None:
    """The conformance kit's check, at every step of short matches with every switch on."""
    switches = {
        "play_after_draw": seed != 1,
        "joker_mode": ("wild", "draw5")[seed % 2],
        "starter_effects": True,
    }
    options = opts(anticipo=True, turn_limit=50, hands_to_win=2, **switches)
    state = GAME.new_game(options, 2 + 2 * seed, seed)
    rng = random.Random(seed)
    while not state.is_over():
        assert position_mismatch(GAME.position, state, options, seed) is None
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert position_mismatch(GAME.position, state, options, seed) is None
