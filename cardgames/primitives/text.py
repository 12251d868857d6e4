"""Text from outside (files, people, plugins) made inert before it reaches a terminal.

One function, :func:`inert`, is the only place this is decided: control characters
(escape sequences, backspace, carriage return, bell), Unicode's invisible direction and
format characters, and surrogates are written as visible escapes, and very long text is
cut, so a name can neither drive the terminal nor hide or flood what follows it.
"""

from __future__ import annotations

import unicodedata

# Longer text is cut: a name, a move or a file name of a real game is far shorter.
SHOWN_LIMIT = 200

# Categories that never print as themselves: Cc control, Cf format (bidi overrides, zero
# width), Cs surrogates, Co private use, Cn unassigned, Zl/Zp line and paragraph separators.
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _visible(ch: str) -> str:
    if unicodedata.category(ch) not in _HIDDEN:
        return ch
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def inert(text: object, limit: int | None = SHOWN_LIMIT) -> str:
    """``text`` as it may be shown: hidden characters escaped visibly, cut after ``limit`` characters."""
    value = str(text)
    cut = ""
    if limit is not None and len(value) > limit:
        cut = f"… ({len(value) - limit} more characters)"
        value = value[:limit]
    if value.isprintable():  # the usual case, and fast (printable excludes every hidden category)
        return value + cut
    return "".join(map(_visible, value)) + cut


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` that :func:`inert` would escape, as it would show it; None if none."""
    for ch in text:
        if unicodedata.category(ch) in _HIDDEN:
            return _visible(ch)
    return None


def counted(number: int, plural: str) -> str:
    """``number`` and what it counts, in the singular for one: "1 penalty point", "3 penalty points".

    ``plural`` ends in the word counted ("penalty points"); an English plural in -s.
    """
    one = abs(number) == 1 and plural.endswith("s")
    return f"{number} {plural[:-1] if one else plural}"
