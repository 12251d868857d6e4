"""A search's guess at who wins a Dernier hand it stopped short: each player's chance of going out first.

Read from the whole state (a search asks it in its own worlds, never in the real game).
Each player gets a score, a weighted sum of what a card player would look at (its cards,
how soon it moves, a penalty it must take, the specials it holds, whether it can follow
the top card), and the chances are the softmax of the scores. The weights were fitted
on positions of heuristic games by ``benchmarks/dernier_leaf.py`` (a conditional logit:
the chance each position gave the player who went on to win the hand, as high as it
can be made).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardgames.games.dernier.actions import ACE, JACK, KING, QUEEN, SEVEN
from cardgames.games.dernier.tables import JOKER, PLAY_PHASE, RANK_CARDS
from cardgames.games.dernier.turn import MATCHING

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState

FEATURES = (
    "cards",  # cards in hand
    "one card",  # under Dernier: one card left
    "two cards",
    "to move",  # the player whose turn it is
    "turns away",  # moves by the others before this player's turn
    "penalty taken",  # to move under a penalty (D-13, D-15) it cannot answer: the cards it draws
    "can answer",  # to move under a penalty it can pass on
    "jokers",
    "jacks",
    "aces",
    "other specials",  # sevens, queens and kings
    "follows the top",  # holds a card that may follow the suit and rank in force
    "to move, follows",
    "one card, follows",  # its last card follows: out at its turn unless the top changes
)
# fitted by benchmarks/dernier_leaf.py, per table size (--deals 4000 --seed 1)
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (-0.18, 0.26, 0.18, -0.04, 0.04, -0.13, 0.03, 0.79, 0.32, 0.25, 0.08, 0.18, 0.19, 1.17),
    3: (-0.21, 0.29, 0.20, -0.18, -0.03, -0.17, 0.04, 0.53, 0.23, 0.29, 0.02, 0.23, 0.30, 1.14),
    4: (-0.26, 0.35, 0.21, -0.27, -0.04, -0.23, 0.02, 0.48, 0.14, 0.25, 0.01, 0.21, 0.43, 1.05),
    5: (-0.29, 0.54, 0.29, -0.35, -0.03, -0.26, 0.05, 0.57, 0.15, 0.27, 0.06, 0.21, 0.54, 0.91),
    6: (-0.37, 0.44, 0.17, -0.41, -0.03, -0.33, 0.00, 0.45, 0.04, 0.24, 0.00, 0.22, 0.63, 0.76),
    7: (-0.40, 0.51, 0.21, -0.48, -0.03, -0.35, -0.02, 0.56, 0.03, 0.28, 0.01, 0.18, 0.72, 0.74),
    8: (-0.43, 0.58, 0.23, -0.51, -0.03, -0.35, -0.01, 0.46, 0.07, 0.25, 0.06, 0.20, 0.77, 0.65),
}


# the bits (tables.RBIT) of each kind of special counted: a hand's mask shows a card held twice once
_JACKS = RANK_CARDS[JACK]
_ACES = RANK_CARDS[ACE]
_OTHERS = RANK_CARDS[SEVEN] | RANK_CARDS[QUEEN] | RANK_CARDS[KING]


def features(state: DernierState) -> list[tuple[float, ...]]:
    """Each seat's features (``FEATURES``' order)."""
    n = state.n
    current, counts, masks = state.current, state.counts, state.masks
    mover = current if state.phase == PLAY_PHASE else -1
    pending = state.penalty.pending if mover >= 0 else 0
    follow = MATCHING[state.suit * 15 + state.top_rank]
    out: list[tuple[float, ...]] = []
    for seat in range(n):
        size = state.sizes[seat]
        taken = answer = 0.0
        if seat == mover and pending:
            if any(state._misplay_reason(size, c, False) is None for c in state.hand(seat)):
                answer = 1.0
            else:
                taken = float(pending)
        away = (seat - current) * state.direction % n
        mask = masks[seat]
        follows = bool(mask & follow)
        out.append(
            (
                float(size),
                float(size == 1),
                float(size == 2),
                float(away == 0),
                float(away),
                taken,
                answer,
                float(counts[seat * 53 + JOKER]),
                float((mask & _JACKS).bit_count()),
                float((mask & _ACES).bit_count()),
                float((mask & _OTHERS).bit_count()),
                float(follows),
                float(follows and away == 0),
                float(follows and size == 1),
            )
        )
    return out


def chances(state: DernierState) -> tuple[float, ...]:
    """Each player's chance of going out first (the softmax of its weighted features)."""
    weights = WEIGHTS[state.n]
    return softmax([sum(map(operator.mul, weights, row)) for row in features(state)])


def softmax(scores: Sequence[float]) -> tuple[float, ...]:
    """Chances in proportion to ``e**score``."""
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)
