"""A bot of the game's own: it keeps its eights for last and calls the suit it holds most."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import cardgames.api as cg
from crazyeights.rules import Call, Play


class EightsLast:
    """Plays any other playable card before an eight, draws only when it must, calls its longest suit."""

    summary = cg.N_("plays any other card before an eight, draws only when it must, calls its longest suit")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if any(isinstance(a, Call) for a in legal):
            return Call(max(cg.Suit, key=lambda s: sum(c.suit == s for c in view.hand)))
        plays = [a for a in legal if isinstance(a, Play)]
        plain = [a for a in plays if a.card.rank != cg.Rank.EIGHT]
        return self.rng.choice(plain or plays or list(legal))
