"""examples/line_counts.py accounts for every line of each example package, and sorts the protocol's parts."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import cardgames.api

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _counter() -> object:
    spec = importlib.util.spec_from_file_location("line_counts", EXAMPLES / "line_counts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["line_counts"] = module
    spec.loader.exec_module(module)
    return module


def test_the_split_adds_up_to_every_non_blank_line_of_each_package() -> None:
    counts = _counter()
    for example in counts.EXAMPLES:  # type: ignore[attr-defined]
        split = counts.example_counts(example)  # type: ignore[attr-defined]
        lines = sum(
            1
            for f in (EXAMPLES / example / example).glob("*.py")
            for line in f.read_text().splitlines()
            if line.strip()
        )
        assert split["rules"] + split["boilerplate"] + split["optional"] == lines
        assert 0 < split["imports"] < split["boilerplate"] and split["rules"] > split["boilerplate"]


def test_members_are_sorted_by_what_the_protocol_asks(tmp_path: Path) -> None:
    module = tmp_path / "game.py"
    module.write_text(
        "import attrs\n\n\nclass G(Game[O, S]):\n    id = 'g'\n\n"
        "    def rules_card(self, o):\n        return 1\n\n"
        "    def legal_actions(self):\n        return []\n",
        encoding="utf-8",
    )
    assert _counter().count(module) == {"rules": 2, "boilerplate": 3, "optional": 2, "imports": 1}  # type: ignore[attr-defined]


def test_a_protocol_class_reached_through_the_api_module_is_sorted_too(tmp_path: Path) -> None:
    module = tmp_path / "rules.py"
    module.write_text(
        "import cardgames.api as cg\n\n\nclass S(cg.GameState):\n    zones = ()\n\n"
        "    def apply(self, a):\n        pass\n\n\nclass G(cg.Game[O, S]):\n    id = 'g'\n",
        encoding="utf-8",
    )
    assert _counter().count(module) == {"rules": 2, "boilerplate": 5, "optional": 0, "imports": 1}  # type: ignore[attr-defined]


def test_each_example_writes_at_most_fifty_lines_of_boilerplate() -> None:
    counts = _counter()
    for example in counts.EXAMPLES:  # type: ignore[attr-defined]
        assert counts.example_counts(example)["boilerplate"] <= 50, example  # type: ignore[attr-defined]


def test_the_examples_import_the_framework_from_one_place() -> None:
    """A plugin imports the framework as ``import cardgames.api as cg``; each ``cg.`` name exists."""
    for example in ("crazyeights", "ohhell"):
        for module in (EXAMPLES / example / example).glob("*.py"):
            tree = ast.parse(module.read_text(encoding="utf-8"))
            framework = [
                n.module if isinstance(n, ast.ImportFrom) else [a.name for a in n.names]
                for n in ast.walk(tree)
                if isinstance(n, ast.Import | ast.ImportFrom) and "cardgames" in ast.unparse(n)
            ]
            assert framework in ([], [["cardgames.api"]]), (module, framework)
            used = {
                n.attr
                for n in ast.walk(tree)
                if isinstance(n, ast.Attribute) and ast.unparse(n.value) == "cg"
            }
            assert used <= set(cardgames.api.__all__), (module, used - set(cardgames.api.__all__))
