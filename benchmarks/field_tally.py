"""The tables of a stopped ``cardgames arena --field`` run, from its ``--out`` file: complete deals only.

A run stopped before its end printed nothing; this reads the games it wrote, keeps the
deals every line-up finished (so each bot is compared on the same deals), and prints the
arena's own field tables (``cardgames.lab.field.field_standings``)::

    python benchmarks/field_tally.py d2.jsonl
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from rich.console import Console

from cardgames.lab.field import field_standings
from cardgames.lab.report import arena_tables
from cardgames.lab.result import GameResult


def main() -> None:
    """Read the file, keep the complete deals, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the arena's --out file")
    args = parser.parse_args()
    with open(args.out, encoding="utf-8") as f:
        lines = f.read().splitlines()
    lineups = json.loads(lines[0])["plans"][0]["lineups"]
    players = len(lineups[0])
    bots = [
        lineups[k * players][0] for k in range(len(lineups) // players)
    ]  # bot k sits first in line-up k*players
    results = []
    for line in lines[1:]:
        try:
            data = json.loads(line)
        except json.JSONDecodeError:  # the line being written when the run was stopped
            continue
        data.pop("variant", None)
        results.append(GameResult.from_data(data))
    per_deal = Counter(r.index // len(lineups) for r in results)
    kept = [r for r in results if per_deal[r.index // len(lineups)] == len(lineups)]
    print(f"{len(kept)} games, {len(kept) // len(lineups)} complete deals ({len(results)} games written)")
    console = Console(width=160)
    for table in arena_tables(*field_standings(kept, bots)):
        console.print(table)


if __name__ == "__main__":
    main()
