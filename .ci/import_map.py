"""The import map of cardgames/: its packages in layers, and what breaks the layering.

``python .ci/import_map.py`` prints every package with the packages it imports from, then
the problems: more than five top-level modules, an import that runs up a layer (or across
between packages of one layer), a circle between packages, a module over 400 lines.
It exits 1 when there is one. Every import counts, a function's local import and one
under ``TYPE_CHECKING`` too: what a reader must hold in mind is every name a module uses.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardgames"

# bottom to top; a package imports only from the layers below it (and from itself)
LAYERS: list[tuple[str, ...]] = [
    ("primitives",),
    ("core",),
    ("bots",),
    ("plugins", "conformance", "games"),
    ("output",),
    ("ledger",),
    ("play",),
    ("lab", "rl"),
    ("web",),
    ("cli",),
]
TOP_LEVEL_MODULES = 5
MODULE_LINES = 400


def package_of(module: str) -> str:
    """``cardgames.core.game`` -> ``core``; a top-level module is its own package."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (the games through their link)."""
    found = {}
    games = PACKAGE / "games"  # a link to the top-level games/ folder, which rglob does not follow
    for path in sorted([*PACKAGE.rglob("*.py"), *games.resolve().rglob("*.py")]):
        if path.is_relative_to(games.resolve()):
            path = games / path.relative_to(games.resolve())
        rel = path.relative_to(ROOT).with_suffix("")
        name = ".".join(rel.parts).removesuffix(".__init__")
        found[name] = path
    return found


def imports(path: Path, module: str = "") -> set[str]:
    """The cardgames modules a file imports, by dotted name (a relative import resolved from ``module``)."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from .x import y, from .. import z
                base = ".".join([*package[: len(package) - node.level + 1], *filter(None, [node.module])])
            if base == "cardgames" or base.startswith("cardgames."):
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("cardgames."))
    return found


def layer_of(package: str) -> int:
    return next((i for i, names in enumerate(LAYERS) if package in names), -1)


def check() -> tuple[dict[str, dict[str, set[str]]], list[str]]:
    """The package graph (package -> imported package -> the importing modules) and the problems."""
    mods = modules()
    graph: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    problems = []
    top = [m for m in mods if m.count(".") == 1 and mods[m].name != "__init__.py"]
    if len(top) > TOP_LEVEL_MODULES:
        problems.append(f"{len(top)} top-level modules (at most {TOP_LEVEL_MODULES}): {', '.join(top)}")
    for name, path in mods.items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MODULE_LINES:
            problems.append(f"{path.relative_to(ROOT)} has {lines} lines (over {MODULE_LINES})")
        here = package_of(name)
        for target in imports(path, name):
            there = package_of(target) if target.count(".") >= 1 else ""
            if target not in mods or not there or there == here:
                continue
            graph[here][there].add(name)
    for here, targets in graph.items():
        for there, who in targets.items():
            if here not in sum(LAYERS, ()):
                continue  # the top-level modules (__main__) may import anything
            if layer_of(there) < 0:
                problems.append(f"{here} imports {there}, which is in no layer")
            elif layer_of(there) >= layer_of(here):
                kind = "up a layer" if layer_of(there) > layer_of(here) else "across its layer"
                problems.append(f"{here} imports {there} ({kind}): {', '.join(sorted(who))}")
    return graph, problems


def main() -> int:
    graph, problems = check()
    for names in reversed(LAYERS):
        for package in names:
            below = ", ".join(sorted(graph.get(package, {}))) or "nothing"
            print(f"{package:12} imports {below}")
    for problem in problems:
        print("problem:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
