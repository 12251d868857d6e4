"""Declared utilities: what outcome scores mean, read by the final table and checked by the kit."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from framework_highcard import HighCard, HighCardOptions, HighCardState
from rich.console import Console

from cardgames.conformance import ConformanceError, check_random_game
from cardgames.core.record import Seat
from cardgames.core.state import Outcome
from cardgames.core.utility import Utility, default_utility, utility_of
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.play.report import outcome_table

SEATS = [Seat("Ann"), Seat("Boris"), Seat("Clara")]


def _table(outcome: Outcome, utility: Utility | None) -> str:
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(outcome_table(SEATS, outcome, ascii_only=True, utility=utility))
    return console.export_text()


def test_both_games_declare_their_scores() -> None:
    cards = Dernier().utility(DernierOptions(scoring="cards"))
    assert (cards.measure, cards.negated, cards.chips, cards.sum, cards.high) == (
        "card points",
        True,
        False,
        "general",
        0,
    )
    hands = Dernier().utility(DernierOptions(hands_to_win=4))
    assert (hands.measure, hands.low, hands.high, hands.negated) == ("hands won", 0, 4, False)
    chips = Posledniy().utility(PosledniyOptions())
    assert (chips.measure, chips.chips, chips.sum, chips.total) == ("chips", True, "zero", 0)
    assert "all eight tricks" in chips.hand_winners and "last trick" in chips.hand_losers


def test_a_plugin_that_declares_nothing_gets_the_documented_default() -> None:
    game = HighCard()  # zero-sum, declares no utility
    assert utility_of(game, HighCardOptions()) == default_utility(game) == game.utility(HighCardOptions())
    assert default_utility(game).chips and default_utility(game).sum == "zero"

    class NotZeroSum(HighCard):
        zero_sum = False

    plain = default_utility(NotZeroSum())
    assert (plain.measure, plain.chips, plain.sum) == ("score", False, "general")


def test_the_final_table_shows_a_lowest_wins_measure_as_counted() -> None:
    outcome = Outcome((1,), (-20, -7, -31), "P2 won the match with 7 card points")
    text = _table(outcome, Dernier().utility(DernierOptions(scoring="cards")))
    assert "card points (fewest best)" in text
    assert "20" in text and "-20" not in text and "-31" not in text
    chips = _table(Outcome((0,), (6, -1, -5), "P1 won"), Posledniy().utility(PosledniyOptions()))
    assert "+6" in chips and "-5" in chips and "loser" in chips


def test_without_a_declaration_the_table_still_tells_chips_from_scores() -> None:
    assert "chips" in _table(Outcome((0,), (2, -1, -1), "P1 won"), None)
    assert "score" in _table(Outcome((0,), (3, 1, 0), "P1 won"), None)


@pytest.mark.parametrize(
    ("declared", "message"),
    [
        (Utility("chips", chips=True, sum="constant", total=5), "add up to 0, not the declared 5"),
        (Utility("chips", chips=True, sum="zero", high=0), "outside the declared range"),
    ],
)
def test_the_kit_refuses_an_outcome_that_breaks_the_declaration(declared: Utility, message: str) -> None:
    class Declares(HighCard):
        def utility(self, options: Any) -> Utility:
            return declared

    with pytest.raises(ConformanceError, match=f"declared utility: .*{message}"):
        check_random_game(Declares(), HighCardOptions(), 3, 1, random.Random(1))


class BackwardsState(HighCardState):
    """Scores turned upside down: the winners now hold the lowest score."""

    def outcome(self) -> Outcome | None:
        found = super().outcome()
        return (
            None if found is None else Outcome(found.winners, tuple(-s for s in found.scores), found.summary)
        )


def test_the_kit_refuses_winners_that_do_not_hold_the_best_score() -> None:
    class Backwards(HighCard):
        state_type = BackwardsState

        def utility(self, options: Any) -> Utility:
            return Utility("chips", chips=True, sum="zero", winners_best=True)

    with pytest.raises(ConformanceError, match="are not the seats with the highest score"):
        check_random_game(Backwards(), HighCardOptions(), 3, 1, random.Random(1), positions=False)
