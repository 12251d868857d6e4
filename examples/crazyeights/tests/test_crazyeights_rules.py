"""The rules of Crazy Eights as the README states them, one test per rule."""

from __future__ import annotations

import random

import pytest
from crazyeights import CrazyEights, CrazyEightsOptions
from crazyeights.bots import EightsLast
from crazyeights.rules import Call, CrazyEightsState, Draw, Pass, Play, penalty

from cardgames.primitives.cards import Suit, parse_card, parse_cards
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.language import speaking

GAME = CrazyEights()


def table(hands: list[str], top: str, stock: str = "2C 3C", suit: Suit | None = None) -> CrazyEightsState:
    """A hand in progress: these hands, this top card, this stock (its top card last), P1 to play."""
    state = GAME.new_game(CrazyEightsOptions(), len(hands), 1)
    state.hands = [parse_cards(h) for h in hands]
    state.discard, state.stock = [parse_card(top)], parse_cards(stock)
    state.suit = suit or parse_card(top).suit
    return state


def test_the_deal_is_seven_cards_for_two_players_and_five_for_more() -> None:
    assert [len(h) for h in GAME.new_game(CrazyEightsOptions(), 2, 3).hands] == [7, 7]
    assert [len(h) for h in GAME.new_game(CrazyEightsOptions(), 4, 3).hands] == [5] * 4
    assert [len(h) for h in GAME.new_game(CrazyEightsOptions(hand_size=3), 4, 3).hands] == [3] * 4


def test_an_eight_turned_up_is_buried_in_the_stock() -> None:
    for seed in range(200):
        state = GAME.new_game(CrazyEightsOptions(), 3, seed)
        assert state.discard[-1].rank != 8 and len(state.stock) == 52 - 15 - 1


def test_a_card_matching_the_suit_or_the_rank_may_be_played_and_an_eight_on_anything() -> None:
    state = table(["7H 7S KS 8C", "2D"], "7C")
    legal = state.legal_actions()
    assert Play(parse_card("7H")) in legal and Play(parse_card("KS")) not in legal
    assert Play(parse_card("8C")) in legal


def test_after_an_eight_its_player_calls_the_suit_that_must_be_followed() -> None:
    state = table(["8C 2S", "8H 8S 5H 5C"], "5D")
    state.apply(Play(parse_card("8C")))
    assert state.to_act() == 0 and state.legal_actions() == [Call(s) for s in Suit]
    state.apply(Call(Suit.HEARTS))
    assert state.to_act() == 1 and state.suit == Suit.HEARTS
    plays = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    assert plays == set(parse_cards("8H 8S 5H"))  # not 5C: an eight's rank is no match


def test_a_player_may_draw_and_then_plays_on() -> None:
    state = table(["7C", "2D"], "9C", stock="4S KD")
    state.apply(Draw())
    assert state.to_act() == 0 and parse_card("KD") in state.hands[0]
    state.apply(Play(parse_card("7C")))
    assert state.to_act() == 1


def test_with_the_stock_gone_a_player_who_cannot_play_passes() -> None:
    state = table(["2D", "3H"], "9C", stock="")
    assert state.legal_actions() == [Pass()]
    state.apply(Pass())
    with pytest.raises(IllegalActionError):
        state.apply(Draw())


def test_going_out_wins_and_the_others_pay_what_their_cards_count() -> None:
    state = table(["9C", "8D KS", "AH 2H"], "4C")
    state.apply(Play(parse_card("9C")))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.scores == (60 + 3, -60, -3)  # eight 50, king 10; ace 1, two 2
    assert [penalty(parse_card(c)) for c in ("8S", "KH", "10D", "AC", "5S")] == [50, 10, 10, 1, 5]


def test_a_blocked_game_is_won_by_the_lowest_count() -> None:
    state = table(["KD", "2D", "QD"], "9C", stock="")
    for _ in range(3):
        state.apply(Pass())
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (-8, 16, -8)


def test_an_eight_played_last_needs_no_call() -> None:
    state = table(["8C", "3D"], "5D")
    state.apply(Play(parse_card("8C")))
    assert state.to_act() is None and state.outcome() is not None


def test_moves_are_typed_as_cards_card_numbers_or_words_and_asked_for_with_the_call() -> None:
    state = table(["8C 2S", "3D"], "5D")
    assert GAME.parse_action("2", state.view(0)) == Play(parse_card("2S"))
    assert GAME.parse_action("draw", state.view(0)) == Draw()
    state.apply(Play(parse_card("8C")))
    assert GAME.parse_action("call hearts", state.view(0)) == Call(Suit.HEARTS)
    assert GAME.format_action(Call(Suit.HEARTS)) == "call H"


def test_the_table_shows_the_suit_to_follow_and_asks_for_the_call_after_an_eight() -> None:
    state = table(["8C 2S", "3D"], "5D")
    names = ["Ann", "Bob"]
    before = GAME.tabletop(state.view(0), names)
    assert before.suit_in_force == Suit.DIAMONDS and before.decision is not None
    state.apply(Play(parse_card("8C")))
    asked = GAME.tabletop(state.view(0), names).decision
    assert asked is not None and asked.text == "call a suit (call H)" and asked.text != before.decision.text
    watching = GAME.tabletop(state.view(1), names).decision
    assert watching is not None and "call" not in watching.text  # Bob is told whose move it is
    with speaking("it"):
        asked = GAME.tabletop(state.view(0), names).decision
    assert asked is not None and asked.text == "chiama un seme (call c, call cuori)"  # c is cuori in Italian
    with speaking("ru"):
        asked = GAME.tabletop(state.view(0), names).decision
    assert asked is not None and asked.text == "закажите масть (call ч, call черви)"


def test_the_eights_last_bot_plays_another_card_before_an_eight_and_calls_its_longest_suit() -> None:
    bot = EightsLast(random.Random(1))
    state = table(["8C 5D 5S 6S", "3D"], "5H")
    assert bot.choose(state.view(0), state.legal_actions()) in (
        Play(parse_card("5D")),
        Play(parse_card("5S")),
    )
    state = table(["8C 2S 6S", "3D"], "5H")
    assert bot.choose(state.view(0), state.legal_actions()) == Play(parse_card("8C"))
    state.apply(Play(parse_card("8C")))
    assert bot.choose(state.view(0), state.legal_actions()) == Call(Suit.SPADES)


def test_the_log_reads_in_the_language_of_whoever_reads_it() -> None:
    state = table(["8H 5D", "KC 9S"], "5H", stock="2C 3C")
    state.apply(Play(parse_card("8H")))
    state.apply(Call(Suit.SPADES))
    state.apply(Play(parse_card("9S")))
    log = state.view(0).log[-3:]
    assert [e.text for e in log] == ["P1 plays 8♥", "P1 calls spades", "P2 plays 9♠"]
    with speaking("it"):
        assert [e.text for e in log] == ["P1 gioca 8♥", "P1 chiama picche", "P2 gioca 9♠"]
    with speaking("ru"):
        assert [e.text for e in log] == ["P1 ходит 8♥", "P1 заказывает масть: пики", "P2 ходит 9♠"]


def test_the_rules_card_reads_in_the_language_in_force() -> None:
    card = GAME.rules_card(CrazyEightsOptions())
    assert card.cards == (("8", "wild: play it on anything, then call the suit to follow"),)
    with speaking("it"):
        card = GAME.rules_card(CrazyEightsOptions())
    assert card.goal.startswith("Liberati per primo di tutte le carte;")
    assert card.cards == (("8", "matta: si gioca su qualsiasi carta, poi si chiama il seme da seguire"),)
    with speaking("ru"):
        card = GAME.rules_card(CrazyEightsOptions())
    assert card.goal.startswith("Первым избавьтесь от всех карт;")
    assert card.notes[0].startswith("Не можете или не хотите ходить — берите карту из колоды;")
