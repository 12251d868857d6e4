"""Benchmark: Последний played with uniform random legal actions, 4 players, random deals.

Prints decisions per second and deals per second. When OpenSpiel (``pip install
open_spiel``) is importable, its C++ ``hearts`` is driven from the same kind of Python
loop (legal_actions, a random choice, apply_action; chance nodes sampled too) in the same
run, and the ratio is printed. Rates are per second of this process's CPU time, and the
two games take turns in short slices, so other work on a shared machine skews neither
figure nor the ratio. Run::

    python benchmarks/bench_posledniy.py            # 5 s each
    python benchmarks/bench_posledniy.py --seconds 10 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from cardgames.benchmark import openspiel_random_play, random_play
from cardgames.game import GameState
from games.posledniy import Posledniy
from games.posledniy.options import PosledniyOptions

DEALS_PER_GAME = 100  # a chips game of 25 rounds: new games (and seat draws) stay rare


SLICE = 0.5  # seconds of CPU time per turn when the two benchmarks alternate


def bench_posledniy(seconds: float, seed: int) -> tuple[int, int, float]:
    """(decisions, deals, CPU seconds) of random play for about ``seconds`` of CPU time."""
    options = PosledniyOptions(scoring="chips", rounds=DEALS_PER_GAME // 4)
    deals = 0

    def count_deals(state: GameState) -> None:
        nonlocal deals
        deals += len(state.hand_results())

    decisions, _, elapsed = random_play(Posledniy(), options, 4, seconds, seed, count_deals)
    return decisions, deals, elapsed


def bench_hearts(seconds: float, seed: int) -> tuple[int, int, float] | None:
    """(decisions, deals, CPU seconds) of OpenSpiel's hearts, or None without OpenSpiel."""
    return openspiel_random_play("hearts", None, seconds, seed)


def add(total: tuple[int, int, float], part: tuple[int, int, float]) -> tuple[int, int, float]:
    """Sum two (decisions, deals, seconds) figures."""
    return total[0] + part[0], total[1] + part[1], total[2] + part[2]


def main() -> None:
    """Run both benchmarks and print the figures."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per benchmark (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and the choices")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of Последний")
    args = parser.parse_args()

    mine: tuple[int, int, float] = (0, 0, 0.0)
    hearts: tuple[int, int, float] | None = (0, 0, 0.0)
    slices = max(1, round(args.seconds / SLICE))
    for i in range(slices):  # alternate, so a busy moment hits both games alike
        mine = add(mine, bench_posledniy(args.seconds / slices, args.seed + i))
        if hearts is not None:
            part = bench_hearts(args.seconds / slices, args.seed + i)
            hearts = None if part is None else add(hearts, part)
    decisions, deals, elapsed = mine
    ours = decisions / elapsed
    print(f"posledniy: {decisions} decisions, {deals} deals in {elapsed:.2f} s of CPU time")
    print(f"posledniy: {ours:,.0f} decisions/s, {deals / elapsed:,.0f} deals/s")
    if hearts is None:
        print("open_spiel is not installed (pip install open_spiel): no hearts comparison")
    else:
        h_decisions, h_deals, h_elapsed = hearts
        theirs = h_decisions / h_elapsed
        print(f"openspiel hearts: {h_decisions} decisions, {h_deals} deals in {h_elapsed:.2f} s of CPU time")
        print(f"openspiel hearts: {theirs:,.0f} decisions/s, {h_deals / h_elapsed:,.0f} deals/s")
        print(f"ratio posledniy / hearts: {ours / theirs:.2f}x decisions per second")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(bench_posledniy, min(args.seconds, 3.0), args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
