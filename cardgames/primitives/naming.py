"""How a game's table names a seat: the label the games use (P2) and, when known, the name beside it."""

from __future__ import annotations

from collections.abc import Sequence


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """``P2 Ann``, or ``P2`` when the names are not known."""
    label = f"P{seat + 1}"
    return f"{label} {names[seat]}" if names is not None and 0 <= seat < len(names) else label


def you_mark(seat: int, viewer: int, names: Sequence[str] | None = None) -> str:
    """`` (you)`` after the viewer's own seat, unless its name says so already ("You")."""
    if seat != viewer:
        return ""
    if names is not None and 0 <= seat < len(names) and names[seat].casefold() == "you":
        return ""
    return " (you)"
