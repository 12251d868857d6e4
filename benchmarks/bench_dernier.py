"""Benchmark: Dernier played with uniform random legal actions, 4 players, ``quick`` preset.

Each game is a match of one hand (``hands_to_win=1``). Prints decisions per second and
games per second. When OpenSpiel (``pip install open_spiel``) is importable, its C++
``crazy_eights`` (4 players, default parameters) is driven from the same kind of Python
loop (legal_actions, a random choice, apply_action; chance nodes sampled too) in the same
run, and the ratio is printed. Rates are per second of this process's CPU time and the
two games alternate in short slices, so other work on a shared machine skews neither
figure nor the ratio. Run::

    python benchmarks/bench_dernier.py              # 5 s each
    python benchmarks/bench_dernier.py --seconds 10 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from cardgames.benchmark import openspiel_random_play, random_play
from cardgames.game import GameState
from cardgames.options import make_options
from games.dernier import Dernier
from games.dernier.options import PRESETS, DernierOptions

SLICE = 0.5  # seconds of CPU time per turn when the two benchmarks alternate
PLAYERS = 4


def bench_dernier(seconds: float, seed: int) -> tuple[int, int, float, int]:
    """(decisions, games, CPU seconds, hands stopped by the turn limit) of random Dernier."""
    options = make_options(DernierOptions, PRESETS, "quick", {"hands_to_win": 1})
    stopped = 0

    def count_stopped(state: GameState) -> None:
        nonlocal stopped
        stopped += "(turn limit)" in state.hand_results()[-1].summary

    decisions, games, elapsed = random_play(Dernier(), options, PLAYERS, seconds, seed, count_stopped)
    return decisions, games, elapsed, stopped


def bench_crazy_eights(seconds: float, seed: int) -> tuple[int, int, float] | None:
    """(decisions, games, CPU seconds) of OpenSpiel's crazy_eights, or None without OpenSpiel."""
    return openspiel_random_play("crazy_eights", {"players": PLAYERS}, seconds, seed)


def _add(total: list[float], part: tuple[float, ...]) -> None:
    for i, v in enumerate(part):
        total[i] += v


def run(seconds: float, seed: int) -> None:
    """Alternate the two benchmarks in slices and print both rates and their ratio."""
    ours = [0.0, 0.0, 0.0, 0.0]
    theirs: list[float] | None = [0.0, 0.0, 0.0]
    spent = 0.0
    round_no = 0
    while spent < seconds:
        step = min(SLICE, seconds - spent)
        _add(ours, bench_dernier(step, seed + round_no * 100_000))
        if theirs is not None:
            part = bench_crazy_eights(step, seed + round_no)
            if part is None:
                theirs = None
            else:
                _add(theirs, part)
        spent += step
        round_no += 1
    dps = ours[0] / ours[2]
    print(
        f"Dernier (quick, {PLAYERS} players, one-hand matches, random legal actions): "
        f"{dps:,.0f} decisions/s, {ours[1] / ours[2]:,.1f} games/s, "
        f"{ours[0] / max(ours[1], 1):,.0f} decisions/game ({ours[2]:.1f} s CPU); "
        f"{ours[3] / max(ours[1], 1):.0%} of the hands reached the turn limit"
    )
    if theirs is None:
        print("OpenSpiel is not installed (pip install open_spiel): no comparison")
        return
    ops = theirs[0] / theirs[2]
    print(
        f"OpenSpiel crazy_eights ({PLAYERS} players, Python loop): "
        f"{ops:,.0f} decisions/s, {theirs[1] / theirs[2]:,.1f} games/s ({theirs[2]:.1f} s CPU)"
    )
    print(f"ratio Dernier / crazy_eights: {dps / ops:.2f}x decisions/s")


def main() -> None:
    """Command line: --seconds per game, --seed, --profile."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds for each game (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the Dernier loop with cProfile")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(bench_dernier, args.seconds, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    run(args.seconds, args.seed)


if __name__ == "__main__":
    main()
