"""Lead changes, decisiveness and drama, as docs/simulation.md defines them."""

from __future__ import annotations

from cardgames.lab.measures import Measures, leader, measures


def test_leader_is_the_one_seat_on_top_or_none_on_a_tie() -> None:
    assert leader([1, 3, 2]) == 1
    assert leader([3, 3, 0]) is None


def test_a_wire_to_wire_winner_is_fully_decisive_and_undramatic() -> None:
    standings = [(1, 0, 0), (2, 0, 1), (3, 1, 1)]
    assert measures(standings, [0]) == Measures(0, 1.0, 0.0)


def test_a_comeback_from_last_place_is_dramatic_and_decided_late() -> None:
    # seat 2 is last after hand 1, level after hand 2, leads only after hand 4 of 4
    standings = [(2, 1, 0), (2, 2, 2), (3, 4, 3), (3, 4, 5)]
    m = measures(standings, [2])
    assert m.drama == 1.0  # two seats ahead of it, out of two others
    assert m.decisiveness == 0.25
    # leaders: 0, tie, 1, 2: changes 0 -> 1 and 1 -> 2
    assert m.lead_changes == 2


def test_ties_at_the_top_do_not_count_as_changes() -> None:
    standings = [(1, 0), (1, 1), (2, 1), (2, 2), (3, 2)]
    assert measures(standings, [0]).lead_changes == 0
    assert measures(standings, [0]).decisiveness == 0.2  # only the last hand puts it clear


def test_measures_need_two_hands_and_one_winner() -> None:
    assert measures([(1, 0)], [0]) == Measures(None, None, None)
    assert measures([(1, 1), (2, 2)], [0, 1]) == Measures(None, None, None)


def test_a_winner_not_leading_the_standings_has_no_decisiveness() -> None:
    # a game whose match winner is not the last leader by its standings (say, a settlement)
    assert measures([(1, 0), (2, 0)], [1]).decisiveness is None
