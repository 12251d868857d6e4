"""Benchmark: deals per second (a new game and its first deal) and random games per second.

A deal is ``game.new_game(options, players, seed)`` with its first view (which forces the
shuffle), for fresh seeds; a game is a whole seeded game between random bots, as
``simulate`` plays them. Each row is the best of ``--repeat`` runs of ``--seconds``, in CPU
time. Run before and after a change to the deal's generator (docs/fair-deal.md)::

    python benchmarks/deals.py
    python benchmarks/deals.py --repeat 5 --seconds 1
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from cardgames.bots.lookup import RandomBot
from cardgames.core.options import make_options
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import PRESETS, DernierOptions
from cardgames.games.posledniy import Posledniy


def _rate(step: Callable[[int], None], seconds: float, repeat: int) -> float:
    best = 0.0
    seed = 0
    for _ in range(repeat):
        done = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            step(seed)
            seed += 1
            done += 1
        best = max(best, done / (time.process_time() - start))
    return best


def _deal(game: Any, options: Any, players: int) -> Callable[[int], None]:
    def step(seed: int) -> None:
        state = game.new_game(options, players, seed)
        state.view(0)

    return step


def _game(game: Any, options: Any, players: int) -> Callable[[int], None]:
    def step(seed: int) -> None:
        state = game.new_game(options, players, seed)
        bot = RandomBot(random.Random(seed))
        while (seat := state.to_act()) is not None:
            state.apply(bot.choose(state.view(seat), state.legal_actions()))

    return step


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    dernier = make_options(DernierOptions, PRESETS, "quick", {})
    posledniy = make_options(Posledniy().options_type, {}, None, {})
    rows = [
        ("dernier deal, 4 players", _deal(Dernier(), dernier, 4)),
        ("posledniy deal, 4 players", _deal(Posledniy(), posledniy, 4)),
        ("dernier random game, 4 players", _game(Dernier(), dernier, 4)),
    ]
    for name, step in rows:
        print(f"{name:34} {_rate(step, args.seconds, args.repeat):10.0f} /s")


if __name__ == "__main__":
    main()
