"""Последний's position notation: examples read, bad text refused in one line, round trips along games."""

from __future__ import annotations

import random

import pytest

from cardgames.core.position import PositionError, position_mismatch
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.phases import EXCHANGE, OVER, PLAY_PHASE

GAME = Posledniy()
POINTS = PosledniyOptions()
EXCHANGE_TEXT = (
    "P1=JC 8D 9D JD 10H 10S QS; P2=AC 7D QD AD KH AH 7S 8S; P3=7C 9C 10C KC 7H 9H JH QH 9S AS; "
    "P4=8C QC 10D KD 8H JS KS; dealer=P2; passed=KC QH 9S; results=P2; points=0 1 0 0"
)
PLAY_TEXT = (
    "P1=KC JD 9H AH 9S QS; P2=9C 10C 9D 10D KS AS; P3=JC QC AC JH 10S JS; dealer=P3; "
    "passed=9H 9S / AS; tricks=10H QH KH / KD AD QD; trick=-; results=P1 P2; points=2 2 0"
)


def test_an_exchange_position_reads_with_the_next_giver_to_act() -> None:
    state = GAME.position.read(EXCHANGE_TEXT, POINTS, 0)
    assert state.phase == EXCHANGE and state.dealer == 1 and state.deal_no == 2
    assert state.to_act() == 2  # the dealer passed to P3, who passes 2 next (P-5)
    assert state.sheet.points == [0, 1, 0, 0]
    assert [r.losers for r in state.hand_results()] == [(1,)]
    assert GAME.position.write(state) == EXCHANGE_TEXT


def test_a_play_position_derives_who_led_and_took_each_trick() -> None:
    state = GAME.position.read(PLAY_TEXT, POINTS, 0)
    assert state.phase == PLAY_PHASE
    # the dealer's right (P2) led 10H, P1's KH took it; P1 led KD, P2's AD took it and leads now
    assert [(t[0], t[2]) for t in state.tricks] == [(1, 0), (0, 1)]
    assert state.to_act() == 1 and state.taken == (1, 1, 0)
    assert GAME.position.write(state) == PLAY_TEXT


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("P1=AS AS; P2=7C; P3=8C", "7C is not in the deck of 24 cards for 3 players"),
        (PLAY_TEXT.replace("P1=KC", "P1=KC QC"), "QC appears 2 times; the deck has one of each card"),
        (PLAY_TEXT.replace("P1=KC ", "P1="), "1 card is nowhere (KC…)"),
        (PLAY_TEXT.replace("dealer=P3", "dealer=P5"), "dealer: 'P5' is not a seat"),
        (PLAY_TEXT.replace("passed=9H 9S / AS", "passed=9H / AS"), "pass 1 is 2 different cards"),
        (PLAY_TEXT.replace("passed=9H 9S / AS", "passed=9H 9S"), "the play begins after all 2 passes"),
        (
            PLAY_TEXT.replace("results=P1 P2; points=2 2 0", "results=P1 P2; points=9 9 9"),
            "not what the results add up to",
        ),
        (
            EXCHANGE_TEXT.replace("; passed=KC QH 9S", ""),
            "P2 holds 8 cards; at this point of the exchange: 11",
        ),
        ("P1=7C; P2=8C", "3 or 4 players"),
        (
            PLAY_TEXT.replace("results=P1 P2; points=2 2 0", "results=P1 P1 P1 P1 P1"),
            "the game is over",
        ),
        ("P1=7C; P2=8C; P3=9C; hand=1", "unknown field 'hand'"),
    ],
)
def test_bad_text_is_refused_in_one_line_that_says_why(text: str, why: str) -> None:
    with pytest.raises(PositionError) as caught:
        GAME.position.read(text, POINTS, 0)
    assert why in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_seat_draw_and_the_next_deals_come_from_the_seed() -> None:
    a, b, c = (GAME.position.read(PLAY_TEXT, POINTS, s) for s in (3, 3, 4))
    assert a == b
    assert a.rng.getstate() != c.rng.getstate()


@pytest.mark.parametrize(("players", "preset"), [(4, "points"), (3, "chips"), (4, "chips")])
def test_every_position_of_a_game_reads_back(players: int, preset: str) -> None:
    options = PosledniyOptions(scoring="chips", rounds=1) if preset == "chips" else PosledniyOptions(target=6)
    state = GAME.new_game(options, players, players)
    rng = random.Random(players)
    while not state.is_over():
        assert position_mismatch(GAME.position, state, options, 9) is None
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert position_mismatch(GAME.position, state, options, 9) is None
    assert GAME.position.read(GAME.position.write(state), options, 0).phase == OVER


@pytest.mark.parametrize(
    "text",
    [
        PLAY_TEXT.replace("passed=9H 9S", "passed=JC QC"),  # the dealer, P3, still holds what it passed
        "P1=?6; P2=?6; P3=JC QC AC JH 10S JS; dealer=P3; passed=JC QC / ?; tricks=10H QH KH / KD AD QD; "
        "trick=-; results=P1 P2; points=2 2 0; seen=P3",
    ],
)
def test_passes_that_contradict_the_hands_are_refused_not_searched_into_a_crash(text: str) -> None:
    # P-5: a passed card travels down the chain; a search at the table would fail on these passes
    with pytest.raises(PositionError, match="passed: a card passed is held or played where"):
        GAME.position.read(text, POINTS, 0)


def test_every_pass_made_without_a_trick_is_refused_not_a_crash_at_the_first_move() -> None:
    # P-5: the play begins with the exchange's last pass, so the position is written with trick=
    text = (
        "P1=KC JD 9H AH 9S QS 10H QH; P2=9C 10C 9D 10D KS AS KH KD; P3=JC QC AC JH 10S JS AD QD; "
        "dealer=P3; passed=9H 9S / AS; results=P1 P2; points=2 2 0"
    )
    with pytest.raises(PositionError, match="after all 2 passes the play has begun; add trick="):
        GAME.position.read(text, POINTS, 0)
