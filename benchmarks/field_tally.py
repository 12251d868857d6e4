"""The tables of a stopped ``cardgames arena --field`` run, from its ``--out`` file: complete deals only.

A run stopped before its end printed nothing; this reads the games it wrote, keeps the
deals every line-up finished (so each bot is compared on the same deals), and prints the
arena's own field tables (``cardgames.lab.field.field_standings``). Several files of the same
bots and table (runs on other seeds) are tallied together, each file's deals kept apart::

    python benchmarks/field_tally.py d2.jsonl
    python benchmarks/field_tally.py d4_19001.jsonl d4_20001.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

import attrs
from rich.console import Console

from cardgames.lab.field import field_standings
from cardgames.lab.report import arena_tables
from cardgames.lab.result import GameResult


def read_run(path: str) -> tuple[list[Any], range, list[GameResult], int]:
    """A run's plan (game, options, line-ups), its deals' seeds, the games of its complete deals, and
    the games written.

    ValueError, naming the file, if it is no arena ``--out`` file.
    """
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        plan = json.loads(lines[0])["plans"][0]
        lineups = plan["lineups"]
        table = [plan["game"], plan["options"], lineups]  # what runs tallied together must share
        seeds = range(int(plan["seed"]), int(plan["seed"]) + int(plan["deals"]))
        results = []
        for line in lines[1:]:
            try:
                data = json.loads(line)
            except json.JSONDecodeError:  # the line being written when the run was stopped
                continue
            data.pop("variant", None)
            results.append(GameResult.from_data(data))
    except (OSError, IndexError, KeyError, TypeError, ValueError) as e:
        raise ValueError(f"{path}: not an arena --out file ({type(e).__name__}: {e})") from None
    per_deal = Counter(r.index // len(lineups) for r in results)
    kept = [r for r in results if per_deal[r.index // len(lineups)] == len(lineups)]
    return table, seeds, kept, len(results)


def main() -> None:
    """Read the files, keep the complete deals, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="+", help="the arena's --out file (several: runs of the same plan)")
    args = parser.parse_args()
    kept: list[GameResult] = []
    first: list[Any] | None = None
    written = 0
    taken: list[tuple[str, range]] = []
    for path in args.out:
        try:
            table, seeds, games, count = read_run(path)
        except ValueError as e:
            sys.exit(str(e))
        for other, before in taken:
            if seeds.start < before.stop and before.start < seeds.stop:
                sys.exit(f"{path}: its deals' seeds overlap {other}'s: a deal would count twice")
        taken.append((path, seeds))
        if first is not None and table != first:
            sys.exit(f"{path}: another game, options or line-ups than {args.out[0]}: not one plan's runs")
        first = table
        lineups = table[2]
        offset = (max((r.index for r in kept), default=-1) // len(lineups) + 1) * len(lineups)
        kept += [attrs.evolve(r, index=r.index + offset) for r in games]  # each file's deals apart
        written += count
    assert first is not None
    lineups = first[2]
    players = len(lineups[0])
    bots = [
        lineups[k * players][0] for k in range(len(lineups) // players)
    ]  # bot k sits first in line-up k*players
    print(f"{len(kept)} games, {len(kept) // len(lineups)} complete deals ({written} games written)")
    console = Console(width=160)
    for shown in arena_tables(*field_standings(kept, bots)):
        console.print(shown)


if __name__ == "__main__":
    main()
