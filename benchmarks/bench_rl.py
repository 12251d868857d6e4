"""Benchmark: environment steps per second of our games' PettingZoo environments beside RLCard's UNO and
PettingZoo's Texas Hold'em, in one run.

Every contender is driven the way a learning loop drives it, with uniformly random legal
actions: a PettingZoo AEC environment through ``agent_iter``, ``last()`` (the observation
and its action mask) and ``step``; RLCard's UNO through ``env.step`` (which returns the next
player's state) and its ``legal_actions``. A step is one decision (the steps of agents
whose game is over are not counted). Rates are per second of this process's CPU time; the
contenders alternate in slices of ``--slice`` seconds, the whole repeated ``--repeat``
times, and the table gives min/median/max of each rate. Needs ``pip install '.[bench]'``
(RLCard, and pygame for PettingZoo's Hold'em); a peer not installed is left out. Run
(docs/rl.md#speed)::

    python benchmarks/bench_rl.py                    # 5 repetitions of 1 s slices
    python benchmarks/bench_rl.py --repeat 3 --slice 0.5
"""

from __future__ import annotations

import argparse
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
from harness import spread

from cardgames.rl import pettingzoo_env

CHECK_EVERY = 32  # steps between two looks at the clock (a look costs a few microseconds)
Run = Callable[[float], int]  # plays for so many CPU seconds; the decisions taken


def aec(env: Any, seed: int) -> Run:
    """A loop over a PettingZoo AEC environment that keeps going from game to game."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    it = iter(env.agent_iter())

    def run(seconds: float) -> int:
        nonlocal it
        steps, end = 0, time.process_time() + seconds
        while time.process_time() < end:
            for _ in range(CHECK_EVERY):
                try:
                    next(it)
                except StopIteration:
                    env.reset()
                    it = iter(env.agent_iter())
                    continue
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
        return steps

    return run


def rlcard_uno(seed: int) -> Run | None:
    """RLCard's UNO (2 players) through its own env.step."""
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": seed})
    rng = np.random.default_rng(seed)
    state, _ = env.reset()

    def run(seconds: float) -> int:
        nonlocal state
        steps, end = 0, time.process_time() + seconds
        while time.process_time() < end:
            for _ in range(CHECK_EVERY):
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(rng.integers(len(legal)))])
                steps += 1
                if env.is_over():
                    state, _ = env.reset()
        return steps

    return run


def holdem(seed: int) -> Run | None:
    """PettingZoo's classic Texas Hold'em (limit, 2 players), the environment its docs make."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pettingzoo.classic import texas_holdem_v4
    except ImportError:
        return None
    return aec(texas_holdem_v4.env(), seed)


def contenders(seed: int) -> list[tuple[str, Run]]:
    """Every contender that is installed, ours first."""
    posledniy, dernier = pettingzoo_env("posledniy", players=3), pettingzoo_env("dernier", players=4)
    rows: list[tuple[str, Run | None]] = [
        ("cardgames posledniy (PettingZoo AEC, 3 players)", aec(posledniy, seed)),
        ("cardgames dernier (PettingZoo AEC, 4 players)", aec(dernier, seed)),
        ("PettingZoo texas_holdem_v4 (AEC, 2 players)", holdem(seed)),
        ("RLCard uno (env.step, 2 players)", rlcard_uno(seed)),
    ]
    return [(label, run) for label, run in rows if run is not None]


def main(argv: list[str] | None = None) -> list[tuple[str, tuple[float, float, float]]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds per contender per repetition")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rows = contenders(args.seed)
    rates: dict[str, list[float]] = {label: [] for label, _ in rows}
    for _ in range(args.repeat):
        for label, run in rows:
            start = time.process_time()
            steps = run(args.slice)
            rates[label].append(steps / (time.process_time() - start))
    table = [(label, spread(rates[label])) for label, _ in rows]
    print(f"Steps per CPU second, min / median / max of {args.repeat} slices of {args.slice:g} s:\n")
    print("| environment | min | median | max |")
    print("| --- | ---: | ---: | ---: |")
    for label, (low, mid, high) in table:
        print(f"| {label} | {low:,.0f} | {mid:,.0f} | {high:,.0f} |")
    return table


if __name__ == "__main__":
    main()
