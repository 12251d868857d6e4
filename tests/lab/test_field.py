"""``arena --field``: each bot alone at one seat against a field, compared deal by deal and seat by seat."""

from __future__ import annotations

import json

import pytest
from lab_games import Duel, DuelOptions
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.lab.backends import Serial
from cardgames.lab.field import field_lineups, field_plan, field_standings, seat_under_test
from cardgames.lab.result import GameResult
from cardgames.lab.runner import run
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game
from cardgames.primitives.errors import OptionError


def test_each_bot_sits_alone_at_every_seat_against_the_field() -> None:
    assert field_lineups(["a", "f"], 3, "f") == (
        ("a", "f", "f"),
        ("f", "a", "f"),
        ("f", "f", "a"),
        ("f", "f", "f"),
        ("f", "f", "f"),
        ("f", "f", "f"),
    )


def test_the_tested_seat_of_a_game_comes_from_its_index() -> None:
    plan = field_plan(Duel(), DuelOptions(), ["a", "f"], 3, 10, 2, "f")
    seen = []
    for index in range(plan.games):
        seed, lineup = plan.game_at(index)
        deal, bot, seat = seat_under_test(_result(index, seed, lineup, (), (0, 0, 0)), ["a", "f"])
        assert seed == 10 + deal and lineup[seat] == bot
        seen.append((deal, bot, seat))
    assert len(set(seen)) == 12  # 2 deals x 2 bots x 3 seats, each once


def test_bad_field_arenas_are_refused() -> None:
    with pytest.raises(OptionError, match="twice"):
        field_plan(Duel(), DuelOptions(), ["a", "a"], 2, 1, 1, "f")
    with pytest.raises(OptionError, match="at least two bots"):
        field_plan(Duel(), DuelOptions(), ["a"], 2, 1, 1, "f")
    with pytest.raises(OptionError, match="at least 1"):
        field_plan(Duel(), DuelOptions(), ["a", "b"], 2, 1, 0, "f")


def _result(
    index: int, seed: int, lineup: tuple[str, ...], winners: tuple[int, ...], scores: tuple[float, ...]
) -> GameResult:
    return GameResult(index, seed, lineup, winners, scores, 10, 0, (), {}, None, None, None)


def test_only_the_tested_seat_counts_and_pairs_compare_the_same_deal_and_seat() -> None:
    # one deal at 2 seats: a at seat 0 loses, a at seat 1 wins; the field bot f wins at both seats
    games = [
        _result(0, 1, ("a", "f"), (1,), (0, 1)),  # a at seat 0: seat 1 (a field seat) won
        _result(1, 1, ("f", "a"), (1,), (0, 1)),  # a at seat 1 won
        _result(2, 1, ("f", "f"), (0,), (1, 0)),  # f tested at seat 0 won
        _result(3, 1, ("f", "f"), (1,), (0, 1)),  # f tested at seat 1 won
    ]
    rows, pairs = field_standings(games, ["a", "f"])
    by = {r.bot: r for r in rows}
    assert (by["a"].wins.hits, by["a"].wins.n) == (1, 2)
    assert (by["f"].wins.hits, by["f"].wins.n) == (2, 2)
    assert by["a"].fair == by["f"].fair == 0.5
    (pair,) = pairs
    assert (pair.a_ahead, pair.b_ahead, pair.even) == (0, 1, 1)  # seat 0: f ahead; seat 1: level
    assert by["f"].mu > by["a"].mu


def test_the_posledniy_heuristic_beats_random_against_a_field_of_heuristics() -> None:
    """A loss at one seat of four is individual: against the same field, random loses more often."""
    game = find_game("posledniy")
    options = build_options(game, "points", ["target=1"])
    plan = field_plan(game, options, ["heuristic", "random"], 4, 1, 12, "heuristic")
    rows, pairs = field_standings(run(game, [plan], Serial()).results[0], ["heuristic", "random"])
    assert [r.bot for r in rows] == ["heuristic", "random"]
    assert rows[0].wins.n == rows[1].wins.n == 48
    (pair,) = pairs
    assert pair.a_ahead > 3 * pair.b_ahead and pair.significant


@pytest.mark.usefixtures("duel_registry")
def test_arena_field_cli_reports_the_tested_seats(runner: CliRunner) -> None:
    args = ["arena", "duel", "--bots", "random,first", "--field", "first", "-p", "3", "-n", "5"]
    out = runner.invoke(app, [*args, "--seed", "3", "-w", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["lineups"] == 6 and data["field"] == "first"
    assert {b["bot"]: b["games"] for b in data["bots"]} == {"random": 15, "first": 15}
    (pair,) = data["pairs"]
    assert pair["a_ahead"] + pair["b_ahead"] + pair["level"] == 15
    bad = runner.invoke(app, [*args[:6], "--field", "3", "-w", "1"])
    assert bad.exit_code == 2 and "--field names one bot" in bad.output


def _tested_at_seat_0(deal: int, a_wins: bool, f_wins: bool) -> list[GameResult]:
    """One deal of a two-seat field arena of a and f: only seat 0 differs (seat 1's tested seats both win)."""
    i = deal * 4
    return [
        _result(i, 1, ("a", "f"), (0,) if a_wins else (1,), (0, 0)),
        _result(i + 1, 1, ("f", "a"), (1,), (0, 0)),
        _result(i + 2, 1, ("f", "f"), (0,) if f_wins else (1,), (0, 0)),
        _result(i + 3, 1, ("f", "f"), (1,), (0, 0)),
    ]


def test_bots_are_ranked_by_their_wins_whatever_order_openskill_rates_the_games_in() -> None:
    """Ahead three times early and behind once last: openskill, rating in order, puts f first; a leads.

    The rows are ranked by wins above the fair share, which no order changes; the pairwise
    test says the same in either order.
    """
    outcomes = [(True, False)] * 3 + [(True, True)] * 5 + [(False, True)]
    games = [g for deal, (a, f) in enumerate(outcomes) for g in _tested_at_seat_0(deal, a, f)]
    rows, pairs = field_standings(games, ["a", "f"])
    by = {r.bot: r for r in rows}
    assert by["f"].ordinal > by["a"].ordinal  # the order's doing: the last game weighs most
    assert [r.bot for r in rows] == ["a", "f"] and by["a"].above_fair > by["f"].above_fair
    reordered = [g for deal, (a, f) in enumerate(reversed(outcomes)) for g in _tested_at_seat_0(deal, a, f)]
    rows_again, pairs_again = field_standings(reordered, ["a", "f"])
    assert [r.bot for r in rows_again] == ["a", "f"] and rows_again[0].ordinal > rows_again[1].ordinal
    assert [(p.a_ahead, p.b_ahead, p.even) for p in pairs] == [(3, 1, 14)]
    assert pairs_again == pairs
