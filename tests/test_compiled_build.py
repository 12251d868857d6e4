"""The optional mypyc build plays exactly as the pure-Python sources: same states, step by step.

Skipped unless a compiled build is importable. To run it (docs/performance.md)::

    CARDGAMES_MYPYC=1 pip install --no-build-isolation -e ".[test]"   # then: pytest -m slow -k compiled
    # or against a tree built elsewhere (mypyc cardgames/primitives/chance.py … in a copy of the sources):
    CARDGAMES_COMPILED_TREE=/path/to/that/copy pytest -m slow -k compiled
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(__file__).resolve().parent / "compiled_fingerprint.py"


def _setup_compiled() -> list[str]:
    """setup.py's COMPILED, as module names (read from the file: the list is kept in one place)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "COMPILED" for t in node.targets):
            paths = ast.literal_eval(node.value)
            return [p.removesuffix(".py").replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no COMPILED list")


MODULES = _setup_compiled()


def _compiled_modules(pythonpath: str | None, cwd: Path) -> list[str]:
    code = (
        "import importlib, json\n"
        f"mods = {MODULES!r}\n"
        "print(json.dumps([m for m in mods if not importlib.import_module(m).__file__.endswith('.py')]))\n"
    )
    env = {**os.environ, "PYTHONPATH": pythonpath or ""}
    run = [sys.executable, "-c", code]  # from cwd: not this checkout's sources, which "-c" would put first
    out = subprocess.run(run, env=env, cwd=cwd, capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout))


def _fingerprints(pythonpath: str, cwd: Path) -> dict[str, list[str]]:
    env = {**os.environ, "PYTHONPATH": pythonpath}
    run = [sys.executable, str(SCRIPT), "3"]
    out = subprocess.run(run, env=env, cwd=cwd, capture_output=True, text=True, check=True)
    return dict(json.loads(out.stdout))


@pytest.mark.slow
def test_compiled_build_plays_exactly_as_the_python_sources(tmp_path: Path) -> None:
    tree = os.environ.get("CARDGAMES_COMPILED_TREE", "")
    compiled = _compiled_modules(tree, tmp_path)
    if not compiled:
        pytest.skip("no compiled build is importable (see this module's docstring)")
    pure = tmp_path / "pure"
    ignore = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    for package in ("cardgames", "games"):
        shutil.copytree(ROOT / package, pure / package, ignore=ignore)
    assert _compiled_modules(str(pure), tmp_path) == []
    fast, slow = _fingerprints(tree, tmp_path), _fingerprints(str(pure), tmp_path)
    assert sorted(compiled) == sorted(MODULES)
    assert fast.keys() == slow.keys()
    for label, steps in slow.items():
        other = fast[label]
        first = next((i for i, (a, b) in enumerate(zip(steps, other, strict=False)) if a != b), None)
        assert first is None and len(steps) == len(other), f"{label}: the builds differ at step {first}"
    assert sum(map(len, slow.values())) > 1000
