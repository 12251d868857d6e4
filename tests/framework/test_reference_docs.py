"""The documentation site, with its API reference generated from the docstrings, builds without a warning."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "reference"


def _build(site: Path, config: Path = ROOT / "mkdocs.yml") -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` as .ci/run runs it (not --quiet: mkdocs 1.6 then stops
    counting warnings, so --strict would pass anything)."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once into a temporary folder; a warning fails the build."""
    out = tmp_path_factory.mktemp("site")
    done = _build(out)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stderr}{done.stdout}"
    return out


def _html(site: Path, page: str) -> str:
    return (site / "reference" / page / "index.html").read_text(encoding="utf-8")


def test_every_reference_page_is_built_from_its_module(site: Path) -> None:
    pages = sorted(p.stem for p in REFERENCE.glob("*.md") if p.stem != "index")
    assert {"cards", "dealing", "exchange", "game", "scoresheet", "scoring", "testing"} <= set(pages)
    for page in pages:
        text = (REFERENCE / f"{page}.md").read_text(encoding="utf-8")
        assert f"::: cardgames.{page}" in text, f"docs/reference/{page}.md does not document cardgames.{page}"
        assert f'id="cardgames.{page}.' in _html(site, page), f"nothing of cardgames.{page} was rendered"


def test_the_protocol_members_are_documented_with_their_docstrings(site: Path) -> None:
    html = _html(site, "game")
    for name in ("Game", "GameState", "Outcome", "HandResult", "LogEntry", "Bot"):
        assert f'id="cardgames.game.{name}"' in html, name
    members = ("GameState.apply", "GameState.view", "Game.parse_action", "Outcome.scores", "Game.zero_sum")
    for member in members:
        assert f'id="cardgames.game.{member}"' in html, member
    # attribute docstrings reach the page, not only the names
    assert "higher is better" in html
    # a Sphinx role in a docstring is shown as code, not literally
    assert ":class:" not in html and "<code>GameState</code>" in html


def test_a_broken_link_fails_the_strict_build(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    page = "# probe\n\nSee [nowhere](no-such-page.md).\n"
    (tmp_path / "docs" / "index.md").write_text(page, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: probe\ndocs_dir: docs\n", encoding="utf-8")
    done = _build(tmp_path / "site", tmp_path / "mkdocs.yml")
    assert done.returncode != 0
    assert "no-such-page.md" in done.stderr + done.stdout


# programs rather than a library (see docs/reference/index.md), and the package's entry files
NOT_A_LIBRARY = {"cli", "entry", "lazycli", "listing", "play", "web", "games", "__init__", "__main__"}


def test_every_public_framework_module_has_a_reference_page() -> None:
    modules = {
        p.stem if p.is_file() else p.name
        for p in (ROOT / "cardgames").iterdir()
        if (p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists())) and not p.name.startswith("_")
    }
    pages = {p.stem for p in REFERENCE.glob("*.md")}
    assert sorted(modules - NOT_A_LIBRARY - pages) == []
