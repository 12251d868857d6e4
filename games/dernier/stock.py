"""Drawing from the Dernier stock and turning the discard pile into a new one (rules D-7, D-8).

Functions on the engine's state (games/dernier/state.py), kept apart as one rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.games.dernier.tables import RBIT
from cardgames.primitives.shedding import reshuffle_discard

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState


def refill(state: DernierState) -> bool:
    """Shuffle the discard pile but its top into the empty stock (D-8); False if nothing moved."""
    if len(state.discard) <= 1:  # checked first: rng() may copy a generator shared with a clone
        return False
    reshuffle_discard(state.discard, state.stock, state.rng.rng())
    state.log.append(("reshuffle", None))
    return True


def draw_cards(state: DernierState, seat: int, k: int) -> int:
    """Draw up to ``k`` cards for ``seat``, reshuffling the discard pile when needed (D-8); how many."""
    stock = state.stock
    cnt = state.counts
    base = seat * 53
    mask = state.masks[seat]
    got = 0
    while got < k:
        if not stock and not refill(state):
            break
        c = stock.pop()
        cnt[base + c] += 1
        mask |= RBIT[c]
        got += 1
    state.masks[seat] = mask
    state.sizes[seat] += got
    return got
