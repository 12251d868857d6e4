"""Scenario tests, one or more per rule id of rules D-1 to D-22, on hand-set positions."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from dernier_helpers import GAME, act, hand, legal_texts, norm, opts, position, written

from cardgames.games.dernier.actions import DRAW, JOKER_INDEX, SLOW, Draw, Play
from cardgames.games.dernier.deck import turn_starter
from cardgames.games.dernier.state import AFTER_DRAW, ANTICIPO, OVER, DernierState
from cardgames.primitives.cards import CARDS, JOKER, Suit, parse_card
from cardgames.primitives.errors import IllegalActionError, IncompleteAction, OptionError, ParseError


def new(preset: str = "quick", players: int = 4, seed: int = 1, **overrides: object) -> DernierState:
    options = opts(preset, **overrides)
    GAME.check(options, players)
    return GAME.new_game(options, players, seed)


# --- set-up -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 9])
def test_d1_refuses_player_counts_outside_two_to_eight(players: int) -> None:
    """D-1: refuses player counts outside two to eight."""
    with pytest.raises(OptionError, match="2 to 8"):
        GAME.check(opts(), players)


@pytest.mark.parametrize("players", [2, 8])
def test_d1_accepts_two_and_eight_players(players: int) -> None:
    """D-1: accepts two and eight players."""
    GAME.check(opts(), players)
    assert new(players=players).players == players


@pytest.mark.parametrize("jokers", [0, 2, 4])
def test_d2_deck_is_two_french_decks_plus_jokers(jokers: int) -> None:
    """D-2: deck is two french decks plus jokers."""
    state = new(jokers=jokers)
    counts = Counter(state.all_cards())
    assert sum(counts.values()) == 104 + jokers
    assert counts[JOKER] == jokers
    assert counts[parse_card("7h")] == 2


def test_d2_option_refuses_five_jokers() -> None:
    """D-2: option refuses five jokers."""
    with pytest.raises(OptionError, match="jokers"):
        opts(jokers=5)


@pytest.mark.parametrize(("preset", "size"), [("quick", 5), ("classic", 9), ("scala40", 5)])
def test_d3_every_player_gets_hand_size_cards(preset: str, size: int) -> None:
    """D-3: every player gets hand size cards."""
    state = new(preset)
    assert [len(h) for h in state.hands] == [size] * 4


def test_d3_refuses_a_deal_that_does_not_fit_in_the_deck() -> None:
    """D-3: refuses a deal that does not fit in the deck."""
    with pytest.raises(OptionError, match="lower hand_size"):
        GAME.check(opts(hand_size=13), 8)
    GAME.check(opts(hand_size=12), 8)


def test_d3_refuses_negative_penalties_and_sizes() -> None:
    """D-3: refuses negative penalties and sizes."""
    for name in ("ace_penalty", "misplay_penalty", "dernier_penalty", "slow_penalty", "hand_size"):
        with pytest.raises(OptionError, match=name):
            opts("quick", **{name: -1})


def _seed_with(pred: Callable[[DernierState], bool]) -> DernierState:
    for seed in range(3000):
        state = new(seed=seed)
        if pred(state):
            return state
    raise AssertionError("no seed found")


def test_d4_a_joker_starter_goes_back_and_the_next_card_is_turned() -> None:
    """D-4: a joker starter goes back and the next card is turned."""
    state = _seed_with(lambda s: any(e[0] == "joker_back" for e in s.log))
    assert state.discard[-1] != 52
    assert len(state.discard) == 1
    assert sum(state.sizes) + len(state.stock) + 1 == 108


def test_d4_starter_has_no_effect_by_default_but_a_jack_sets_its_own_suit() -> None:
    """D-4: starter has no effect by default but a jack sets its own suit."""
    state = _seed_with(lambda s: s.top_rank == 12)
    assert state.current == 0 - 1 + 4  # next after dealer 0, counter-clockwise: no skip
    jack = _seed_with(lambda s: s.top_rank == 11)
    assert jack.suit == parse_card(str(jack.all_cards()[-1])).suit


def test_d4_starter_effects_option_applies_a_queen_as_if_the_dealer_played_it() -> None:
    """D-4: starter effects option applies a queen as if the dealer played it."""
    plain = _seed_with(lambda s: s.top_rank == 12)
    seed = next(seed for seed in range(3000) if new(seed=seed).top_rank == 12)
    effect = new(seed=seed, starter_effects=True)
    assert plain.current == 3
    assert effect.current == 2  # seat 3 is skipped
    ace_seed = next(seed for seed in range(3000) if new(seed=seed).top_rank == 14)
    assert new(seed=ace_seed, starter_effects=True).penalty.pending == 2
    assert new(seed=ace_seed).penalty.pending == 0


def test_d5_first_player_follows_the_dealer_counter_clockwise_by_default() -> None:
    """D-5: first player follows the dealer counter clockwise by default."""
    state = new()
    assert state.dealer == 0
    assert state.direction == -1
    assert state.to_act() == 3
    assert new(clockwise=True).to_act() == 1


# --- a turn -----------------------------------------------------------------------------


def test_d6_a_card_matches_by_suit_in_force_or_by_rank() -> None:
    """D-6: a card matches by suit in force or by rank."""
    state = written("P1=7H 7S 9H 2C JD; P2=3C; P3=4C; P4=5C; discard=9S; turn=P1; direction=cw")
    assert legal_texts(state) == ["7S", "9H", "draw"]  # the suit in force first, then the rank


def test_d6_on_a_jack_the_declared_suit_or_another_jack_matches() -> None:
    """D-6: on a jack the declared suit or another jack matches."""
    state = written("P1=7H 7S 9H JD; P2=3C; P3=4C; P4=5C; discard=JC; suit=H; turn=P1; direction=cw")
    assert set(legal_texts(state)) == {"7H", "9H", "JD C", "JD D", "JD H", "JD S", "draw"}


def test_d6_on_a_wild_joker_the_card_it_stands_for_matches() -> None:
    """D-6: on a wild joker the card it stands for matches."""
    state = written("P1=7H 7S 9D; P2=3C; P3=4C; P4=5C; discard=JOKER; as=9S; turn=P1; direction=cw")
    assert legal_texts(state) == ["7S", "9D", "draw"]


def test_d7_drawing_is_always_allowed_and_ends_the_turn() -> None:
    """D-7: drawing is always allowed and ends the turn."""
    state = written("P1=7H 8H; P2=3C; P3=4C; P4=5C; discard=9H; stock=... KD; turn=P1; direction=cw")
    assert "draw" in legal_texts(state)
    act(state, "draw")
    assert hand(state, 0) == norm("7H 8H KD")
    assert state.to_act() == 1


def test_d7_play_after_draw_allows_playing_the_drawn_card_if_it_matches() -> None:
    """D-7: play after draw allows playing the drawn card if it matches."""
    text = "P1=7C 8C; P2=3C; P3=4C; P4=5C; discard=9H; stock=... KH; turn=P1; direction=cw"
    state = written(text, play_after_draw=True)
    act(state, "draw")
    assert state.phase == AFTER_DRAW and state.to_act() == 0
    assert legal_texts(state) == ["KH", "pass"]
    with pytest.raises(IllegalActionError):
        state.apply(DRAW)
    act(state, "kh")
    assert state.discard[-1] == parse_card("kh").index
    assert state.direction == -1  # the king acted


def test_d7_play_after_draw_asks_also_when_the_drawn_card_does_not_match() -> None:
    """D-7: after drawing a card that does not match the player is asked all the same, and may only pass."""
    state = position(["7c 8c", "3c", "4c", "5c"], "9h", direction=1, stock="kd", play_after_draw=True)
    act(state, "draw")
    assert state.phase == AFTER_DRAW and state.to_act() == 0
    assert legal_texts(state) == ["pass"]
    act(state, "pass")
    assert state.to_act() == 1
    assert hand(state, 0) == norm("7C 8C KD")
    state2 = position(["7c 8c", "3c", "4c", "5c"], "9h", direction=1, stock="kh", play_after_draw=True)
    act(state2, "draw")
    act(state2, "pass")
    assert state2.to_act() == 1
    assert hand(state2, 0) == norm("7C 8C KH")


def test_d7_i2_others_cannot_tell_whether_the_drawn_card_matched() -> None:
    """D-7, I-2: the other players' views are the same whether the card drawn and kept matched or not."""
    seen = []
    for drawn in ("kh", "kd"):  # the king of hearts matches the 9H on top, the king of diamonds does not
        state = position(["7c 8c", "3c", "4c", "5c"], "9h", direction=1, stock=drawn, play_after_draw=True)
        views = []
        for move in ("draw", "pass"):
            act(state, move)
            views.append([state.view(seat) for seat in (1, 2, 3)] + [state.to_act()])
        seen.append(views)
    assert seen[0] == seen[1]


def test_d8_an_empty_stock_is_refilled_from_the_discard_pile_but_its_top() -> None:
    """D-8: an empty stock is refilled from the discard pile but its top."""
    state = position(["7c 8c", "3c", "4c", "5c"], "9h", below="2s 3s 4s", stock="", direction=1)
    act(state, "draw")
    assert state.sizes[0] == 3
    assert state.discard == [parse_card("9h").index]
    assert len(state.stock) == 2
    assert any(e.text.startswith("the discard pile is shuffled") for e in state.view(1).log)


def test_d8_with_nothing_to_draw_the_draw_is_a_pass() -> None:
    """D-8: with nothing to draw the draw is a pass."""
    state = position(["7c 8c", "3c", "4c", "5c"], "9h", stock="", direction=1)
    act(state, "draw")
    assert hand(state, 0) == norm("7C 8C")
    assert state.to_act() == 1


def test_d9_playing_the_last_card_wins_the_hand_at_once_and_penalties_lapse() -> None:
    """D-9: playing the last card wins the hand at once and penalties lapse."""
    state = position(["ah", "3c 4c", "4c 5c", "5c 6c"], "9h", direction=1, hands_to_win=1)
    act(state, "ah")
    assert state.phase == OVER
    assert state.penalty.pending == 0
    (result,) = state.hand_results()
    assert result.winners == (0,)
    assert result.points == (0, 2, 2, 2)
    assert state.outcome() is not None and state.outcome().winners == (0,)  # type: ignore[union-attr]


# --- special cards ------------------------------------------------------------------------


def test_d10_a_jack_names_the_suit_in_force() -> None:
    """D-10: a jack names the suit in force."""
    state = position(["jh 2c 3c", "5s 5d 4d", "4c", "5c"], "9h", direction=1)
    with pytest.raises(IncompleteAction, match="Name the suit in force"):
        GAME.parse_action("jh", state.view(0))
    act(state, "jh s")
    assert state.suit == int(Suit.SPADES)
    assert legal_texts(state) == ["5S", "draw"]


def test_d10_jack_with_the_suit_as_a_word() -> None:
    """D-10: jack with the suit as a word."""
    state = position(["jh 2c 3c", "5s", "4c", "5c"], "9h", direction=1)
    act(state, "jh spades")
    assert state.suit == int(Suit.SPADES)


def test_d11_a_queen_skips_the_next_player() -> None:
    """D-11: a queen skips the next player."""
    state = position(["qh 2c 3c", "5s", "4c", "5c"], "9h", direction=1)
    act(state, "qh")
    assert state.to_act() == 2


def test_d12_a_king_reverses_the_direction() -> None:
    """D-12: a king reverses the direction."""
    state = position(["kh 2c 3c", "5s", "4c", "5c"], "9h", direction=1)
    act(state, "kh")
    assert state.direction == -1
    assert state.to_act() == 3


def test_d12_with_two_players_a_king_gives_the_turn_to_the_other_player() -> None:
    """D-12: with two players a king gives the turn to the other player."""
    state = position(["kh 2c 3c", "5s 6s"], "9h", direction=1)
    act(state, "kh")
    assert state.to_act() == 1


def test_d13_ace_chain_passes_penalty_on() -> None:
    """D-13: ace chain passes penalty on."""
    state = position(["ah 2c 3c", "as 5s 6d", "4c 7d 8d", "5c"], "9h", direction=1, stock="2d 3d 4d 5d 6c")
    act(state, "ah")
    assert state.penalty.pending == 2
    assert legal_texts(state) == ["AS", "draw"]
    act(state, "as")
    assert state.penalty.pending == 4
    assert state.to_act() == 2
    act(state, "draw")
    assert state.sizes[2] == 7
    assert state.penalty.pending == 0
    assert state.to_act() == 2  # takes the whole total, then plays a normal turn
    assert "7D" not in legal_texts(state)
    assert "draw" in legal_texts(state)


def test_d13_a_non_ace_cannot_answer_an_ace_and_misplaying_takes_the_chain_too() -> None:
    """D-13: a non ace cannot answer an ace and misplaying takes the chain too."""
    state = position(["9s 2c 3c", "5c"], "ah", direction=1, penalty=2, penalty_kind="ace")
    assert legal_texts(state) == ["draw"]
    act(state, "9s")
    assert state.sizes[0] == 3 + 2 + 2  # misplay penalty plus the pending ace
    assert state.to_act() == 1


def test_d13_scala40_preset_ace_penalty_is_three() -> None:
    """D-13: scala40 preset ace penalty is three."""
    state = position(["ah 2c 3c", "5c 6c"], "9h", direction=1, preset="scala40")
    act(state, "ah")
    assert state.penalty.pending == 3


def test_d14_a_seven_makes_the_previous_player_draw_one() -> None:
    """D-14: a seven makes the previous player draw one."""
    state = position(["7h 2c 3c", "5s", "4c", "5c 6c"], "9h", direction=1, stock="kd")
    act(state, "7h")
    assert hand(state, 3) == norm("5C 6C KD")
    assert state.to_act() == 1


def test_d14_with_two_players_the_opponent_draws_for_the_seven() -> None:
    """D-14: with two players the opponent draws for the seven."""
    state = position(["7h 2c 3c", "5s"], "9h", direction=1, stock="kd")
    act(state, "7h")
    assert hand(state, 1) == norm("5s kd")
    assert state.to_act() == 1


def test_d15_wild_joker_stands_for_a_declared_card() -> None:
    """D-15: wild joker stands for a declared card."""
    state = position(["joker 2c 3c", "5s 5d 4h", "4c", "5c"], "9h", direction=1)
    with pytest.raises(IncompleteAction, match="stand for"):
        GAME.parse_action("joker", state.view(0))
    act(state, "joker as 5s")
    view = state.view(1)
    assert view.top == JOKER and view.stands_for == parse_card("5s")
    assert legal_texts(state) == ["5S", "5D", "draw"]  # 4H does not match


def test_d15_wild_joker_as_an_ace_imposes_the_penalty_and_a_real_ace_answers() -> None:
    """D-15: wild joker as an ace imposes the penalty and a real ace answers."""
    state = position(["joker 2c 3c", "as 6d 7d", "4c", "5c"], "9h", direction=1)
    act(state, "joker as ac")
    assert state.penalty.pending == 2
    assert legal_texts(state) == ["AS", "draw"]


def test_d15_wild_joker_as_a_jack_names_the_suit_too() -> None:
    """D-15: wild joker as a jack names the suit too."""
    state = position(["joker 2c 3c", "as 6d", "4c", "5c"], "9h", direction=1)
    with pytest.raises(IncompleteAction, match="suit"):
        GAME.parse_action("joker as jc", state.view(0))
    act(state, "joker as jc d")
    assert state.suit == int(Suit.DIAMONDS)


def test_d15_wild_joker_cannot_answer_an_ace() -> None:
    """D-15: wild joker cannot answer an ace."""
    state = position(["joker 2c 3c", "5c"], "ah", direction=1, penalty=2, penalty_kind="ace")
    assert legal_texts(state) == ["draw"]


def test_d15_draw5_joker_makes_the_next_draw_five_unless_answered_by_a_joker() -> None:
    """D-15: draw5 joker makes the next draw five unless answered by a joker."""
    state = position(
        ["joker 2c 3c", "joker 5d 6d", "as 4c 9d", "5c"],
        "9h",
        direction=1,
        preset="scala40",
        stock="2d " * 12,
    )
    act(state, "joker s")
    assert state.penalty.pending == 5 and state.suit == int(Suit.SPADES)
    assert legal_texts(state) == ["JOKER C", "JOKER D", "JOKER H", "JOKER S", "draw"]
    act(state, "joker h")
    assert state.penalty.pending == 10
    assert legal_texts(state) == ["draw"]  # an ace may not answer a joker penalty
    act(state, "draw")
    assert state.sizes[2] == 13


def test_d15_draw5_joker_may_join_an_ace_chain() -> None:
    """D-15: draw5 joker may join an ace chain."""
    state = position(
        ["joker 2c 3c", "5d 6d"], "ah", direction=1, preset="scala40", penalty=3, penalty_kind="ace"
    )
    assert "JOKER S" in legal_texts(state)
    act(state, "joker s")
    assert state.penalty.pending == 8 and state.penalty.kind == "joker"


def test_d16_a_joker_is_never_legal_as_the_last_card() -> None:
    """D-16: a joker is never legal as the last card."""
    state = position(["joker", "5d 6d"], "9h", direction=1)
    assert legal_texts(state) == ["draw"]
    act(state, "joker as 9s")  # strict: a misplay
    assert state.sizes[0] == 3
    assert state.to_act() == 1


def test_d17_the_second_to_last_card_offers_the_call_and_forgetting_costs_two() -> None:
    """D-17: the second to last card offers the call and forgetting costs two."""
    state = position(["8h 2c", "5c 6c", "4c", "5c"], "9h", direction=1, stock="2d 3d 4d")
    assert legal_texts(state) == ["8H!", "8H", "draw"]
    act(state, "8h")
    assert state.sizes[0] == 1 + 2
    assert any("forgot to call Dernier!" in e.text for e in state.view(1).log)


def test_d17_calling_dernier_with_the_play_avoids_the_penalty() -> None:
    """D-17: calling dernier with the play avoids the penalty."""
    state = position(["8h 2c", "5c 6c", "4c", "5c"], "9h", direction=1)
    act(state, "8h dernier")
    assert hand(state, 0) == norm("2C")
    assert state.view(2).card_counts[0] == 1


def test_d17_calling_dernier_on_another_play_is_a_misplay() -> None:
    """D-17: calling dernier on another play is a misplay."""
    state = position(["8h 2c 3c", "5c 6c", "4c", "5c"], "9h", direction=1, stock="2d 3d 4d")
    act(state, "8h!")
    assert state.sizes[0] == 5
    assert state.discard[-1] == parse_card("9h").index
    assert state.to_act() == 1


def test_d18_strict_misplay_returns_the_card_draws_two_and_loses_the_turn() -> None:
    """D-18: strict misplay returns the card draws two and loses the turn."""
    state = position(["8s 2c 3c", "5c 6c", "4c", "5c"], "9h", direction=1, stock="2d 3d 4d")
    act(state, "8s")
    assert hand(state, 0) == norm("2C 3C 8S 3D 4D")
    assert state.to_act() == 1
    assert any("misplays 8♠" in e.text for e in state.view(1).log)


def test_d18_forgiving_misplay_is_refused_and_changes_nothing() -> None:
    """D-18: forgiving misplay is refused and changes nothing."""
    state = position(["8s 2c 3c", "5c 6c", "4c", "5c"], "9h", direction=1, misplay="forgiving")
    before = state.clone()
    with pytest.raises(IllegalActionError, match="does not match"):
        act(state, "8s")
    assert state == before


def test_d18_a_typo_is_a_parse_error_and_never_penalised() -> None:
    """D-18: a typo is a parse error and never penalised."""
    state = position(["8s 2c 3c", "5c 6c", "4c", "5c"], "9h", direction=1)
    before = state.clone()
    with pytest.raises(ParseError, match="draw"):
        GAME.parse_action("xyz", state.view(0))
    assert state == before


def test_d18_a_card_not_held_is_refused_without_penalty() -> None:
    """D-18: a card not held is refused without penalty."""
    state = position(["8s 2c 3c", "5c 6c", "4c", "5c"], "9h", direction=1)
    before = state.clone()
    with pytest.raises(IllegalActionError, match="do not hold"):
        state.apply(Play(parse_card("9s")))
    assert state == before


def test_d19_move_timer_applies_the_slow_play_penalty() -> None:
    """D-19: move timer applies the slow play penalty."""
    options = opts(move_seconds=5, slow_penalty=3)
    assert GAME.move_seconds(options) == 5
    assert GAME.move_seconds(opts()) is None
    state = position(["8s 2c 3c", "5c 6c", "4c", "5c"], "9h", direction=1, move_seconds=5, slow_penalty=3)
    action = GAME.timeout_action(state.view(0))
    assert action == SLOW
    state.apply(action)
    assert state.sizes[0] == 6
    assert state.to_act() == 1


def test_d19_slow_play_under_a_pending_ace_takes_the_ace_too() -> None:
    """D-19: slow play under a pending ace takes the ace too."""
    state = position(["8s 2c 3c", "5c 6c"], "ah", direction=1, penalty=2, penalty_kind="ace", move_seconds=5)
    state.apply(GAME.timeout_action(state.view(0)))
    assert state.sizes[0] == 3 + 1 + 2
    assert state.penalty.pending == 0
    assert state.to_act() == 1


def test_d19_running_out_of_time_on_an_anticipo_question_just_declines() -> None:
    """D-19: running out of time on an anticipo question just declines."""
    state = position(["8h 2c 3c", "5c 6c", "8h 7c 9s"], "9h", direction=1, anticipo=True, move_seconds=5)
    act(state, "8h")
    assert state.to_act() == 2
    state.apply(GAME.timeout_action(state.view(2)))
    assert state.sizes[2] == 3
    assert state.phase == 0 and state.to_act() == 1


def test_d20_a_player_holding_the_identical_card_may_anticipate() -> None:
    """D-20: a player holding the identical card may anticipate."""
    state = position(["8h 2c 3c", "5c 6c", "4c 7c", "8h 9s 9d"], "9h", direction=1, anticipo=True)
    act(state, "8h")
    assert state.phase == ANTICIPO and state.to_act() == 2  # asked first, holding none
    act(state, "no")
    assert state.phase == ANTICIPO and state.to_act() == 3
    assert legal_texts(state) == ["anticipo", "no"]
    assert state.view(3).offered == parse_card("8h")
    act(state, "anticipo")
    assert hand(state, 3) == norm("9D 9S")
    assert state.to_act() == 0  # play continues from the anticipating player


def test_d20_no_anticipo_under_dernier_for_oneself_or_on_a_joker() -> None:
    """D-20: no anticipo under dernier for oneself or on a joker."""
    one = position(["8h 2c 3c", "5c 6c", "8h", "5c 6c"], "9h", direction=1, anticipo=True)
    act(one, "8h")
    assert one.asking == [3]  # seat 2, under Dernier, is not asked (its one card is public)
    own = position(["8h 8h 3c", "5c 6c", "4c 7c", "5c 6c"], "9h", direction=1, anticipo=True)
    act(own, "8h")
    assert own.asking == [2, 3]  # neither the player who played nor the player to move
    joker = position(["joker 2c 3c", "joker 6c", "4c 7c", "5c 6c"], "9h", direction=1, anticipo=True)
    act(joker, "joker as 9s")
    assert joker.phase != ANTICIPO


def test_d20_everyone_is_asked_in_order_from_the_player_to_move_who_is_not_asked() -> None:
    """D-20: every player who may anticipate is asked, holder or not, in order after the player to move."""
    state = position(["8h 2c 3c", "5c 6c", "4c 7c", "8h 6s 7s"], "9h", direction=1, anticipo=True)
    act(state, "8h")
    assert state.phase == ANTICIPO and state.to_act() == 2
    assert legal_texts(state) == ["no"]  # seat 2 holds no 8H, but is asked all the same
    with pytest.raises(IllegalActionError, match="do not hold"):
        state.apply(GAME.parse_action("anticipo", state.view(2)))
    act(state, "no")
    assert state.to_act() == 3
    assert legal_texts(state) == ["anticipo", "no"]
    act(state, "no")
    assert state.phase == 0 and state.to_act() == 1


def test_d20_i2_a_silent_holder_gives_nothing_away() -> None:
    """D-20, I-2: views, log, turn and tables are the same whether another player held the card or not."""
    seen = []
    for holder in ("8h 6s", "9s 6s"):  # seat 3 holds the twin of the 8H, or does not
        state = position(["8h 2c 3c", "5c 6c", "4c 7c", holder], "9h", direction=1, anticipo=True)
        steps = []
        for move in ("8h", "no", "no"):
            act(state, move)
            views = [state.view(seat) for seat in (0, 1, 2)]
            tables = [GAME.tabletop(view, ("Anna", "Boris", "Clara", "Dmitri")) for view in views]
            steps.append((views, state.to_act(), tables))  # the tables too: the same words, the same marks
        seen.append(steps)
    assert seen[0] == seen[1]
    assert not any("claim" in e.text for e in state.view(0).log)  # declining is not logged


def test_d20_no_question_when_the_twin_lies_on_the_discard_pile() -> None:
    """D-20: with both copies of the card on the pile nobody can hold one, so nobody is asked."""
    state = position(["8h 2c 3c", "5c 6c", "4c 7c", "9s 6s"], "9h", below="8h", direction=1, anticipo=True)
    act(state, "8h")
    assert state.phase == 0 and state.to_act() == 1


def test_d20_an_anticipated_card_acts_as_if_played_in_turn() -> None:
    """D-20: an anticipated card acts as if played in turn."""
    ace = position(["ah 2c 3c", "5c 6c 7c", "4c 7c 9d", "ah 9s 9d"], "9h", direction=1, anticipo=True)
    act(ace, "ah")
    act(ace, "no")  # seat 2 holds none
    act(ace, "anticipo")
    assert ace.penalty.pending == 4
    assert ace.to_act() == 0  # the player after the anticipating one faces the chain
    jack = position(["jh 2c 3c", "5c 6c 7c", "4c 7c 9d", "jh 9s 9d"], "9h", direction=1, anticipo=True)
    act(jack, "jh c")
    act(jack, "no")  # seat 2 holds none
    with pytest.raises(IncompleteAction, match="suit"):
        GAME.parse_action("anticipo", jack.view(3))
    act(jack, "anticipo d")
    assert jack.suit == int(Suit.DIAMONDS)
    queen = position(["qh 2c 3c", "5c 6c 7c", "4c 7c 9d", "qh 9s 9d"], "9h", direction=1, anticipo=True)
    act(queen, "qh")
    assert queen.asking == [3, 1]  # after the skip, seat 2 is to move and not asked
    act(queen, "anticipo")
    assert queen.to_act() == 1  # seat 0 is skipped


def test_d20_anticipo_off_by_default() -> None:
    """D-20: anticipo off by default."""
    state = position(["8h 2c 3c", "5c 6c", "4c 7c", "8h 9s 9d"], "9h", direction=1)
    act(state, "8h")
    assert state.phase != ANTICIPO


def test_d21_match_to_hands_to_win_with_the_deal_passing_on() -> None:
    """D-21: match to hands to win with the deal passing on."""
    state = position(["8h", "5c 6c", "4c 7c", "5c 6c"], "9h", direction=1, dealer=0, hands_to_win=2)
    act(state, "8h")
    assert state.phase != OVER
    assert state.wins == (1, 0, 0, 0)
    assert state.dealer == 3  # the deal passes counter-clockwise
    assert state.hand_no == 2
    assert state.to_act() == 2
    assert len(state.hand_results()) == 1


def test_d21_card_scoring_counts_cards_left_and_jokers_count_joker_points() -> None:
    """D-21: card scoring counts cards left and jokers count joker points."""
    state = position(
        ["8h", "5c joker", "4c 7c 9c", "5c"],
        "9h",
        direction=1,
        scoring="cards",
        target_points=3,
        joker_points=2,
    )
    act(state, "8h")
    (result,) = state.hand_results()
    assert result.points == (0, 3, 3, 1)
    assert state.phase == OVER
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.scores == (0, -3, -3, -1)


def test_d21_turn_limit_stops_a_hand_and_fewest_points_wins() -> None:
    """D-21: turn limit stops a hand and fewest points wins."""
    state = position(["8c 2c", "5c 6c 7c", "4c", "5c 6c"], "9h", direction=1, turn_limit=50, hands_to_win=1)
    decisions = 0
    while state.phase != OVER:
        state.apply(Draw())
        decisions += 1
    assert decisions == 50
    assert state.hand_results()[0].winners == (2,)
    assert "turn limit" in str(state.hand_results()[0].summary)


def test_d21_turn_limit_counts_every_hand_afresh() -> None:
    """D-21: turn limit counts every hand afresh."""
    state = position(["8h", "5c 6c 7c", "4c", "5c 6c"], "9h", direction=1, turn_limit=50, hands_to_win=3)
    act(state, "8h")
    assert state.hand_no == 2
    decisions = 0
    while state.hand_no == 2:
        state.apply(Draw())
        decisions += 1
    assert decisions == 50
    decisions = 0
    while state.hand_no == 3:  # after a hand stopped by the limit too
        state.apply(Draw())
        decisions += 1
    assert decisions == 50


def test_d22_presets_and_overrides_on_top() -> None:
    """D-22: presets and overrides on top."""
    assert (opts("classic").hand_size, opts("classic").ace_penalty, opts("classic").joker_mode) == (
        9,
        2,
        "wild",
    )
    assert (opts("scala40").hand_size, opts("scala40").ace_penalty, opts("scala40").joker_mode) == (
        5,
        3,
        "draw5",
    )
    assert (opts("quick").hand_size, opts("quick").ace_penalty, opts("quick").joker_mode) == (5, 2, "wild")
    assert opts("scala40", hand_size=7).hand_size == 7
    assert opts("scala40", hand_size=7).joker_mode == "draw5"
    with pytest.raises(OptionError):
        opts("nonsense")


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = position(["8s jh joker", "5c 6c", "4c", "5c"], "9h", direction=1, misplay="forgiving")
    before = state.clone()
    bad = [
        Play(parse_card("jh")),  # a jack without a suit
        Play(parse_card("8s"), suit=Suit.HEARTS),
        Play(JOKER),  # a wild joker standing for nothing
        Play(parse_card("8s"), as_card=parse_card("9h")),
        Play(parse_card("8s")),  # does not match
    ]
    for action in bad:
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert state == before


@pytest.mark.parametrize("preset", ["quick", "scala40"])
def test_d18_every_unlisted_play_is_refused_unchanged_in_forgiving_mode(preset: str) -> None:
    """D-18: Throughout a random game, any play that is not listed raises and changes nothing."""
    options = opts(preset, misplay="forgiving", anticipo=True, play_after_draw=True, turn_limit=60)
    state = GAME.new_game(options, 4, 3)
    rng = random.Random(3)
    cards = [CARDS[i] for i in range(53)]
    refused = 0
    while not state.is_over():
        legal = list(state.legal_actions())
        for c in rng.sample(cards, 3):
            for action in (Play(c), Play(c, True), Play(c, suit=Suit.HEARTS), Play(c, as_card=cards[3])):
                if action in legal:
                    continue
                before = state.clone()
                with pytest.raises(IllegalActionError):
                    state.apply(action)
                assert state == before
                refused += 1
        state.apply(legal[rng.randrange(len(legal))])
    assert refused > 200


def test_d3_new_game_checks_the_options_itself() -> None:
    """D-3: Dernier.new_game refuses, with a clear OptionError, a deal that does not fit (as check does)."""
    with pytest.raises(OptionError, match="hand_size"):
        GAME.new_game(opts("quick", hand_size=13), 8, 1)
    with pytest.raises(OptionError, match="2 to 8"):
        GAME.new_game(opts("quick"), 9, 1)
    with pytest.raises(OptionError, match="DernierOptions"):
        GAME.new_game(object(), 4, 1)  # type: ignore[arg-type]


def test_d4_the_starter_is_never_sought_among_jokers_alone() -> None:
    """D-4: jokers go back into the stock; a stock of jokers alone is refused, not turned forever."""
    rng = random.Random(3)
    stock = [JOKER_INDEX, JOKER_INDEX, parse_card("5c").index, JOKER_INDEX]
    card, back = turn_starter(stock, rng)
    assert card == parse_card("5c").index and back >= 1
    assert sorted(stock) == [JOKER_INDEX] * 3
    with pytest.raises(OptionError, match="all jokers"):
        turn_starter([JOKER_INDEX] * 4, rng)
