"""Benchmark: random playouts of our games beside OpenSpiel's, like for like, in one run.

Three comparisons, each a row per contender:

- ``dernier-short``: Dernier (4 players, ``quick``, one-hand matches) cut by ``turn_limit``
  to crazy_eights' length (a random crazy_eights game lasts about 83 decisions, so does
  this variant: the table prints both means), against OpenSpiel's ``crazy_eights`` (4
  players) and the pure-Python ceiling (``benchmarks/ceiling.py``, cut at 100 decisions);
- ``dernier``: whole random Dernier hands (up to the default 1,000-decision limit), the
  same peers;
- ``posledniy``: whole Последний deals (4 players, chips games of 100 deals) against
  whole deals of OpenSpiel's ``hearts``;
- ``plugin``: whole games of the example plugin Crazy Eights (``examples/crazyeights``, 4
  players, written as the plugin guide teaches and found as every command finds a plugin)
  against OpenSpiel's ``crazy_eights``: what a third-party game gets.

Each OpenSpiel game runs twice: in the lean pyspiel loop (``legal_actions`` and
``apply_action`` per step, uniform chance outcomes applied directly) and in OpenSpiel's own
C++ loop (``evaluate_bots`` with uniform random bots; its decisions are its games times
the mean length measured by the lean loop). Rates are per second of this process's CPU
time; the contenders alternate in slices of ``--slice`` seconds and the whole is repeated
``--repeat`` times, and the table gives min/median/max over the repetitions of each rate
and of each ratio (taken within one repetition). Our game runs in this process's build and,
when ``CARDGAMES_COMPILED_TREE`` names a compiled build (docs/performance.md), in that build
too, in a child process that takes its slices in turn with the others. Run::

    python benchmarks/bench_playouts.py                  # 5 repetitions of 0.5 s slices
    python benchmarks/bench_playouts.py --only posledniy --repeat 9
    python benchmarks/bench_playouts.py --profile dernier-short
    python benchmarks/bench_playouts.py --only plugin     # needs pip install -e examples/crazyeights
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ceiling import shedding_play
from harness import (
    NOT_BUILT,
    InBuild,
    Tally,
    check_uniform_chance,
    compiled_tree,
    load_openspiel,
    openspiel_cpp_play,
    openspiel_lean_play,
    random_play,
    serve,
    spread,
)

from cardgames.core.options import make_options
from cardgames.core.state import GameState
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import PRESETS, DernierOptions
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

SHORT_LIMIT = 85  # Dernier's turn_limit that gives crazy_eights' mean length (about 83 decisions)
DEALS_PER_GAME = 100  # a Последний chips game of 25 rounds: new games (and seat draws) stay rare

Runner = Callable[[float, int], Tally]


def dernier_runner(turn_limit: int | None) -> Runner:
    """Random one-hand Dernier matches, 4 players, ``quick`` (games are hands)."""
    extra = {} if turn_limit is None else {"turn_limit": turn_limit}
    options = make_options(DernierOptions, PRESETS, "quick", {"hands_to_win": 1, **extra})
    return lambda seconds, seed: random_play(Dernier(), options, 4, seconds, seed)


def posledniy_runner(seconds: float, seed: int) -> Tally:
    """Random Последний, 4 players; counts deals, not games."""
    options = PosledniyOptions(scoring="chips", rounds=DEALS_PER_GAME // 4)
    deals = 0

    def count(state: GameState) -> None:
        nonlocal deals
        deals += len(state.hand_results())

    decisions, _, spent = random_play(Posledniy(), options, 4, seconds, seed, count)
    return decisions, deals, spent


PLUGIN = "Crazy Eights, examples/crazyeights (a plugin)"


def plugin_runner(seconds: float, seed: int) -> Tally:
    """Random games of the example plugin Crazy Eights, 4 players, as the registry gives it to commands."""
    game = find_game("crazyeights")
    return random_play(game, build_options(game, None, ()), 4, seconds, seed)


def openspiel_runners(name: str, params: dict[str, Any]) -> tuple[Runner, Runner] | None:
    """The lean and the C++ loop of one OpenSpiel game (C++ tallies are filled in later)."""
    game = load_openspiel(name, params)
    if game is None:
        return None
    check_uniform_chance(game, 20, 0)

    def cpp(seconds: float, seed: int) -> Tally:
        games, spent = openspiel_cpp_play(game, seconds, seed)
        return -1, games, spent  # decisions: the lean loop's mean length times the games

    return (lambda seconds, seed: openspiel_lean_play(game, seconds, seed)), cpp


def contenders(which: str) -> tuple[str, list[tuple[str, Runner]]]:
    """The unit counted as a game, and the (label, runner) rows of one comparison."""
    if which == "posledniy":
        rows: list[tuple[str, Runner]] = [("Последний (whole deals)", posledniy_runner)]
        peer = openspiel_runners("hearts", {})
        if peer is not None:
            rows += [("hearts, lean pyspiel loop", peer[0]), ("hearts, C++ evaluate_bots", peer[1])]
        return "deals", rows
    if which == "plugin":
        rows = [(PLUGIN, plugin_runner)]
    else:
        limit = SHORT_LIMIT if which == "dernier-short" else None
        rows = [(f"Dernier turn_limit={limit}" if limit else "Dernier (whole hands)", dernier_runner(limit))]
    peer = openspiel_runners("crazy_eights", {"players": 4})
    if peer is not None:
        rows += [("crazy_eights, lean pyspiel loop", peer[0]), ("crazy_eights, C++ evaluate_bots", peer[1])]
    if which != "plugin":
        rows.append(("pure-Python ceiling loop", lambda seconds, seed: shedding_play(seconds, seed)))
    return "games", rows


def measure(which: str, repeat: int, slice_seconds: float, seed: int, tree: Path | None) -> None:
    """Alternate the contenders, repeat, and print one Markdown table."""
    unit, rows = contenders(which)
    ours, compiled_label = rows[0][0], f"{rows[0][0]}, compiled build (mypyc)"
    if tree is not None:
        rows.insert(1, (compiled_label, InBuild(__file__, which, tree)))
    rates: dict[str, list[tuple[float, float, float]]] = {label: [] for label, _ in rows}
    for r in range(repeat):
        tallies: dict[str, list[float]] = {label: [0.0, 0.0, 0.0] for label, _ in rows}
        for k in range(4):  # four slices each per repetition, interleaved
            for label, run in rows:
                part = run(slice_seconds / 4, seed + r * 1000 + k)
                total = tallies[label]
                for i in range(3):
                    total[i] += part[i]
        lean = next((t for label, t in tallies.items() if "lean" in label), None)
        for label, (decisions, games, spent) in tallies.items():
            if decisions < 0 and lean is not None:  # the C++ loop: the lean loop's mean length
                decisions = games * lean[0] / lean[1]
            rates[label].append((decisions / spent, games / spent, decisions / max(games, 1)))
    print(f"\n### {which}: {repeat} repetitions of {slice_seconds} s slices, CPU time\n")
    ratios = f"ratio ours/it, decisions/s | ratio ours/it, {unit}/s"
    compiled = f"compiled/it, decisions/s | compiled/it, {unit}/s"
    print(f"| contender | decisions/s | {unit}/s | decisions per {unit[:-1]} | {ratios} | {compiled} |")
    print("|---|---|---|---|---|---|---|---|")
    for label, _ in rows:
        d = spread([x[0] for x in rates[label]])
        g = spread([x[1] for x in rates[label]])
        length = spread([x[2] for x in rates[label]])[1]
        cells = [_fmt(d, 0), _fmt(g, 1), f"{length:,.0f}"]
        for base in (ours, compiled_label):
            if base not in rates:
                cells += [NOT_BUILT, NOT_BUILT]
            elif label == base:
                cells += ["-", "-"]
            else:
                cells += [
                    _ratios([a[i] / b[i] for a, b in zip(rates[base], rates[label], strict=True)])
                    for i in (0, 1)
                ]
        print(f"| {label} | {' | '.join(cells)} |")
        if label == ours and compiled_label not in rates:
            print(f"| {compiled_label} | {NOT_BUILT} | {NOT_BUILT} | - | {NOT_BUILT} | {NOT_BUILT} | - | - |")


def _fmt(values: tuple[float, float, float], digits: int) -> str:
    lo, mid, hi = values
    return f"{mid:,.{digits}f} ({lo:,.{digits}f}-{hi:,.{digits}f})"


def _ratios(values: list[float]) -> str:
    lo, mid, hi = spread(values)
    return f"**{mid:.2f}x** ({lo:.2f}-{hi:.2f})"


COMPARISONS = ("dernier-short", "dernier", "posledniy", "plugin")


def main() -> None:
    """Command line: --only, --repeat, --slice, --seed, --profile."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--only", choices=COMPARISONS, action="append", help="one comparison (repeatable)")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--slice", type=float, default=0.5, help="CPU seconds per contender per repetition")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", choices=COMPARISONS, help="profile our side of one comparison instead")
    parser.add_argument("--serve", choices=COMPARISONS, help=argparse.SUPPRESS)  # harness.InBuild's child
    args = parser.parse_args()
    if args.serve:
        serve(contenders(args.serve)[1][0][1])
        return
    if args.profile:
        _, rows = contenders(args.profile)
        profiler = cProfile.Profile()
        profiler.runcall(rows[0][1], 3.0, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    if load_openspiel("crazy_eights") is None:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): only our games and the ceiling")
    tree = compiled_tree()
    for which in args.only or COMPARISONS:
        measure(which, args.repeat, args.slice, args.seed, tree)


if __name__ == "__main__":
    main()
