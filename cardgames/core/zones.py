"""Declared card zones: where a game's cards live and who may see them, said once per state class.

A state lists its zones at class level (``zones = (Zone("hands", per_seat=True, ...), ...)``);
each names an attribute holding a list of cards, or for a zone every seat has, a list of such
lists by seat. Lists run from the bottom up: the last card is the top (what ``pop()`` draws).
From the declaration the framework derives ``all_cards``, ``determinize`` and a generic
``view``, and the table model draws the zones (``cardgames.core.tabletop``).
"""

from __future__ import annotations

import enum

from attrs import frozen

from cardgames.core.tabletop import ZoneKind


class Visibility(enum.Enum):
    """Who may see the cards of a zone; everyone may always count them."""

    PUBLIC = "public"
    """Face up: everyone sees every card (the trick, a discard pile spread out)."""
    OWNER = "owner"
    """Seen by the seat it belongs to only (a hand); a zone every seat has."""
    HIDDEN = "hidden"
    """Face down: nobody sees the cards (the stock, tricks taken face down)."""
    TOP = "top"
    """Face down but for the top card, which everyone sees (a discard pile)."""
    BOTTOM = "bottom"
    """Face down but for the bottom card, which everyone sees (a trump turned under the stock)."""


@frozen
class Zone:
    """One place cards lie in a game: its attribute on the state, what it is, and who sees it."""

    name: str
    """The state's attribute holding the cards (dotted for one inside another: ``"trick.cards"``)."""
    kind: ZoneKind
    """What it is on the table (a hand, the trick, the stock...), for the table model."""
    visibility: Visibility = Visibility.PUBLIC
    per_seat: bool = False
    """Whether every seat has one: the attribute is then a list of card lists, by seat."""
    shared_with: str | None = None
    """For a zone every seat has: the state's attribute giving, by seat, the one other seat that
    also sees that seat's cards there, or None (cards passed face down: giver and receiver see them)."""
    label: str = ""
    """Its name in words ("Stock"); empty: the attribute's name, capitalised."""

    def __attrs_post_init__(self) -> None:
        """Refuse a declaration that cannot mean anything."""
        if self.visibility is Visibility.OWNER and not self.per_seat:
            raise ValueError(f"zone {self.name!r}: a zone seen by its owner needs per_seat")
        if self.shared_with is not None and not self.per_seat:
            raise ValueError(f"zone {self.name!r}: shared_with needs a zone every seat has (per_seat)")

    @property
    def title(self) -> str:
        """Its name in words."""
        return self.label or self.name.rsplit(".", 1)[-1].replace("_", " ").capitalize()
