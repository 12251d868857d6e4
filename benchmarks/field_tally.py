"""The tables of a stopped ``cardgames arena --field`` run, from its ``--out`` file: complete deals only.

A run stopped before its end printed nothing; this reads the games it wrote, keeps the
deals every line-up finished (so each bot is compared on the same deals), and prints the
arena's own field tables (``cardgames.lab.field.field_standings``). Several files of the same
bots and table (runs on other seeds) are tallied together, each file's deals kept apart::

    python benchmarks/field_tally.py d2.jsonl
    python benchmarks/field_tally.py d4_19001.jsonl d4_20001.jsonl

A file records the bots' names, not their code: pool only runs made with the same code
(``hard`` in Dernier meant another search with four players before 2026-12-02).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

import attrs
from rich.console import Console

from cardgames.lab.field import field_lineups, field_standings
from cardgames.lab.report import arena_tables
from cardgames.lab.result import GameResult


class RunError(ValueError):
    """A file that is no ``--field`` arena run, or runs that cannot be tallied together."""


def read_run(path: str) -> tuple[dict[str, Any], range, list[GameResult], int]:
    """A run's plan, its planned seeds, the games of its complete deals, and the count of games written."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise RunError(f"{path}: cannot be read ({e})") from None
    if not lines:
        raise RunError(f"{path}: empty, not an arena --out file")
    try:
        header = json.loads(lines[0])
        if header.get("kind") != "arena" or len(header["plans"]) != 1:
            raise RunError(f"{path}: not the --out file of one cardgames arena run")
        plan = header["plans"][0]
        lineups = [list(lineup) for lineup in plan["lineups"]]
        players = len(lineups[0])
        bots = [
            lineups[k * players][0] for k in range(len(lineups) // players)
        ]  # bot k first in line-up k*players
        field = lineups[0][1]
        if lineups != [list(lineup) for lineup in field_lineups(bots, players, field)]:
            raise RunError(f"{path}: not an arena --field run (each bot alone against the field)")
        table = {
            "game": plan["game"],
            "options": plan["options"],
            "lineups": lineups,
            "bots": bots,
            "schema": header.get("schema"),
            "rules_version": header.get("rules_version"),
        }
        seeds = range(int(plan["seed"]), int(plan["seed"]) + int(plan["deals"]))
        results = []
        for line in lines[1:]:
            try:
                data = json.loads(line)
            except json.JSONDecodeError:  # the line being written when the run was stopped
                continue
            data.pop("variant", None)
            results.append(GameResult.from_data(data))
    except RunError:
        raise
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as e:
        raise RunError(f"{path}: not an arena --out file ({type(e).__name__}: {e})") from None
    per_deal = Counter(r.index // len(lineups) for r in results)
    kept = [r for r in results if per_deal[r.index // len(lineups)] == len(lineups)]
    return table, seeds, kept, len(results)


def tally(paths: list[str]) -> tuple[list[str], list[GameResult], int]:
    """The bots, the games of every file's complete deals (numbered apart), and the count of games written."""
    kept: list[GameResult] = []
    first: dict[str, Any] | None = None
    written = offset = 0
    taken: list[tuple[str, range]] = []
    for path in paths:
        table, seeds, games, count = read_run(path)
        if first is not None and table != first:
            raise RunError(
                f"{path}: another game, options, line-ups or format than {paths[0]}: not one plan's runs"
            )
        for other, before in taken:
            if seeds.start < before.stop and before.start < seeds.stop:
                raise RunError(f"{path}: its planned seeds overlap {other}'s: a deal could count twice")
        taken.append((path, seeds))
        first = table
        kept += [attrs.evolve(r, index=r.index + offset) for r in games]
        offset += len(table["lineups"]) * len(seeds)  # a file's games are numbered below its plan's deals
        written += count
    assert first is not None
    return first["bots"], kept, written


def main() -> None:
    """Read the files, keep the complete deals, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="+", help="the arena's --out file (several: runs of the same plan)")
    args = parser.parse_args()
    try:
        bots, kept, written = tally(args.out)
    except RunError as e:
        sys.exit(str(e))
    per = len(bots) * len(kept[0].lineup) if kept else 1
    print(f"{len(kept)} games, {len(kept) // per} complete deals ({written} games written)")
    if not kept:
        sys.exit("no complete deal to tally")
    console = Console(width=160)
    for shown in arena_tables(*field_standings(kept, bots)):
        console.print(shown)


if __name__ == "__main__":
    main()
