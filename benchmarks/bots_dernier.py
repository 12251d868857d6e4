"""Simulation: the Dernier heuristic bot against the random bot.

One heuristic bot plays against random bots in seeded one-hand games (``hands_to_win
= 1``), its seat rotating from game to game, for 2 and 4 players and the ``quick`` and
``classic`` presets. It prints the heuristic's win rate next to what it would win if it
were no better than its opponents (1 / players). Every bot sees only its own view and
the legal actions. ``--opponent greedy`` replaces the random bots by a stronger
baseline that always plays some legal card when it can (calling "Dernier!" when due,
a joker only when nothing else plays), to show what keeping specials adds. Run::

    python benchmarks/bots_dernier.py                # 400 games per line
    python benchmarks/bots_dernier.py --games 1000 --seed 3 --option anticipo=true
    python benchmarks/bots_dernier.py --opponent greedy --preset scala40
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardgames.bots.lookup import RandomBot, bot_rng
from cardgames.core.options import make_options, parse_overrides
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.actions import Anticipo, Play
from cardgames.games.dernier.heuristic import HeuristicBot
from cardgames.games.dernier.options import PRESETS, DernierOptions

GAME = Dernier()


class GreedyBot:
    """A baseline: any legal card (a joker only when nothing else plays), the call when due, else draw."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """A random play that calls Dernier! exactly when due; draw, pass or decline otherwise."""
        due = len(view.hand) == 2
        plays = [a for a in legal if type(a) in (Play, Anticipo) and a.dernier == due]
        cards = [a for a in plays if type(a) is not Play or not a.card.is_joker] or plays
        if cards:
            return cards[self.rng.randrange(len(cards))]
        return legal[-1]  # Draw, Pass or Decline: the engine lists it last


OPPONENTS: dict[str, Callable[[random.Random], Any]] = {"random": RandomBot, "greedy": GreedyBot}


def play(
    options: DernierOptions, players: int, seed: int, heuristic_seat: int, opponent: str = "random"
) -> tuple[int, ...]:
    """The winners of one seeded game with the heuristic bot at ``heuristic_seat``, opponents elsewhere."""
    other = OPPONENTS[opponent]
    bots: list[Any] = [
        HeuristicBot(bot_rng(seed, s)) if s == heuristic_seat else other(bot_rng(seed, s))
        for s in range(players)
    ]
    state = GAME.new_game(options, players, seed)
    while (seat := state.to_act()) is not None:
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    outcome = state.outcome()
    assert outcome is not None
    return tuple(outcome.winners)


def win_rate(options: DernierOptions, players: int, games: int, seed: int, opponent: str = "random") -> float:
    """The heuristic's share of ``games`` games won, its seat rotating."""
    wins = 0
    for g in range(games):
        seat = g % players
        if seat in play(options, players, seed + g, seat, opponent):
            wins += 1
    return wins / games


def main() -> None:
    """Play every configuration and print the win rates."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--games", type=int, default=400, help="games per configuration (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], help="player counts (default 2 4)")
    parser.add_argument(
        "--preset", nargs="+", default=["quick", "classic"], help="presets (default quick classic)"
    )
    parser.add_argument("--option", action="append", default=[], help="key=value on top of the preset")
    parser.add_argument("--opponent", choices=sorted(OPPONENTS), default="random", help="default random")
    args = parser.parse_args()

    overrides: dict[str, Any] = {"hands_to_win": 1, **parse_overrides(args.option)}
    last = args.seed + args.games - 1
    print(f"heuristic vs {args.opponent}, {args.games} games each, seeds {args.seed}..{last}")
    for preset in args.preset:
        options = make_options(DernierOptions, PRESETS, preset, overrides)
        for players in args.players:
            start = time.perf_counter()
            rate = win_rate(options, players, args.games, args.seed, args.opponent)
            elapsed = time.perf_counter() - start
            print(
                f"{preset:8} {players} players: heuristic wins {rate:6.1%} "
                f"(an equal player would win {1 / players:5.1%})  [{elapsed:.1f} s]"
            )


if __name__ == "__main__":
    main()
