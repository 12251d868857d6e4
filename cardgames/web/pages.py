"""The lobby, the table and the scoreboard pages, sent already in the visitor's language.

Each page's HTML (static/) is written in English; its elements marked ``data-word="key"`` are
the page's fixed words. The server writes them in the request's language (``words.request_language``),
sets ``<html lang>``, and puts the page's words (``words.page_words``) into the page as JSON, so
the first paint is in that language and the page's script starts with its words at hand.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

from cardgames.primitives.language import LANGUAGES, speaking
from cardgames.web.words import PAGES, page_words

STATIC = Path(__file__).parent / "static"

# A fixed word's element in our own templates: <tag … data-word="key" …>English</tag>
_WORD = re.compile(r'(<(?P<tag>\w+)\b[^>]*\bdata-word="(?P<key>[\w.]+)"[^>]*>)[^<]*(?=</(?P=tag)>)')
# A field's fixed placeholder: data-placeholder="key" placeholder="English"
_PLACEHOLDER = re.compile(r'(\bdata-placeholder="(?P<key>[\w.]+)"\s+placeholder=")[^"]*"')
_LANG = re.compile(r'<html lang="\w+">')
_SCRIPTS = '<script src="/static/words.js"></script>'

PAGE_FILES = {"lobby": "index.html", "table": "table.html", "scores": "scores.html"}
"""The file of each page, by the name of its words (``words.PAGES``)."""

EXTRA = {"table": ("fairdeal",)}
"""The words a page needs besides its own (the table page shows the fair deal's)."""


def template(name: str) -> str:
    """A page's HTML as written (in English)."""
    return (STATIC / name).read_text(encoding="utf-8")


@functools.cache  # three pages in three languages, the same for every request
def render(page: str, code: str) -> str:
    """The page ``page`` ("lobby", "table", "scores") in the language ``code`` (a checked code)."""
    with speaking(code):
        sent = {name: page_words(PAGES[name], name) for name in (page, *EXTRA.get(page, ()))}
    words = sent[page]["words"]

    def fill(found: re.Match[str]) -> str:
        word = words[found["key"]]  # a fixed word has no placeholder: its text is whole
        return found[1] + html.escape(word["text"], quote=False)

    def hint(found: re.Match[str]) -> str:
        return found[1] + html.escape(words[found["key"]]["text"], quote=True) + '"'

    text = _PLACEHOLDER.sub(hint, _WORD.sub(fill, template(PAGE_FILES[page])))
    text = _LANG.sub(f'<html lang="{code}">', text, count=1)
    data = {"lang": code, "languages": LANGUAGES, "pages": sent}
    embedded = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")  # nothing closes the script
    script = f'<script id="words" type="application/json">{embedded}</script>\n'
    return text.replace(_SCRIPTS, script + _SCRIPTS, 1)
