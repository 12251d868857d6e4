"""Game options: presets, ``key=value`` overrides and their validation.

An options class is a frozen attrs class whose fields have defaults and validators.
A preset is a named mapping of field values; overrides go on top of a preset.
"""

from __future__ import annotations

import enum
import math
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
from attrs import frozen

from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import catalog, translated
from cardgames.primitives.limits import check_int
from cardgames.primitives.text import inert

_ = catalog("cardgames").gettext

_TRUE = {"true", "yes", "on", "1", "y"}
_FALSE = {"false", "no", "off", "0", "n"}


@frozen
class NoOptions:
    """The options of a game that has none (``Game.options_type`` when a game declares none)."""


def option_fields(options_type: type[Any]) -> tuple[attrs.Attribute[Any], ...]:
    """The fields of an options class."""
    return tuple(attrs.fields(options_type))


def describe_type(tp: Any) -> str:
    """A short, human name for an option's type."""
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return " | ".join(str(a) for a in typing.get_args(tp))
    if origin in (typing.Union, types.UnionType):
        return " | ".join("none" if a is type(None) else describe_type(a) for a in typing.get_args(tp))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return " | ".join(m.name.lower() for m in tp)
    return getattr(tp, "__name__", str(tp))


def convert_value(name: str, tp: Any, value: Any) -> Any:
    """Turn ``value`` (often a string from the command line) into the field's type."""
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        choices = typing.get_args(tp)
        for choice in choices:
            if value == choice or (
                isinstance(value, str) and str(choice).casefold() == value.strip().casefold()
            ):
                return choice
        said = _("option {name} must be one of {choices}, not {value}")
        raise OptionError(said.format(name=name, choices=", ".join(map(str, choices)), value=repr(value)))
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if type(None) in args and (
            value is None or (isinstance(value, str) and value.strip().casefold() in {"none", "off", ""})
        ):
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return convert_value(name, arg, value)
            except OptionError as exc:
                errors.append(str(exc))
        if not errors:  # a union of None alone: a broken declaration, for its author
            raise OptionError(f"option {name} cannot be set from {value!r}")
        raise OptionError(errors[0])
    if tp is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().casefold() in _TRUE | _FALSE:
            return value.strip().casefold() in _TRUE
        raise OptionError(
            _("option {name} is on or off (true/false), not {value}").format(
                name=name,
                value=repr(value),
            )
        )
    if tp is int:
        if isinstance(value, bool):
            raise OptionError(
                _("option {name} takes a whole number, not {value}").format(
                    name=name,
                    value=repr(value),
                )
            )
        try:
            whole = value if isinstance(value, int) else int(str(value).strip())
        except ValueError:  # not a number, or more digits than Python converts
            said = _("option {name} takes a whole number, not {value}")
            raise OptionError(said.format(name=name, value=repr(inert(value, 40)))) from None
        return check_int(_("option {name}").format(name=name), whole)  # what a ledger (SQLite) can hold
    if tp is float:
        try:
            number = float(str(value).strip()) if isinstance(value, str) else float(value)
        except (TypeError, ValueError):
            raise OptionError(
                _("option {name} takes a number, not {value}").format(
                    name=name,
                    value=repr(value),
                )
            ) from None
        if not math.isfinite(number):  # "nan" and "inf" parse, but slip past every range check
            said = _("option {name} takes a finite number, not {value}")
            raise OptionError(said.format(name=name, value=repr(value)))
        return number
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        if isinstance(value, tp):
            return value
        for member in tp:
            if str(value).strip().casefold() in {
                member.name.casefold(),
                str(member.value).casefold(),
            }:
                return member
        said = _("option {name} must be one of {choices}, not {value}")
        raise OptionError(said.format(name=name, choices=describe_type(tp), value=repr(value)))
    if tp is str:
        return str(value)
    # a type no option takes: the options class's mistake, for its author (docs/languages.md)
    raise OptionError(f"option {name} cannot be set from {value!r}")


def _field_types(options_type: type[Any]) -> dict[str, Any]:
    return typing.get_type_hints(options_type)


def _unknown(name: str, known: Iterable[str], preset: bool) -> OptionError:
    """An unknown option or preset, with the closest known name or else every one."""
    known = sorted(known)
    import difflib  # for a mistake only (start-up)

    close = difflib.get_close_matches(name, known, n=1)
    if close:
        said = (
            _("unknown preset {name}; did you mean {close}?")
            if preset
            else _("unknown option {name}; did you mean {close}?")
        )
    else:
        said = (
            _("unknown preset {name}; known presets: {known}")
            if preset
            else _("unknown option {name}; known options: {known}")
        )
    return OptionError(said.format(name=repr(name), close=close[0] if close else "", known=", ".join(known)))


def make_options(
    options_type: type[Any],
    presets: Mapping[str, Mapping[str, Any]] | None = None,
    preset: str | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Any:
    """Build validated options: defaults, then the preset, then the overrides.

    Args:
        options_type: the game's options class (``Game.options_type``).
        presets: the game's presets (``Game.presets``): name to field values.
        preset: the preset to start from, matched ignoring case; None for the defaults.
        overrides: field values by name, usually the text of ``key=value`` pairs from
            ``parse_overrides`` (``hand-size`` and ``Hand_Size`` mean ``hand_size``); text
            is converted to each field's type.

    Raises:
        OptionError: an unknown preset or option (with the closest name), a value of the
            wrong type, or one that a validator refuses.
    """
    presets = presets or {}
    values: dict[str, Any] = {}
    hints = _field_types(options_type)
    names = {f.name for f in option_fields(options_type)}
    if preset is not None:
        by_key = {k.strip().casefold(): k for k in presets}
        key = preset.strip().casefold()
        if key not in by_key:
            raise _unknown(preset, presets, preset=True)
        for name, value in presets[by_key[key]].items():
            if name not in names:
                # the game's own mistake, for its author (docs/languages.md, "What is still in English")
                raise OptionError(f"preset {by_key[key]!r} sets an unknown option {name!r}")
            # presets may be written as text ("wild", "3"), like the command line
            values[name] = convert_value(name, hints[name], value) if isinstance(value, str) else value
    for raw_name, value in (overrides or {}).items():
        name = raw_name.strip().replace("-", "_").lower()
        if name not in names:
            raise _unknown(raw_name, names, preset=False)
        values[name] = convert_value(name, hints[name], value)
    try:
        return options_type(**values)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, OptionError):
            raise
        raise OptionError(_("invalid options: {reason}").format(reason=exc)) from None


def parse_overrides(pairs: Iterable[str]) -> dict[str, str]:
    """Read ``key=value`` strings from the command line."""
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionError(
                _("option {pair} must be written key=value, as in hand_size=7").format(
                    pair=repr(pair),
                )
            )
        key, value = pair.split("=", 1)
        if not key.strip():
            raise OptionError(_("option {pair} has no name before '='").format(pair=repr(pair)))
        out[key.strip()] = value.strip()
    return out


def options_as_dict(options: Any) -> dict[str, Any]:
    """Options as plain JSON-friendly values."""
    out: dict[str, Any] = {}
    for f in option_fields(type(options)):
        value = getattr(options, f.name)
        out[f.name] = value.name.lower() if isinstance(value, enum.Enum) else value
    return out


# Validators for options classes: each raises OptionError naming the option.


@attrs.frozen
class _InRange:
    """Validator: low <= value (<= high); None passes (an option that can be off)."""

    low: int | float
    high: int | float | None

    def __call__(self, _inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is None:
            return
        if value < self.low or (self.high is not None and value > self.high):
            if self.high is not None:
                said = _("option {name} must be from {low} to {high}, not {value}")
            else:
                said = _("option {name} must be at least {low}, not {value}")
            raise OptionError(said.format(name=attribute.name, low=self.low, high=self.high, value=value))


@attrs.frozen
class _OneOf:
    """Validator: the value is one of ``choices``."""

    choices: tuple[Any, ...]

    def __call__(self, _inst: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            said = _("option {name} must be one of {choices}, not {value}")
            raise OptionError(said.format(name=attribute.name, choices=allowed, value=repr(value)))


def option(default: Any, doc: str, validator: Any = None) -> Any:
    """A field of an options class: its default, what it means (shown to people) and its check.

    Mark ``doc`` with ``N_`` (``option(5, N_("cards dealt to each player"), in_range(1, 60))``): it is
    said where shown through the catalog of the options class's package (:func:`option_doc`).
    """
    return attrs.field(default=default, validator=validator, metadata={"doc": doc})


def option_doc(options_type: type[Any], f: attrs.Attribute[Any]) -> str:
    """What an option means, in the language in force: its ``doc`` through its class's package catalog.

    "" for an option without one; a class outside a package, or a text its catalog lacks, reads as written.
    """
    return translated(options_type, str(f.metadata.get("doc") or ""))


def in_range(low: int | float, high: int | float | None = None) -> Any:
    """A validator: low <= value (<= high)."""
    return _InRange(low, high)


def one_of(*choices: Any) -> Any:
    """A validator: value is one of choices."""
    return _OneOf(tuple(choices))


def _validators(validator: Any) -> list[Any]:
    inner = getattr(validator, "_validators", None)  # attrs' and_() of several validators
    if inner is not None:
        return [v for part in inner for v in _validators(part)]
    return [] if validator is None else [validator]


def describe_field(options_type: type[Any], f: attrs.Attribute[Any]) -> str:
    """The values an option takes, for people: "1-20", "wild | draw5", "on | off", "1-3600 | none"."""
    tp = _field_types(options_type)[f.name]
    text = ""
    for v in _validators(f.validator):
        if isinstance(v, _InRange):
            text = f"{v.low}-{v.high}" if v.high is not None else f"{v.low} or more"
            break
        if isinstance(v, _OneOf):
            text = " | ".join(format_value(c) for c in v.choices)
            break
    else:
        text = "on | off" if tp is bool else describe_type(tp)
    optional = typing.get_origin(tp) in (typing.Union, types.UnionType) and type(None) in typing.get_args(tp)
    if optional and "none" not in text.split(" | "):
        text += " | none"
    return text


def format_value(value: Any) -> str:
    """An option value as a person writes it: "wild", "on", "none", "5"."""
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    return str(value)
