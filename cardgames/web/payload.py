"""A seat's view as JSON for the browser: cards, sections of the table, scores, the log and its moves.

Everything here is built from ``state.view(seat)`` and that seat's legal actions only, so
a payload can hold nothing the seat may not know (rules I-1 to I-3). A game may give a
richer layout with a ``web_sections(view)`` method; without one the sections are read
generically from the view's fields.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.core.game import Game
from cardgames.core.record import Seat
from cardgames.core.state import LogEntry
from cardgames.play.logs import entry_text, glyphs
from cardgames.primitives.cards import Card, format_card

# Fields every view has that the page shows in its own places, not as sections.
OWN_PLACES = frozenset({"seat", "players", "log", "to_act", "hand"})
MAX_ACTIONS = 120  # listed moves; an exchange of hundreds of ways is a "select" instead
MAX_LOG = 60


def card_data(c: Card) -> dict[str, Any]:
    """A card for the page: notation, glyph, words for screen readers, colour."""
    if c.rank is None or c.suit is None:
        return {"code": "JOKER", "glyph": "🃏", "text": "joker", "red": False, "joker": True}
    return {
        "code": format_card(c),
        "glyph": format_card(c, glyphs=True),
        "text": f"{c.rank.english} of {c.suit.english}",
        "red": c.suit.is_red,
        "joker": False,
    }


def _cards(value: Any) -> list[Card] | None:
    """The cards of a value that is a tuple or list of cards, else None."""
    if isinstance(value, tuple | list) and value and all(isinstance(c, Card) for c in value):
        return list(value)
    return None


def _label(name: str) -> str:
    return name.replace("_", " ")


def _scalar(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, bool | int | float | str):
        return str(value)
    return None


def view_fields(view: Any) -> dict[str, Any]:
    """A view's public attrs fields by name (a view that is not an attrs value has none)."""
    if not attrs.has(type(view)):
        return {}
    return {f.name: getattr(view, f.name) for f in attrs.fields(type(view)) if not f.name.startswith("_")}


def generic_sections(
    fields: dict[str, Any], players: int
) -> tuple[list[dict[str, Any]], dict[str, list[Any]]]:
    """Sections (cards and facts) and per-seat score columns read from a view's fields."""
    sections: list[dict[str, Any]] = []
    facts: list[list[str]] = []
    columns: dict[str, list[Any]] = {}
    for name, value in fields.items():
        if name in OWN_PLACES:
            continue
        if isinstance(value, Card):
            sections.append({"label": _label(name), "cards": [card_data(value)]})
            continue
        cards = _cards(value)
        if cards is not None:
            sections.append({"label": _label(name), "cards": [card_data(c) for c in cards]})
        elif (
            isinstance(value, tuple)
            and len(value) == players
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            columns[_label(name)] = list(value)
        elif isinstance(value, tuple) and value and all(attrs.has(type(v)) for v in value):
            facts.append([_label(name), str(len(value))])
        else:
            text = _scalar(value)
            if text is not None:
                facts.append([_label(name), text])
    if facts:
        sections.append({"label": "facts", "facts": facts})
    return sections, columns


def sections_for(game: Game[Any, Any], view: Any, players: int) -> tuple[list[Any], dict[str, list[Any]]]:
    """The game's own web layout if it has one, else the generic one."""
    hook = getattr(game, "web_sections", None)
    if callable(hook):
        sections, columns = hook(view)
        return list(sections), dict(columns)
    if not attrs.has(type(view)):
        return [{"label": "table", "text": glyphs(str(view))}], {}
    return generic_sections(view_fields(view), players)


def action_card(action: Any) -> Card | None:
    """The card an action plays from the hand (its first Card field), if any."""
    if not attrs.has(type(action)):
        return None
    for f in attrs.fields(type(action)):
        if not f.name.startswith("_") and isinstance(getattr(action, f.name), Card):
            return getattr(action, f.name)  # type: ignore[no-any-return]
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
        text = game.format_action(action)
        if text in seen or len(out) >= MAX_ACTIONS:
            continue
        seen.add(text)
        c = action_card(action)
        out.append({"i": i, "text": glyphs(text), "card": None if c is None else format_card(c)})
    return out, select


def log_data(seats: Sequence[Seat], log: Sequence[LogEntry]) -> list[dict[str, Any]]:
    """The log's last entries as the connection's seat reads them, with the players' names."""
    names = tuple(s.name for s in seats)
    return [{"seat": e.seat, "text": _entry(names, e)} for e in log[-MAX_LOG:]]


@functools.lru_cache(maxsize=1 << 16)
def _entry(names: tuple[str, ...], entry: LogEntry) -> str:
    # every seat gets the same entries after every move: the words are worked out once
    return glyphs(entry_text([Seat(n) for n in names], entry))


def hand_data(view: Any) -> list[dict[str, Any]]:
    """The seat's own cards, if its view has a hand of cards."""
    cards = _cards(getattr(view, "hand", None))
    return [] if cards is None else [card_data(c) for c in cards]


def public_view_fields(views: Sequence[Any]) -> dict[str, Any]:
    """The fields that every seat's view holds alike: what any spectator may know.

    A value equal in every seat's view is known to every player, so it hides nothing;
    a hand, a card only one seat was shown or ``seat`` itself differs and is left out.
    """
    if not views:
        return {}
    first = view_fields(views[0])
    others = [view_fields(v) for v in views[1:]]
    return {k: v for k, v in first.items() if all(o.get(k) == v for o in others)}
