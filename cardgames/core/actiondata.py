"""Actions as JSON-ready data: each game's actions as a tagged union, a ``Choice`` with its seat."""

from __future__ import annotations

import enum
import json
import types
import typing
from typing import TYPE_CHECKING, Any, Union

import attrs

from cardgames.core.game import Game
from cardgames.core.state import Choice
from cardgames.primitives import cardwords
from cardgames.primitives.cards import Card, Rank, Suit
from cardgames.primitives.errors import SaveFileError
from cardgames.primitives.language import FRAMEWORK, language
from cardgames.primitives.text import inert

if TYPE_CHECKING:  # cattrs is imported when a record is first written or read: a game does not need it
    import cattrs

_, ngettext = FRAMEWORK.gettext, FRAMEWORK.ngettext

AnyGame = Game[Any, Any]
CHOICE_TAG = "Choice"
SEAT_LIMIT = 64
"""No game seats more players than this (a file's seat numbers are checked against it)."""

_CONVERTERS: dict[tuple[type, ...], cattrs.Converter] = {}


def action_converter(game: AnyGame) -> cattrs.Converter:
    """A converter that writes the game's actions as a tagged union on the key "type".

    Built once per set of action types and shared (building one costs milliseconds, and
    the conformance kit converts every action): do not register hooks on it.
    """
    types = tuple(game.action_types)
    conv = _CONVERTERS.get(types)
    if conv is None:
        conv = _CONVERTERS[types] = _new_action_converter(types)
    return conv


def _new_action_converter(types: tuple[type, ...]) -> cattrs.Converter:
    import cattrs
    from cattrs.strategies import configure_tagged_union

    conv = cattrs.Converter(forbid_extra_keys=True)
    if len(types) == 1:
        return conv
    union = Union[types]  # type: ignore[valid-type]  # noqa: UP007
    configure_tagged_union(union, conv, tag_name="type", tag_generator=lambda t: t.__name__)
    return conv


def _action_union(game: AnyGame) -> Any:
    types = tuple(game.action_types)
    return types[0] if len(types) == 1 else Union[types]  # noqa: UP007


def action_to_data(game: AnyGame, action: Any, conv: cattrs.Converter | None = None) -> Any:
    """An action (or a simultaneous decision's ``Choice``, with its seat) as JSON-ready data."""
    conv = conv or action_converter(game)
    if isinstance(action, Choice):
        return {"type": CHOICE_TAG, "seat": action.seat, "action": action_to_data(game, action.action, conv)}
    return conv.unstructure(action, unstructure_as=_action_union(game))


def _is_choice(data: Any) -> bool:
    keys = {"type", "seat", "action"}
    return isinstance(data, dict) and data.get("type") == CHOICE_TAG and set(data) == keys


def action_from_data(game: AnyGame, data: Any, conv: cattrs.Converter | None = None) -> Any:
    """An action (or a ``Choice``) from JSON-ready data; SaveFileError naming the field when malformed."""
    conv = conv or action_converter(game)
    if _is_choice(data):
        seat = data["seat"]
        if type(seat) is not int or not 0 <= seat < SEAT_LIMIT:
            said = _("the field seat of a choice is {value}, not a seat number from 0 to {high}")
            raise SaveFileError(said.format(value=_shown(seat), high=SEAT_LIMIT - 1))
        if _is_choice(data["action"]):
            raise SaveFileError(_("the field action of a choice holds another choice, not a move"))
        return Choice(seat, action_from_data(game, data["action"], conv))
    try:
        return conv.structure(data, _action_union(game))
    except Exception as exc:
        raise SaveFileError(_damage(game, data, exc)) from None


# --- a damaged action in words: which field, what it holds, what it should ---------------------------


def _damage(game: AnyGame, data: Any, exc: BaseException) -> str:
    """What is wrong with the action ``data`` (the converter refused it with ``exc``), in words."""
    kinds = {t.__name__: t for t in game.action_types}
    names = ", ".join(kinds)
    if not isinstance(data, dict):
        said = _("it is {value}, not a move (an object whose field type is one of {kinds})")
        return said.format(value=_shown(data), kinds=names)
    kind = next(iter(kinds.values()))
    if len(kinds) > 1:
        if "type" not in data:
            return _("it has no field type, which says what move it is ({kinds})").format(kinds=names)
        if not isinstance(data["type"], str) or data["type"] not in kinds:
            said = _("its type {value} is no move of {game}; the moves are {kinds}")
            return said.format(value=_shown(data["type"]), game=game.name, kinds=names)
        kind = kinds[data["type"]]
    leaf, path, expected = _leaf(exc, (), kind)
    field = ".".join(str(p) for p in path)
    if isinstance(leaf, KeyError) and path:
        return _("the field {field} is missing").format(field=field)
    extra = getattr(leaf, "extra_fields", None)
    if extra:  # cattrs' ForbiddenExtraKeysError
        found = ", ".join(sorted(map(str, extra)))
        owner = getattr(leaf, "cl", expected)
        if path:
            said = ngettext(
                "the field {field} has a field no {kind} has: {names}",
                "the field {field} has fields no {kind} has: {names}",
                len(extra),
            )
        else:
            said = ngettext(
                "it has a field no {kind} has: {names}", "it has fields no {kind} has: {names}", len(extra)
            )
        return said.format(
            field=field, kind=getattr(owner, "__name__", kind.__name__), names=inert(found, 80)
        )
    value = _at(data, path)
    if not path:
        return _("it is {value}, not {expected}").format(value=_shown(value), expected=_expected(expected))
    said = _("the field {field} is {value}, not {expected}")
    return said.format(field=inert(field, 80), value=_shown(value), expected=_expected(expected))


def _leaf(exc: BaseException, path: tuple[Any, ...], tp: Any) -> tuple[BaseException, tuple[Any, ...], Any]:
    """The first complaint in the converter's tree, the path of fields to it and the type it wanted there."""
    import cattrs

    if isinstance(exc, cattrs.ClassValidationError | cattrs.IterableValidationError):
        noted, plain = exc.group_exceptions()
        if noted:
            inner, note = noted[0]
            key = note.name if isinstance(note, cattrs.AttributeValidationNote) else note.index
            return _leaf(inner, (*path, key), note.type)
        if plain:
            return _leaf(plain[0], path, getattr(exc, "cl", tp))
    return exc, path, tp


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    """The value at ``path`` in ``data`` (None where the path leaves it)."""
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _shown(value: Any) -> str:
    """A value of the file as JSON writes it, cut short and inert."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return inert(text if len(text) <= 40 else text[:40] + "…", 50)


def _expected(tp: Any) -> str:
    """What a field of type ``tp`` holds, in words of the language in force."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        said = " | ".join(_expected(a) for a in kinds)
        return _("{kind}, or null").format(kind=said) if type(None) in args else said
    code = language()
    if tp is Rank:
        words = ", ".join(f"{int(r)} {cardwords.rank_name(r, code)}" for r in Rank if r >= Rank.JACK)
        return _("a rank from 2 to 14 ({names})").format(names=words)
    if tp is Suit:
        words = ", ".join(f"{int(s)} {cardwords.suit_name(s, code)}" for s in Suit)
        return _("a suit from 0 to 3 ({names})").format(names=words)
    if tp is Card:
        return _("a card (an object with a rank and a suit, both null for a joker)")
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _("one of {values}").format(values=", ".join(_shown(m.value) for m in tp))
    if tp is bool:
        return _("true or false")
    if tp is int:
        return _("a whole number")
    if tp is float:
        return _("a number")
    if tp is str:
        return _("text")
    if isinstance(tp, type) and attrs.has(tp):
        fields = ", ".join(f.name for f in attrs.fields(tp))
        return _("an object with the fields {fields}").format(fields=fields) if fields else "{}"
    if typing.get_origin(tp) in (list, tuple) or tp in (list, tuple):
        return _("a list")
    return inert(getattr(tp, "__name__", str(tp)), 40)
