"""Information-set Monte Carlo tree search, single observer, with availability counts.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
TCIAIG 2012), SO-ISMCTS: one tree whose nodes are sequences of actions as the searching
seat sees them. Every world is dealt again consistent with the seat's view
(:class:`~cardgames.bots.worlds.Worlds`); a walk goes down the tree through the actions
legal in that world, adds one node, plays the rest out, and credits every node's mover
with that mover's reward. An action is legal in some worlds only (a card an opponent may
or may not hold), so a node's exploration term counts the times it was *available*
rather than its parent's visits.

Two things make the search pay off in games where luck decides much (draws from a
stock, an unknown deal), which a plain search wastes its budget on:

- **Paired worlds at the root.** Every world is searched once from each root candidate,
  with the same random numbers for the playouts, so the candidates are compared on the
  same luck (common random numbers) and the difference of two candidates is measured far
  more precisely than either's mean. The candidates are all legal actions, or, when
  there are more than ``width``, the playout bot's shortlist (its ``shortlist`` method if
  it has one, else its own choice and the first others).
- **The playout bot's move as the default.** Its move at the root is played unless
  another candidate did better by more than ``bias`` standard errors of the paired
  difference; in the tree the playout bot's move is the first one tried at every node.

Playouts stop at the end of the hand (deal) or after ``horizon`` moves, when the game's
``GameState.evaluate`` guesses (see :mod:`cardgames.bots.rewards`).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from attrs import frozen

from cardgames.bots.kinds import Shortlisting, reusable
from cardgames.bots.rewards import rewards
from cardgames.bots.settings import Settings as Settings  # (its home is interpreted: see there)
from cardgames.bots.simultaneous import others_choose, others_to_choose
from cardgames.bots.worlds import Worlds
from cardgames.core.game import Bot
from cardgames.core.state import Choice, GameState

Policy = Callable[[random.Random], Bot]  # a bot factory that plays the playouts


class Node:
    """One action in the tree, as the searching seat sees it: who made it, and how it fared."""

    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[tuple[int, Any], Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


@frozen
class Report:
    """What the last search did: iterations, seconds, and each root candidate's visits and mean reward."""

    iterations: int
    seconds: float
    actions: tuple[tuple[Any, int, float], ...]


def _as_choice(world: GameState, seat: int, action: Any) -> Any:
    """``action`` as ``seat``'s move: a ``Choice`` when the seat decides out of turn (simultaneously)."""
    return action if seat == world.to_act() else Choice(seat, action)


def legal_in(world: GameState) -> Sequence[Any]:
    """The actions the search may take in ``world``: the one place the search lists actions.

    A world is the game's own state, unguarded (``Worlds``): the guard's promise that the seat to
    act has an action is kept here.
    """
    acts = world.legal_actions()
    if not acts:
        raise ValueError(f"no legal action for the seat to act ({world.to_act()}) in a world")
    return acts


def _finished(world: GameState, hands_before: int | None) -> bool:
    """Whether the playout is over: the game ended, or (``hands_before`` not None) a hand did."""
    if world.to_act() is None:
        return True
    return hands_before is not None and len(world.hand_results()) > hands_before


def _ucb(node: Node, c: float) -> float:
    """Mean reward plus the exploration bonus, counted over the times the node was available."""
    if not node.visits:
        return math.inf
    return node.reward / node.visits + c * math.sqrt(math.log(node.avail) / node.visits)


def candidates(view: Any, legal: Sequence[Any], hint: Any, bot: Bot | None, width: int) -> list[Any]:
    """The root actions a search compares: all legal ones, or at most ``width`` with ``hint`` first."""
    if len(legal) <= width:
        return list(legal) if hint is None else [hint, *(a for a in legal if a != hint)]
    picked: list[Any] = list(bot.shortlist(view, legal, width)) if isinstance(bot, Shortlisting) else []
    out: list[Any] = [] if hint is None else [hint]
    for a in [*picked, *legal]:
        if len(out) == width:
            break
        if a not in out:
            out.append(a)
    return out


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
        self.scores: list[list[float]] = []  # per candidate, the reward of each complete world
        self.candidates: list[Any] = []
        # the walk's generator, started again for every world: its own choices and the playout bots'
        self._walk = random.Random()
        self._playout_bots: list[Bot] | None = None  # built once when they are reusable

    def run(self, worlds: Worlds, view: Any, legal: Sequence[Any]) -> Any:
        """Search until the budget is spent, then the best candidate (see the module's docstring)."""
        s = self.settings
        start = self.clock()
        deadline = None if s.seconds is None else start + s.seconds
        seat = worlds.seat
        hint = None
        chooser = None
        if self.policy is not None:
            chooser = self.policy(random.Random(self.rng.getrandbits(64)))
            hint = chooser.choose(view, legal)
        cands = self.candidates = candidates(view, legal, hint, chooser, s.width)
        scores: list[list[float]] = [[] for _ in cands]
        self.scores = scores
        per_world = len(cands)
        worlds_wanted = None if s.iterations is None else max(1, s.iterations // per_world)
        done = 0
        deal = worlds.sample
        if s.beliefs:
            deal = worlds.plausible if s.weigh == 1 else partial(worlds.plausible, weigh=s.weigh)
        with worlds.guarding():
            while worlds_wanted is None or done < worlds_wanted:
                if deadline is not None and done and self.clock() >= deadline:
                    break
                seed = self.rng.getrandbits(64)
                world = deal(random.Random(seed))
                ends = world.last_hand()  # then the world stops with the hand: no hands to count
                row: list[float] = []
                for i, action in enumerate(cands):
                    if deadline is not None and done and self.clock() >= deadline:
                        break  # a world not searched from every candidate is left out
                    walked = world if i == per_world - 1 else world.clone()  # the last needs no copy
                    row.append(self.iterate(walked, seat, action, seed, counting=not ends))
                if len(row) < per_world:
                    break
                for i, r in enumerate(row):
                    scores[i].append(r)
                done += 1
        self.seconds = self.clock() - start
        return cands[self._best(hint is not None)]

    def _best(self, has_hint: bool) -> int:
        """The candidate with the best mean, unless it beats the hint (candidate 0) by too little."""
        means = [statistics.fmean(r) for r in self.scores]
        best = max(range(len(means)), key=lambda i: (means[i], -i))
        if not has_hint or best == 0:
            return best
        diffs = [a - b for a, b in zip(self.scores[best], self.scores[0], strict=True)]
        if len(diffs) < 2:
            return 0
        error = statistics.stdev(diffs) / math.sqrt(len(diffs))
        return best if statistics.fmean(diffs) > self.settings.bias * error else 0

    def margin(self) -> tuple[float, int]:
        """The candidate with the best mean, and by how many standard errors it beats candidate 0.

        The standard error is that of the paired difference over the worlds; 0 when the best is
        candidate 0 itself or fewer than two worlds were searched.
        """
        means = [statistics.fmean(r) for r in self.scores]
        best = max(range(len(means)), key=lambda i: (means[i], -i))
        if best == 0 or len(self.scores[0]) < 2:
            return 0.0, best
        diffs = [a - b for a, b in zip(self.scores[best], self.scores[0], strict=True)]
        mean, error = statistics.fmean(diffs), statistics.stdev(diffs) / math.sqrt(len(diffs))
        if error == 0.0:
            return (math.inf if mean > 0 else 0.0), best
        return mean / error, best

    def _bots(self, players: int) -> list[Bot]:
        """The playout bots, one a seat, all drawing from the walk's generator: built once if reusable."""
        policy = self.policy
        if policy is None:
            return []
        bots = self._playout_bots
        if bots is None:
            walk = self._walk
            bots = [policy(walk) for _ in range(players)]
            if all(reusable(bot) for bot in bots):
                self._playout_bots = bots
        return bots

    def iterate(self, world: GameState, seat: int, first: Any, seed: int, counting: bool = True) -> float:
        """One walk in one world from root action ``first``: down the tree, play out, back up.

        The world's ``seed`` also seeds the walk's generator, which the walk's own random
        choices and the playout bots draw from, so every root candidate meets the same luck
        in the same world: the same stream, which the candidates' walks read alike as long as
        they make the same draws (one extra draw shifts the rest of a walk's). ``counting``: the
        hand's end is found by counting the finished hands at every move (False for a world
        that stops with the hand itself, ``GameState.last_hand``).
        """
        c, widen = self.settings.exploration, self.settings.widen
        (rng := self._walk).seed(seed)  # the walk's own choices and the playout bots'
        bots = self._bots(world.players)
        hands = len(world.hand_results())
        hands_before = hands if counting else None
        node = self.root.children.get((seat, first))
        if node is None:
            node = self.root.children[(seat, first)] = Node(seat)
        node.avail += 1
        world.apply(_as_choice(world, seat, first))
        path = [node]
        while widen and not _finished(world, hands_before):  # widen 0: no tree below the root
            if others_to_choose(world, seat):  # they cannot see the searcher's choice: outside the tree
                others_choose(world, seat, bots, rng)
                continue
            mover = world.to_act()
            assert mover is not None
            if mover != seat and world.simultaneous() and seat in world.to_decide():
                # its own pending choice first: the searching seat cannot see the others'
                mover, acts = seat, world.legal_actions_for(seat)
            else:
                acts = legal_in(world)
            children = node.children
            untried = [a for a in acts if (mover, a) not in children]
            if untried and len(untried) < len(acts) and len(children) >= (node.visits + 1) ** widen:
                untried = []  # wide enough for now: choose among the children legal here
            if untried:
                action = self._first_try(world, mover, acts, untried, bots, rng)
                chosen = children[(mover, action)] = Node(mover)
            else:
                action, chosen, best = None, node, -1.0
                for a in acts:
                    child = children.get((mover, a))
                    if child is None:
                        continue
                    score = _ucb(child, c)
                    if score > best:
                        action, chosen, best = a, child, score
            for a in acts:  # every child legal in this world was available to choose
                sibling = children.get((mover, a))
                if sibling is not None:
                    sibling.avail += 1
            world.apply(_as_choice(world, mover, action))
            path.append(chosen)
            node = chosen
            if untried:
                break
        self._play_out(world, hands_before, bots, rng)
        result = rewards(world, hands)
        for n in path:
            n.visits += 1
            n.reward += result[n.mover]
        self.iterations += 1
        return result[seat]

    def _first_try(
        self,
        world: GameState,
        mover: int,
        acts: Sequence[Any],
        untried: list[Any],
        bots: Sequence[Bot],
        rng: random.Random,
    ) -> Any:
        """The action a node adds: the playout bot's move if untried, else a random untried one."""
        if len(acts) == 1 and bots is self._playout_bots:  # (None when there are no playout bots)
            return acts[0]  # the only legal action: a reusable bot is not asked (see _play_out)
        if bots:
            preferred = bots[mover].choose(world.view(mover), list(acts))
            if preferred in untried:
                return preferred
        return untried[rng.randrange(len(untried))]

    def _play_out(
        self, world: GameState, hands_before: int | None, bots: Sequence[Bot], rng: random.Random
    ) -> None:
        """Play on to the hand's end or the horizon (each protocol call once a move: the innermost loop).

        ``hands_before`` None: the world stops with the hand, so no hands are counted.
        """
        to_act, results, apply, view = world.to_act, world.hand_results, world.apply, world.view
        # int(rng.random() * n) rather than randrange(n), which is two calls into random.py a move: a
        # fifth of a compiled search's time (search-peers). Uniform to within n / 2**53 a pick.
        draw = rng.random
        # a reusable bot is not asked to play the only legal action: no view is made for it (a forced
        # draw, a single card to follow suit: common in a playout)
        ask_always = bots is not self._playout_bots
        for _ in range(self.settings.horizon):
            seat = to_act()
            if seat is None or (hands_before is not None and len(results()) > hands_before):
                return
            acts = legal_in(world)
            if not bots:
                apply(acts[int(draw() * len(acts))])
            elif len(acts) > 1 or ask_always:
                apply(bots[seat].choose(view(seat), list(acts)))
            else:
                apply(acts[0])

    def report(self) -> Report:
        """Iterations, seconds and the root candidates' statistics, best mean first."""
        rows = [
            (action, len(r), statistics.fmean(r) if r else 0.0)
            for action, r in zip(self.candidates, self.scores, strict=True)
        ]
        rows.sort(key=lambda r: -r[2])
        return Report(self.iterations, self.seconds, tuple(rows))


class IsmctsBot:
    """A bot that searches worlds consistent with its view (give it worlds through ``decide``).

    Each decision's generator comes from the bot's seed and its view, so with an
    iteration budget the same view always gets the same move, and the bot has no memory
    to rebuild when a game is resumed. A time budget depends on the machine's speed.
    """

    memoryless = True  # a resumed game need not show it its past decisions again

    def __init__(
        self,
        rng: random.Random,
        settings: Settings,
        policy: Policy | None = None,
        by_players: Mapping[int, Settings] | None = None,
    ) -> None:
        self.seed = rng.getrandbits(64)
        self.settings = settings
        self.policy = policy
        self.by_players = dict(by_players or {})  # other settings for a table of that many players
        self.last: Report | None = None

    def settings_for(self, players: int) -> Settings:
        """The settings a search at a table of ``players`` uses."""
        return self.by_players.get(players, self.settings)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Refused: a search needs worlds, which only the table can give (``worlds.decide``)."""
        raise TypeError("an ISMCTS bot searches worlds: ask it through cardgames.bots.worlds.decide")

    def choose_in(self, worlds: Worlds, view: Any, legal: Sequence[Any]) -> Any:
        """Search, unless there is only one thing to do."""
        if len(legal) == 1:
            return legal[0]
        settings = self.settings_for(worlds.players)
        search = Search(settings, random.Random(f"ismcts:{self.seed}:{view!r}"), self.policy)
        action = search.run(worlds, view, legal)
        self.last = search.report()
        return action
