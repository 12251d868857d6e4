"""Reading what an organiser typed for one deal into the values a game's scoresheet declared.

Every error names the field (``--FIELD``) and changes nothing. Names are matched to the
players of the game (trimmed, case-folded), with a "did you mean" for a near miss.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence

from cardgames.core.scoresheet import Field, NumberField, PlayerNumbersField, SeatField, Value
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.model import name_key
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext


def flag(name: str) -> str:
    """How a field is written on the command line: ``all_tricks`` is ``--all-tricks``."""
    return "--" + name.replace("_", "-")


def usage(field: Field) -> str:
    """What a field takes, e.g. ``NAME``, ``0..13`` or ``NAME=POINTS[,BONUS]``."""
    if isinstance(field, SeatField):
        return "NAME"
    if isinstance(field, NumberField):
        return f"{field.low}..{field.high}"
    first, *rest = (p.upper() for p in field.parts)
    return f"NAME={first}" + "".join(f"[,{p}]" for p in rest)


def describe(field: Field) -> str:
    """One line of help for a field."""
    repeat = " (once per player)" if isinstance(field, PlayerNumbersField) else ""
    need = "" if field.required else " (optional)"
    return f"{flag(field.name)} {usage(field)}: {field.help}{repeat}{need}"


def _seat(field: str, text: str, players: Sequence[str]) -> int:
    key = name_key(text)
    for seat, player in enumerate(players):
        if name_key(player) == key:
            return seat
    close = difflib.get_close_matches(text, list(players), n=1)
    hint = _("; did you mean {name}?").format(name=close[0]) if close else ""
    raise LedgerError(
        _("{field}: {text!r} does not play in this game ({names}){hint}").format(
            field=flag(field), text=text, names=", ".join(players), hint=hint
        )
    )


def _number(field: str, what: str, text: str, low: int, high: int) -> int:
    raw = text.strip()
    if not raw.isdigit() and not (raw.startswith("-") and raw[1:].isdigit()):
        raise LedgerError(
            _("{field}: {what} must be a whole number, not {text!r}").format(
                field=flag(field), what=what, text=text
            )
        )
    if len(raw) > 20 or not low <= int(raw) <= high:
        raise LedgerError(
            _("{field}: {what} must be from {low} to {high}, not {text}").format(
                field=flag(field), what=what, low=low, high=high, text=raw[:24]
            )
        )
    return int(raw)


def parse_field(field: Field, texts: Sequence[str], players: Sequence[str]) -> Value:
    """One field's value from what was typed (a list: a per-player field may be given once per player)."""
    if not texts:
        return None
    if not isinstance(field, PlayerNumbersField):
        if len(texts) > 1:
            raise LedgerError(
                _("{name} is given {count} times; give it once").format(
                    name=flag(field.name), count=len(texts)
                )
            )
        if isinstance(field, SeatField):
            return _seat(field.name, texts[0], players)
        return _number(field.name, field.name.replace("_", " "), texts[0], field.low, field.high)
    out: dict[int, tuple[int, ...]] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        numbers = value.split(",")
        if not sep or not name.strip() or len(numbers) > len(field.parts):
            raise LedgerError(
                _("{name} {text!r} must be written {field}").format(
                    name=flag(field.name), text=text, field=usage(field)
                )
            )
        seat = _seat(field.name, name, players)
        if seat in out:
            raise LedgerError(
                _("{name} gives {player} twice").format(name=flag(field.name), player=players[seat])
            )
        parsed = [
            _number(
                field.name,
                _("{player}'s {part}").format(player=players[seat], part=part),
                numbers[i],
                field.low,
                field.high,
            )
            for i, part in enumerate(field.parts[: len(numbers)])
        ]
        out[seat] = tuple(parsed) + (0,) * (len(field.parts) - len(parsed))
    return out


def parse_values(
    fields: Sequence[Field], given: Mapping[str, Sequence[str]], players: Sequence[str], what: str
) -> dict[str, Value]:
    """Every declared field's value; LedgerError for an undeclared or missing field, or a bad value."""
    by_name = {f.name: f for f in fields}
    for name in given:
        if name not in by_name:
            known = ", ".join(flag(f) for f in by_name) or _("none")
            close = difflib.get_close_matches(name, list(by_name), n=1)
            hint = _("; did you mean {name}?").format(name=flag(close[0])) if close else ""
            raise LedgerError(
                _("{what} has no field {name} (its fields: {known}){hint}").format(
                    what=what, name=flag(name), known=known, hint=hint
                )
            )
    values = {f.name: parse_field(f, given.get(f.name, ()), players) for f in fields}
    for f in fields:
        if f.required and values[f.name] is None:
            raise LedgerError(_("{name}: give {help}").format(name=flag(f.name), help=f.help))
    return values
