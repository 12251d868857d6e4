"""examples/line_counts.py accounts for every line of each example package, and sorts the protocol's parts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

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
