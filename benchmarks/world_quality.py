"""How close Dernier's search worlds come to the true hands: uniform (``determinize``) against plausible.

A fast proxy for the arena (seconds, not hours): seeded heuristic games, one hand each;
at every decision with a choice, the player to act deals ``--worlds`` worlds of each kind
with the same generators, and each opponent's dealt hand is compared with its true one:

- *true cards*: the share of its true cards (as a multiset) the world deals it;
- *suit error*: the cards by which its suit counts are wrong (half the sum over the four
  suits and the jokers of the differences: 0 when the world knows its suits exactly);
- *void error*: the share of the four suits where the world's hand and the true one
  disagree on holding none of it;
- *jacks* and *jokers*: their share of the dealt hands (the truth alongside).

The heuristic keeps its jacks and draws only when nothing plays, so its hands are not
uniform: the plausible worlds should deal more of its true cards and fewer suit errors::

    python benchmarks/world_quality.py -p 2 -n 60 --seed 1
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

from cardgames.bots.lookup import decide, make_bot
from cardgames.games.dernier import beliefs, likelihood, plausible
from cardgames.games.dernier.actions import JACK, JOKER_INDEX, RANK_OF, SUIT_OF
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

GAME = find_game("dernier")
KINDS = ("uniform", "plausible")


def _suits(hand: list[int]) -> list[int]:
    """The hand's count of each suit, the jokers as a fifth."""
    out = [0] * 5
    for c in hand:
        out[4 if c == JOKER_INDEX else SUIT_OF[c]] += 1
    return out


def compare(world: list[int], truth: list[int]) -> dict[str, float]:
    """The measures of one dealt hand against the true one (same size)."""
    common = sum((Counter(world) & Counter(truth)).values())
    ws, ts = _suits(world), _suits(truth)
    n = len(truth)
    return {
        "true cards": common / n,
        "suit error": sum(abs(a - b) for a, b in zip(ws, ts, strict=True)) / 2,
        "void error": sum((ws[s] == 0) != (ts[s] == 0) for s in range(4)) / 4,
        "jacks": sum(c != JOKER_INDEX and RANK_OF[c] == JACK for c in world) / n,
        "jokers": world.count(JOKER_INDEX) / n,
    }


def measure(
    players: int, deals: int, seed: int, worlds: int, weigh: int = 1
) -> tuple[dict[str, dict[str, float]], int]:
    """The mean of every measure per kind of world (and ``truth``), and the decisions measured."""
    options = build_options(GAME, None, ["hands_to_win=1"])
    sums: dict[str, Counter[str]] = {kind: Counter() for kind in (*KINDS, "truth")}
    hands = decisions = 0
    for deal in range(seed, seed + deals):
        state = GAME.new_game(options, players, deal)
        bots = [make_bot(GAME, "heuristic", random.Random(deal * 16 + s)) for s in range(players)]
        while not state.is_over():
            seat = state.to_act()
            assert seat is not None
            if len(state.legal_actions()) > 1:
                decisions += 1
                deal_world: dict[str, Callable[[int, random.Random], Any]] = {
                    "uniform": state.determinize,
                    "plausible": partial(state.plausible_world, weigh=weigh),
                }
                for p in range(players):
                    if p == seat or not state.sizes[p]:
                        continue
                    truth = state.hand(p)
                    hands += worlds
                    sums["truth"].update({k: v * worlds for k, v in compare(truth, truth).items()})
                    for kind in KINDS:
                        for k in range(worlds):
                            world = deal_world[kind](seat, random.Random(f"{deal}:{decisions}:{k}"))
                            sums[kind].update(compare(world.hand(p), truth))
            state.apply(decide(bots[seat], state, seat))
    means = {kind: {k: v / hands for k, v in sums[kind].items()} for kind in sums}
    return means, decisions


def set_constants(items: list[str]) -> None:
    """Set numeric constants of games/dernier/beliefs.py, plausible.py or likelihood.py, each ``NAME=VALUE``.

    ValueError, naming the item, for a name that is no such number or a value of the wrong kind.
    """
    for item in items:
        name, _, value = item.partition("=")
        module = next((m for m in (beliefs, plausible, likelihood) if hasattr(m, name)), None)
        old = getattr(module, name, None)
        if module is None or type(old) not in (int, float):
            raise ValueError(
                f"--set {item}: beliefs.py, plausible.py and likelihood.py have no number {name!r}"
            )
        try:
            setattr(module, name, type(old)(value))
        except ValueError:
            kind = "a whole number" if type(old) is int else "a number"
            raise ValueError(f"--set {item}: {name} takes {kind}, not {value!r}") from None


def main() -> None:
    """Measure both kinds of world over the seeded games and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("-n", "--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=4, help="worlds of each kind per decision")
    parser.add_argument(
        "--weigh", type=int, default=1, help="the search's weigh setting for the plausible worlds"
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a constant of the beliefs to try, e.g. DOUBT=0.1 or BETA=2 (the candidates: --weigh)",
    )
    args = parser.parse_args()
    try:
        set_constants(args.set)
    except ValueError as e:
        parser.error(str(e))
    start = time.perf_counter()
    means, decisions = measure(args.players, args.deals, args.seed, args.worlds, args.weigh)
    took = time.perf_counter() - start
    print(f"{args.players} players, {args.deals} deals, {decisions} decisions, {took:.0f} s")
    names = list(means["truth"])
    print(f"{'':10}" + "".join(f"{n:>12}" for n in names))
    for kind in (*KINDS, "truth"):
        print(f"{kind:10}" + "".join(f"{means[kind].get(n, 0.0):12.4f}" for n in names))


if __name__ == "__main__":
    main()
