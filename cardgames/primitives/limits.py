"""The ranges of whole numbers the framework accepts from outside (the command line and files).

SQLite stores an INTEGER in 8 bytes, so nothing that may reach a ledger (a stake, a score)
may be outside the signed 64-bit range. A seed is never negative and has up to 256 bits: the
ledger names a game by its seed in text, never in an INTEGER column.
"""

from __future__ import annotations

from cardgames.primitives.errors import ValueRangeError

INT_MIN = -(2**63)
INT_MAX = 2**63 - 1
SEED_MAX = 2**256 - 1  # a drawn seed is a 256-bit secret (docs/fair-deal.md); no ledger column holds one


def check_int(what: str, value: int, low: int = INT_MIN, high: int = INT_MAX) -> int:
    """``value`` if ``low <= value <= high``; ValueRangeError naming ``what`` and the range otherwise."""
    if not low <= value <= high:
        shown = str(value) if len(str(value)) <= 30 else f"a number of {len(str(value))} digits"
        raise ValueRangeError(f"{what} must be from {low} to {high}, not {shown}")
    return value


def parse_int(what: str, text: str, low: int = INT_MIN, high: int = INT_MAX) -> int:
    """A whole number typed on the command line, in range; ValueRangeError (one line) otherwise."""
    stripped = text.strip()
    digits = stripped.removeprefix("-").removeprefix("+")
    if not digits.isascii() or not digits.isdigit() or len(digits) > max(40, len(str(high))):
        shown = stripped if len(stripped) <= 40 else stripped[:40] + "…"
        raise ValueRangeError(f"{what} takes a whole number, not {shown!r}")
    return check_int(what, int(stripped), low, high)
