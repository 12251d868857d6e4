"""The search at a simultaneous decision: the other seats choose without seeing the searcher's choice.

At a simultaneous decision (protocol 2) every seat decides without seeing the others'
choices. In the search's tree the searching seat makes its own pending choice first, so a
node of another seat's choice made in that round would sit below the searcher's choice:
the tree would let that seat pick its answer per choice of the searcher, as if it could
see it (and it would key nodes on choices the searcher cannot see). At a real table it
cannot. So once the searcher has made its own choice (or when it has none to make in the
round), the other seats still choosing decide outside the tree, each from its own view,
which hides every pending choice: with the playout bot when the search has one, else at
random. From the searcher's side that is chance, like a draw from the stock; the tree
goes on after the reveal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardgames.core.game import Bot
from cardgames.core.state import Choice, GameState


def others_to_choose(world: GameState, seat: int) -> bool:
    """Whether other seats are choosing at a simultaneous decision in which ``seat`` has nothing left."""
    return world.to_act() is not None and world.simultaneous() and seat not in world.to_decide()


def others_choose(world: GameState, seat: int, bots: Sequence[Bot], rng: random.Random) -> None:
    """Every other seat's choice of the round, each from its own view (never the searcher's choice)."""
    while others_to_choose(world, seat):
        other = world.to_decide()[0]
        acts = list(world.legal_actions_for(other))
        action = bots[other].choose(world.view(other), acts) if bots else acts[rng.randrange(len(acts))]
        world.apply(Choice(other, action))
