"""An mkdocs hook: the folders of pages in the players' languages are named in those languages.

The site has no written nav (every page in docs/ is listed), so a folder's section is titled
after the folder: docs/it and docs/ru would read "It" and "Ru".
"""

from __future__ import annotations

from typing import Any

SECTIONS = {"It": "Italiano", "Ru": "Русский"}


def on_nav(nav: Any, config: Any, files: Any) -> Any:
    """Rename the sections of docs/it and docs/ru."""
    for item in nav.items:
        if item.is_section and item.title in SECTIONS:
            item.title = SECTIONS[item.title]
    return nav
