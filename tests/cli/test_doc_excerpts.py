"""Every screen excerpt in the docs is the output of the command it names (issue 12: the docs can't drift).

The rules for what an excerpt is and how it is checked are in ``doc_excerpts``; a sample edited by
hand, or a program whose output changed, fails here with the part that is no longer shown.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from doc_excerpts import Excerpt, excerpts, missing, output, recaptured, run_directory, run_page

ROOT = Path(__file__).resolve().parents[2]
# the English pages, the pages in the players' languages (docs/it, docs/ru) and the README
PAGES = sorted([*(ROOT / "docs").glob("*.md"), *(ROOT / "docs").glob("[a-z][a-z]/*.md"), ROOT / "README.md"])
NEEDS_A_SOURCE = ("user-guide.md",)  # pages where every text block must say its command

pytestmark = pytest.mark.e2e


def _report(excerpt: Excerpt, shown: list[str]) -> str:
    part = missing(excerpt, shown) or []
    return (
        f"{excerpt.page}:{excerpt.line}: `{excerpt.command}` does not show\n  "
        + "\n  ".join(part)
        + "\nIt showed:\n  "
        + "\n  ".join(shown)
    )


@pytest.mark.parametrize("page", [p for p in PAGES if excerpts(p)[0]], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_excerpt_is_what_its_command_shows(page: Path, tmp_path: Path) -> None:
    if shutil.which("cardgames") is None:
        pytest.skip("the cardgames program is not installed (pip install -e .)")
    found, _ = excerpts(page)
    where = run_directory(found, tmp_path)
    try:  # in page order, in one directory: a later one may read a file an earlier one saved
        outputs = run_page(page, where)
    finally:
        if where != tmp_path:
            shutil.rmtree(where, ignore_errors=True)
    shown_by = zip(found, outputs, strict=True)
    wrong = [_report(e, shown) for e, shown in shown_by if missing(e, shown) is not None]
    assert not wrong, "\n\n".join(wrong)


@pytest.mark.parametrize("name", NEEDS_A_SOURCE)
def test_every_screen_sample_of_the_user_guide_says_its_command(name: str) -> None:
    found, unsourced = excerpts(ROOT / "docs" / name)
    assert not unsourced, f"{name}: text blocks at lines {unsourced} say no `from COMMAND`"
    assert len(found) >= 15


def test_the_check_finds_a_hand_edited_excerpt(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "From `echo one; echo two; echo three`:\n\n```text\none\n…\nthree\n```\n\n"
        "```text\n$ echo 'Bot 3 plays 10♣'\nP4 plays 10♣\n```\n",
        encoding="utf-8",
    )
    (cut, edited), unsourced = excerpts(page)
    assert not unsourced and cut.parts() == [["one"], ["three"]]
    assert missing(cut, output(cut, tmp_path)) is None
    assert missing(edited, output(edited, tmp_path)) == ["P4 plays 10♣"]


def test_a_changed_output_is_captured_again_from_first_to_last_line(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    sample = "From `printf '%s\\n' a one two three b`:\n\n```text\none\nTWO\nthree\n```\n"
    page.write_text(sample, encoding="utf-8")
    (excerpt,), _ = excerpts(page)
    assert missing(excerpt, output(excerpt, tmp_path)) == ["one", "TWO", "three"]
    assert recaptured(excerpt, output(excerpt, tmp_path)) == (["one", "two", "three"], [])
