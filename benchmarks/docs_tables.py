"""Every measured figure of the docs (docs/*.md, docs/*/*.md), from one command.

Each table sits in its page between ``<!-- generated: NAME -->`` and ``<!-- /generated: NAME -->``;
this script owns those blocks (``TABLES``): it runs each block's benchmark, and writes its
Markdown output there under a line that says when, on what machine, at what load and with
which command it was measured. The pages quote no other figure, so nothing drifts: run it
again and every figure is today's. ``tests/test_docs_tables.py`` checks (without running
anything) that on every page under docs/ each table is such a block or a declared reference
table, and that no measured figure (a latency, a rate, a ratio, a share with decimals, an
interval) stands in the prose outside the blocks. Run, at low priority on a shared machine
(the arenas take an hour or more)::

    nice -n 10 python benchmarks/docs_tables.py                   # every table
    nice -n 10 python benchmarks/docs_tables.py --only search-speed --only search-peers
    CARDGAMES_COMPILED_TREE=/path/to/tree nice -n 10 python benchmarks/docs_tables.py --only search-peers
    nice -n 10 python benchmarks/docs_tables.py --only load-web --only rl-speed
    nice -n 10 python benchmarks/docs_tables.py --keep ~/arenas  # the arenas' games kept and continued
    python benchmarks/docs_tables.py --check                      # the pages' blocks, nothing run
    python benchmarks/docs_tables.py --list
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = "docs"  # every page under it is checked
START = re.compile(r"^<!-- generated: ([a-z0-9-]+) -->$")
END = "<!-- /generated: {} -->"
# A table of definitions (names, meanings, settings' defaults) rather than measurements says so on
# the line before it, and may then hold no figure: no ratio, share, time or rate.
REFERENCE = "<!-- reference table: definitions, no figures -->"
# (a measured ratio, share or time has decimals; a 95% interval or a 10% quantile is a definition)
FIGURE = re.compile(r"\d\.\d+\s*(x\b|%|s\b|seconds?\b)|\d\s*(µs|ms)\b|\d\s*\w*/s\b")
# A measured figure in prose: a latency, a percentile, a rate, a ratio, a share with decimals, an
# interval. A setting or a bound ("default 2 s", "at least 0.5x", "--seconds 30") is not one.
MEASURED = re.compile(
    r"\d\s*(µs|ms)\b|\b(p50|p99)\s+\d|\bmedian\b\D{0,20}\d|\d\.?\d*\s*x\b|\d\s*times (as|faster|slower)"
    r"|\d\s*(\w+/s|(\w+ )?(a|per) (CPU )?second)\b|\d\.\d+\s*%|\d\s*±\s*\d|\d\s*→\s*\d|\babout [\d.,]+\s*s\b"
    r"|\d\.\d+\s*s a move\b"
)
BOUND = re.compile(r"`[^`]*`|\b(at least|at most|no more than|up to|default( of)?|over|under) [\d.,]+\s*\S*")


@dataclass(frozen=True)
class Table:
    """One generated block: its page, and the benchmark command whose Markdown output fills it."""

    name: str
    doc: str
    command: tuple[str, ...]  # a script of benchmarks/ and its arguments

    @property
    def compiled_rows(self) -> bool:
        """Whether its script adds rows measured in a compiled tree (``CARDGAMES_COMPILED_TREE``)."""
        return self.command[0] in COMPILED_ROWS


# the scripts that, given a compiled tree, measure our side in it too (harness.compiled_tree)
COMPILED_ROWS = frozenset({"bench_playouts.py", "playout_budget.py", "search_peers.py", "search_speed.py"})


ARENA = ("lab_tables.py", "--", "arena", "dernier", "--bots", "hard,heuristic", "--field", "heuristic")
STUDY = ("lab_tables.py", "--sections", "seats,hands,length,statistics,measures", "--")
FOUR = ("-p", "4", "-n", "100", "--seed", "1", "-w", "2")
DERNIER_ARENA = ("-o", "hands_to_win=1", "--seed", "70001", "-w", "1", "--batch", "2")
TABLES = (
    Table("playouts", "docs/performance.md", ("bench_playouts.py", "--repeat", "5", "--slice", "0.4")),
    Table("playout-budget", "docs/performance.md", ("playout_budget.py", "--repeat", "5", "--slice", "0.4")),
    Table("ops", "docs/performance.md", ("bench_ops.py", "--repeat", "5")),
    Table("cli", "docs/performance.md", ("bench_cli.py", "--runs", "9")),
    Table("search-speed", "docs/performance.md", ("search_speed.py", "--moves", "20", "--repeat", "3")),
    Table("search-peers", "docs/performance.md", ("search_peers.py", "--repeat", "3")),
    Table("lab-scaling", "docs/simulation.md", ("lab_scaling.py", "--games", "300", "--repeat", "5")),
    Table("lab-plugin", "docs/simulation.md", ("lab_plugin.py", "--games", "200", "--repeat", "5")),
    Table(
        "study-ace-penalty",
        "docs/simulation.md",
        (*STUDY, "simulate", "dernier", "-n", "1000", "--seed", "1", "-w", "2", "--vs", "ace_penalty=3"),
    ),
    Table(
        "arena-dernier",
        "docs/simulation.md",
        ("lab_tables.py", "--", "arena", "dernier", "--bots", "heuristic,random", *FOUR),
    ),
    Table(
        "study-posledniy-players",
        "docs/simulation.md",
        (*STUDY, "simulate", "posledniy", "-n", "1000", "--seed", "1", "-w", "2", "--vs", "players=3"),
    ),
    Table(
        "arena-posledniy",
        "docs/simulation.md",
        ("lab_tables.py", "--", "arena", "posledniy", "--bots", "heuristic,random", *FOUR),
    ),
    Table("leaf-dernier", "docs/search.md", ("dernier_leaf.py", "-p", "2", "3", "4", "--table")),
    Table("strength-dernier-2p", "docs/search.md", (*ARENA, "-p", "2", "-n", "500", *DERNIER_ARENA)),
    Table("strength-dernier-3p", "docs/search.md", (*ARENA, "-p", "3", "-n", "380", *DERNIER_ARENA)),
    Table("strength-dernier-4p", "docs/search.md", (*ARENA, "-p", "4", "-n", "320", *DERNIER_ARENA)),
    Table("load-web", "docs/hosting.md", ("load_web.py", "--tables", "100", "--seconds", "30")),
    Table("load-web-10", "docs/hosting.md", ("load_web.py", "--tables", "10", "--seconds", "30")),
    Table(
        "load-web-attack", "docs/hosting.md", ("load_web.py", "--tables", "10", "--seconds", "30", "--attack")
    ),
    Table("rl-learning", "docs/rl.md", ("rl_posledniy.py", "--seconds", "60", "--games", "2000")),
    Table("rl-speed", "docs/rl.md", ("bench_rl.py", "--repeat", "5", "--slice", "1")),
)
BY_NAME = {t.name: t for t in TABLES}


def machine(compiled_rows: bool = False, env: Mapping[str, str] | None = None) -> str:
    """The machine in a few words: system, processor, cores, Python, and whether the build is compiled.

    ``compiled_rows``: the table has rows measured in the compiled tree of ``CARDGAMES_COMPILED_TREE``.
    The build is the one a benchmark run from ``ROOT`` with ``env`` imports (this process's own when
    ``env`` is None): a copy of the sources with a compiled tree in place imports that, whatever
    cardgames this interpreter has installed."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    build = "pure Python" if _probe(env).endswith(".py") else "compiled build (mypyc)"
    if compiled_rows and os.environ.get("CARDGAMES_COMPILED_TREE"):
        build += ", and a compiled build (mypyc) in the rows that say so"
    python = f"Python {platform.python_version()}"
    return f"{platform.system()} {platform.machine()}, {model}, {os.cpu_count()} cores, {python}, {build}"


def blocks(text: str) -> list[tuple[str, int, int]]:
    """(name, first line, last line) of every generated block of a page, 0-based; ValueError if unclosed."""
    lines = text.splitlines()
    found: list[tuple[str, int, int]] = []
    i = 0
    while i < len(lines):
        m = START.match(lines[i])
        if m:
            end = next((j for j in range(i + 1, len(lines)) if lines[j] == END.format(m[1])), None)
            if end is None:
                raise ValueError(f"the block {m[1]} is not closed ({END.format(m[1])})")
            found.append((m[1], i, end))
            i = end
        i += 1
    return found


def _tables(lines: list[str]) -> list[int]:
    """The 0-based lines of every Markdown table's header outside fenced code."""
    fenced = False
    out = []
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        separator = re.fullmatch(r"\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?", line.strip())
        if not fenced and separator and i:
            out.append(i - 1)
    return out


def loose_tables(text: str) -> list[int]:
    """The 1-based lines of the tables outside every generated block that are not declared
    reference tables (none may be)."""
    lines = text.splitlines()
    inside = {i for _, a, b in blocks(text) for i in range(a, b + 1)}
    return [i + 1 for i in _tables(lines) if i not in inside and not _reference(lines, i)]


def _reference(lines: list[str], header: int) -> bool:
    before = [line for line in lines[max(0, header - 2) : header] if line.strip()]
    return bool(before) and before[-1] == REFERENCE


def figures_in_reference_tables(text: str) -> list[int]:
    """The 1-based lines of declared reference tables that hold a figure after all."""
    lines = text.splitlines()
    out = []
    for header in (i for i in _tables(lines) if _reference(lines, i)):
        row = header
        while row < len(lines) and lines[row].lstrip().startswith("|"):
            if FIGURE.search(lines[row]):
                out.append(row + 1)
            row += 1
    return out


def figures_in_prose(text: str) -> list[int]:
    """The 1-based lines outside generated blocks, fenced code and reference tables that quote a
    measured figure (a table of measurements outside the blocks is found by ``loose_tables``)."""
    lines = text.splitlines()
    skip = {i for _, a, b in blocks(text) for i in range(a, b + 1)}
    for header in _tables(lines):
        row = header
        while row < len(lines) and lines[row].lstrip().startswith("|"):
            skip.add(row)
            row += 1
    fenced = False
    out = []
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and i not in skip and MEASURED.search(BOUND.sub("", line)):
            out.append(i + 1)
    return out


def pages(root: Path = ROOT) -> list[str]:
    """Every page of the docs, as a path from the root."""
    return sorted(p.relative_to(root).as_posix() for p in (root / DOCS).rglob("*.md"))


def check(root: Path = ROOT) -> list[str]:
    """What is wrong with the docs' figures: tables or figures outside the blocks, unknown, missing or
    repeated blocks."""
    problems = []
    seen: dict[str, int] = {}
    for doc in pages(root):
        text = (root / doc).read_text(encoding="utf-8")
        try:
            found = blocks(text)
        except ValueError as e:
            problems.append(f"{doc}: {e}")
            continue
        for name, line, _ in found:
            table = BY_NAME.get(name)
            if table is None:
                problems.append(f"{doc}:{line + 1}: no table {name!r} in docs_tables.TABLES")
            elif table.doc != doc:
                problems.append(f"{doc}:{line + 1}: the table {name!r} belongs in {table.doc}")
            seen[name] = seen.get(name, 0) + 1
        problems += [f"{doc}:{i}: a table outside the generated blocks" for i in loose_tables(text)]
        problems += [f"{doc}:{i}: a figure in a reference table" for i in figures_in_reference_tables(text)]
        problems += [
            f"{doc}:{i}: a measured figure outside the generated blocks" for i in figures_in_prose(text)
        ]
    problems += [f"{t.doc}: no block for the table {t.name!r}" for t in TABLES if t.name not in seen]
    problems += [f"the table {n!r} has {k} blocks" for n, k in seen.items() if k > 1]
    return problems


def _probe(env: Mapping[str, str] | None) -> str:
    """Where ``cardgames.primitives.chance`` is imported from (compiled in the optional build, setup.py)."""
    if env is None:
        import cardgames.primitives.chance as probe

        return str(probe.__file__)
    code = "import cardgames.primitives.chance as m; print(m.__file__)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env)
    if run.returncode:
        raise RuntimeError(f"cardgames cannot be imported from {ROOT}:\n{run.stderr[-2000:]}")
    return run.stdout.strip()


def command_line(table: Table) -> str:
    """How a reader runs the table's benchmark alone."""
    return "python " + shlex.join((f"benchmarks/{table.command[0]}", *table.command[1:]))


def measure(table: Table, keep: Path | None = None) -> str:
    """The block's new body: the stamp line and the benchmark's Markdown output.

    With ``keep``, an arena's games go to ``keep/NAME.jsonl``, and a run stopped half-way
    continues there (``lab_tables.py --out``)."""
    load_before = os.getloadavg()[0]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    script = ROOT / "benchmarks" / table.command[0]
    args = list(table.command[1:])
    if keep is not None and "arena" in args:
        args[:0] = ["--out", str(keep / f"{table.name}.jsonl")]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    run = subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, cwd=ROOT, env=env
    )
    if run.returncode:
        raise RuntimeError(f"{command_line(table)} failed:\n{run.stderr[-2000:]}")
    load_after = os.getloadavg()[0]
    where = machine(table.compiled_rows, env)
    stamp = (
        f"*Measured {started} with `{command_line(table)}` on {where}; load average "
        f"{load_before:.1f} at the start, {load_after:.1f} at the end.*"
    )
    return f"{stamp}\n\n{run.stdout.strip()}"


def replace(text: str, name: str, body: str) -> str:
    """The page with the block ``name``'s body replaced."""
    for found, start, end in blocks(text):
        if found == name:
            lines = text.splitlines()
            return "\n".join([*lines[: start + 1], "", body, "", *lines[end:]]) + "\n"
    raise ValueError(f"no block {name!r} in the page")


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: --only NAME (repeatable), --check, --list."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", action="append", choices=sorted(BY_NAME), help="this table only (repeatable)"
    )
    parser.add_argument("--check", action="store_true", help="check the pages' blocks; run nothing")
    parser.add_argument("--list", action="store_true", help="the tables and their commands")
    parser.add_argument("--keep", type=Path, help="a folder for the arenas' games: a stopped run continues")
    args = parser.parse_args(argv)
    if args.list:
        for t in TABLES:
            print(f"{t.name:26} {t.doc:20} {command_line(t)}")
        return 0
    problems = check()
    if problems or args.check:
        print("\n".join(problems) or "every figure of the docs is in a generated block")
        return 1 if problems else 0
    for table in [BY_NAME[n] for n in args.only] if args.only else TABLES:
        print(f"{table.name}: {command_line(table)}", file=sys.stderr, flush=True)
        body = measure(table, args.keep)
        path = ROOT / table.doc
        path.write_text(replace(path.read_text(encoding="utf-8"), table.name, body), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
