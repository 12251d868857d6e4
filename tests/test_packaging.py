"""Installing cardgames creates no top-level ``games`` package (issue 9, item 8)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_holds_only_the_cardgames_package(tmp_path: Path) -> None:
    # built from a copy, so the build leaves nothing in the working tree
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        symlinks=True,
        ignore=shutil.ignore_patterns(".git", "build", "*.egg-info", "__pycache__", ".*cache", "site"),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(source),
            "--no-deps",
            "-q",
            "-w",
            str(tmp_path / "wheel"),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "wheel").glob("cardgames-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert tops == {"cardgames", next(t for t in tops if t.endswith(".dist-info"))}
    assert "cardgames/games/dernier/state.py" in names
    assert "cardgames/games/posledniy/state.py" in names
    # the compiled message catalogs ship (docs/languages.md), the .po sources need not
    for mo in ("locale/{}/LC_MESSAGES/cardgames.mo", "games/dernier/locale/{}/LC_MESSAGES/dernier.mo"):
        assert all(f"cardgames/{mo.format(code)}" in names for code in ("it", "ru"))
    assert "cardgames/games/posledniy/locale/ru/LC_MESSAGES/posledniy.mo" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "dernier = cardgames.games.dernier:Dernier" in text
    assert "posledniy = cardgames.games.posledniy:Posledniy" in text


def test_no_source_imports_a_top_level_games_module() -> None:
    offenders = []
    for folder in ("cardgames", "games", "tests", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            if "_vendor" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] == "games"]
    assert offenders == []
