"""Actions written and read as text, derived from a game's action types (attrs classes).

A game that writes no ``parse_action``/``format_action`` gets these: an action is its class's
name as a word (``Take`` is "take", ``ThrowIn`` "throw-in") and then its fields: a card in
the one card notation (``7H``, ``7♥``, ``10h``) or by its number in the hand, a suit, a whole
number. A card alone is the first action type that carries a card ("7H" is "play 7H").
"""

from __future__ import annotations

import difflib
import re
import typing
from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.primitives.cards import (
    Card,
    Suit,
    card_forms,
    format_card,
    hand_number,
    parse_card,
    parse_suit,
)
from cardgames.primitives.errors import IncompleteAction, ParseError
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext


def action_word(kind: type[Any]) -> str:
    """The word for an action type: its class name in lower case, words joined by hyphens."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", kind.__name__).lower()


_FIELDS: dict[type[Any], tuple[tuple[str, Any, bool], ...]] = {}


def _fields(kind: type[Any]) -> tuple[tuple[str, Any, bool], ...]:
    """(name, type, has a default) of every field of an attrs action type."""
    if kind not in _FIELDS:
        hints = typing.get_type_hints(kind)
        _FIELDS[kind] = tuple(
            (f.name, hints[f.name], f.default is not attrs.NOTHING) for f in attrs.fields(kind)
        )
    return _FIELDS[kind]


def _value_text(value: Any) -> str:
    if isinstance(value, Card):
        return format_card(value)
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, tuple):
        return " ".join(_value_text(v) for v in value)
    return str(value)


def write_action(action: Any) -> str:
    """An action as text: its word, then its fields (a field left at its default is left out)."""
    words = [action_word(type(action))]
    for name, _, has_default in _fields(type(action)):
        value = getattr(action, name)
        field = attrs.fields_dict(type(action))[name]
        if has_default and value == field.default:
            continue
        words.append(_value_text(value))
    return " ".join(w for w in words if w)


def _card(word: str, hand: Sequence[Card]) -> Card:
    """A card by name, or by its number in the hand (1 is the first card shown)."""
    number = hand_number(word)
    if number is None:
        return parse_card(word)
    if not 1 <= number <= len(hand):
        held = (
            FRAMEWORK.ngettext("your hand has {count} card", "your hand has {count} cards", len(hand)).format(
                count=len(hand)
            )
            if hand
            else _("you hold no cards")
        )
        raise ParseError(_("there is no card number {number}: {held}").format(number=number, held=held))
    return hand[number - 1]


def _read(kind: type[Any], words: list[str], hand: Sequence[Card]) -> Any:
    """An action of type ``kind`` from the words after its name."""
    values: dict[str, Any] = {}
    rest = list(words)
    for name, hint, has_default in _fields(kind):
        if hint is Card or hint == Card | None:
            if rest:
                values[name] = _card(rest.pop(0), hand)
            elif not has_default:
                raise IncompleteAction(_("Which card?"), tuple(format_card(c) for c in hand))
        elif hint is Suit:
            if not rest:
                raise ParseError(_("{move} needs a suit (C, D, H or S)").format(move=action_word(kind)))
            values[name] = parse_suit(rest.pop(0))
        elif hint is int:
            if not rest or hand_number(rest[0]) is None:
                raise ParseError(_("{move} needs a number").format(move=action_word(kind)))
            values[name] = int(rest.pop(0))
        elif typing.get_origin(hint) is tuple and typing.get_args(hint)[0] is Card:
            values[name], rest = tuple(_card(w, hand) for w in rest), []
        elif not has_default:
            raise TypeError(f"{kind.__name__}.{name}: the default notation cannot read a {hint}")
    if rest:
        extra = repr(" ".join(rest))
        raise ParseError(
            _("{extra} is too much: {move} takes {form}").format(
                extra=extra, move=action_word(kind), form=_form(kind)
            )
        )
    return kind(**values)


def _form(kind: type[Any]) -> str:
    """What follows an action's word, in words."""
    parts = [name for name, _, _ in _fields(kind)]
    return " ".join(parts) if parts else _("nothing more")


def forms(action_types: Sequence[type[Any]]) -> str:
    """Every form the default notation reads, for help and for an empty move."""
    card = next((k for k in action_types if _carries_card(k)), None)
    out = (
        [_("a card ({forms}) or its number in your hand").format(forms=card_forms())]
        if card is not None
        else []
    )
    out += [action_word(k) + ("" if not _fields(k) else f" {_form(k)}") for k in action_types]
    return ", ".join(out)


def _carries_card(kind: type[Any]) -> bool:
    fields = _fields(kind)
    return bool(fields) and fields[0][1] is Card


def read_action(action_types: Sequence[type[Any]], text: str, view: Any) -> Any:
    """The action ``text`` writes: a word and its fields, or a card (a name or a number) alone.

    ParseError, with the forms it reads or the word meant, for anything else.
    """
    words = text.replace(",", " ").split()
    if not words:
        raise ParseError(_("nothing typed; write {forms}").format(forms=forms(action_types)))
    hand = tuple(getattr(view, "hand", ()))
    by_word = {action_word(k).replace("-", ""): k for k in action_types}
    head = words[0].casefold().replace("-", "")
    if head in by_word:
        return _read(by_word[head], words[1:], hand)
    card_type = next((k for k in action_types if _carries_card(k)), None)
    if card_type is not None:
        try:
            return _read(card_type, words, hand)
        except IncompleteAction:
            raise
        except ParseError:
            if words[0][:1].isdigit():  # a card or a number meant: its own error says what is wrong
                raise
    raise ParseError(_not_a_move(words[0], action_types)) from None


def _not_a_move(word: str, action_types: Sequence[type[Any]]) -> str:
    names = [action_word(k) for k in action_types]
    close = difflib.get_close_matches(word.casefold(), names, n=1, cutoff=0.6)
    if close:
        return _("{word} is not a move; did you mean {move}?").format(word=repr(word), move=close[0])
    return _("{word} is not a move; write {forms}").format(word=repr(word), forms=forms(action_types))
