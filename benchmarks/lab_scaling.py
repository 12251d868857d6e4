"""The simulation lab's scaling: games/s on 1 and 2 workers, the cost of a batch on each backend,
and the driver's own cost per result (what bounds a large cluster).

Run::

    python benchmarks/lab_scaling.py                    # processes only
    python benchmarks/lab_scaling.py --dask --ray       # and a local Dask cluster, a local Ray
    python benchmarks/lab_scaling.py --games 200 --repeat 5 --preset classic

Every figure is the min / median / max of ``--repeat`` runs (wall clock, this machine may be
shared: quote medians and ratios). The overhead of a batch is measured with empty batches
(no game to play), one in flight at a time (the round trip) and many in flight (what each
batch costs when the workers are kept busy, as the runner does).
"""

from __future__ import annotations

import argparse
import json
import logging
import pickle
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardgames.lab.backends import Backend, Dask, Processes, Ray, Serial
from cardgames.lab.plan import Plan, simulation_plan
from cardgames.lab.runner import run
from cardgames.lab.summary import summarise
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game


def spread(values: list[float]) -> str:
    """min / median / max."""
    return f"{min(values):.4g} / {statistics.median(values):.4g} / {max(values):.4g}"


def throughput(game: Any, plan: Plan, workers: int, repeat: int) -> list[float]:
    """Games per second of whole runs (pool start included) on ``workers`` local workers."""
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        backend: Backend = Serial() if workers == 1 else Processes(workers)
        try:
            result = run(game, [plan], backend)
        finally:
            backend.close()
        rates.append(len(result.results[0]) / (time.perf_counter() - start))
    return rates


def overhead(
    make: Callable[[], Backend], game: Any, plan: Plan, batches: int, repeat: int
) -> tuple[list[float], list[float]]:
    """Milliseconds per empty batch: one in flight at a time, and all in flight together."""
    backend = make()
    try:
        for _ in range(3):  # warm the workers (imports, first connection)
            backend.wait([backend.submit(game, plan, 0, 0)])
        serial_ms, pipelined_ms = [], []
        for _ in range(repeat):
            start = time.perf_counter()
            for _ in range(batches):
                backend.wait([backend.submit(game, plan, 0, 0)])
            serial_ms.append((time.perf_counter() - start) * 1000 / batches)
            start = time.perf_counter()
            pending = [backend.submit(game, plan, 0, 0) for _ in range(batches)]
            while pending:
                finished = {id(h) for h, _ in backend.wait(pending)}
                pending = [h for h in pending if id(h) not in finished]
            pipelined_ms.append((time.perf_counter() - start) * 1000 / batches)
        return serial_ms, pipelined_ms
    finally:
        backend.close()


def driver_costs(game: Any, plan: Plan, repeat: int) -> dict[str, list[float]]:
    """Microseconds the driver spends per result: unpickling it, writing its --out line, summarising."""
    results = run(game, [plan], Serial()).results[0]
    blob = pickle.dumps(results)
    out: dict[str, list[float]] = {"unpickle": [], "json line": [], "summary": []}
    for _ in range(repeat):
        start = time.perf_counter()
        pickle.loads(blob)
        out["unpickle"].append((time.perf_counter() - start) * 1e6 / len(results))
        start = time.perf_counter()
        for r in results:
            json.dumps({"variant": 0, **r.to_data()})
        out["json line"].append((time.perf_counter() - start) * 1e6 / len(results))
        start = time.perf_counter()
        summarise(results, plan.players)
        out["summary"].append((time.perf_counter() - start) * 1e6 / len(results))
    out["bytes"] = [len(blob) / len(results)]
    return out


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="dernier")
    parser.add_argument("--preset", default=None)
    parser.add_argument("--bots", default="heuristic,heuristic,heuristic,heuristic")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--batches", type=int, default=200, help="empty batches per overhead run")
    parser.add_argument("--dask", action="store_true", help="also a local Dask cluster (2 workers)")
    parser.add_argument("--ray", action="store_true", help="also a local Ray instance (2 CPUs)")
    args = parser.parse_args()

    game = find_game(args.game)
    bots = args.bots.split(",")
    plan = simulation_plan(game, build_options(game, args.preset, []), bots, 1, args.games)
    one = throughput(game, plan, 1, args.repeat)
    two = throughput(game, plan, 2, args.repeat)
    print(f"{game.name}, {', '.join(bots)}, {args.games} games a run, {args.repeat} runs (wall clock)\n")
    print("| figure | min / median / max |\n|---|---|")
    print(f"| 1 worker (this process) | {spread(one)} games/s |")
    print(f"| 2 worker processes | {spread(two)} games/s |")
    print(f"| ratio of medians, 2 workers / 1 | **{statistics.median(two) / statistics.median(one):.2f}** |")

    makers: list[tuple[str, Callable[[], Backend]]] = [
        ("serial", Serial),
        ("processes", lambda: Processes(2)),
    ]
    if args.dask:
        makers.append(("dask", lambda: Dask("local", 2)))
    if args.ray:
        logging.getLogger("ray").setLevel(logging.ERROR)
        makers.append(("ray", lambda: Ray("local", 2)))
    print(f"\n| overhead of one empty batch, ms ({args.batches} a run) | one in flight | all in flight |")
    print("|---|---|---|")
    for name, make in makers:
        serial_ms, pipelined_ms = overhead(make, game, plan, args.batches, args.repeat)
        print(f"| {name} | {spread(serial_ms)} | {spread(pipelined_ms)} |")

    costs = driver_costs(game, plan, args.repeat)
    size = costs.pop("bytes")[0]
    print(
        f"\n| the driver's cost per result ({size:.0f} bytes pickled), µs | min / median / max |\n|---|---|"
    )
    for name, values in costs.items():
        print(f"| {name} | {spread(values)} |")


if __name__ == "__main__":
    main()
