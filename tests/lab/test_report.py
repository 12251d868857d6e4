"""The simulation report: fairness, declared statistics, length, --vs, on the Duel test game."""

from __future__ import annotations

import io
import json

import pytest
from lab_games import ACES, Duel, DuelOptions
from rich.console import Console
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.lab.backends import Serial
from cardgames.lab.intervals import Proportion
from cardgames.lab.plan import simulation_plan
from cardgames.lab.report import print_summary
from cardgames.lab.runner import run
from cardgames.lab.summary import Distribution, Fairness, Row, Summary, summarise

GAME = Duel()


def duel_summary(rigged: bool, games: int = 300, seed: int = 1):
    plan = simulation_plan(GAME, DuelOptions(rigged=rigged), ["random"] * 3, seed, games)
    return summarise(run(GAME, [plan], Serial()).results[0], 3)


def test_a_game_the_first_seat_always_wins_is_reported_unfair() -> None:
    s = duel_summary(rigged=True)
    assert s.fairness.unfair
    assert s.fairness.sole_wins == (300, 0, 0)
    assert "unfair" in s.fairness.verdict() and "P1 wins most" in s.fairness.verdict()
    p1 = s.row("seats", "P1 (random) wins")
    assert p1 is not None and p1.value == 1.0 and p1.off_fair


def test_a_fair_game_is_not_reported_unfair() -> None:
    s = duel_summary(rigged=False)
    assert not s.fairness.unfair
    assert "no evidence of unfairness" in s.fairness.verdict()
    rates = [s.row("seats", f"P{k} (random) wins") for k in (1, 2, 3)]
    assert all(r is not None and not r.off_fair for r in rates)


def test_the_declared_statistic_is_summarised_per_game_and_per_hand() -> None:
    s = duel_summary(rigged=False, games=100)
    per_game = s.row("statistics", f"{ACES} per game")
    per_hand = s.row("statistics", f"{ACES} per hand")
    assert per_game is not None and per_hand is not None
    hands = s.row("length", "hands per game")
    assert hands is not None
    # three of the 24 cards (four aces) are played a hand: half an ace a hand on average
    assert 0.35 < per_hand.value < 0.65
    assert per_game.value == pytest.approx(per_hand.value * hands.value)


@pytest.mark.usefixtures("duel_registry")
def test_the_declared_statistic_shows_in_the_report(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", "duel", "-n", "60", "--seed", "4", "-w", "1"])
    assert result.exit_code == 0, result.output
    assert "Declared by the game" in result.output
    assert ACES in result.output
    assert "fairness: no evidence of unfairness" in result.output


@pytest.mark.usefixtures("duel_registry")
def test_the_json_report_says_the_rigged_game_is_unfair(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["simulate", "duel", "--preset", "rigged", "-n", "50", "--seed", "2", "-w", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    fairness = data["variants"][0]["fairness"]
    assert fairness["unfair"] is True
    labels = {r["label"] for r in data["variants"][0]["rows"]}
    assert f"{ACES} per game" in labels
    assert data["backend"] == "serial" and data["games"] == 50 and data["seed"] == 2


@pytest.mark.usefixtures("duel_registry")
def test_vs_finds_the_rigging_significant_and_a_no_change_rerun_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["simulate", "duel", "-n", "80", "--seed", "2", "-w", "1", "--vs", "rigged=on", "--json"]
    )
    assert result.exit_code == 0, result.output
    diffs = {d["label"]: d for d in json.loads(result.output)["differences"]}
    assert diffs["P1 wins"]["significant"] and diffs["P1 wins"]["change"] > 0.5
    assert not diffs[f"{ACES} per hand"]["significant"]  # the cards are dealt alike either way
    same = runner.invoke(app, ["simulate", "duel", "-n", "8", "-w", "1", "--vs", "hands_to_win=2"])
    assert same.exit_code == 2
    assert "changes nothing" in same.output


@pytest.mark.usefixtures("duel_registry")
def test_vs_compares_bot_line_ups_on_the_same_seeds(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["simulate", "duel", "-n", "30", "--seed", "9", "-w", "1", "--vs", "players=random,random"]
    )
    assert result.exit_code == 0, result.output
    assert "same seeds" in result.output and "2x random" in result.output


def test_the_same_seeds_deal_the_same_cards_in_both_variants() -> None:
    plan_a = simulation_plan(GAME, DuelOptions(hands_to_win=1), ["random"] * 3, 5, 40)
    plan_b = simulation_plan(GAME, DuelOptions(hands_to_win=1, rigged=True), ["random"] * 3, 5, 40)
    a, b = (run(GAME, [p], Serial()).results[0] for p in (plan_a, plan_b))
    assert [g.seed for g in a] == [g.seed for g in b] == list(range(5, 45))
    # one hand, dealt and played alike (the random bots draw from the same generators): the
    # same aces fall in every game, and only who wins differs
    assert [g.stats[ACES] for g in a] == [g.stats[ACES] for g in b]
    assert [g.winners for g in a] != [g.winners for g in b]


def _four_seats(p4_wins: int, p_value: float) -> Summary:
    """400 games at four seats, P4 with ``p4_wins``, and the chi-square test's p-value as given."""
    rows = tuple(
        Row("seats", f"P{k} wins", Proportion(wins, 400), 0.25, seat=True)
        for k, wins in enumerate((107, 107, 106, p4_wins), 1)
    )
    fairness = Fairness((107, 107, 106, p4_wins), 0.0, 3, p_value)
    return Summary("", 400, 4, ((),), rows, fairness, Distribution(()), Distribution(()))


def test_the_fair_marks_agree_with_the_fairness_verdict_and_the_intervals() -> None:
    # P4's interval (80 of 400: 16.4% to 24.2%) leaves out 25%, but the seats' test finds nothing
    level = _four_seats(80, 0.2)
    (p4,) = [r for r in level.rows if r.label == "P4 wins"]
    assert p4.off_fair and not level.marked(p4)
    out = io.StringIO()
    print_summary(Console(file=out, width=120), level, "level")
    assert "≠" not in out.getvalue()
    # the test finds the seats unequal: only a seat whose interval leaves out the fair share is marked
    unequal = _four_seats(80, 0.01)
    assert [r.label for r in unequal.rows if unequal.marked(r)] == ["P4 wins"]
    out = io.StringIO()
    print_summary(Console(file=out, width=120), unequal, "unequal")
    assert "≠: the 95% interval leaves out the fair value" in out.getvalue()
    # an interval that reaches the fair share is never marked (88 of 400: 18.2% to 26.3%)
    reaching = _four_seats(88, 0.01)
    assert not any(reaching.marked(r) for r in reaching.rows)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_measures_of_a_few_games_keep_their_intervals_within_their_range(seed: int) -> None:
    """Lead changes never below 0; decisiveness and drama, shares, within 0 and 1, however few games."""
    s = duel_summary(rigged=False, games=3, seed=seed)
    for what, top in (("lead changes", float("inf")), ("decisiveness", 1.0), ("drama", 1.0)):
        row = s.row("measures", what)
        if row is not None:
            low, high = row.estimate.interval()
            assert 0.0 <= low <= high <= top, (what, low, high)
