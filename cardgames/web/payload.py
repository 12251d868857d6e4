"""A seat's moves and log as JSON for the browser (its table is ``cardgames.web.tabletop``).

Everything here is built from ``state.view(seat)`` and that seat's legal actions only, so
a payload can hold nothing the seat may not know (rules I-1 to I-3).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.core.game import Game
from cardgames.core.record import Seat
from cardgames.core.state import LogEntry
from cardgames.core.tableread import played_card
from cardgames.play.logs import entry_text, glyphs
from cardgames.primitives.cards import Card, format_card
from cardgames.primitives.language import language

MAX_ACTIONS = 120  # listed moves; an exchange of hundreds of ways is a "select" instead
MAX_LOG = 60


def _cards(value: Any) -> list[Card] | None:
    """The cards of a value that is a tuple or list of cards, else None."""
    if isinstance(value, tuple | list) and value and all(isinstance(c, Card) for c in value):
        return list(value)
    return None


def action_selection(action: Any) -> list[Card] | None:
    """The cards an action takes as a set (an exchange: its tuple-of-cards field), if any."""
    if not attrs.has(type(action)):
        return None
    for f in attrs.fields(type(action)):
        cards = _cards(getattr(action, f.name))
        if cards is not None:
            return cards
    return None


def actions_data(
    game: Game[Any, Any], legal: Sequence[Any], picks: int | None = None
) -> tuple[list[dict[str, Any]], int | None]:
    """The legal moves as buttons (index, words, card), and how many cards a selection move takes.

    ``picks``: while the seat chooses several cards card by card (``cardgames.core.choosing``), how
    many it still picks (``picks_left``): the page then selects them all at once.
    """
    if picks:
        return [], picks
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    select: int | None = None
    for i, action in enumerate(legal):
        chosen = action_selection(action)
        if chosen is not None:
            select = len(chosen)
            continue
        key = game.format_action(action)
        if key in seen or len(out) >= MAX_ACTIONS:
            continue
        seen.add(key)
        c = played_card(action)
        text = game.typed_action(action)  # as the seat would type it, in its language
        out.append({"i": i, "text": glyphs(text), "card": None if c is None else format_card(c)})
    return out, select


def log_data(seats: Sequence[Seat], log: Sequence[LogEntry]) -> list[dict[str, Any]]:
    """The log's last entries as the connection's seat reads them, with the players' names."""
    names = tuple(s.spoken for s in seats)
    code = language()
    return [{"seat": e.seat, "text": _entry(names, e, code)} for e in log[-MAX_LOG:]]


@functools.lru_cache(maxsize=1 << 16)
def _entry(names: tuple[str, ...], entry: LogEntry, code: str) -> str:
    # every seat gets the same entries after every move: the words are worked out once per language
    # (``code`` is the language in force, which the entry is said in)
    return glyphs(entry_text([Seat(n) for n in names], entry))
