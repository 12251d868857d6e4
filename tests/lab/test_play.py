"""A simulated game is the game ``cardgames play`` plays with the same seed and bots."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import DernierOptions
from cardgames.lab.plan import Plan, parse_bots
from cardgames.lab.play import play_batch, play_game
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game


@pytest.mark.parametrize(
    ("game_id", "bots", "seed", "pairs"),
    [
        ("posledniy", ["random", "heuristic", "heuristic"], 12, []),
        ("dernier", ["heuristic", "random", "heuristic"], 3, ["hands_to_win=2", "anticipo=on"]),
    ],
)
def test_a_simulated_game_replays_with_cardgames_play(
    game_id: str, bots: list[str], seed: int, pairs: list[str]
) -> None:
    game = find_game(game_id)
    simulated = play_game(game, build_options(game, None, pairs), bots, seed)
    args = ["play", game_id, "--players", ",".join(f"bot:{b}" for b in bots), "--seed", str(seed), "--json"]
    for pair in pairs:
        args += ["-o", pair]
    played = json.loads(CliRunner().invoke(app, args).stdout)
    assert played["moves"] == simulated.decisions
    assert tuple(played["final"]["winners"]) == simulated.winners
    assert tuple(float(s) for s in played["final"]["scores"]) == simulated.scores


def test_game_i_of_a_simulation_is_dealt_from_seed_plus_i() -> None:
    game = find_game("posledniy")
    plan = Plan("posledniy", {}, [("random",) * 3], 100, 5)
    batch = play_batch(game, plan, 2, 5)
    options = build_options(game, None, [])
    assert [g.index for g in batch] == [2, 3, 4]
    assert batch[1] == play_game(game, options, ["random"] * 3, 103, 3)


def test_bots_are_read_by_name_count_or_default() -> None:
    game = find_game("dernier")
    assert parse_bots(game, None) == ("heuristic",) * 4
    assert parse_bots(game, "3") == ("heuristic",) * 3
    assert parse_bots(game, "bot, bot:random ,Random") == ("heuristic", "random", "random")


def test_a_game_past_its_decision_bound_is_stopped_and_counted_as_a_safeguard_ending() -> None:
    class Endless(Dernier):
        """Dernier with a decision bound far below what its games take."""

        def max_decisions(self, options: DernierOptions, players: int) -> int:
            return 10

    game = Endless()
    result = play_game(game, build_options(game, None, []), ["random"] * 2, 1)
    assert result.capped and result.winners == () and result.decisions == 10
