"""The worlds a Dernier search plays in: the hidden cards dealt again for one seat (rules I-1 to I-3).

Functions on the engine's state (games/dernier/state.py), kept together: ``determinize``
(uniform worlds) and ``plausible.plausible_world`` both put their world together in ``world``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardgames.games.dernier.hidden import redeal, shown_cards
from cardgames.games.dernier.tables import AFTER_DRAW
from cardgames.primitives.chance import Chance

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState


def determinize(state: DernierState, seat: int, rng: random.Random) -> DernierState:
    """A copy with the other hands and the stock dealt again at random, consistently with the public log.

    Cards shown in public stay with their owners (``hidden.shown_cards``: a misplayed
    card goes back face up). A card another player has just drawn is hidden whether it
    matches or not, so it is any hidden card; an anticipo question, asked of everyone,
    says nothing about who holds the offered card. The generator is re-seeded, so
    later shuffles are unknown too.
    """
    chance = rng.getrandbits(64)
    drawn_by = state.current if state.phase == AFTER_DRAW and state.current != seat else -1
    hands, stock, new_drawn = redeal(
        state.counts, state.sizes, state.stock, seat, shown(state), rng, drawn_by=drawn_by
    )
    new = world(state, seat, chance, hands, stock)
    if drawn_by >= 0:
        new.drawn = new_drawn
    return new


def world(
    state: DernierState, seat: int, chance: int, hands: list[list[int]], stock: list[int]
) -> DernierState:
    """A copy with the other hands and the stock as dealt (``seat`` keeps its own hand): a search's world.

    The generator is re-seeded with ``chance``, so the shuffles to come are hidden too, and
    the log no longer shows ``seat`` the cards others drew (they are dealt again).
    """
    new = state.clone()
    new.rng = Chance(chance)
    new.stock = stock
    for p, cards in enumerate(hands):
        if p != seat:
            new.set_hand(p, cards)
    new.log.conceal(seat, state.n)
    return new


def plausible_world(state: DernierState, seat: int, rng: random.Random, weigh: int = 1) -> DernierState:
    """``determinize``, the older cards of the others avoiding what their draws suggest (beliefs)."""
    # imported when a search asks, not at start-up
    from cardgames.games.dernier.plausible import plausible_world as believed

    return believed(state, seat, rng, after_draw=state.phase == AFTER_DRAW, candidates=weigh)  # type: ignore[no-any-return]


def shown(state: DernierState) -> list[dict[int, int]]:
    """``hidden.shown_cards`` of the log, computed again only once the log has grown (read only)."""
    if not state.face_up:  # no card went back face up this hand: nothing to read
        return [{} for _ in range(state.n)]
    log, length, cards = state.shown_memo
    if log is not state.log or length != len(state.log):
        cards = shown_cards(state.log.records(), state.n)
        state.shown_memo = (state.log, len(state.log), cards)
    return cards
