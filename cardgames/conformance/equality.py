"""The kit's check that a state's equality sees every field that changes in play."""

from __future__ import annotations

import random
from typing import Any

import attrs

from cardgames.conformance.common import failure
from cardgames.core.game import Game
from cardgames.core.record import GameRecord
from cardgames.core.state import GameState
from cardgames.primitives.copying import Fields


def state_fields(state: GameState) -> tuple[list[str], frozenset[str]]:
    """The names of a state's fields, and those it declares derived (left out of equality).

    Read from the declaration (``GameState.fields``), else from attrs' fields or the
    classes' ``__slots__``, and from the instance's attribute dictionary in every case.
    """
    cls = type(state)
    declared = getattr(cls, "fields", None)
    derived: frozenset[str] = frozenset()
    if isinstance(declared, Fields):
        names = list(declared.names)
        derived = declared.derived
    elif attrs.has(cls):
        names = [f.name for f in attrs.fields(cls)]
    else:
        names = [
            n for k in reversed(cls.__mro__) for n in getattr(k, "__slots__", ()) if not n.startswith("__")
        ]
    names += [n for n in getattr(state, "__dict__", {}) if n not in names]
    return names, derived


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, random.Random) and isinstance(b, random.Random):
        return a.getstate() == b.getstate()  # a generator compares by identity, its state by value
    return bool(a == b)


_MISSING = object()


def check_equality_sees(
    game: Game[Any, Any], before: GameState, after: GameState, text: str, record: GameRecord
) -> None:
    """The state's ``__eq__`` tells apart two states that differ in any one field that just changed.

    For every field (but the declared derived ones) whose value ``text`` changed, a copy
    of ``after`` with that field put back as it was in ``before`` must not equal
    ``after``: an equality that ignores the field would let a replay that differs there
    pass for identical.
    """
    names, derived = state_fields(after)
    earlier: GameState | None = None  # one copy of ``before`` for every field put back, made when needed
    for name in names:
        if name in derived:
            continue
        old, new = getattr(before, name, _MISSING), getattr(after, name, _MISSING)
        if old is _MISSING or new is _MISSING or _same(old, new):
            continue
        if earlier is None:
            earlier = before.clone()
        hybrid = after.clone()
        setattr(hybrid, name, getattr(earlier, name))
        if hybrid == after:
            raise failure(
                f"the state's equality ignores the field {name!r}, which {text} changed: a replay that "
                "differs there would pass for identical (declare the field, or Derived if it is a cache)",
                record,
            )
