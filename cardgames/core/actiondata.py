"""Actions as JSON-ready data: each game's actions as a tagged union, a ``Choice`` with its seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union

from cardgames.core.game import Game
from cardgames.core.state import Choice
from cardgames.primitives.errors import SaveFileError
from cardgames.primitives.language import FRAMEWORK
from cardgames.primitives.text import inert

if TYPE_CHECKING:  # cattrs is imported when a record is first written or read: a game does not need it
    import cattrs

_ = FRAMEWORK.gettext

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
            said = inert(repr(seat), 20)
            raise SaveFileError(
                _("a choice's seat must be a seat number @ $.action.seat, not {said}").format(said=said)
            )
        if _is_choice(data["action"]):
            raise SaveFileError(_("a choice holds one action, not another choice @ $.action.action"))
        return Choice(seat, action_from_data(game, data["action"], conv))
    try:
        return conv.structure(data, _action_union(game))
    except Exception as exc:
        raise SaveFileError(_explain(exc, "action")) from None


def _explain(exc: BaseException, where: str) -> str:
    """The converter's complaint in one inert line (it quotes the file's keys and values)."""
    import cattrs

    if isinstance(exc, cattrs.BaseValidationError):
        lines = cattrs.transform_error(exc, path=f"$.{where}")
        return inert("; ".join(lines), 500)
    return inert(f"{where}: {exc}", 500)
