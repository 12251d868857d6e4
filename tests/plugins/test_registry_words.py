"""Registry-driven words: no framework text names a built-in game; help lists the installed games."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest
from test_registry_lazy import _registry
from typer.testing import CliRunner

import cardgames
from cardgames.cli.app import app
from cardgames.plugins import registry

FRAMEWORK = Path(cardgames.__file__).parent
BUILT_IN = ("dernier", "posledniy", "последний")


def _words(path: Path) -> list[tuple[int, str]]:
    """Every string (docstrings included) and every comment of a module, with its line."""
    source = path.read_text(encoding="utf-8")
    found = [
        (node.lineno, node.value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    found += [(token.start[0], token.string) for token in tokens if token.type == tokenize.COMMENT]
    return found


def test_no_framework_string_docstring_or_comment_names_a_built_in_game() -> None:
    """Help texts, errors, prompts, and the framework's own documentation are generic (issue 9, item 9).

    The one exception is the ledger's first schema, kept as it was released so that old ledger
    files migrate (its CHECK names the two games schema 1 knew; migration 2 drops it).
    """
    found = []
    for path in sorted(FRAMEWORK.rglob("*.py")):
        if "games" in path.relative_to(FRAMEWORK).parts[:1]:
            continue  # the built-in plugins themselves
        for line, text in _words(path):
            if any(name in text.casefold() for name in BUILT_IN):
                found.append(f"{path.relative_to(FRAMEWORK)}:{line}: {text[:60]!r}")
    schema_1 = [f for f in found if f.startswith("ledger/db.py") and "CREATE TABLE tournaments" in f]
    assert len(schema_1) == 1
    assert [f for f in found if f not in schema_1] == []


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
