"""A griffe extension for the API reference: Sphinx roles in docstrings become links.

Some docstrings name other objects as pydoc readers know them (:class:`Game`,
:meth:`Game.new_game`, :func:`~cardgames.lab.play.play_batch`); mkdocstrings reads
docstrings as Markdown, where such a role would show literally. This turns each role into
a code span (the ``~`` form keeps only the last part of the name, as in Sphinx) that links
to the object's entry when the reference has one (an optional cross-reference: an object
the reference does not show stays plain code, without a warning), and an
reStructuredText literal-block marker ``::`` ending a line into a plain colon. The
docstrings themselves stay as they are.
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:class|meth|func|mod|attr|obj|data|exc):`(~?)([^`]+)`")
_LITERAL_BLOCK = re.compile(r"(?<=\S)::$", re.MULTILINE)


def _full_name(obj: griffe.Object, name: str) -> str | None:
    """The dotted path ``name`` means where ``obj`` is written, if griffe can tell."""
    head, _, rest = name.partition(".")
    try:
        full = obj.resolve(head)
    except (griffe.NameResolutionError, ValueError):
        return None
    return f"{full}.{rest}" if rest else full


def rewrite(text: str, obj: griffe.Object | None = None) -> str:
    """The docstring with every role as a (linked) code span and every ``::`` marker as ``:``."""

    def role(match: re.Match[str]) -> str:
        short, name = match.group(1), match.group(2)
        code = f"<code>{html.escape(name.rsplit('.', 1)[-1] if short else name)}</code>"
        target = _full_name(obj, name) if obj is not None else None
        if target is None:
            return code
        return f'<autoref identifier="{html.escape(target)}" optional>{code}</autoref>'

    return _LITERAL_BLOCK.sub(":", _ROLE.sub(role, text))


class SphinxRoles(griffe.Extension):
    """Rewrites the docstrings of a loaded package (see the module's docstring)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Visit every object the package defines, once loading is complete."""
        self._visit(pkg)

    def _visit(self, obj: griffe.Object) -> None:
        if obj.docstring is not None:
            obj.docstring.value = rewrite(obj.docstring.value, obj)
        for member in obj.members.values():
            if not member.is_alias:
                self._visit(member)  # type: ignore[arg-type]
