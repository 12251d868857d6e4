"""Choosing several cards (pass three, discard two) without listing every combination (protocol 2).

A state asks for a choice of ``k`` cards one card at a time: while a seat chooses, its legal
actions are one :class:`Pick` per card it may still add, and the ``k``-th pick completes the
choice. So ``legal_actions()`` stays small and exact (11 picks, not the 165 ways to pass 3
of 11), a random bot picking uniformly at each step chooses every set of ``k`` equally often,
and a search expands the choice card by card. A person types the whole choice in one line
("pass 7H 8S 9C"): the game's ``parse_action`` returns :class:`Picks`, which the terminal
applies pick by pick, all or nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import field, frozen

from cardgames.core.state import Choice, GameState
from cardgames.primitives.cards import Card, format_card, parse_card
from cardgames.primitives.errors import ParseError
from cardgames.primitives.language import FRAMEWORK

_, ngettext = FRAMEWORK.gettext, FRAMEWORK.ngettext


@frozen
class Pick:
    """One card of a choice of several; records and ``legal_actions()`` hold these, one per card."""

    card: Card


def _as_tuple(picks: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(picks)


@frozen
class Picks:
    """Several picks of one seat typed as one move: applied in order, all or none (never listed)."""

    picks: tuple[Any, ...] = field(converter=_as_tuple)


def pick_options(hand: Sequence[Card], chosen: Sequence[Card] = ()) -> list[Pick]:
    """The picks still open: one per card of ``hand`` not chosen yet, in the hand's order."""
    return [Pick(c) for c in hand if c not in chosen]


def parse_picks(
    words: Sequence[str], hand: Sequence[Card], chosen: Sequence[Card], left: int
) -> Pick | Picks:
    """Read cards (as in 7H or 10s) for a choice with ``left`` cards still to choose; ParseError if not.

    One card reads as its :class:`Pick` (the action ``legal_actions`` lists), several as
    :class:`Picks`. Fewer cards than ``left`` are fine (the rest are chosen later); more, a
    card twice, a card not in ``hand`` or one already chosen are refused with the reason.
    """
    if not words:
        said = ngettext(
            "name up to {count} card (as in 7H 10S)", "name up to {count} cards (as in 7H 10S)", left
        )
        raise ParseError(said.format(count=left))
    cards = [parse_card(w) for w in words]
    if len(cards) > left:
        said = ngettext(
            "choose {count} more card, not {given}", "choose {count} more cards, not {given}", left
        )
        raise ParseError(said.format(count=left, given=len(cards)))
    if len(set(cards)) != len(cards):
        raise ParseError(_("a card can be chosen only once"))
    for c in cards:
        if c in chosen:
            raise ParseError(_("{card} is chosen already").format(card=format_card(c, glyphs=True)))
        if c not in hand:
            raise ParseError(_("you do not hold {card}").format(card=format_card(c, glyphs=True)))
    return Pick(cards[0]) if len(cards) == 1 else Picks(tuple(Pick(c) for c in cards))


def picks_left(state: GameState, seat: int) -> int:
    """How many picks ``seat`` still makes to complete the choice it is making now (0 if none).

    Found by picking on a copy, so a table (the web's card selection) can ask for the whole
    choice at once without knowing the game.
    """
    trial, count = state.clone(), 0
    while seat in trial.to_decide():
        legal = list(trial.legal_actions_for(seat))
        if not legal or not all(isinstance(a, Pick) for a in legal):
            break
        trial.apply(Choice(seat, legal[0]) if trial.simultaneous() else legal[0])
        count += 1
    return count
