"""Benchmark: wall time of whole ``cardgames`` processes, as a user or a script starts them.

Rows: ``python -c pass`` (the interpreter's own start, the floor), ``cardgames --help``,
and an unattended game: four heuristic bots play a one-hand Dernier match
(``cardgames play dernier --players bot,bot,bot,bot --seed 1 --option hands_to_win=1``).
The commands alternate, each run ``--runs`` times after one warm-up, and the table gives
min/median/max milliseconds of wall time (what a user waits for) and of the process's CPU
time (user + system; less skewed by other work on a busy machine). Compare rows within one
run. The installed ``cardgames`` command is the one next to this interpreter. Run::

    python benchmarks/bench_cli.py            # 9 runs each
    python benchmarks/bench_cli.py --baseline /path/to/old/checkout:/path/to/old/typer

``--baseline PYTHONPATH`` adds, alternating with the rows above, the same two commands run
as ``python -m cardgames`` with that ``PYTHONPATH`` (another checkout's sources, and if
wanted another typer installed there with ``pip install --target``), and the ratio of
each pair of runs (now / baseline), so a before/after comparison is made in one run.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from cardgames.benchmark import spread

GAME = ["play", "dernier", "--players", "bot,bot,bot,bot", "--seed", "1", "--option", "hands_to_win=1"]


def commands(as_module: bool) -> dict[str, list[str]]:
    """The rows: label -> argv."""
    here = Path(sys.executable).parent / "cardgames"
    program = [str(here) if here.exists() else shutil.which("cardgames") or "cardgames"]
    if as_module:  # the sources on PYTHONPATH, e.g. another checkout, rather than the installed program
        program = [sys.executable, "-m", "cardgames"]
    return {
        "python -c pass (floor)": [sys.executable, "-c", "pass"],
        "python -c 'import typer' (the command-line library alone)": [sys.executable, "-c", "import typer"],
        "cardgames --help": [*program, "--help"],
        "unattended bot game (cardgames play dernier, 4 bots, 1 hand)": [*program, *GAME],
    }


def baseline_rows(path: str) -> dict[str, list[str]]:
    """The --help and game rows run from the sources on ``path`` (label -> argv, PYTHONPATH set)."""
    # -P: the current folder is not put first on sys.path (it may be the new checkout)
    program = ["env", f"PYTHONPATH={path}", sys.executable, "-P", "-m", "cardgames"]
    return {
        "baseline: cardgames --help": [*program, "--help"],
        "baseline: unattended bot game": [*program, *GAME],
    }


def run_ms(argv: list[str]) -> tuple[float, float]:
    """(wall, CPU) milliseconds of one run (output discarded; a failure stops the benchmark)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    env = {**os.environ, "COLUMNS": "80"}
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall * 1000, cpu * 1000


def main() -> None:
    """Command line: --runs, --module."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--runs", type=int, default=9, help="runs of each command (default 9)")
    parser.add_argument("--module", action="store_true", help="run python -m cardgames instead")
    parser.add_argument("--baseline", metavar="PYTHONPATH", help="also run the sources on this path")
    args = parser.parse_args()
    rows = commands(args.module)
    if args.baseline:
        rows.update(baseline_rows(args.baseline))
    for argv in rows.values():
        run_ms(argv)  # warm-up: file caches, bytecode
    times: dict[str, list[tuple[float, float]]] = {label: [] for label in rows}
    for _ in range(args.runs):
        for label, argv in rows.items():
            times[label].append(run_ms(argv))
    print(f"\n### whole processes: {args.runs} runs each, alternating\n")
    print("| command | wall ms, median (min-max) | CPU ms, median (min-max) |")
    print("|---|---|---|")
    for label, values in times.items():
        wall = spread([w for w, _ in values])
        cpu = spread([c for _, c in values])
        print(f"| {label} | {_ms(wall)} | {_ms(cpu)} |")
    if args.baseline:
        print("\n| now / baseline, pair by pair | wall, median (min-max) | CPU, median (min-max) |")
        print("|---|---|---|")
        pairs = [("cardgames --help", "baseline: cardgames --help")]
        pairs.append((next(k for k in rows if k.startswith("unattended")), "baseline: unattended bot game"))
        for now, then in pairs:
            walls = spread([a[0] / b[0] for a, b in zip(times[now], times[then], strict=True)])
            cpus = spread([a[1] / b[1] for a, b in zip(times[now], times[then], strict=True)])
            print(f"| {now} | {_ratio(walls)} | {_ratio(cpus)} |")


def _ratio(values: tuple[float, float, float]) -> str:
    return f"{values[1]:.2f}x ({values[0]:.2f}-{values[2]:.2f})"


def _ms(values: tuple[float, float, float]) -> str:
    return f"{values[1]:.0f} ({values[0]:.0f}-{values[2]:.0f})"


if __name__ == "__main__":
    main()
