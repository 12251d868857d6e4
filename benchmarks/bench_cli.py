"""Benchmark: wall time of whole ``cardgames`` processes, as a user or a script starts them.

Rows: the floors (``python -S -c pass``, the interpreter without ``site``; ``python -c pass``,
its usual start, with this environment's ``site`` and editable-install hooks; ``import attrs``,
``import rich.console`` and ``import typer``, the libraries a game needs, alone and together),
then ``cardgames --help``, ``--version``, a mistyped command (``cardgames lst``), ``cardgames
list`` (which imports the plugins), and an unattended game: four heuristic bots play a one-hand
Dernier match (``cardgames play dernier --players bot,bot,bot,bot --seed 1 --option
hands_to_win=1``), then ``cardgames resume`` and ``cardgames replay --brief`` of that game saved
(the file is written once, before the runs: resuming a finished game reads and replays its
record and reports the end; a replay shows every move). The commands alternate, each run
``--runs`` times after one warm-up, and the table gives min/median/max milliseconds of wall time
(what a user waits for) and of the process's CPU time (user + system; less skewed by other work
on a busy machine). Compare rows within one run. A last row is the game alone: the same game run
in a process that has already imported everything it needs, timed inside that process, so "whole
game minus game alone" is what start-up costs.

Every child runs with Python's bytecode cache on (``PYTHONDONTWRITEBYTECODE`` removed), as a
user's Python runs: the warm-up writes the ``__pycache__`` files, and no run compiles source.
With the cache off and none written before, each run compiles the program's modules from
source: the game then took 1.24x its CPU time (median of 7 pairs). The installed ``cardgames`` command is the
one next to this interpreter. Run::

    python benchmarks/bench_cli.py            # 9 runs each
    python benchmarks/bench_cli.py --baseline /path/to/old/checkout:/path/to/old/typer

``--baseline PYTHONPATH`` adds, alternating with the rows above, the same two commands run
as ``python -m cardgames`` with that ``PYTHONPATH`` (another checkout's sources, and if
wanted another typer installed there with ``pip install --target``), and the ratio of
each pair of runs (now / baseline), so a before/after comparison is made in one run. The
baseline keeps its cache folder to itself: older versions kept a plugin cache there, and two
versions sharing one cache file would each find the other's there on every run.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import spread

GAME = ["play", "dernier", "--players", "bot,bot,bot,bot", "--seed", "1", "--option", "hands_to_win=1"]
# the game above, saved once before the runs (see saved_game)
SAVED = Path(tempfile.gettempdir()) / f"bench-cli-game-{os.getpid()}.json"
RESUME = ["resume", str(SAVED)]
REPLAY = ["replay", str(SAVED), "--brief"]


def commands(as_module: bool) -> dict[str, list[str]]:
    """The rows: label -> argv."""
    here = Path(sys.executable).parent / "cardgames"
    program = [str(here) if here.exists() else shutil.which("cardgames") or "cardgames"]
    if as_module:  # the sources on PYTHONPATH, e.g. another checkout, rather than the installed program
        program = [sys.executable, "-m", "cardgames"]
    return {
        "python -S -c pass (the interpreter alone)": [sys.executable, "-S", "-c", "pass"],
        "python -c pass (floor)": [sys.executable, "-c", "pass"],
        "python -c 'import attrs'": [sys.executable, "-c", "import attrs"],
        "python -c 'import rich.console'": [sys.executable, "-c", "import rich.console"],
        "python -c 'import typer' (the command-line library alone)": [sys.executable, "-c", "import typer"],
        "python -c 'import attrs, rich.console, typer' (a game's libraries)": [
            sys.executable,
            "-c",
            "import attrs, rich.console, typer",
        ],
        "cardgames --help": [*program, "--help"],
        "cardgames --version": [*program, "--version"],
        "cardgames lst (a mistyped command)": [*program, "lst"],
        "cardgames list": [*program, "list"],
        "unattended bot game (cardgames play dernier, 4 bots, 1 hand)": [*program, *GAME],
        "cardgames resume (that game, saved)": [*program, *RESUME],
        "cardgames replay --brief (that game, saved)": [*program, *REPLAY],
    }


# The game alone: everything it imports is imported first, then the same game is timed in-process.
GAME_ALONE = """
import os, sys, time
from cardgames.cli.main import main
import cardgames.play.playing, cardgames.plugins.registry, cardgames.games.dernier
from cardgames.plugins.registry import find_game
find_game("dernier")
sys.argv = ["cardgames", *sys.argv[1:]]
out = os.fdopen(os.dup(1), "w")
sys.stdout = open(os.devnull, "w")
wall, cpu = time.perf_counter(), time.process_time()
try:
    main()
except SystemExit:
    pass
print((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000, file=out)
"""


def game_alone_ms() -> tuple[float, float]:
    """(wall, CPU) milliseconds of the game alone, timed inside a process that imported everything."""
    argv = [sys.executable, "-c", GAME_ALONE, *GAME]
    done = subprocess.run(argv, capture_output=True, text=True, check=True, env=child_env())
    wall, cpu = done.stdout.split()
    return float(wall), float(cpu)


def child_env() -> dict[str, str]:
    """The environment of every run: 80 columns, Python's bytecode cache on as for a user."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "COLUMNS": "80"}


def baseline_rows(path: str) -> dict[str, list[str]]:
    """The --help and game rows run from the sources on ``path`` (label -> argv, PYTHONPATH set)."""
    # -P: the current folder is not put first on sys.path (it may be the new checkout); a plugin cache
    # folder of its own, as if it were the one version installed (two versions would take turns)
    cache = Path(tempfile.gettempdir()) / f"bench-cli-baseline-cache-{os.getuid()}"
    program = [
        "env",
        f"PYTHONPATH={path}",
        f"XDG_CACHE_HOME={cache}",
        sys.executable,
        "-P",
        "-m",
        "cardgames",
    ]
    return {
        "baseline: cardgames --help": [*program, "--help"],
        "baseline: unattended bot game": [*program, *GAME],
        "baseline: cardgames resume": [*program, *RESUME],
        "baseline: cardgames replay --brief": [*program, *REPLAY],
    }


def saved_game() -> None:
    """Play the game once with ``--save``, for the resume and replay rows."""
    SAVED.unlink(missing_ok=True)
    argv = [sys.executable, "-m", "cardgames", *GAME, "--save", str(SAVED)]
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True, env=child_env())


def run_ms(argv: list[str]) -> tuple[float, float]:
    """(wall, CPU) milliseconds of one run (output discarded; a failure stops the benchmark)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=child_env())
    if done.returncode not in (0, 2):  # 2: the mistyped command's usage error, which is a row
        raise SystemExit(f"{argv} failed with exit code {done.returncode}")
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
    saved_game()
    try:
        _run(args, rows)
    finally:
        SAVED.unlink(missing_ok=True)


def _run(args: argparse.Namespace, rows: dict[str, list[str]]) -> None:
    """Warm up, run every row ``args.runs`` times in turn, print the tables."""
    for argv in rows.values():
        run_ms(argv)  # warm-up: file caches, bytecode
    game_alone_ms()
    times: dict[str, list[tuple[float, float]]] = {label: [] for label in rows}
    alone = "the game alone, in a process that imported everything first"
    times[alone] = []
    for _ in range(args.runs):
        for label, argv in rows.items():
            times[label].append(run_ms(argv))
        times[alone].append(game_alone_ms())
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
        pairs.append(
            (next(k for k in rows if k.startswith("cardgames resume")), "baseline: cardgames resume")
        )
        pairs.append(
            (next(k for k in rows if k.startswith("cardgames replay")), "baseline: cardgames replay --brief")
        )
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
