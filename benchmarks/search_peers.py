"""ISMCTS iterations per CPU second beside OpenSpiel's ISMCTS, like for like, in one run.

Ours: the generic search (``cardgames.bots.ismcts.Search``) in Последний (4 players,
``points``) with uniform worlds (``beliefs=0``), a tree below the root (``widen=1``) and
random playouts to the end of the deal; OpenSpiel's ``ISMCTSBot`` in ``hearts`` (one deal a
game), in C++ (``pyspiel.ISMCTSBot``) and in Python (``open_spiel.python.algorithms.ismcts``),
with one random rollout to the end of the deal per simulation and unlimited world samples.
One iteration (simulation) is one world walked down the tree and played out. Positions are
seat 0's decisions in play (heuristic Последний games; random hearts games past the pass);
each contender searches its positions in turn for ``--slice`` CPU seconds, the contenders
alternate, and the whole is repeated ``--repeat`` times: min / median / max of the rates,
and of the ratios taken within each repetition. Ours runs in this process's build and, when
``CARDGAMES_COMPILED_TREE`` names a compiled build (docs/performance.md), in that build too, in
a child process that takes its slices in turn with the others. The positions are the guarded
states the registry hands out, as at a table. Run::

    python benchmarks/search_peers.py --repeat 3
    CARDGAMES_COMPILED_TREE=/path/to/tree python benchmarks/search_peers.py --repeat 3
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import NOT_BUILT, InBuild, compiled_tree, load_openspiel, serve, spread

from cardgames.bots.ismcts import Search, Settings
from cardgames.bots.lookup import decide, make_bot
from cardgames.bots.worlds import Worlds
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

ITERATIONS = 200  # per search
SETTINGS = Settings(iterations=ITERATIONS, horizon=100_000, beliefs=False, widen=1.0)

Searcher = Callable[[int], int]  # search position i, return the iterations made
# (CPU seconds, first position) -> (iterations, CPU seconds): one contender's slice
Slice = Callable[[float, int], tuple[int, float]]


def ours(positions: int) -> Searcher:
    """Our search from seat 0's play decisions of heuristic Последний games."""
    game = find_game("posledniy")
    options = build_options(game, "points", [])
    states: list[Any] = []
    seed = 0
    while len(states) < positions:
        seed += 1
        state = game.new_game(options, 4, seed)
        bots = [make_bot(game, "heuristic", random.Random(s)) for s in range(4)]
        while not state.hand_results() and len(states) < positions:
            seat = state.to_act()
            assert seat is not None
            legal = list(state.legal_actions())
            if seat == 0 and len(legal) > 1 and "Play" in type(legal[0]).__name__:
                states.append(state.clone())
            state.apply(decide(bots[seat], state, seat))

    def search(i: int) -> int:
        state = states[i % len(states)]
        s = Search(SETTINGS, random.Random(i))
        s.run(Worlds(state, 0), state.view(0), list(state.legal_actions()))
        return s.iterations

    return search


def hearts_positions(game: Any, positions: int) -> list[Any]:
    """Player 0's decisions after the pass in random hearts games."""
    rng = random.Random(1)
    out: list[Any] = []
    while len(out) < positions:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < positions:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            if state.current_player() == 0 and len(legal) > 1 and len(state.history()) > 70:
                out.append(state.clone())
            state.apply_action(legal[rng.randrange(len(legal))])
    return out


def openspiel_cpp(game: Any, states: list[Any]) -> Searcher:
    """``pyspiel.ISMCTSBot``: one random rollout per simulation, worlds unlimited."""
    import pyspiel

    def search(i: int) -> int:
        evaluator = pyspiel.RandomRolloutEvaluator(1, i)
        bot = pyspiel.ISMCTSBot(i, evaluator, 0.7, ITERATIONS, -1)
        bot.step(states[i % len(states)])
        return ITERATIONS

    return search


def openspiel_python(game: Any, states: list[Any]) -> Searcher:
    """OpenSpiel's Python ``ISMCTSBot``, the same settings."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    def search(i: int) -> int:
        rng = np.random.RandomState(i)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        bot = ismcts.ISMCTSBot(game, evaluator, 0.7, ITERATIONS, -1, random_state=rng)
        bot.step(states[i % len(states)])
        return ITERATIONS

    return search


def rate(search: Searcher, seconds: float, start: int) -> tuple[int, float]:
    """(iterations, CPU seconds) of searches from position ``start`` on, for about ``seconds``."""
    clock = time.process_time
    iterations, spent, i = 0, 0.0, start
    while spent < seconds:
        t = clock()
        iterations += search(i)
        spent += clock() - t
        i += 1
    return iterations, spent


def _ratio(ours: list[float], theirs: list[float]) -> str:
    lo, mid, hi = spread([a / b for a, b in zip(ours, theirs, strict=True)])
    return f"**{mid:.2f}x** ({lo:.2f}-{hi:.2f})"


def main() -> None:
    """Alternate the contenders, repeat, print one Markdown table (``--serve``: a compiled build's side)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--slice", type=float, default=3.0, help="CPU seconds per contender per repetition")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--serve", choices=["ours"], help=argparse.SUPPRESS)  # harness.InBuild's
    args = parser.parse_args()
    if args.serve:
        serve(partial(rate, ours(args.positions)))
        return
    pure = "ours: Последний, generic ISMCTS, " + ("pure Python" if _pure() else "this process's build")
    compiled = "ours: the same, compiled build (mypyc)"
    rows: list[tuple[str, Slice]] = [(pure, partial(rate, ours(args.positions)))]
    tree = compiled_tree()
    if tree is not None:
        rows.append((compiled, InBuild(__file__, "ours", tree, "--positions", str(args.positions))))
    hearts = load_openspiel("hearts")
    if hearts is not None:
        states = hearts_positions(hearts, args.positions)
        for label, peer in (
            ("OpenSpiel hearts, `pyspiel.ISMCTSBot` (C++)", openspiel_cpp(hearts, states)),
            ("OpenSpiel hearts, Python `ISMCTSBot`", openspiel_python(hearts, states)),
        ):
            rows.append((label, partial(rate, peer)))
    rates: dict[str, list[float]] = {label: [] for label, _ in rows}
    for r in range(args.repeat):
        for label, run in rows:
            n, spent = run(args.slice, r * 1000)
            rates[label].append(n / spent)
    head = f"contender ({ITERATIONS} iterations a search) | iterations per CPU second"
    print(f"| {head} | ours / it | compiled / it |")
    print("|---|---|---|---|")
    for label, _ in rows:
        lo, mid, hi = spread(rates[label])
        by_pure = "-" if label == pure else _ratio(rates[pure], rates[label])
        by_compiled = (
            "-" if label == compiled else NOT_BUILT if tree is None else _ratio(rates[compiled], rates[label])
        )
        print(f"| {label} | {mid:,.0f} ({lo:,.0f}-{hi:,.0f}) | {by_pure} | {by_compiled} |")
        if label == pure and tree is None:
            print(f"| {compiled} | {NOT_BUILT} | {NOT_BUILT} | - |")


def _pure() -> bool:
    import cardgames.bots.ismcts as probe  # compiled in the compiled build (setup.py)

    return bool(probe.__file__ and probe.__file__.endswith(".py"))


if __name__ == "__main__":
    main()
