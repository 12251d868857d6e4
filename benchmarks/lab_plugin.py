"""The lab's speed for a third-party plugin beside a built-in game, in one run of ``cardgames simulate``.

Three games are installed in a temporary folder as a third-party plugin is (a distribution
other than cardgames, with an entry point in ``cardgames.games``), then ``python -m
cardgames simulate … --json --out FILE`` is run for each, the rows alternating:

- ``dernier``: the built-in game;
- ``dernier-plugin``: the very same rules (a subclass of Dernier that changes only its id
  and names), installed as a third-party plugin: the same games, dealt from the same seeds,
  so the two rows compare what the framework does with a plugin at equal length;
- ``highcard``: the test suite's High Card plugin (``tests/framework_highcard.py``),
  a shorter game written as a plugin author writes one.

Each row gives games/s and decisions/s of the simulation itself (``games_per_second`` of the
report and the decisions in its ``--out`` file, so the start of the process is left out) and
the CPU seconds of the whole process (less skewed by other work on a busy machine), on
``--workers`` worker processes (1: this process, the rate per core), min / median / max of
``--repeat`` runs after one warm-up. The machine may be shared: quote medians and ratios.
Run::

    python benchmarks/lab_plugin.py                       # 200 games, 5 runs, 1 worker
    python benchmarks/lab_plugin.py --games 30 --source /path/to/old/checkout   # before/after

``--source`` runs another checkout's cardgames (``PYTHONPATH``); before the one trust model
(docs/sandbox.md#who-runs-where) a plugin's bots played in child processes there, so keep
``--games`` small for such a checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_MODULE = '''"""Dernier's rules under another id: a third-party plugin for the lab's benchmark."""

from cardgames.games.dernier import Dernier


class DernierPlugin(Dernier):
    """Dernier, installed as a plugin."""

    id = "dernier-plugin"
    name = "Dernier as a plugin"
    aliases = ()
'''
ENTRY_POINTS = """[cardgames.games]
dernier-plugin = lab_bench_plugin:DernierPlugin
highcard = framework_highcard:HighCard
"""
ROWS = {
    "dernier": "built in",
    "dernier-plugin": "the same rules, as a third-party plugin",
    "highcard": "High Card, a test plugin",
}


def spread(values: list[float]) -> str:
    """min / median / max."""
    return f"{min(values):,.4g} / {statistics.median(values):,.4g} / {max(values):,.4g}"


def install(folder: Path, source: Path) -> dict[str, str]:
    """A distribution ``lab-bench-plugin`` installed in ``folder``; the environment that finds it."""
    site = folder / "site"
    info = site / "lab_bench_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (site / "lab_bench_plugin.py").write_text(PLUGIN_MODULE, encoding="utf-8")
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lab-bench-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    paths = [str(source), str(site), str(ROOT / "tests")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "XDG_CACHE_HOME": str(folder / "cache")}


def simulate(
    game: str, args: argparse.Namespace, env: dict[str, str], out: Path
) -> tuple[float, float, float]:
    """One ``cardgames simulate`` run: its games/s, its decisions/s, and its process's CPU seconds."""
    out.unlink(missing_ok=True)
    bots = args.highcard_bots if game == "highcard" else args.bots
    command = [sys.executable, "-m", "cardgames", "simulate", game, "-p", bots, "-n", str(args.games)]
    command += ["--seed", "1", "-w", str(args.workers), "--json", "--out", str(out)]
    if game != "highcard" and args.preset:
        command += ["--preset", args.preset]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    # run from the out file's folder: ``python -m`` puts the current folder first on sys.path
    done = subprocess.run(command, env=env, cwd=out.parent, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[2:])} failed: {done.stderr.strip()}")
    report = json.loads(done.stdout)
    decisions = sum(json.loads(line)["decisions"] for line in out.read_text().splitlines()[1:])
    return float(report["games_per_second"]), decisions / float(report["seconds"]), cpu


def main() -> None:
    """Install the plugins, run the rows alternately, print the table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--bots", default="heuristic,heuristic,heuristic,heuristic", help="Dernier's bots")
    parser.add_argument("--preset", default="quick", help="Dernier's preset")
    parser.add_argument("--highcard-bots", default="highest,highest,highest")
    parser.add_argument("--source", type=Path, default=ROOT, help="the checkout whose cardgames runs")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="cardgames-lab-plugin-") as tmp:
        folder = Path(tmp)
        env = install(folder, args.source)
        out = folder / "results.jsonl"
        rates: dict[str, list[tuple[float, float, float]]] = {game: [] for game in ROWS}
        start = time.perf_counter()
        for run in range(args.repeat + 1):  # the first run of each row warms up (bytecode, caches)
            for game in ROWS:
                rate = simulate(game, args, env, out)
                if run:
                    rates[game].append(rate)
        elapsed = time.perf_counter() - start

    print(
        f"`cardgames simulate`, {args.games} games a run, {args.workers} worker(s), {args.repeat} runs "
        f"after a warm-up (min / median / max); Dernier: {args.bots}, preset {args.preset}; "
        f"High Card: {args.highcard_bots}\n"
    )
    print("| row | games/s | decisions/s | CPU s of the whole process |\n|---|---|---|---|")
    for game, what in ROWS.items():
        cells = " | ".join(spread([r[k] for r in rates[game]]) for k in range(3))
        print(f"| `{game}` ({what}) | {cells} |")
    ratios = []
    for k in (0, 2):
        built_in = statistics.median(r[k] for r in rates["dernier"])
        plugin = statistics.median(r[k] for r in rates["dernier-plugin"])
        ratios.append(f"{plugin / built_in:.2f}")
    print(f"| ratio of medians, plugin / built in | {ratios[0]} | | {ratios[1]} |")
    print(f"\n{elapsed:.0f} s in all.")


if __name__ == "__main__":
    main()
