"""Positions you can write down: a game's notation for its state (like FEN for chess).

A game that has one sets ``Game.position`` to a :class:`PositionNotation`. ``write``
gives the current state as one short line of text; ``read`` builds a state from such a
line, with the match options and a seed: whatever the text leaves open (the order of a
stock given only as "the rest", and all chance to come) is drawn from that seed, so the
same text and seed always give the same game. Bad text raises :class:`PositionError`
with one line that names the field and why (a duplicated card, a seat that does not
exist, a card the rules cannot have put there).

A notation leaves out history: at least the public log, and whatever else its
``omits`` names (fields of the views that may differ after reading). The conformance kit
(:func:`check_position`) checks along random games that reading what was written gives
back a state that plays on identically: the same seat to act, the same legal actions, the
same cards in the same order in every zone, the same views apart from ``omits``, and the
same text when written again.

The helpers :func:`fields`, :func:`seat` and :func:`cards` read the ``name=value; …``
layout both built-in notations use; a game may use them or write its own layout.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardgames.cards import Card, format_card, parse_cards
from cardgames.errors import ParseError, PluginFailedError


class PositionError(ParseError):
    """A position's text cannot be read, or describes a position the rules cannot reach."""


class PositionNotation(ABC):
    """How one game writes its state as text and reads it back."""

    omits: tuple[str, ...] = ("log",)
    """The view fields that reading a written position may change (history left out)."""
    leaves_out: str = "the public log"
    """What the notation leaves out, in words (for the docs and ``--position`` help)."""

    @abstractmethod
    def write(self, state: Any) -> str:
        """The state as one line of text."""

    @abstractmethod
    def read(self, text: str, options: Any, seed: int) -> Any:
        """A state from ``text`` under ``options``; chance the text leaves open comes from ``seed``.

        Raises PositionError (one line) for text that cannot be read or a position the
        rules cannot reach.
        """


def notation_of(game: Any) -> PositionNotation | None:
    """The game's position notation, or None when it has none (a plugin of protocol 1)."""
    notation = getattr(game, "position", None)
    return notation if isinstance(notation, PositionNotation) else None


# --- the name=value; … layout ----------------------------------------------------------


def fields(text: str, known: Iterable[str]) -> dict[str, str]:
    """``name=value`` pairs separated by ``;``; an unknown, repeated or empty name is refused."""
    allowed = tuple(known)
    out: dict[str, str] = {}
    if not text.strip():
        raise PositionError(f"the position is empty; write fields such as {'; '.join(allowed[:3])}=…")
    for part in text.split(";"):
        if not part.strip():
            continue
        name, eq, value = part.partition("=")
        name = name.strip().casefold()
        if not eq:
            raise PositionError(f"{part.strip()!r} is not a field: write name=value, fields separated by ';'")
        if name not in allowed:
            raise PositionError(f"unknown field {name!r}; the fields are {', '.join(allowed)}")
        if name in out:
            raise PositionError(f"the field {name!r} is given twice")
        out[name] = value.strip()
    return out


def seat(text: str, players: int, what: str) -> int:
    """A seat written P1, P2, … (or 1, 2, …), checked against the player count."""
    word = text.strip().upper().removeprefix("P")
    if not word.isdigit() or not 1 <= int(word) <= players:
        raise PositionError(f"{what}: {text.strip()!r} is not a seat; write P1 to P{players}")
    return int(word) - 1


def seats(text: str, players: int, what: str) -> list[int]:
    """Seats separated by spaces or commas ("P2 P3"), or "-" for none."""
    words = text.replace(",", " ").split()
    return [] if words in ([], ["-"]) else [seat(w, players, what) for w in words]


def cards(text: str, what: str) -> list[Card]:
    """Cards separated by spaces ("AS 10H JOKER"), or "-" for none; the field names the error."""
    if text.strip() == "-":
        return []
    try:
        return parse_cards(text)
    except ParseError as exc:
        raise PositionError(f"{what}: {exc}") from None


def card_text(cards: Iterable[Card]) -> str:
    """Cards as the notation writes them ("AS 10H JOKER"), "-" for none."""
    return " ".join(format_card(c) for c in cards) or "-"


def numbers(text: str, players: int, what: str) -> list[int]:
    """One whole number (0 or more) per seat, separated by spaces."""
    words = text.replace(",", " ").split()
    if len(words) != players or not all(w.isdigit() for w in words):
        raise PositionError(f"{what}: write {players} whole numbers, one per seat, not {text.strip()!r}")
    return [int(w) for w in words]


# --- the conformance check ---------------------------------------------------------------


def _public(view: Any, omits: Sequence[str]) -> dict[str, Any]:
    return {f.name: getattr(view, f.name) for f in attrs.fields(type(view)) if f.name not in omits}


def position_mismatch(notation: PositionNotation, state: Any, options: Any, seed: int) -> str | None:
    """Why ``read(write(state))`` is not ``state`` apart from what the notation omits, or None."""
    text = notation.write(state)
    if "\n" in text:
        return f"the written position is not one line: {text!r}"
    try:
        again = notation.read(text, options, seed)
    except PositionError as exc:
        return f"the written position does not read back: {exc} (position {text!r})"
    if (written := notation.write(again)) != text:
        return f"the position read back is written differently: {text!r} became {written!r}"
    if again.to_act() != state.to_act() or again.is_over() != state.is_over():
        return f"the position read back has another seat to act (position {text!r})"
    if list(again.legal_actions()) != list(state.legal_actions()):
        return f"the position read back lists other legal actions (position {text!r})"
    if again.all_cards() != state.all_cards():
        return f"the position read back holds other cards or in another order (position {text!r})"
    if again.outcome() != state.outcome():
        return f"the position read back has another outcome (position {text!r})"
    for s in range(state.players):
        before, after = _public(state.view(s), notation.omits), _public(again.view(s), notation.omits)
        if before != after:
            diff = sorted(k for k in before if before[k] != after.get(k))
            return f"the view of seat {s} read back differs in {', '.join(diff)} (position {text!r})"
    return None


# --- games started from a position ---------------------------------------------------------

POSITION_LIMIT = 4000
"""The longest position text a command line or a saved game may hold (characters)."""


def _notation(game: Any) -> PositionNotation:
    notation = notation_of(game)
    if notation is None:
        raise PositionError(f"{game.name} has no position notation: its games start only from a deal")
    return notation


def position_players(game: Any, options: Any, text: str) -> int:
    """How many seats the position ``text`` has (reading it; PositionError if it is bad)."""
    if len(text) > POSITION_LIMIT:
        raise PositionError(f"the position is {len(text)} characters long, more than {POSITION_LIMIT}")
    players: int = _read(game, text, options, 0).players
    return players


def _read(game: Any, text: str, options: Any, seed: int) -> Any:
    """Read a position; a plugin's notation that fails otherwise than by PositionError is named."""
    notation = _notation(game)
    try:
        return notation.read(text, options, seed)
    except PositionError:
        raise
    except Exception as exc:  # a plugin's bug, not the user's text
        raise PluginFailedError(
            f"{game.name}'s position notation failed: {type(exc).__name__}: {exc}"
        ) from None


def start_state(game: Any, options: Any, players: int, seed: int, position: str = "") -> Any:
    """A new game: dealt from ``seed``, or, given a ``position``, read from it with ``seed`` for the rest."""
    if not position:
        return game.new_game(options, players, seed)
    if len(position) > POSITION_LIMIT:
        raise PositionError(f"the position is {len(position)} characters long, more than {POSITION_LIMIT}")
    state = _read(game, position, options, seed)
    if state.players != players:
        raise PositionError(f"the position has {state.players} seats, but {players} players were named")
    if getattr(type(game), "guarded_plugin", None) is not None:  # a sandboxed plugin's state is guarded too
        from cardgames.guard import GuardedState

        state = GuardedState(game.id, state)
    return state


def write_position(game: Any, state: Any) -> str:
    """The position of ``state`` in the game's notation (a guarded plugin's state is unwrapped)."""
    notation = _notation(game)
    inner = getattr(state, "_inner", state)
    try:
        return notation.write(inner)
    except Exception as exc:  # a plugin's bug
        raise PluginFailedError(
            f"{game.name}'s position notation failed: {type(exc).__name__}: {exc}"
        ) from None
