"""Последний actions: pass cards in the exchange, play a card. Interned for the hot loop."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import field, frozen

from cardgames.core.choosing import Pick
from cardgames.primitives.cards import CARDS, Card
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.language import catalog

_ = catalog("cardgames.games.posledniy").gettext


def _canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_order))


def _order(c: Card) -> int:
    return c.index


@frozen
class PassCards:
    """Pass these cards face down to the left neighbour in the exchange (снос, P-5)."""

    cards: tuple[Card, ...] = field(converter=_canonical)


@frozen(cache_hash=True)  # a search keys its tree by actions: 5 % of a compiled search (search-peers)
class PlayCard:
    """Play this card to the trick (P-7)."""

    card: Card


@frozen
class FaceDown:
    """How a pass looks to the players who neither give nor receive it: only its size (P-5, I-1)."""

    count: int


# The exchange is chosen card by card (protocol 2): one Pick per card, the last one passes them.
# A whole PassCards is still applied as it was (records of protocol 1 hold them).
ACTION_TYPES: tuple[type, ...] = (PassCards, PlayCard, Pick)

# Interned actions by card index: the engine recognises them by identity, so the hot
# loop never hashes an attrs object or builds a tuple of cards.
PLAY: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in CARDS)
PLAY_INDEX: dict[int, int] = {id(a): i for i, a in enumerate(PLAY)}
PICK: tuple[Pick, ...] = tuple(Pick(c) for c in CARDS)


def play_index(action: Any) -> int:
    """The card a play action plays, as a card index; IllegalActionError if it plays none."""
    if not isinstance(action, PlayCard):
        if isinstance(action, (PassCards, Pick)):
            raise IllegalActionError(_("the exchange is over: play a card"))
        raise IllegalActionError(f"{action!r} is not a Последний action")
    c = action.card
    if not isinstance(c, Card) or c.rank is None:
        raise IllegalActionError(f"{c!r} is not a card of this deck")
    return c.index
