"""Diagnosis only: Dernier's ``hard`` search given the true hidden cards, against the heuristic field.

Not a bot anyone can pick: this script alone builds it. The search is ``hard``'s (the
game's own settings, or those given after ``ismcts:``), but its worlds keep the
opponents' true hands (``--worlds hands``: the stock reshuffled, so the draws to come are
still unknown) or the whole true state (``--worlds all``: only the shuffles of a
recycled pile are new), or only the suits of their hands (``--worlds suits``: each card
swapped for a random hidden card of its suit, which tells how much of what the true hands
give is their suits, the voids a belief could infer). ``--worlds next`` and ``--worlds short``
keep only some of the truth: the hand of the next player to act after the seat, or the hands
of the opponents holding at most ``--short`` cards, true; the others are the search's own
plausible worlds (``hard``'s), so the gain over ``--worlds plausible`` (none kept: ``hard``
itself, on the same games) is what knowing those hands is worth.
If even this search does not beat
the heuristic, the search itself (horizon, evaluation, playouts, candidates) is what
holds ``hard`` back; if it does, the worlds are. The games are those of ``cardgames arena dernier --bots
perfect,heuristic --field heuristic`` (same plan, seeds and seats), scored by the
arena's own field tables::

    python benchmarks/perfect_worlds.py -p 2 -n 100 --seed 1 --worlds hands
    python benchmarks/perfect_worlds.py -p 4 -n 30 --seed 1 --worlds hands --search ismcts:iterations=300
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from cardgames.bots.ismcts import Search, Settings
from cardgames.bots.levels import SEARCH, parse_search
from cardgames.bots.lookup import bot_rng, make_bot
from cardgames.core.state import GameState
from cardgames.games.dernier.actions import SUIT_OF
from cardgames.lab.field import field_plan, field_standings
from cardgames.lab.play import _play
from cardgames.lab.report import arena_tables
from cardgames.lab.result import GameResult
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game
from cardgames.primitives.chance import Chance

GAME = find_game("dernier")
PERFECT = "perfect"
PARTIAL = ("next", "short", "plausible")  # plausible: none kept, ``hard``'s own worlds (the baseline)
SHORT = [2]  # --short: the largest hand a ``short`` world keeps true


class TrueWorlds:
    """The true state, the stock reshuffled (``hands``) or not (``all``); ``suits``: the hands' suits only."""

    guarding = staticmethod(contextlib.nullcontext)  # as Worlds: the search runs inside it (no guard here)

    def __init__(self, state: GameState, seat: int, kind: str) -> None:
        self.seat = seat
        self.players = state.players
        self.state = state.clone()
        self.kind = kind

    def sample(self, rng: random.Random) -> GameState:
        """The true state, with new chance for what is still to be shuffled."""
        world: Any = self.state.clone()
        world.rng = Chance(rng.getrandbits(64))
        if self.kind == "all":
            return world  # type: ignore[no-any-return]
        if self.kind in PARTIAL:
            return self.partial(rng)
        stock = list(world.stock)
        if self.kind == "suits":
            others = [p for p in range(self.players) if p != self.seat]
            pool = stock + [c for p in others for c in world.hand(p)]
            rng.shuffle(pool)
            by_suit: dict[int, list[int]] = {}
            for c in pool:
                by_suit.setdefault(SUIT_OF[c], []).append(c)
            for p in others:
                world.set_hand(p, [by_suit[SUIT_OF[c]].pop() for c in world.hand(p)])
            stock = [c for cards in by_suit.values() for c in cards]
        rng.shuffle(stock)
        world.stock = stock
        return world  # type: ignore[no-any-return]

    plausible = sample  # the truth is the most plausible world of all

    def kept(self) -> list[int]:
        """The opponents whose true hands a partial world keeps."""
        state: Any = self.state
        if self.kind == "plausible":
            return []
        if self.kind == "next":
            nxt = (self.seat + state.direction) % self.players
            return [nxt] if nxt != self.seat else []
        return [p for p in range(self.players) if p != self.seat and 0 < state.sizes[p] <= SHORT[0]]

    def partial(self, rng: random.Random) -> GameState:
        """A plausible world with the kept opponents' true hands (cards swapped in from the other places)."""
        world: Any = self.state.plausible_world(self.seat, rng)
        for p in self.kept():
            truth = self.state.hand(p)  # type: ignore[attr-defined]
            spare = world.hand(p)  # ends as the dealt cards the truth does not hold
            missing = []
            for c in truth:
                if c in spare:
                    spare.remove(c)
                else:
                    missing.append(c)
            if not missing:
                continue
            places = [q for q in range(self.players) if q != self.seat and q != p]
            hands = {q: world.hand(q) for q in places}
            stock = list(world.stock)
            for c, s in zip(missing, spare, strict=True):  # each true card comes from where it was dealt
                for q in places:
                    if c in hands[q]:
                        hands[q][hands[q].index(c)] = s
                        break
                else:
                    stock[stock.index(c)] = s
            world.set_hand(p, truth)
            for q in places:
                world.set_hand(q, hands[q])
            world.stock = stock
        return world  # type: ignore[no-any-return]


class PerfectBot:
    """The search of ``settings`` in :class:`TrueWorlds` of the table's state (the script's own)."""

    def __init__(
        self, state: GameState, seat: int, rng: random.Random, settings: Settings, policy: Any, kind: str
    ) -> None:
        self.state, self.seat, self.settings, self.policy, self.kind = state, seat, settings, policy, kind
        self.seed = rng.getrandbits(64)
        self.moves = 0

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Search in the true worlds, unless there is one thing to do."""
        if len(legal) == 1:
            return legal[0]
        self.moves += 1
        search = Search(self.settings, random.Random(f"perfect:{self.seed}:{view!r}"), self.policy)
        return search.run(TrueWorlds(self.state, self.seat, self.kind), view, legal)  # type: ignore[arg-type]


def main() -> None:
    """Play the field plan with the perfect-information search at the tested seat; print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("-n", "--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", choices=("hands", "all", "suits", *PARTIAL), default="hands")
    parser.add_argument(
        "--search", default=SEARCH, help="the search's settings, as ismcts:… (default: hard's)"
    )
    parser.add_argument("--bots", default=f"{PERFECT},heuristic", help="perfect and arena bot names")
    parser.add_argument(
        "--short", type=int, default=2, help="--worlds short: hands of at most this many cards"
    )
    args = parser.parse_args()
    SHORT[0] = args.short
    options = build_options(GAME, None, ["hands_to_win=1"])
    bots = args.bots.split(",")
    plan = field_plan(GAME, options, bots, args.players, args.seed, args.deals, "heuristic")
    settings, policy = parse_search(GAME, args.search, args.players)
    results: list[GameResult] = []
    start = time.perf_counter()
    total = args.deals * len(plan.lineups)
    for index in range(total):
        seed, lineup = plan.game_at(index)
        state = GAME.new_game(options, args.players, seed)
        players: list[Any] = []
        for seat, name in enumerate(lineup):
            if name == PERFECT:
                players.append(PerfectBot(state, seat, bot_rng(seed, seat), settings, policy, args.worlds))
            else:
                players.append(make_bot(GAME, name, bot_rng(seed, seat)))
        results.append(_play(GAME, options, state, players, lineup, seed, index))
        if (index + 1) % len(plan.lineups) == 0:  # after every deal
            rows, pairs = field_standings(results, bots)
            line = ", ".join(f"{r.bot} {r.wins.hits}/{r.wins.n}" for r in rows)
            for x in pairs:
                line += f"; {x.a} ahead {x.a_ahead}, behind {x.b_ahead}, p {x.p_value:.2g}"
            print(f"{index + 1}/{total} games, {time.perf_counter() - start:.0f} s: {line}", file=sys.stderr)
    rows, pairs = field_standings(results, bots)
    console = Console(width=160)
    for table in arena_tables(rows, pairs):
        console.print(table)


if __name__ == "__main__":
    main()
