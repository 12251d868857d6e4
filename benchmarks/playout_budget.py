"""Benchmark: where a random Dernier game's time goes, against what the random-playout targets leave.

The targets (docs/performance.md#targets) ask random playouts of ``dernier-short`` (Dernier cut
to crazy_eights' length, ``bench_playouts.py``) for at least 0.8x the games per second of the
lean pyspiel loop in pure Python and 0.5x OpenSpiel's C++ loop in the compiled build. A game's
time is split here into three parts:

- the deal: ``new_game``, which shuffles the decks from the seed's keyed stream
  (docs/fair-deal.md): the same work in both builds, done by the hash and big-number code;
- the loop and its random draws: the benchmark's own loop, a ``randrange`` and an index a
  decision, timed on a list of six for as many decisions as the games had;
- the engine's moves: the rest (``to_act``, ``legal_actions`` and ``apply``), per decision.

The peers' games per second are measured in the same run, alternating slices with ours, so
the table says, in each build, how many µs a decision the engine's moves may take at the
target once the deal and the loop are paid, and how much faster they would have to become.
Run::

    python benchmarks/playout_budget.py --repeat 5 --slice 0.4
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_playouts import SHORT_LIMIT
from harness import (
    NOT_BUILT,
    InBuild,
    compiled_tree,
    load_openspiel,
    openspiel_cpp_play,
    openspiel_lean_play,
    serve,
    spread,
)

from cardgames.core.options import make_options
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import PRESETS, DernierOptions

TARGETS = {"pure": ("lean", 0.8), "compiled": ("cpp", 0.5)}  # our build: (its peer, the share asked)
BARE = (0, 1, 2, 3, 4, 5)  # the bare loop's legal list


def split_play(seconds: float, seed: int) -> tuple[int, int, float, float, float]:
    """(decisions, games, CPU s of whole games, of their deals, of the bare loop) of random dernier-short."""
    game = Dernier()
    options = make_options(DernierOptions, PRESETS, "quick", {"hands_to_win": 1, "turn_limit": SHORT_LIMIT})
    randrange = random.Random(seed).randrange
    clock = time.process_time
    decisions = games = 0
    spent = dealt = 0.0
    game_seed = seed
    while spent < seconds:
        start = clock()
        state = game.new_game(options, 4, game_seed)
        middle = clock()
        legal_actions, apply, to_act = state.legal_actions, state.apply, state.to_act
        while to_act() is not None:
            legal = legal_actions()
            apply(legal[randrange(len(legal))])
            decisions += 1
        spent += clock() - start
        dealt += middle - start
        game_seed += 1
        games += 1
    bare = BARE
    start = clock()
    for _ in range(decisions):
        bare[randrange(len(bare))]
    return decisions, games, spent, dealt, clock() - start


def measure(repeat: int, slice_seconds: float, seed: int, tree: Path | None) -> None:
    """Alternate ours (in each build) with the peers, repeat, and print one Markdown table."""
    game = load_openspiel("crazy_eights", {"players": 4})
    if game is None:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no targets to measure against")
        return
    builds = {"pure": split_play}
    if tree is not None:
        builds["compiled"] = InBuild(__file__, "split", tree)
    runs: dict[str, list[tuple[float, ...]]] = {name: [] for name in builds}
    for r in range(repeat):
        ours = {name: [0.0] * 5 for name in builds}
        lean = [0.0, 0.0]  # games, CPU s
        cpp = [0.0, 0.0]
        for k in range(4):  # four slices each per repetition, interleaved
            part_seed = seed + r * 1000 + k
            for name, run in builds.items():
                for i, x in enumerate(run(slice_seconds / 4, part_seed)):
                    ours[name][i] += x
            _, games, spent = openspiel_lean_play(game, slice_seconds / 4, part_seed)
            lean[0] += games
            lean[1] += spent
            games, spent = openspiel_cpp_play(game, slice_seconds / 4, part_seed)
            cpp[0] += games
            cpp[1] += spent
        peers = {"lean": lean[1] / lean[0], "cpp": cpp[1] / cpp[0]}  # CPU s a game
        for name, (decisions, games, spent, dealt, looped) in ours.items():
            peer, share = TARGETS[name]
            target = peers[peer] / share  # CPU s a game at the target
            moves = (spent - dealt - looped) / decisions
            left = (target - (dealt + looped) / games) / (decisions / games)
            runs[name].append(
                (
                    spent / games,
                    dealt / games,
                    looped / games,
                    moves,
                    target,
                    left,
                    moves / left if left > 0 else math.inf,  # no engine could: out of reach
                    decisions / games,
                )
            )
    print(f"\n### dernier-short: {repeat} repetitions of {slice_seconds} s slices, CPU time\n")
    print("| | pure Python | compiled build (mypyc) |")
    print("|---|---|---|")
    lines = (
        ("a whole game, µs", 0, 1e6, 0),
        ("the deal (`new_game`), µs a game", 1, 1e6, 0),
        ("the loop and its random draws, µs a game", 2, 1e6, 0),
        ("the engine's moves, µs a decision", 3, 1e6, 2),
        ("a whole game at the target, µs (0.8x the lean loop; 0.5x C++)", 4, 1e6, 0),
        ("left for the engine's moves at the target, µs a decision", 5, 1e6, 2),
        ("how much faster the engine's moves would have to be", 6, 1, 2),
    )
    for label, i, scale, digits in lines:
        cells = []
        for name in ("pure", "compiled"):
            if name not in runs:
                cells.append(NOT_BUILT)
                continue
            lo, mid, hi = spread([x[i] * scale for x in runs[name]])
            if i == 6:
                cells.append(f"**{_times(mid)}** ({_times(lo)}-{_times(hi)})")
            else:
                cells.append(f"{mid:,.{digits}f} ({lo:,.{digits}f}-{hi:,.{digits}f})")
        print(f"| {label} | {' | '.join(cells)} |")
    length = spread([x[7] for x in runs["pure"]])[1]
    print(f"\nDecisions a game: {length:.0f}. Where the deal and the loop alone pass the target, the budget")
    print("left is below zero and no engine could reach it: the table says so rather than give a factor.")


def _times(factor: float) -> str:
    """A factor such as 1.52x, or the words for a target out of any engine's reach."""
    return f"{factor:.2f}x" if math.isfinite(factor) else "out of reach"


def main() -> None:
    """Command line: --repeat, --slice, --seed."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--slice", type=float, default=0.4, help="CPU seconds per contender per repetition")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve", choices=["split"], help=argparse.SUPPRESS)  # harness.InBuild's child
    args = parser.parse_args()
    if args.serve:
        serve(split_play)
        return
    measure(args.repeat, args.slice, args.seed, compiled_tree())


if __name__ == "__main__":
    main()
