"""Registry-driven words: no framework text names a built-in game; help lists the installed games."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_registry_lazy import _registry
from typer.testing import CliRunner

import cardgames
from cardgames import registry
from cardgames.cli import app

FRAMEWORK = Path(cardgames.__file__).parent
BUILT_IN = ("dernier", "posledniy", "последний")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of docstrings, attribute docstrings included: any string that stands alone as a statement.

    Documentation may use a game as an example; help texts, errors and prompts may not.
    """
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def test_no_framework_string_names_a_built_in_game() -> None:
    """Help texts, errors and prompts that list games read the registry (issue 9, item 9)."""
    found = []
    for path in sorted(FRAMEWORK.rglob("*.py")):
        if "games" in path.relative_to(FRAMEWORK).parts[:1]:
            continue  # the built-in plugins themselves
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) and id(node) not in docs else None
            if isinstance(text, str) and any(name in text.casefold() for name in BUILT_IN):
                found.append(f"{path.relative_to(FRAMEWORK)}:{node.lineno}: {text[:60]!r}")
    # the ledger's first schema (kept for migrating old files) is the one exception
    assert [f for f in found if not f.startswith("ledger/db.py")] == []


def test_the_registry_lists_names_without_importing_a_plugin() -> None:
    reg, dernier, posledniy = _registry()
    assert reg.names() == ["dernier", "posledniy"]
    assert dernier.loads == posledniy.loads == 0


def test_installed_names_reads_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    reg, _, _ = _registry()
    monkeypatch.setattr(registry, "_default", reg)
    assert registry.installed_names() == "dernier or posledniy"
    assert registry.installed_names("and") == "dernier and posledniy"
    monkeypatch.setattr(registry, "_default", registry.Registry())
    assert registry.installed_names() == "no game (none is installed)"


def test_the_root_help_names_no_game_and_points_to_the_list() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "cardgames list" in result.stdout
    assert not any(name in result.stdout.casefold() for name in BUILT_IN)
