"""The documentation site, with its API reference generated from the docstrings, builds without a warning."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
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


def _documented(page: Path) -> list[str]:
    """The modules a reference page renders (its ``::: cardgames.…`` directives)."""
    return [
        line[4:].strip() for line in page.read_text(encoding="utf-8").splitlines() if line.startswith("::: ")
    ]


def test_every_reference_page_is_built_from_its_module(site: Path) -> None:
    pages = sorted(p for p in REFERENCE.rglob("*.md") if p != REFERENCE / "index.md")
    names = {p.relative_to(REFERENCE).with_suffix("").as_posix() for p in pages}
    assert {
        "primitives/cards",
        "primitives/dealing",
        "core/game",
        "core/scoresheet",
        "conformance/index",
    } <= names
    for page in pages:
        name = page.relative_to(REFERENCE).with_suffix("").as_posix()
        folder = name.removesuffix("/index")
        modules = _documented(page)
        assert modules, f"docs/reference/{name}.md documents no module"
        # a page is named after the module it documents, in the folder of its package
        first = modules[0].removeprefix("cardgames.").replace(".", "/")
        assert first == folder or first.startswith(folder.rsplit("/", 1)[0] + "/"), (name, modules[0])
        html = _html(site, name if not name.endswith("/index") else folder)
        assert f'id="{modules[0]}.' in html, f"nothing of {modules[0]} was rendered"


def test_the_protocol_members_are_documented_with_their_docstrings(site: Path) -> None:
    html = _html(site, "core/game") + _html(site, "core/state")
    for name in ("Game", "Bot"):
        assert f'id="cardgames.core.game.{name}"' in html, name
    for name in ("GameState", "Outcome", "HandResult", "LogEntry"):
        assert f'id="cardgames.core.state.{name}"' in html, name
    members = (
        "state.GameState.apply",
        "state.GameState.view",
        "game.Game.parse_action",
        "state.Outcome.scores",
    )
    for member in (*members, "game.Game.zero_sum"):
        assert f'id="cardgames.core.{member}"' in html, member
    # attribute docstrings reach the page, not only the names
    assert "higher is better" in html
    # a Sphinx role in a docstring is shown as code, not literally
    assert ":class:" not in html and "<code>GameState</code>" in html


def test_the_pages_in_the_players_languages_are_a_section_named_in_that_language(site: Path) -> None:
    """The hook .ci/docs_languages.py names docs/it and docs/ru, which the folders' names alone would not."""
    html = (site / "index.html").read_text("utf-8")
    nav = re.findall(r'<span class="md-ellipsis">\s*([^<]+?)\s*</span>', html)
    first_pages = {"Italiano": "Dernier: le regole in italiano", "Русский": "Последний: правила по-русски"}
    for section, page in first_pages.items():
        assert nav[nav.index(section) + 1] == page
    assert "It" not in nav and "Ru" not in nav


def test_a_broken_link_fails_the_strict_build(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    page = "# probe\n\nSee [nowhere](no-such-page.md).\n"
    (tmp_path / "docs" / "index.md").write_text(page, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: probe\ndocs_dir: docs\n", encoding="utf-8")
    done = _build(tmp_path / "site", tmp_path / "mkdocs.yml")
    assert done.returncode != 0
    assert "no-such-page.md" in done.stderr + done.stdout


# the library layers: every public module in them has a page of the API reference
LIBRARY = ("primitives", "core", "bots", "plugins", "conformance", "lab", "ledger")


def test_every_public_framework_module_has_a_reference_page() -> None:
    modules = {
        "cardgames."
        + ".".join(p.relative_to(ROOT / "cardgames").with_suffix("").parts).removesuffix(".__init__")
        for package in LIBRARY
        for p in (ROOT / "cardgames" / package).glob("*.py")
        if not p.name.startswith("_") or (p.name == "__init__.py" and package == "conformance")
    }
    documented = {m for page in REFERENCE.rglob("*.md") for m in _documented(page)}
    # lab and ledger are documented by their public faces (their __init__ re-exports)
    documented |= {m for m in modules if m.split(".")[1] in ("lab", "ledger")}
    assert sorted(modules - documented) == []
