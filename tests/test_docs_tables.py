"""Every table of the performance, simulation and search pages is a block that docs_tables.py writes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_tables_under_test", BENCHMARKS / "docs_tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


docs_tables = _load()


def test_every_table_of_the_pages_is_a_generated_block_the_command_owns() -> None:
    assert docs_tables.check() == []


def test_a_table_written_by_hand_outside_the_blocks_is_found(tmp_path: Path) -> None:
    for doc in docs_tables.DOCS:
        (tmp_path / doc).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / doc).write_text((BENCHMARKS.parent / doc).read_text(encoding="utf-8"), encoding="utf-8")
    page = tmp_path / "docs/search.md"
    page.write_text(
        page.read_text(encoding="utf-8") + "\n| a | b |\n|---|---|\n| 1 | 2 |\n", encoding="utf-8"
    )
    lines = len(page.read_text(encoding="utf-8").splitlines())
    assert docs_tables.check(tmp_path) == [
        f"docs/search.md:{lines - 2}: a table outside the generated blocks"
    ]


def test_a_reference_table_may_hold_definitions_but_no_figures() -> None:
    mark = docs_tables.REFERENCE
    plain = f"{mark}\n| key | default |\n|---|---|\n| c | 0.7 |\n| iterations | 120 |\n"
    assert docs_tables.loose_tables(plain) == []
    assert docs_tables.figures_in_reference_tables(plain) == []
    measured = f"{mark}\n| key | default |\n|---|---|\n| speed | 1.3x the peer |\n| a move | 52 ms |\n"
    assert docs_tables.figures_in_reference_tables(measured) == [4, 5]
    assert docs_tables.loose_tables(plain.replace(mark + "\n", "")) == [1]


def test_blocks_are_named_closed_and_known() -> None:
    text = "x\n<!-- generated: ops -->\n| a |\n|---|\n<!-- /generated: ops -->\n```\n| a |\n|---|\n```\n"
    assert docs_tables.blocks(text) == [("ops", 1, 4)]
    assert docs_tables.loose_tables(text) == []  # a fenced example is not a table of the page
    try:
        docs_tables.blocks("<!-- generated: ops -->\n| a |\n")
    except ValueError as e:
        assert "not closed" in str(e)
    else:
        raise AssertionError("an unclosed block was accepted")


def test_a_run_replaces_the_body_of_its_block_only() -> None:
    text = "before\n<!-- generated: ops -->\n\nold\n\n<!-- /generated: ops -->\nafter\n"
    new = docs_tables.replace(text, "ops", "*stamp*\n\n| a |\n|---|")
    assert (
        new
        == "before\n<!-- generated: ops -->\n\n*stamp*\n\n| a |\n|---|\n\n<!-- /generated: ops -->\nafter\n"
    )
    assert docs_tables.replace(new, "ops", "old") == text


def test_every_table_names_a_benchmark_script_that_exists() -> None:
    for table in docs_tables.TABLES:
        assert (BENCHMARKS / table.command[0]).is_file(), table.name
