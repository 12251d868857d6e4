"""A ``cardgames simulate`` or ``cardgames arena`` run as Markdown tables, for the docs (docs_tables.py).

The command after ``--`` runs with ``--csv`` added; its rows become tables: a simulation's
figures by variant (``--vs``), an arena's bots and its pairwise tests. Run::

    python benchmarks/lab_tables.py -- simulate dernier -n 1000 --seed 1 -w 2 --vs ace_penalty=3
    python benchmarks/lab_tables.py --sections length,statistics -- simulate dernier -n 100 --seed 1
    python benchmarks/lab_tables.py -- arena dernier --bots heuristic,random -p 4 -n 100 --seed 1
    python benchmarks/lab_tables.py --out d2.jsonl -- arena dernier --bots hard,heuristic -p 2 -n 800
"""

from __future__ import annotations

import argparse
import csv
import io
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path


def run_csv(command: Sequence[str]) -> list[list[dict[str, str]]]:
    """The CSV blocks (separated by blank lines) a ``cardgames`` command prints with ``--csv``."""
    out = subprocess.run(
        [sys.executable, "-m", "cardgames", *command, "--csv"], capture_output=True, text=True, check=False
    )
    if out.returncode:
        raise SystemExit(f"cardgames {' '.join(command)} failed: {out.stderr.strip()[-500:]}")
    blocks = [b for b in out.stdout.strip().split("\n\n") if b.strip()]
    return [list(csv.DictReader(io.StringIO(b.strip()))) for b in blocks]


def _share(row: dict[str, str], value: str, low: str, high: str) -> str:
    return f"{float(row[value]):.1%} [{float(row[low]):.1%}, {float(row[high]):.1%}]"


def _number(row: dict[str, str]) -> str:
    value, low, high = float(row["value"]), float(row["low"]), float(row["high"])
    if row.get("hits"):  # a share of games or hands
        return f"{value:.1%} [{low:.1%}, {high:.1%}]"
    digits = 0 if abs(value) >= 100 else 2
    return f"{value:,.{digits}f} [{low:,.{digits}f}, {high:,.{digits}f}]"


def simulation_tables(rows: list[dict[str, str]], sections: set[str] | None) -> list[str]:
    """One table: a row per figure, a column per variant (value [95% interval])."""
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    labels = list(
        dict.fromkeys((r["section"], r["label"]) for r in rows if not sections or r["section"] in sections)
    )
    cell = {(r["variant"], r["section"], r["label"]): _number(r) for r in rows}
    lines = ["| figure | " + " | ".join(variants) + " |", "|---" * (len(variants) + 1) + "|"]
    for section, label in labels:
        lines.append(
            f"| {label} | " + " | ".join(cell.get((v, section, label), "-") for v in variants) + " |"
        )
    return lines


def arena_tables(bots: list[dict[str, str]], pairs: list[dict[str, str]]) -> list[str]:
    """The bots (wins with their interval, rating) and the pairwise sign tests."""
    lines = ["| bot | wins [95%] | fair share | games | openskill mu (sigma) |", "|---|---|---|---|---|"]
    for r in bots:
        lines.append(
            f"| {r['bot']} | {_share(r, 'win_rate', 'low', 'high')} | {float(r['fair_share']):.1%} | "
            f"{int(r['games']):,} | {float(r['mu']):.2f} ({float(r['sigma']):.2f}) |"
        )
    lines += [
        "",
        "| A | B | A ahead | B ahead | level | p (sign test) | significant |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in pairs:
        significant = "yes" if r["significant"] == "True" else "no"
        lines.append(
            f"| {r['a']} | {r['b']} | {r['a_ahead']} | {r['b_ahead']} | {r['level']} | "
            f"{float(r['p_value']):.2g} | {significant} |"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: [--sections a,b] -- CARDGAMES COMMAND."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sections", default="", help="a simulation's sections to keep, as length,statistics"
    )
    parser.add_argument("--out", type=Path, help="keep the games in this file; continue it if it exists")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = [c for c in args.command if c != "--"]
    if not command or command[0] not in ("simulate", "arena"):
        parser.error("give a cardgames simulate or arena command after --")
    if args.out is not None:  # a long run stopped half-way goes on where it stopped
        command += ["--out", str(args.out), *(["--resume"] if args.out.exists() else [])]
    blocks = run_csv(command)
    if command[0] == "arena":
        lines = arena_tables(blocks[0], blocks[1] if len(blocks) > 1 else [])
    else:
        lines = simulation_tables(blocks[0], set(filter(None, args.sections.split(","))))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
