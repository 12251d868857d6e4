"""A griffe extension for the API reference: Sphinx roles in docstrings become code spans.

Some docstrings name other objects as pydoc readers know them (:class:`Game`,
:meth:`Game.new_game`, :func:`~cardgames.lab.play.play_batch`); mkdocstrings reads
docstrings as Markdown, where such a role would show literally. This turns each role into
a code span (the ``~`` form keeps only the last part of the name, as in Sphinx), and an
reStructuredText literal-block marker ``::`` ending a line into a plain colon. The
docstrings themselves stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:class|meth|func|mod|attr|obj|data|exc):`(~?)([^`]+)`")
_LITERAL_BLOCK = re.compile(r"(?<=\S)::$", re.MULTILINE)


def _code_span(match: re.Match[str]) -> str:
    short, target = match.group(1), match.group(2)
    return f"`{target.rsplit('.', 1)[-1] if short else target}`"


def rewrite(text: str) -> str:
    """The docstring with every role as a code span and every ``::`` block marker as ``:``."""
    return _LITERAL_BLOCK.sub(":", _ROLE.sub(_code_span, text))


class SphinxRoles(griffe.Extension):
    """Rewrites the docstrings of a loaded package (see the module's docstring)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Visit every object the package defines, once loading is complete."""
        self._visit(pkg)

    def _visit(self, obj: griffe.Object) -> None:
        if obj.docstring is not None:
            obj.docstring.value = rewrite(obj.docstring.value)
        for member in obj.members.values():
            if not member.is_alias:
                self._visit(member)  # type: ignore[arg-type]
