"""The message catalogs: every text of the framework and the built-in games, in Italian and Russian.

Each domain's .po files hold exactly the texts its code marks (``python .ci/catalogs.py``
updates them), every one translated (not empty, not fuzzy) with the same placeholders as
the English, and the committed .mo files say what the .po files say.
"""

from __future__ import annotations

import gettext
import importlib.util
import string
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog, Message

ROOT = Path(__file__).resolve().parents[1]


def _catalogs_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / ".ci" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogs"] = module
    spec.loader.exec_module(module)
    return module


CATALOGS = _catalogs_script()
CASES = [
    (domain, folder, left_out, code) for domain, folder, left_out in CATALOGS.DOMAINS for code in ("it", "ru")
]
IDS = [f"{domain}-{code}" for domain, _, _, code in CASES]


def _po(folder: Path, domain: str, code: str) -> Catalog:
    path = CATALOGS.po_path(folder, domain, code)
    assert path.is_file(), f"{path} is missing: run python .ci/catalogs.py"
    catalog: Catalog = CATALOGS.read(path, code)
    return catalog


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _forms(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def _ids(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


@pytest.mark.parametrize(("domain", "folder", "left_out", "code"), CASES, ids=IDS)
def test_the_catalog_holds_exactly_the_texts_the_code_marks(
    domain: str, folder: Path, left_out: tuple[str, ...], code: str
) -> None:
    marked = {m.id for m in CATALOGS.extract(folder, domain, left_out) if m.id}
    held = {m.id for m in _po(folder, domain, code) if m.id}
    assert sorted(map(str, marked - held)) == [], "new texts: run python .ci/catalogs.py and translate them"
    assert sorted(map(str, held - marked)) == [], "texts gone from the code: run python .ci/catalogs.py"


@pytest.mark.parametrize(("domain", "folder", "left_out", "code"), CASES, ids=IDS)
def test_every_text_is_translated_with_the_same_placeholders(
    domain: str, folder: Path, left_out: tuple[str, ...], code: str
) -> None:
    catalog = _po(folder, domain, code)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        forms = _forms(message)
        if not all(forms) or len(forms) != (catalog.num_plurals if message.pluralizable else 1):
            problems.append(f"untranslated: {message.id!r}")
            continue
        wanted = set().union(*map(_fields, _ids(message)))
        problems += [
            f"placeholders {_fields(f)} for {wanted}: {message.id!r}" for f in forms if _fields(f) != wanted
        ]
    assert problems == []


@pytest.mark.parametrize(("domain", "folder", "left_out", "code"), CASES, ids=IDS)
def test_the_committed_mo_says_what_the_po_says(
    domain: str, folder: Path, left_out: tuple[str, ...], code: str
) -> None:
    catalog = _po(folder, domain, code)
    mo = CATALOGS.po_path(folder, domain, code).with_suffix(".mo")
    with mo.open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    for message in catalog:
        if not message.id:
            continue
        if message.pluralizable:
            singular, plural = message.id
            for n in (1, 2, 5, 11, 21, 22, 1_000_000):
                index = eval_plural(catalog.plural_expr, n)
                assert compiled.ngettext(singular, plural, n) == message.string[index], (message.id, n)
        else:
            assert compiled.gettext(message.id) == message.string, "run python .ci/catalogs.py"


def eval_plural(expr: str, n: int) -> int:
    """The plural form's index for ``n`` under a .po file's C expression."""
    return int(gettext.c2py(expr)(n))
