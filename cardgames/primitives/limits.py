"""The ranges of whole numbers the framework accepts from outside (the command line and files).

SQLite stores an INTEGER in 8 bytes, so nothing that may reach a ledger (a stake, a score)
may be outside the signed 64-bit range. A seed is never negative and has up to 256 bits: the
ledger names a game by its seed in text, never in an INTEGER column.
"""

from __future__ import annotations

from cardgames.primitives.errors import ValueRangeError
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext

INT_MIN = -(2**63)
INT_MAX = 2**63 - 1
SEED_MAX = 2**256 - 1  # a drawn seed is a 256-bit secret (docs/fair-deal.md); no ledger column holds one
# A bound 2**bits - 1 longer than this is said as a power of two, not written out (a seed's has 78 digits).
_WRITTEN_OUT = 20
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def whole_range(low: int, high: int) -> str:
    """The whole numbers from ``low`` to ``high`` in words: "a whole number from 0 to 10", or, for a bound
    of 2**bits - 1 too long to read, "a whole number from 0 up, below 2²⁵⁶ (of at most 78 digits)"."""
    digits = len(str(high))
    if digits <= _WRITTEN_OUT or high & (high + 1):
        return _("a whole number from {low} to {high}").format(low=low, high=high)
    said = ngettext(
        "a whole number from {low} up, below {power} (of at most {count} digit)",
        "a whole number from {low} up, below {power} (of at most {count} digits)",
        digits,
    )
    return said.format(low=low, power="2" + str(high.bit_length()).translate(_SUPERSCRIPT), count=digits)


def shown_number(value: int | str) -> str:
    """A number from outside as an error shows it: as written, or "a number of 5000 digits" when long."""
    text = str(value)
    if len(text) <= 30:
        return text
    digits = len(text.removeprefix("-").removeprefix("+"))
    return ngettext("a number of {count} digit", "a number of {count} digits", digits).format(count=digits)


def check_int(what: str, value: int, low: int = INT_MIN, high: int = INT_MAX) -> int:
    """``value`` if ``low <= value <= high``; ValueRangeError naming ``what`` and the range otherwise.

    ``what`` is said as given: a flag (``--seed``) or words already in the language in force.
    """
    if not low <= value <= high:
        raise _out_of_range(what, low, high, str(value))
    return value


def parse_int(what: str, text: str, low: int = INT_MIN, high: int = INT_MAX) -> int:
    """A whole number typed on the command line, in range; ValueRangeError (one line) otherwise."""
    stripped = text.strip()
    digits = stripped.removeprefix("-").removeprefix("+")
    if not digits.isascii() or not digits.isdigit():
        shown = stripped if len(stripped) <= 40 else stripped[:40] + "…"
        raise ValueRangeError(
            _("{what} takes a whole number, not {value}").format(what=what, value=repr(shown))
        )
    if len(digits) > max(40, len(str(high))):  # out of range, and not worth converting (5000 digits)
        raise _out_of_range(what, low, high, stripped)
    return check_int(what, int(stripped), low, high)


def _out_of_range(what: str, low: int, high: int, number: str) -> ValueRangeError:
    said = _("{what} must be {range}, not {value}")
    return ValueRangeError(said.format(what=what, range=whole_range(low, high), value=shown_number(number)))
