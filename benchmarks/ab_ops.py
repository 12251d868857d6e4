"""Benchmark: rows of ``bench_ops.py`` for this checkout against another, alternating in one run.

Each round runs one child process per checkout (the order alternates from round to round),
each timing the same rows of one game over the same positions (``bench_ops.our_rows``, the
same seeded games) with that checkout's ``cardgames`` first on ``PYTHONPATH``. The table
gives, per row, the min/median/max over all repetitions of every round for both checkouts
and the median of the per-round ratios (this checkout's median over the baseline's, taken
in the same round, so a change in the machine's load affects both sides of a ratio alike).

Run::

    git archive 819321e | tar -x -C /tmp/old     # the checkout to compare with
    python benchmarks/ab_ops.py --baseline /tmp/old --rows view,"heuristic decision"
    python benchmarks/ab_ops.py --baseline /tmp/old --game posledniy --rounds 9
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def child(game: str, rows: list[str], repeat: int, seconds: float, games: int) -> None:
    """Time the rows in this process (whichever ``cardgames`` it imports) and print them as JSON."""
    sys.path.insert(0, str(HERE))
    from bench_ops import our_rows

    from cardgames.core.options import make_options
    from cardgames.games.dernier import Dernier
    from cardgames.games.dernier.options import PRESETS, DernierOptions
    from cardgames.games.posledniy import Posledniy
    from cardgames.games.posledniy.options import PosledniyOptions

    if game == "dernier":
        options = make_options(DernierOptions, PRESETS, "quick", {"hands_to_win": 1})  # as bench_ops.py
        timers = our_rows(Dernier(), options, games)
    else:
        timers = our_rows(Posledniy(), PosledniyOptions(), games)
    unknown = [row for row in rows if row not in timers]
    if unknown:
        sys.exit(f"ab_ops: no such row {unknown[0]!r} (rows: {', '.join(timers)})")
    got: dict[str, list[float]] = {row: [] for row in rows}
    for _ in range(repeat):
        for row in rows:
            got[row].append(timers[row](seconds))
    import cardgames

    print(json.dumps({"package": cardgames.__file__, "rows": got}))


def run(tree: Path, args: argparse.Namespace) -> dict[str, list[float]]:
    """One child process timing the rows with ``tree``'s package."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, __file__, "--child", "--game", args.game, "--rows", args.rows]
    command += ["--repeat", str(args.repeat), "--seconds", str(args.seconds), "--games", str(args.games)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"ab_ops: the child for {tree} failed:\n{done.stderr.strip()}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if not Path(result["package"]).resolve().is_relative_to(tree):
        sys.exit(f"ab_ops: the child for {tree} imported {result['package']}")
    rows: dict[str, list[float]] = result["rows"]
    return rows


def spread(values: list[float]) -> str:
    """``median (min-max)``."""
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    """Command line: --baseline, --game, --rows, --rounds, --repeat, --seconds, --games."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--baseline", type=Path, help="the other checkout (its folder holding cardgames/)")
    parser.add_argument("--game", choices=("dernier", "posledniy"), default="dernier")
    parser.add_argument("--rows", default="view,heuristic decision", help="bench_ops rows, comma-separated")
    parser.add_argument("--rounds", type=int, default=7, help="child processes per checkout (default 7)")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions of each row in a child")
    parser.add_argument("--seconds", type=float, default=0.2, help="CPU seconds per row per repetition")
    parser.add_argument("--games", type=int, default=6, help="random games the positions come from")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    rows = [row.strip() for row in args.rows.split(",") if row.strip()]
    if args.child:
        child(args.game, rows, args.repeat, args.seconds, args.games)
        return
    if args.baseline is None or not (args.baseline / "cardgames" / "__init__.py").is_file():
        sys.exit("ab_ops: --baseline must name a checkout folder holding cardgames/")
    ours: dict[str, list[float]] = {row: [] for row in rows}
    theirs: dict[str, list[float]] = {row: [] for row in rows}
    ratios: dict[str, list[float]] = {row: [] for row in rows}
    for i in range(args.rounds):
        trees = [(ROOT, ours), (args.baseline.resolve(), theirs)]
        got = {}
        for tree, into in trees if i % 2 == 0 else trees[::-1]:
            got[tree] = run(tree, args)
            for row in rows:
                into[row].extend(got[tree][row])
        for row in rows:
            new, old = got[ROOT][row], got[args.baseline.resolve()][row]
            ratios[row].append(statistics.median(new) / statistics.median(old))
    print(f"\n### {args.game}: this checkout against {args.baseline}, µs per call, CPU time")
    print(f"({args.rounds} alternating rounds of one process each, {args.repeat} repetitions a process)\n")
    print("| call | this checkout µs | baseline µs | ratio (median of rounds) | rounds' ratios |")
    print("|---|---|---|---|---|")
    for row in rows:
        each = ", ".join(f"{r:.2f}" for r in ratios[row])
        ratio = statistics.median(ratios[row])
        print(f"| {row} | {spread(ours[row])} | {spread(theirs[row])} | {ratio:.2f}x | {each} |")


if __name__ == "__main__":
    main()
