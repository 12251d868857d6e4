"""The search's guess at who wins a stopped Dernier hand (games/dernier/leaf.py)."""

from __future__ import annotations

import math
import random

from dernier_helpers import GAME, opts, position

from cardgames.bots.lookup import decide, make_bot
from cardgames.games.dernier import leaf
from cardgames.games.dernier.state import DernierState

FOUR = ["Ks 4h 9d 10c 3s", "5h 6h 2d 8s 9h", "4c 6c 8d 10d Qh", "3h 3d 4d 6d 8c"]


def test_the_chances_are_one_per_seat_and_add_up_to_one() -> None:
    for players in range(2, 9):
        state = GAME.new_game(opts(), players, players)
        guess = state.evaluate()
        assert len(guess) == players and abs(sum(guess) - 1) < 1e-9 and min(guess) > 0


def test_fewer_cards_are_better() -> None:
    state = position([*FOUR[:3], "3h 3d"], "7s", to_move=0)
    guess = state.evaluate()
    assert guess[3] > max(guess[:3])


def test_a_last_card_that_follows_the_top_is_nearly_out() -> None:
    """D-9: the player to move holding one card that follows goes out now; one that does not, not yet."""
    follows = position([FOUR[0], FOUR[1], FOUR[2], "9s"], "7s", to_move=3).evaluate()
    stuck = position([FOUR[0], FOUR[1], FOUR[2], "9c"], "7s", to_move=3).evaluate()
    assert follows[3] > 0.5 and follows[3] > stuck[3]


def test_a_penalty_that_cannot_be_answered_counts_against_the_player_to_move() -> None:
    """D-13: under an ace penalty of 4 a player with no ace draws the cards; with an ace it passes them on."""
    no_ace = position(["5h 6h 2d 8s 9h", *FOUR[1:]], "Ac", to_move=0, penalty=4, penalty_kind="ace")
    no_ace.penalty.kind = "ace"
    ace = position(["5h 6h 2d 8s Ah", *FOUR[1:]], "Ac", to_move=0, penalty=4, penalty_kind="ace")
    ace.penalty.kind = "ace"
    assert leaf.features(no_ace)[0][FEATURE["penalty taken"]] == 4.0
    assert leaf.features(ace)[0][FEATURE["can answer"]] == 1.0
    assert ace.evaluate()[0] > no_ace.evaluate()[0]


def test_a_joker_in_hand_is_worth_more_than_a_plain_card() -> None:
    """D-15: a wild joker follows anything (the fitted weights agree with card players)."""
    plain = position(["Ks 4h 9d 10c 3s", *FOUR[1:]], "7h", to_move=1).evaluate()
    joker = position(["Ks 4h 9d 10c joker", *FOUR[1:]], "7h", to_move=1).evaluate()
    assert joker[0] > plain[0]


def test_the_features_read_the_hand_and_the_turn() -> None:
    state = position(["Js Jh Ad joker 7c", *FOUR[1:]], "2s", to_move=2, direction=-1)
    row = dict(zip(leaf.FEATURES, leaf.features(state)[0], strict=True))
    assert row["cards"] == 5 and row["jacks"] == 2 and row["aces"] == 1 and row["jokers"] == 1
    assert row["other specials"] == 1 and row["follows the top"] == 1 and row["to move"] == 0
    assert row["turns away"] == 2  # seat 2 moves, then seat 1 (direction -1), then seat 0


def test_the_guess_explains_heuristic_games_better_than_cards_alone() -> None:
    """Held-out check of the fit: the winner's mean log chance beats counting cards at e^-0.6 a card."""
    options = opts(hands_to_win=1)
    fitted = cards = 0.0
    count = 0
    for deal in range(900_001, 900_041):
        state = GAME.new_game(options, 4, deal)
        bots = [make_bot(GAME, "heuristic", random.Random(deal * 16 + s)) for s in range(4)]
        seen: list[DernierState] = []
        while not state.is_over():
            seat = state.to_act()
            assert seat is not None
            seen.append(state.clone())
            state.apply(decide(bots[seat], state, seat))
        (winner,) = state.hand_results()[0].winners
        for s in seen:
            fitted += math.log(leaf.chances(s)[winner])
            by_cards = [math.exp(-0.6 * n) for n in s.sizes]
            cards += math.log(by_cards[winner] / sum(by_cards))
            count += 1
    assert fitted / count > cards / count + 0.05
    assert fitted / count > -math.log(4) + 0.05  # better than calling everyone even


FEATURE = {name: i for i, name in enumerate(leaf.FEATURES)}
