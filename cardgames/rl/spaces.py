"""Fixed action spaces and observation arrays for any game (docs/rl.md#spaces).

A game may declare its own with two optional methods on its ``Game`` class:
``rl_actions(options, players)`` (every action the game can ever list, in a fixed order)
and ``rl_observation(options, players)`` (an :class:`Encoding`). Without them the
framework derives both: the action space is every value of every action type whose
fields it can enumerate (cards, suits, ranks, booleans, literals, each possibly None), and
the observation is read from the view's fields (cards as counts, numbers as numbers).
"""

from __future__ import annotations

import enum
import itertools
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol

import attrs
import numpy as np

from cardgames.primitives.cards import CARDS, Card
from cardgames.primitives.errors import OptionError

MAX_ACTIONS = 200_000
"""The most actions a derived space may hold; a game with more must declare its own."""


class Encoding(Protocol):
    """What a game declares to encode its views better than the default: a fixed size and a function."""

    size: int

    def encode(self, view: Any) -> np.ndarray:
        """The view as a float32 array of ``size`` values; it may read only the view."""
        ...


def _domain(tp: Any) -> tuple[Any, ...] | None:
    """Every value a field of type ``tp`` can hold, or None when they cannot be listed."""
    if tp is Card:
        return CARDS
    if tp is bool:
        return (False, True)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tuple(tp)
    origin = typing.get_origin(tp)
    if origin is Literal:
        return typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        parts = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(parts) != 1:
            return None
        inner = _domain(parts[0])
        return None if inner is None else (*inner, None)
    return None


def _init_fields(cls: type[Any]) -> list[tuple[str, Any]]:
    hints = typing.get_type_hints(cls)
    return [(f.alias, hints[f.name]) for f in attrs.fields(cls) if f.init]


def derive_actions(action_types: Sequence[type[Any]]) -> tuple[Any, ...]:
    """Every value of every action type whose fields can all be listed, type by type."""
    out: list[Any] = []
    for cls in action_types:
        if not attrs.has(cls):
            continue
        fields = _init_fields(cls)
        domains = [_domain(tp) for _, tp in fields]
        if any(d is None for d in domains):
            continue  # a free number or a tuple of cards: never listed by the games that have one
        size = 1
        for d in domains:
            size *= len(d or ())
        if len(out) + size > MAX_ACTIONS:
            raise OptionError(f"{cls.__name__} has {size} values; the game must declare rl_actions")
        names = [n for n, _ in fields]
        out.extend(cls(**dict(zip(names, values, strict=True))) for values in itertools.product(*domains))  # type: ignore[arg-type]
    return tuple(out)


class ActionSpace:
    """A fixed numbering of a game's actions: index to action and back, and the mask of legal ones."""

    def __init__(self, actions: Sequence[Any]) -> None:
        self.actions = tuple(actions)
        self.index: dict[Any, int] = {}
        for i, a in enumerate(self.actions):
            self.index.setdefault(a, i)

    def __len__(self) -> int:
        return len(self.actions)

    def number(self, action: Any, game_name: str) -> int:
        """The index of a listed action; a clear error for one outside the space."""
        found = self.index.get(action)
        if found is None:
            raise OptionError(f"{game_name} listed {action!r}, outside its action space (declare rl_actions)")
        return found

    def mask(self, legal: Sequence[Any], game_name: str) -> np.ndarray:
        """1 for each legal action, 0 elsewhere (int8)."""
        out = np.zeros(len(self.actions), np.int8)
        for a in legal:
            out[self.number(a, game_name)] = 1
        return out


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The attrs fields of ``cls`` (none for any other class), looked up once per class."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in attrs.fields(cls)) if attrs.has(cls) else ()
    return names


def _walk_cards(value: Any, counts: np.ndarray, offset: int) -> None:
    """Count every card held in ``value`` (a card, a tuple of them, attrs values holding them)."""
    if type(value) is Card:
        counts[offset + value.index] += 1
    elif isinstance(value, (tuple, list)):
        for v in value:
            if type(v) is Card:  # the common case, inline: a hand, a trick
                counts[offset + v.index] += 1
            else:
                _walk_cards(v, counts, offset)
    else:
        for name in _field_names(type(value)):
            _walk_cards(getattr(value, name), counts, offset)


class ViewEncoding:
    """The default observation: every field of the view, by its declared type (docs/rl.md#observations).

    Cards and anything holding cards (a hand, a trick, the finished tricks): counts per card;
    a number or a flag: itself; an optional number: present and value; a tuple of numbers:
    one value per seat; a literal or an enum: one-hot. Text and the log are left out.
    """

    def __init__(self, view_type: type[Any], players: int) -> None:
        hints = typing.get_type_hints(view_type)
        self.parts: list[tuple[str, str, int, tuple[Any, ...]]] = []
        size = 0
        for f in attrs.fields(view_type):
            if f.name == "log":
                continue
            kind, width, values = self._kind(hints.get(f.name, Any), players)
            if kind == "skip":
                continue
            self.parts.append((f.name, kind, width, values))
            size += width
        self.size = size

    @staticmethod
    def _kind(tp: Any, players: int) -> tuple[str, int, tuple[Any, ...]]:
        values = _domain(tp)
        if tp is bool:
            return "number", 1, ()
        if values is not None and not (Card in typing.get_args(tp) or tp is Card):
            return "onehot", len(values), values
        if tp in (int, float):
            return "number", 1, ()
        args = typing.get_args(tp)
        origin = typing.get_origin(tp)
        if origin in (typing.Union, types.UnionType) and set(args) <= {int, float, type(None)}:
            return "maybe", 2, ()
        numeric = (int, float, Ellipsis)
        if origin is tuple and args and args[0] in (int, float) and all(a in numeric for a in args):
            return "numbers", players, ()
        if tp is str:
            return "skip", 0, ()
        return "cards", len(CARDS), ()

    def encode(self, view: Any) -> np.ndarray:
        """The view as a float32 array of ``size`` values."""
        out = np.zeros(self.size, np.float32)
        at = 0
        for name, kind, width, values in self.parts:
            value = getattr(view, name)
            if kind == "cards":
                _walk_cards(value, out, at)
            elif kind == "number":
                out[at] = value
            elif kind == "maybe":
                if value is not None:
                    out[at], out[at + 1] = 1, value
            elif kind == "numbers":
                row = tuple(value)[:width]
                out[at : at + len(row)] = row
            elif value in values:
                out[at + values.index(value)] = 1
            at += width
        return out


def action_space(game: Any, options: Any, players: int) -> ActionSpace:
    """The game's declared action space, else the derived one."""
    declared = getattr(game, "rl_actions", None)
    actions = declared(options, players) if callable(declared) else derive_actions(game.action_types)
    if not actions:
        raise OptionError(f"{game.name} has no action the framework can number; declare rl_actions")
    return ActionSpace(actions)


def encoding(game: Any, options: Any, players: int, view: Any) -> Encoding:
    """The game's declared observation encoding, else the default read from ``view``'s type."""
    declared = getattr(game, "rl_observation", None)
    if callable(declared):
        found: Encoding = declared(options, players)
        return found
    return ViewEncoding(type(view), players)


def options_for(game: Any, options: Any) -> Any:
    """Options from an options value, a mapping of overrides over the default preset, or None."""
    from cardgames.core.options import make_options

    if isinstance(options, game.options_type):
        return options
    if options is not None and not isinstance(options, Mapping):
        raise OptionError(f"options for {game.name} are a mapping or {game.options_type.__name__}")
    return make_options(game.options_type, game.presets, game.default_preset, options or {})
