"""How many lines each example plugin takes, split into rules, boilerplate and optional parts.

    python examples/line_counts.py

Counts non-blank lines of each package's Python files (docstrings included, tests not),
member by member: what the protocol makes a plugin write that is not rules (imports, the
package's exports, the game's declarations, ``new_game``, ``max_decisions``, the state's
``fields`` and ``zones``) is boilerplate; the rules card, the table's words, a notation
of the game's own, a utility, standings and bots are optional; everything else (options, actions,
dealing, legal actions, applying them, scoring, the log's words) is rules.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXAMPLES = ("crazyeights", "ohhell")
BOILERPLATE = {
    "fields", "zones", "public_fields", "public_seats", "players", "new_game", "max_decisions", "id", "name",
    "aliases", "summary", "min_players", "max_players", "default_players", "options_type", "action_types",
    "zero_sum", "__all__",
}  # fmt: skip
OPTIONAL = {
    "rules_card", "tabletop", "parse_action", "format_action", "standings", "utility", "bots", "last_hand",
}  # fmt: skip
PROTOCOL_CLASSES = ("Game", "GameState")  # their subclasses' headers are boilerplate, their members sorted


def _name(node: ast.stmt) -> str:
    if isinstance(node, ast.FunctionDef | ast.ClassDef):
        return node.name
    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    return ""


def _base(node: ast.expr) -> str:
    """A base class's name: ``Game`` of ``Game[O, S]``, ``cg.Game[O, S]`` or ``cg.GameState``."""
    if isinstance(node, ast.Subscript):
        node = node.value
    return node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")


def _kind(name: str) -> str:
    return "boilerplate" if name in BOILERPLATE else "optional" if name in OPTIONAL else "rules"


def count(path: Path) -> dict[str, int]:
    """Non-blank lines of one module by kind; a line outside every member (imports) is boilerplate."""
    lines = path.read_text(encoding="utf-8").splitlines()
    kind_of = ["boilerplate"] * len(lines)
    for node in ast.parse("\n".join(lines)).body:
        start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))]) - 1
        bases = [_base(b) for b in getattr(node, "bases", [])]
        if isinstance(node, ast.ClassDef) and any(b in PROTOCOL_CLASSES for b in bases):
            for member in node.body:
                if isinstance(member, ast.Expr):  # the class's docstring
                    continue
                first = min([member.lineno, *(d.lineno for d in getattr(member, "decorator_list", []))]) - 1
                for i in range(first, member.end_lineno or first + 1):
                    kind_of[i] = _kind(_name(member))
        elif not isinstance(node, ast.Import | ast.ImportFrom | ast.Expr):
            for i in range(start, node.end_lineno or start + 1):
                kind_of[i] = _kind(_name(node))
    for node in ast.parse("\n".join(lines)).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for i in range(node.lineno - 1, node.end_lineno or node.lineno):
                kind_of[i] = "imports"
    out = {"rules": 0, "boilerplate": 0, "optional": 0, "imports": 0}
    if path.name == "bots.py":  # the game's own bots, imports and all
        kind_of = ["optional"] * len(lines)
    for text, kind in zip(lines, kind_of, strict=True):
        if text.strip():
            out[kind] += 1
    out["boilerplate"] += out["imports"]  # imports are boilerplate, also counted on their own
    return out


def example_counts(example: str) -> dict[str, int]:
    """One example package's lines by kind, over all its modules."""
    total = {"rules": 0, "boilerplate": 0, "optional": 0, "imports": 0}
    for module in sorted((HERE / example / example).glob("*.py")):
        for kind, n in count(module).items():
            total[kind] += n
    return total


def main() -> None:
    print(f"{'example':<12} {'rules':>6} {'boilerplate':>12} {'(imports)':>10} {'optional':>9} {'total':>6}")
    for example in EXAMPLES:
        c = example_counts(example)
        total = c["rules"] + c["boilerplate"] + c["optional"]
        split = f"{c['rules']:>6} {c['boilerplate']:>12} {c['imports']:>10} {c['optional']:>9}"
        print(f"{example:<12} {split} {total:>6}")


if __name__ == "__main__":
    sys.exit(main())
