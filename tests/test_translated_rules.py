"""The rules pages in the players' languages stay in step with the English ones (issue 29).

docs/it/dernier.md and docs/ru/posledniy.md translate docs/dernier.md and docs/posledniy.md. A
rule (D-…, P-…, I-…) or an option the English page names and the translation leaves out fails
here, and so does a quotation that is not the sources' own words: a translation writes the
sources' words between « », and each such passage must be in the original texts, letter for
letter (line breaks and runs of spaces aside). The originals are tests/rule_sources/, copies of
the rule book's seeds (the three Italian descriptions of Dernier, 000 to 002, and the Russian
description of Последний, 004), so that a clean checkout can check them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SOURCES = Path(__file__).resolve().parent / "rule_sources"
# the rule book's own copies, on the machine where the project is written (not in a checkout)
SHARED_SEEDS = next((d / "shared" / "seeds" for d in ROOT.parents if (d / "shared" / "seeds").is_dir()), None)

_RULE = re.compile(r"\b[DPI]-\d+\b")
_QUOTE = re.compile(r"«([^«»]+)»")
_OPTION_ROW = re.compile(r"^\| `(\w+)` \|", re.MULTILINE)


@dataclass(frozen=True)
class Translation:
    """A translated rules page, the English page it follows and the sources it quotes."""

    english: str
    translated: str
    sources: tuple[str, ...]  # the file names' numbers in tests/rule_sources


PAGES = [
    Translation("dernier.md", "it/dernier.md", ("000", "001", "002")),
    Translation("posledniy.md", "ru/posledniy.md", ("004",)),
]


def _flat(text: str) -> str:
    """Text with every run of white space (line breaks, indents) one space."""
    return " ".join(text.split())


def _source_texts(numbers: tuple[str, ...]) -> dict[str, str]:
    return {n: _flat(next(SOURCES.glob(f"{n}_*.txt")).read_text(encoding="utf-8")) for n in numbers}


def rules_named(text: str) -> set[str]:
    """The rule ids a page names."""
    return set(_RULE.findall(text))


def options_listed(text: str) -> set[str]:
    """The options of a page's option table: the rows of its section "## Options" that start with a name."""
    section = text.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    return set(_OPTION_ROW.findall(section))


def quotations(text: str) -> list[str]:
    """The passages a page writes between « », white space made single."""
    return [_flat(q) for q in _QUOTE.findall(text)]


def misquoted(text: str, sources: dict[str, str]) -> list[str]:
    """The quotations of ``text`` that no source holds letter for letter."""
    return [q for q in quotations(text) if not any(q in source for source in sources.values())]


def _read(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.translated)
def test_every_rule_the_english_page_names_is_named_in_the_translation(page: Translation) -> None:
    english, translated = rules_named(_read(page.english)), rules_named(_read(page.translated))
    assert len(english) >= 10
    assert not english - translated, f"{page.translated} leaves out {sorted(english - translated)}"
    assert not translated - english, f"{page.translated} names rules the English page does not"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.translated)
def test_every_option_of_the_english_table_is_in_the_translation(page: Translation) -> None:
    english = options_listed(_read(page.english))
    translated = set(_OPTION_ROW.findall(_read(page.translated)))  # in any of its tables
    assert len(english) >= 5
    assert not english - translated, f"{page.translated}'s tables leave out {sorted(english - translated)}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.translated)
def test_every_quotation_is_the_sources_own_words(page: Translation) -> None:
    text, sources = _read(page.translated), _source_texts(page.sources)
    assert not misquoted(text, sources), f"{page.translated}: not in the sources: {misquoted(text, sources)}"
    quoted = {n for n, source in sources.items() if any(q in source for q in quotations(text))}
    assert quoted == set(page.sources), f"{page.translated} quotes no passage of {set(page.sources) - quoted}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.translated)
def test_the_english_page_and_its_translation_link_to_each_other(page: Translation) -> None:
    assert f"({page.translated})" in _read(page.english)
    assert f"(../{page.english})" in _read(page.translated)


def test_the_check_finds_a_word_changed_in_a_quotation_and_a_rule_left_out() -> None:
    sources = {"x": _flat("Il turno di gioco procede solitamente\n  in senso antiorario.")}
    faithful = "**D-5** «Il turno di gioco procede\nsolitamente in senso antiorario»"
    changed = "**D-5** «Il turno di gioco procede di solito in senso antiorario»"
    assert misquoted(faithful, sources) == []
    assert misquoted(changed, sources) == ["Il turno di gioco procede di solito in senso antiorario"]
    assert rules_named("D-4, D-5 and I-2 (not ID-3)") - rules_named(faithful) == {"D-4", "I-2"}


@pytest.mark.skipif(SHARED_SEEDS is None, reason="the rule book's seeds are not beside this checkout")
def test_the_copies_of_the_sources_are_the_rule_books_seeds() -> None:
    assert SHARED_SEEDS is not None
    copies = {p.name: p.read_bytes() for p in SOURCES.glob("*.txt")}
    assert copies == {p.name: p.read_bytes() for p in SHARED_SEEDS.glob("*.txt")}
