"""Search speed: ISMCTS iterations per second in each built-in game, with random and heuristic playouts.

Positions come from heuristic games (seeds 1, 2, ...): at each of the first ``--moves``
decisions of seat 0 with a real choice, one search with ``hard``'s settings (the game's
own, see docs/search.md; ``--iterations`` overrides its budget) runs from that seat's view;
the figures are min/median/max iterations per second over those
searches, and the seconds a move of ``hard`` takes at the median, in wall-clock time and in
this process's CPU time (the CPU figure is what an otherwise idle machine would give; on a
shared machine the wall-clock figure is what a player waits). Run::

    python benchmarks/search_speed.py
    python benchmarks/search_speed.py --moves 40 --iterations 300
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import attrs

from cardgames.bots.ismcts import Search
from cardgames.bots.levels import SEARCH, parse_search
from cardgames.bots.lookup import decide, make_bot
from cardgames.bots.worlds import Worlds
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

TABLES = [("dernier", 2, None), ("dernier", 4, None), ("posledniy", 3, "points"), ("posledniy", 4, "points")]


def speeds(
    game_id: str, players: int, preset: str | None, rollout: str, moves: int, iterations: int | None
) -> tuple[list[float], list[float], int]:
    """Iterations per wall-clock and per CPU second of ``hard``'s searches from seat 0's decisions in
    heuristic games (its settings: the game's own, with ``iterations`` if given), and its iterations."""
    game = find_game(game_id)
    options = build_options(game, preset, [])
    policy = game.bots["heuristic"] if rollout == "heuristic" else None
    settings, _ = parse_search(game, SEARCH, players)
    if iterations is not None:
        settings = attrs.evolve(settings, iterations=iterations)
    out: list[float] = []
    cpu: list[float] = []
    seed = 0
    while len(out) < moves:
        seed += 1
        state = game.new_game(options, players, seed)
        bots = [make_bot(game, "heuristic", random.Random(s)) for s in range(players)]
        while not state.hand_results() and len(out) < moves:
            seat = state.to_act()
            assert seat is not None
            legal = list(state.legal_actions())
            if seat == 0 and len(legal) > 1:
                search = Search(settings, random.Random(seed), policy)
                start, start_cpu = time.perf_counter(), time.process_time()
                search.run(Worlds(state, 0), state.view(0), legal)
                out.append(search.iterations / (time.perf_counter() - start))
                cpu.append(search.iterations / max(1e-9, time.process_time() - start_cpu))
            state.apply(decide(bots[seat], state, seat))
    assert settings.iterations is not None
    return out, cpu, settings.iterations


def main() -> None:
    """Print one line per game, player count and playout policy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=None, help="default: hard's, for each game")
    parser.add_argument("--games", default=None, help="only these games, as dernier,posledniy")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    for game_id, players, preset in TABLES:
        if args.games and game_id not in args.games.split(","):
            continue
        for rollout in ("random", "heuristic"):
            got_wall, got_cpu, its = speeds(game_id, players, preset, rollout, args.moves, args.iterations)
            wall, cpu = sorted(got_wall), sorted(got_cpu)
            median, median_cpu = statistics.median(wall), statistics.median(cpu)
            print(
                f"{game_id} {players}p, {rollout} playouts: iterations/s min {wall[0]:.0f} "
                f"median {median:.0f} max {wall[-1]:.0f} over {len(wall)} searches "
                f"(CPU: {cpu[0]:.0f} / {median_cpu:.0f} / {cpu[-1]:.0f}); "
                f"{its} iterations take {its / median:.2f} s at the median ({its / median_cpu:.2f} s of CPU)",
                flush=True,
            )
    print(f"load average {os.getloadavg()[0]:.1f} at the end", flush=True)


if __name__ == "__main__":
    main()
