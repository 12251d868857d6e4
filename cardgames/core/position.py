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

A position may also be written as one seat may know it (``write_seen``, the in-game
``position`` command): every card that seat cannot see is written open, ``?`` for one card
and ``?5`` for five (:func:`open_cards`, :func:`open_text`), and ``seen=P2`` names the seat.
Reading such a text deals the open cards from the seed, consistently with what that seat
knows, so the seat's view of the position read back is the view it had.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardgames.primitives.cards import Card, cards_named, format_card, parse_cards
from cardgames.primitives.errors import ParseError, PluginFailedError
from cardgames.primitives.language import FRAMEWORK
from cardgames.primitives.limits import INT_MAX, shown_number, whole_range

_, ngettext = FRAMEWORK.gettext, FRAMEWORK.ngettext


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

    def write_seen(self, state: Any, seat: int) -> str | None:
        """The state as ``seat`` may know it: the cards it cannot see written open (``?``).

        None when the notation cannot leave cards open (the default); then only the whole
        position can be written, once the game is over.
        """
        return None

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
        said = _("the position is empty; write fields such as {fields}=…")
        raise PositionError(said.format(fields="; ".join(allowed[:3])))
    for part in text.split(";"):
        if not part.strip():
            continue
        name, eq, value = part.partition("=")
        name = name.strip().casefold()
        if not eq:
            said = _("{text} is not a field: write name=value, fields separated by ';'")
            raise PositionError(said.format(text=repr(inert_word(part))))
        if name not in allowed:
            said = _("unknown field {name}; the fields are {fields}")
            raise PositionError(said.format(name=repr(inert_word(name)), fields=", ".join(allowed)))
        if name in out:
            raise PositionError(_("the field {name} is given twice").format(name=repr(name)))
        out[name] = value.strip()
    return out


def whole(text: str, what: str, low: int = 0, high: int = INT_MAX) -> int:
    """A whole number written in ASCII digits, from ``low`` to ``high`` (at most a ledger's INTEGER)."""
    word = text.strip()
    if not (word.isascii() and word.isdigit()) or len(word) > len(str(high)) or not low <= int(word) <= high:
        shown = shown_number(word) if len(word) > 30 and word.isdigit() else repr(inert_word(word))
        said = _("{what}: write {range}, not {value}")
        raise PositionError(said.format(what=what, range=whole_range(low, high), value=shown))
    return int(word)


def seat(text: str, players: int, what: str) -> int:
    """A seat written P1, P2, … (or 1, 2, …), checked against the player count."""
    word = text.strip().upper().removeprefix("P")
    if not (word.isascii() and word.isdigit()) or len(word) > 2 or not 1 <= int(word) <= players:
        said = _("{what}: {text} is not a seat; write P1 to P{players}")
        raise PositionError(said.format(what=what, text=repr(inert_word(text)), players=players))
    return int(word) - 1


def inert_word(text: str) -> str:
    """A word of the position as an error shows it: stripped, and cut after 30 characters."""
    word = text.strip()
    return word if len(word) <= 30 else word[:30] + "…"


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


OPEN = "?"
"""A card the writer cannot see; ``?5`` is five of them."""
OPEN_LIMIT = 999


def open_cards(text: str, what: str) -> list[Card | None]:
    """Cards as :func:`cards` reads them, where ``?`` is one open card (None) and ``?5`` five."""
    out: list[Card | None] = []
    known: list[str] = []

    def flush() -> None:
        if known:
            out.extend(cards(" ".join(known), what))
            known.clear()

    if text.strip() == "-":
        return []
    for word in text.split():
        if not word.startswith(OPEN):
            known.append(word)
            continue
        flush()
        count = word[1:] or "1"
        if not (count.isascii() and count.isdigit()) or len(count) > 5 or not 1 <= int(count) <= OPEN_LIMIT:
            said = _("{what}: {text} is not a number of open cards; write ? or ?5")
            raise PositionError(said.format(what=what, text=repr(inert_word(word))))
        out.extend([None] * int(count))
    flush()
    return out


def open_text(count: int) -> str:
    """``count`` open cards as the notation writes them ("?", "?5"; "" for none)."""
    return "" if count <= 0 else OPEN if count == 1 else f"{OPEN}{count}"


def seen_text(open_count: int, known: Iterable[Card]) -> str:
    """A zone written for a seat: its open cards first, then the cards it knows ("?4 7H"), "-" for none."""
    words = [w for w in (open_text(open_count), " ".join(format_card(c) for c in known)) if w]
    return " ".join(words) or "-"


def fill_open(
    zones: Sequence[Sequence[int | None]], pool: Sequence[int]
) -> tuple[list[list[int]], list[int]]:
    """The zones with their open places (None) filled from ``pool`` in order, and the pool left over."""
    need = sum(1 for zone in zones for c in zone if c is None)
    if need > len(pool):
        said = ngettext(
            "{count} card is written open (?), but only {left} are left for it",
            "{count} cards are written open (?), but only {left} are left for them",
            need,
        )
        raise PositionError(said.format(count=need, left=len(pool)))
    rest = iter(pool)
    filled = [[next(rest) if c is None else c for c in zone] for zone in zones]
    return filled, list(rest)


def card_text(cards: Iterable[Card]) -> str:
    """Cards as the notation writes them ("AS 10H JOKER"), "-" for none."""
    return " ".join(format_card(c) for c in cards) or "-"


def numbers(text: str, players: int, what: str) -> list[int]:
    """One whole number per seat (0 or more, at most a ledger's INTEGER), separated by spaces."""
    words = text.replace(",", " ").split()
    if len(words) != players:
        said = ngettext(
            "{what}: write {count} whole number, one per seat, not {text}",
            "{what}: write {count} whole numbers, one per seat, not {text}",
            players,
        )
        raise PositionError(said.format(what=what, count=players, text=repr(inert_word(text))))
    return [whole(w, what) for w in words]


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


def seen_mismatch(
    notation: PositionNotation, state: Any, seat: int, options: Any, seed: int, known: set[Card] | None = None
) -> str | None:
    """Why the position ``seat`` may know is not what it saw, or None (also when it cannot be written).

    Read back, it must give ``seat`` the view it had (apart from ``omits``), the same seats
    to decide and, if ``seat`` decides, the same legal actions; it must be written the same
    again. With ``known`` (the cards the seat may know, as the kit's text check keeps them),
    it must name no other card.
    """
    text = notation.write_seen(state, seat)
    if text is None:
        return None
    if "\n" in text:
        return f"the position seat {seat} may know is not one line: {text!r}"
    if known is not None and (hidden := cards_named(text) - known):
        names = " ".join(sorted(str(c) for c in hidden))
        return f"the position written for seat {seat} names {names}, which it cannot know: {text!r}"
    try:
        again = notation.read(text, options, seed)
    except PositionError as exc:
        return f"the position seat {seat} may know does not read back: {exc} (position {text!r})"
    if (written := notation.write_seen(again, seat)) != text:
        return (
            f"the position seat {seat} may know is written differently once read: {text!r} became {written!r}"
        )
    if again.to_decide() != state.to_decide() or again.is_over() != state.is_over():
        return f"the position seat {seat} may know has other seats to decide (position {text!r})"
    if seat in state.to_decide() and list(again.legal_actions_for(seat)) != list(
        state.legal_actions_for(seat)
    ):
        return f"the position seat {seat} may know lists other legal actions for it (position {text!r})"
    before, after = _public(state.view(seat), notation.omits), _public(again.view(seat), notation.omits)
    if before != after:
        diff = sorted(k for k in before if before[k] != after.get(k))
        return (
            f"seat {seat}'s view of the position it may know differs in {', '.join(diff)} (position {text!r})"
        )
    return None


# --- games started from a position ---------------------------------------------------------

POSITION_LIMIT = 4000
"""The longest position text a command line or a saved game may hold (characters)."""


def _notation(game: Any) -> PositionNotation:
    notation = notation_of(game)
    if notation is None:
        said = _("{game} has no position notation: its games start only from a deal")
        raise PositionError(said.format(game=game.name))
    return notation


def position_players(game: Any, options: Any, text: str) -> int:
    """How many seats the position ``text`` has (reading it; PositionError if it is bad)."""
    return int(_read(game, text, options, 0).players)


def _failed(game: Any, exc: Exception) -> PluginFailedError:
    """A plugin's notation that failed: its bug, said to its author (docs/languages.md)."""
    return PluginFailedError(f"{game.name}'s position notation failed: {type(exc).__name__}: {exc}")


def _read(game: Any, text: str, options: Any, seed: int) -> Any:
    """Read a position; a plugin's notation that fails otherwise than by PositionError is named."""
    if (count := len(text)) > POSITION_LIMIT:
        said = ngettext(
            "the position is {count} character long, more than {limit}",
            "the position is {count} characters long, more than {limit}",
            count,
        )
        raise PositionError(said.format(count=count, limit=POSITION_LIMIT))
    notation = _notation(game)
    try:
        return notation.read(text, options, seed)
    except PositionError:
        raise
    except Exception as exc:  # a plugin's bug, not the user's text
        raise _failed(game, exc) from None


def start_state(
    game: Any, options: Any, players: int, seed: int, position: str = "", *, legacy: bool = False
) -> Any:
    """A new game: dealt from ``seed``, or, given a ``position``, read from it with ``seed`` for the rest.

    ``legacy``: deal as records of schema 1 and 2 were dealt (``cardgames.primitives.chance.legacy_deals``).
    """
    if legacy:
        from cardgames.primitives.chance import legacy_deals

        with legacy_deals():
            return start_state(game, options, players, seed, position)
    if not position:
        return game.new_game(options, players, seed)
    state = _read(game, position, options, seed)
    if state.players != players:
        said = ngettext(
            "the position has {count} seat, but {players} players were named",
            "the position has {count} seats, but {players} players were named",
            state.players,
        )
        raise PositionError(said.format(count=state.players, players=players))
    guard = getattr(game, "guard_state", None)  # a guarded plugin's state is guarded too (plugins.guard)
    return state if guard is None else guard(state)


def seen_position(game: Any, state: Any, seat: int | None) -> str:
    """The position for the in-game ``position`` command: all of it once the game is over (or for
    ``seat`` None, a finished replay), else as ``seat`` may know it; PositionError if the notation
    cannot leave cards open."""
    if seat is None or state.is_over():
        return write_position(game, state)
    notation = _notation(game)
    inner = getattr(state, "_inner", state)
    try:
        text = notation.write_seen(inner, seat)
    except Exception as exc:  # a plugin's bug
        raise _failed(game, exc) from None
    if text is None:
        said = _(
            "the notation of {game} cannot leave hidden cards open, so the position is written only "
            "once the game is over"
        )
        raise PositionError(said.format(game=game.name))
    return text


def write_position(game: Any, state: Any) -> str:
    """The position of ``state`` in the game's notation (a guarded plugin's state is unwrapped)."""
    notation = _notation(game)
    inner = getattr(state, "_inner", state)
    try:
        return notation.write(inner)
    except Exception as exc:  # a plugin's bug
        raise _failed(game, exc) from None
