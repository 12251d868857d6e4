"""The message catalogs: extract the marked texts with Babel, update every .po, compile every .mo.

``python .ci/catalogs.py`` after changing a text: new texts enter each language's .po empty
(for a translator to fill), texts gone leave it, and every .mo is compiled again. The
compiled .mo files are committed, so that an editable install and a wheel read the same
catalogs; tests/test_catalogs.py holds them equal to the .po files and both to the code.
``python .ci/catalogs.py --check`` changes nothing and exits 1 if a catalog is out of date.

One domain per package that speaks, as a plugin has its own (docs/languages.md): the
framework's ``cardgames`` and each built-in game's.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("it", "ru")
# (domain, the package folder that holds its code and its locale/ folder, folders left out)
DOMAINS = (
    ("cardgames", ROOT / "cardgames", ("games",)),
    ("dernier", ROOT / "games" / "dernier", ()),
    ("posledniy", ROOT / "games" / "posledniy", ()),
    # the test plugin that proves a plugin's own catalogs work the same way (tests/plugins/test_languages.py)
    ("framework_speaking", ROOT / "tests" / "framework_speaking", ()),
    # the example plugins, whose logs read in every language through their own catalogs (docs/languages.md)
    ("ohhell", ROOT / "examples" / "ohhell" / "ohhell", ()),
    ("crazyeights", ROOT / "examples" / "crazyeights" / "crazyeights", ()),
)
# gettext's usual names (_, gettext, ngettext, N_ …) and N_plural, a counted text in a table of texts
KEYWORDS = {**DEFAULT_KEYWORDS, "N_plural": (1, 2)}


def extract(folder: Path, domain: str, left_out: tuple[str, ...] = ()) -> Catalog:
    """The template: every marked text of the code under ``folder`` (not under ``left_out``)."""
    template = Catalog(domain=domain, project="cardgames", charset="utf-8")

    def wanted(name: str) -> bool:
        return not any(Path(name).parts[0] == skip for skip in left_out)

    found = extract_from_dir(
        str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    )
    for filename, lineno, message, comments, context in found:
        if wanted(filename):
            template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def po_path(folder: Path, domain: str, code: str) -> Path:
    """Where a language's .po of a domain lives (its .mo beside it)."""
    return folder / "locale" / code / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, code: str) -> Catalog:
    """A .po file (an empty catalog of that language if there is none yet)."""
    if not path.exists():
        return Catalog(locale=code, domain=path.stem, project="cardgames", charset="utf-8")
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=path.stem)


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    # no line numbers: a text's file is enough to find it, and moving code changes no catalog
    write_po(out, catalog, width=100, ignore_obsolete=True, include_lineno=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def updated(folder: Path, domain: str, left_out: tuple[str, ...]) -> dict[Path, bytes]:
    """Every .po and .mo of the domain as it should be now."""
    template = extract(folder, domain, left_out)
    files: dict[Path, bytes] = {}
    for code in LANGUAGES:
        path = po_path(folder, domain, code)
        catalog = read(path, code)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.revision_date = catalog.creation_date  # no date that changes at every run
        catalog.header_comment = f"# The {code} messages of the {domain} domain (python .ci/catalogs.py)."
        catalog.fuzzy = False  # a fuzzy header is left out of the .mo, and its plural forms with it
        catalog.last_translator = catalog.language_team = "cardgames"
        catalog.msgid_bugs_address = ""
        files[path] = po_bytes(catalog)
        files[path.with_suffix(".mo")] = mo_bytes(catalog)
    return files


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for domain, folder, left_out in DOMAINS:
        for path, data in updated(folder, domain, left_out).items():
            if path.exists() and path.read_bytes() == data:
                continue
            stale.append(path.relative_to(ROOT))
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
    for path in stale:
        print(f"{'out of date' if check else 'written'}: {path}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
