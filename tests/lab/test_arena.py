"""The arena: line-ups for duplicate deals, ranks, ratings and pairwise significance."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from lab_games import Duel, DuelOptions
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.lab.arena import arena_plan, lineups, ranks, standings
from cardgames.lab.backends import Serial
from cardgames.lab.result import GameResult
from cardgames.lab.runner import run
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game
from cardgames.primitives.errors import OptionError


def test_as_many_bots_as_seats_play_every_seating() -> None:
    ups = lineups(["a", "b", "c"], 3)
    assert len(ups) == 6 and len(set(ups)) == 6
    for seat in range(3):
        assert Counter(lu[seat] for lu in ups) == {"a": 2, "b": 2, "c": 2}


def test_fewer_bots_than_seats_get_as_many_seats_each() -> None:
    ups = lineups(["a", "b", "c"], 4)
    seats = Counter(b for lu in ups for b in lu)
    assert seats["a"] == seats["b"] == seats["c"]
    for seat in range(4):
        assert Counter(lu[seat] for lu in ups) == {"a": len(ups) // 3, "b": len(ups) // 3, "c": len(ups) // 3}


def test_more_bots_than_seats_play_in_every_group() -> None:
    ups = lineups(["a", "b", "c"], 2)
    assert sorted(ups) == sorted([("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")])


def test_five_bots_at_five_seats_play_the_rotations() -> None:
    ups = lineups(list("abcde"), 5)
    assert len(ups) == 5  # 120 permutations are too many per deal


def test_every_line_up_plays_the_same_deal() -> None:
    plan = arena_plan(Duel(), DuelOptions(), ["a", "b"], 2, 40, 3)
    assert [plan.game_at(i) for i in range(4)] == [
        (40, ("a", "b")),
        (40, ("b", "a")),
        (41, ("a", "b")),
        (41, ("b", "a")),
    ]


def test_bad_arenas_are_refused() -> None:
    with pytest.raises(OptionError, match="twice"):
        arena_plan(Duel(), DuelOptions(), ["random", "random"], 2, 1, 1)
    with pytest.raises(OptionError, match="at least two bots"):
        arena_plan(Duel(), DuelOptions(), ["random"], 2, 1, 1)
    with pytest.raises(OptionError, match="played by 2 to 4"):
        arena_plan(Duel(), DuelOptions(), ["a", "b"], 5, 1, 1)


def result(lineup: tuple[str, ...], winners: tuple[int, ...], scores: tuple[float, ...]) -> GameResult:
    return GameResult(0, 1, lineup, winners, scores, 10, 0, (), {}, None, None, None)


def test_ranks_put_winners_first_then_order_by_score() -> None:
    assert ranks(result(("a", "b", "c", "d"), (2,), (1, 3, 3, 0))) == [3, 2, 1, 4]
    assert ranks(result(("a", "b", "c"), (0, 1), (2, 2, 1))) == [1, 1, 2]


def test_the_heuristic_dernier_bot_beats_random_significantly_and_random_does_not_beat_itself() -> None:
    game = find_game("dernier")
    options = build_options(game, None, ["hands_to_win=1"])
    plan = arena_plan(game, options, ["heuristic", "random"], 2, 1, 20)
    rows, pairs = standings(run(game, [plan], Serial()).results[0], ["heuristic", "random"])
    assert [r.bot for r in rows] == ["heuristic", "random"]
    assert rows[0].wins.n == 40 and rows[0].fair == 0.5
    assert rows[0].wins.rate > 0.8 and rows[0].mu > rows[1].mu
    (pair,) = pairs
    assert pair.a_ahead > pair.b_ahead and pair.significant


@pytest.mark.usefixtures("duel_registry")
def test_an_arena_of_equally_strong_bots_finds_no_significant_difference(runner: CliRunner) -> None:
    out = runner.invoke(
        app,
        [
            "arena",
            "duel",
            "--bots",
            "random,first",
            "-p",
            "2",
            "-n",
            "100",
            "--seed",
            "3",
            "-w",
            "1",
            "--json",
        ],
    )
    assert out.exit_code == 0, out.output
    (pair,) = json.loads(out.output)["pairs"]
    assert pair["a_ahead"] + pair["b_ahead"] + pair["level"] == 200
    assert not pair["significant"]


@pytest.mark.usefixtures("duel_registry")
def test_the_same_bot_twice_is_refused_even_under_another_name(runner: CliRunner) -> None:
    # "bot" is the game's default bot, which for Duel (no heuristic) is random
    out = runner.invoke(app, ["arena", "duel", "--bots", "random,bot", "-n", "5", "-w", "1"])
    assert out.exit_code == 2 and "twice" in out.output


def test_arena_cli_reports_ratings_pairs_and_json() -> None:
    runner = CliRunner()
    args = [
        "arena",
        "posledniy",
        "--bots",
        "heuristic,random",
        "-p",
        "3",
        "-n",
        "4",
        "--seed",
        "2",
        "-w",
        "1",
    ]
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    assert "Bots by wins above their fair share" in text.output and "Pairwise" in text.output
    assert "each played by 6 line-ups of 3 seats" in text.output
    data = json.loads(runner.invoke(app, [*args, "--json"]).output)
    assert {b["bot"] for b in data["bots"]} == {"heuristic", "random"}
    assert data["lineups"] == 6 and sum(b["games"] for b in data["bots"]) == 2 * 24
    above = [b["above_fair_share"] for b in data["bots"]]  # the ranking's key, best first
    assert above == sorted(above, reverse=True)
    assert all(b["above_fair_share"] == b["win_rate"] - b["fair_share"] for b in data["bots"])
    assert data["pairs"][0]["a"] == "heuristic"
    csv_out = runner.invoke(app, [*args, "--csv"]).output
    assert csv_out.splitlines()[0].startswith("bot,rating,mu,sigma")
