"""Information-set Monte Carlo tree search, single observer, with availability counts.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
TCIAIG 2012), SO-ISMCTS: one tree whose nodes are sequences of actions as the searching
seat sees them. Every iteration deals a new world consistent with the seat's view
(:class:`~cardgames.search.worlds.Worlds`), walks down the tree through the actions legal
in that world, adds one node, plays the rest out, and credits every node's mover with
that mover's reward. An action is legal in some worlds only (a card an opponent may or
may not hold), so a node's exploration term counts the times it was *available* rather
than its parent's visits.

Playouts stop at the end of the hand (deal) or after ``horizon`` moves, when the game's
``GameState.evaluate`` guesses (see :mod:`cardgames.search.rewards`); the search chooses
the most visited of its legal actions.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from attrs import field, frozen
from attrs.validators import ge, gt, instance_of, optional

from cardgames.game import Bot, Choice, GameState
from cardgames.search.rewards import rewards
from cardgames.search.worlds import Worlds

Policy = Callable[[random.Random], Bot]  # a bot factory that plays the playouts


def _at_least_one(value: int | None) -> None:
    if value is not None and (not isinstance(value, int) or value < 1):
        raise ValueError(f"iterations must be a whole number of at least 1, not {value!r}")


@frozen
class Settings:
    """How a search spends its budget: iterations and/or seconds per move, and how it plays out."""

    iterations: int | None = field(default=150, validator=lambda _, __, v: _at_least_one(v))
    seconds: float | None = field(default=None, validator=optional(gt(0.0)))
    exploration: float = field(default=0.7, validator=ge(0.0))  # the UCB constant, rewards being 0 to 1
    horizon: int = field(default=40, validator=[instance_of(int), ge(0)])  # playout moves before a guess
    # progressive bias: the playout bot's own choice at the root starts this far ahead, fading with visits
    bias: float = field(default=0.0, validator=ge(0.0))

    def __attrs_post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search needs a budget: iterations, seconds or both")


class Node:
    """One action in the tree, as the searching seat sees it: who made it, and how it fared."""

    __slots__ = ("avail", "bias", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[tuple[int, Any], Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.bias = 0.0


@frozen
class Report:
    """What the last search did: iterations, seconds, and each root action's visits and mean reward."""

    iterations: int
    seconds: float
    actions: tuple[tuple[Any, int, float], ...]


def _finished(world: GameState, hands_before: int) -> bool:
    return world.to_act() is None or len(world.hand_results()) > hands_before


def _ucb(node: Node, c: float) -> float:
    """Mean reward plus the exploration bonus, counted over the times the node was available."""
    if not node.visits:
        return math.inf
    return (
        node.reward / node.visits
        + c * math.sqrt(math.log(node.avail) / node.visits)
        + node.bias / (node.visits + 1)
    )


class Search:
    """One search from a seat's position; :meth:`run` returns the chosen action."""

    def __init__(
        self,
        settings: Settings,
        rng: random.Random,
        policy: Policy | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.settings = settings
        self.rng = rng
        self.policy = policy
        self.clock = clock
        self.root = Node(-1)
        self.iterations = 0
        self.seconds = 0.0
        self.seat: int | None = None  # the searching seat: it decides first at a simultaneous decision

    def run(self, worlds: Worlds, view: Any, legal: Sequence[Any]) -> Any:
        """Search until the budget is spent, then the most visited legal action."""
        s = self.settings
        start = self.clock()
        deadline = None if s.seconds is None else start + s.seconds
        players = worlds.players
        self.seat = worlds.seat
        policy = self.policy
        bots = [policy(random.Random(self.rng.getrandbits(64))) for _ in range(players)] if policy else []
        if bots and s.bias:
            hint = Node(worlds.seat)
            hint.bias = s.bias
            self.root.children[(worlds.seat, bots[worlds.seat].choose(view, legal))] = hint
        while s.iterations is None or self.iterations < s.iterations:
            if deadline is not None and self.iterations >= 1 and self.clock() >= deadline:
                break
            self.iterate(worlds.sample(self.rng), bots)
        self.seconds = self.clock() - start
        seat = worlds.seat
        visits = [self._child(seat, a) for a in legal]
        best = max(range(len(legal)), key=lambda i: (visits[i].visits, visits[i].reward))
        return legal[best]

    def _child(self, seat: int, action: Any) -> Node:
        return self.root.children.get((seat, action)) or Node(seat)

    def iterate(self, world: GameState, bots: Sequence[Bot]) -> None:
        """One iteration in one determinized world: select, expand, play out, back up."""
        rng, c = self.rng, self.settings.exploration
        hands_before = len(world.hand_results())
        node, path = self.root, []
        while not _finished(world, hands_before):
            seat = world.to_act()
            assert seat is not None
            me = self.seat
            if me is not None and me != seat and world.simultaneous() and me in world.to_decide():
                seat, acts = me, world.legal_actions_for(me)  # its own pending choice first
            else:
                acts = world.legal_actions()
            children = node.children
            untried = [a for a in acts if (seat, a) not in children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                chosen = children[(seat, action)] = Node(seat)
            else:
                action, chosen, best = None, node, -1.0
                for a in acts:
                    child = children[(seat, a)]
                    score = _ucb(child, c)
                    if score > best:
                        action, chosen, best = a, child, score
            for a in acts:  # every child legal in this world was available to choose
                sibling = children.get((seat, a))
                if sibling is not None:
                    sibling.avail += 1
            world.apply(Choice(seat, action) if seat != world.to_act() else action)
            path.append(chosen)
            node = chosen
            if untried:
                break
        self._play_out(world, hands_before, bots)
        result = rewards(world, hands_before)
        for n in path:
            n.visits += 1
            n.reward += result[n.mover]
        self.iterations += 1

    def _play_out(self, world: GameState, hands_before: int, bots: Sequence[Bot]) -> None:
        rng = self.rng
        for _ in range(self.settings.horizon):
            if _finished(world, hands_before):
                return
            seat = world.to_act()
            assert seat is not None
            acts = world.legal_actions()
            if bots:
                world.apply(bots[seat].choose(world.view(seat), list(acts)))
            else:
                world.apply(acts[rng.randrange(len(acts))])

    def report(self) -> Report:
        """Iterations, seconds and the root actions' statistics, most visited first."""
        rows = [
            (action, n.visits, n.reward / n.visits if n.visits else 0.0)
            for (_, action), n in self.root.children.items()
        ]
        rows.sort(key=lambda r: -r[1])
        return Report(self.iterations, self.seconds, tuple(rows))


class IsmctsBot:
    """A bot that searches worlds consistent with its view (give it worlds through ``decide``).

    Each decision's generator comes from the bot's seed and its view, so with an
    iteration budget the same view always gets the same move, and the bot has no memory
    to rebuild when a game is resumed. A time budget depends on the machine's speed.
    """

    def __init__(self, rng: random.Random, settings: Settings, policy: Policy | None = None) -> None:
        self.seed = rng.getrandbits(64)
        self.settings = settings
        self.policy = policy
        self.last: Report | None = None

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Refused: a search needs worlds, which only the table can give (``worlds.decide``)."""
        raise TypeError("an ISMCTS bot searches worlds: ask it through cardgames.search.worlds.decide")

    def choose_in(self, worlds: Worlds, view: Any, legal: Sequence[Any]) -> Any:
        """Search, unless there is only one thing to do."""
        if len(legal) == 1:
            return legal[0]
        search = Search(self.settings, random.Random(f"ismcts:{self.seed}:{view!r}"), self.policy)
        action = search.run(worlds, view, legal)
        self.last = search.report()
        return action
