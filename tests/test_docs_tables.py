"""Every measured figure of the docs is in a block that docs_tables.py writes: none is copied by hand."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

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


def _copy_of_the_docs(tmp_path: Path) -> Path:
    shutil.copytree(BENCHMARKS.parent / docs_tables.DOCS, tmp_path / docs_tables.DOCS)
    return tmp_path


def test_a_table_written_by_hand_outside_the_blocks_is_found(tmp_path: Path) -> None:
    root = _copy_of_the_docs(tmp_path)
    page = root / "docs/search.md"
    page.write_text(
        page.read_text(encoding="utf-8") + "\n| a | b |\n|---|---|\n| 1 | 2 |\n", encoding="utf-8"
    )
    lines = len(page.read_text(encoding="utf-8").splitlines())
    assert docs_tables.check(root) == [f"docs/search.md:{lines - 2}: a table outside the generated blocks"]


def test_every_page_under_the_docs_is_checked_translations_too(tmp_path: Path) -> None:
    root = _copy_of_the_docs(tmp_path)
    assert {"docs/hosting.md", "docs/rl.md", "docs/it/guida.md", "docs/ru/posledniy.md"} <= set(
        docs_tables.pages(root)
    )
    page = root / "docs/ru/posledniy.md"
    page.write_text(
        page.read_text(encoding="utf-8") + "\nБот думает 62 ms за ход.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
        encoding="utf-8",
    )
    lines = len(page.read_text(encoding="utf-8").splitlines())
    assert docs_tables.check(root) == [
        f"docs/ru/posledniy.md:{lines - 2}: a table outside the generated blocks",
        f"docs/ru/posledniy.md:{lines - 4}: a measured figure outside the generated blocks",
    ]


def test_a_measured_figure_in_the_prose_is_found_and_a_setting_is_not() -> None:
    measured = [
        "a person's move took 162 ms at the median",
        "the same 10 tables measured p50 21 / p99 80 ms before",
        "our environments take 18,769 steps a second",
        "the search ran at 1.3x the peer's speed",
        "about 100 times slower for a plugin",
        "the guarding seat won 0.29 ± 0.14 more chips",
        "a Dernier deal 30,877 → 26,302",
        "took all eight tricks in 7.2% of the deals",
        "a search of 120 iterations, about 0.06 s a move",
        "the lab plays 412 games/s on one core",
    ]
    settings = [
        "a bot may think at most 2 s a move (default 2 s)",
        "the switch interval is set to a millisecond; searches get at least 0.05 s",
        "random playouts at least 0.8x the lean loop, and at least 0.5x the compiled one",
        "run `load_web.py --tables 10 --seconds 30` for 10 tables",
        "websocket messages are limited to at most 8 a second (bursts of 16)",
        'the lobby answers "asks for 30 s a move" and a 95% interval',
        "reports the move latency p50/p99 and memory",
    ]
    text = "\n\n".join(measured + settings)
    assert docs_tables.figures_in_prose(text) == [2 * i + 1 for i in range(len(measured))]
    fenced = "```\nmoves: p50 21 ms\n```\n<!-- generated: ops -->\n162 ms\n<!-- /generated: ops -->\n"
    assert docs_tables.figures_in_prose(fenced) == []


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


def test_a_stamp_says_compiled_rows_only_for_the_benchmarks_that_measure_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    measuring = {
        path.name for path in BENCHMARKS.glob("*.py") if "compiled_tree(" in path.read_text(encoding="utf-8")
    } - {"harness.py"}
    assert measuring == docs_tables.COMPILED_ROWS
    monkeypatch.setenv("CARDGAMES_COMPILED_TREE", "/some/tree")
    for table in docs_tables.TABLES:
        said = "in the rows that say so" in docs_tables.machine(table.compiled_rows)
        assert said == (table.command[0] in measuring), table.name


def test_a_stamp_names_the_build_the_benchmark_imports_not_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "cardgames" / "primitives"
    package.mkdir(parents=True)
    (tmp_path / "cardgames" / "__init__.py").write_text("", encoding="utf-8")
    (package / "__init__.py").write_text("", encoding="utf-8")
    # a copy of the sources whose probe module says it was loaded from a compiled extension
    (package / "chance.py").write_text('__file__ = __file__[:-3] + ".cpython-311-x86_64-linux-gnu.so"\n')
    monkeypatch.setattr(docs_tables, "ROOT", tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    assert docs_tables.machine(env=env).endswith(", compiled build (mypyc)")
    assert docs_tables.machine().endswith(", pure Python")  # this process: the checkout's own sources
