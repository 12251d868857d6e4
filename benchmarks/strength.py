"""Bot strength: one bot against another on duplicate deals, with 95% confidence intervals.

Every deal is played once per seat: the contender sits in each seat in turn, the other
seats are the opponent bot, and the deal (the seed) is the same, so the luck of the cards
cancels out. One game is the first hand (deal) of a match, scored as the search scores a
hand (``cardgames.bots.rewards.hand_rewards``: 1 for a win, 0 for a loss, by chips when
a hand moves chips). The margin is the contender's reward less the opponents' mean reward
in the same game, averaged over the seats of a deal; the interval is a normal interval
over deals. Until the arena command is available, run::

    python benchmarks/strength.py dernier 2 hard heuristic --deals 100
    python benchmarks/strength.py posledniy 4 ismcts:time=0.2 heuristic --preset chips
    python benchmarks/strength.py dernier 4 heuristic random --deals 400 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from cardgames.bots.ismcts import IsmctsBot
from cardgames.bots.lookup import bot_rng, decide, make_bot
from cardgames.bots.rewards import hand_rewards
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game


def play_deal(args: tuple[str, int, str | None, str, str, int]) -> dict[str, Any]:
    """Play one deal once per seat of the contender; the margins, wins and search statistics."""
    game_id, players, preset, contender, opponent, seed = args
    game = find_game(game_id)
    options = build_options(game, preset, [])
    margins, rewards, won, lost, iterations, seconds, decisions = [], [], 0, 0, 0, 0.0, 0
    for seat_of_mine in range(players):
        state = game.new_game(options, players, seed)
        bots = [
            make_bot(game, contender if s == seat_of_mine else opponent, bot_rng(seed * 8 + seat_of_mine, s))
            for s in range(players)
        ]
        while not state.hand_results():
            seat = state.to_act()
            assert seat is not None
            bot = bots[seat]
            state.apply(decide(bot, state, seat))
            if seat == seat_of_mine and isinstance(bot, IsmctsBot) and bot.last is not None:
                iterations += bot.last.iterations
                seconds += bot.last.seconds
                decisions += 1
                bot.last = None
        result = state.hand_results()[0]
        reward = hand_rewards(result, players)
        mine = reward[seat_of_mine]
        others = [r for s, r in enumerate(reward) if s != seat_of_mine]
        margins.append(mine - statistics.fmean(others))
        rewards.append(mine)
        if max(reward) > min(reward):  # not a hand where everyone scored alike
            won += mine == max(reward)
            lost += mine == min(reward)
    return {
        "margin": statistics.fmean(margins),
        "reward": statistics.fmean(rewards),
        "won": won,
        "lost": lost,
        "iterations": iterations,
        "seconds": seconds,
        "decisions": decisions,
    }


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% normal interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def main(argv: Sequence[str] | None = None) -> None:
    """Run the duplicate match and print one line of results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("contender", help="a bot name as --players takes it: hard, ismcts:time=0.2, ...")
    parser.add_argument("opponent")
    parser.add_argument("--preset", default=None)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    tasks = [
        (args.game, args.players, args.preset, args.contender, args.opponent, args.seed + d)
        for d in range(args.deals)
    ]
    start = time.perf_counter()
    rows: list[dict[str, Any]] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for row in pool.imap(play_deal, tasks):
            rows.append(row)
            if len(rows) % 10 == 0 and len(rows) < len(tasks):  # a long run shows how it is going
                mean, low, high = interval([r["margin"] for r in rows])
                print(f"  {len(rows)} deals: margin {mean:+.3f} [{low:+.3f}, {high:+.3f}]", file=sys.stderr)
    wall = time.perf_counter() - start
    mean, low, high = interval([r["margin"] for r in rows])
    games = args.deals * args.players
    won, lost = sum(r["won"] for r in rows), sum(r["lost"] for r in rows)
    its, secs, decs = (sum(r[k] for r in rows) for k in ("iterations", "seconds", "decisions"))
    search = (
        f"; search: {its / secs:.0f} iterations/s, {its / decs:.0f} iterations and {secs / decs:.3f} s a move"
        if decs
        else ""
    )
    verdict = "stronger" if low > 0 else "weaker" if high < 0 else "not separated"
    print(
        f"{args.game} {args.players}p {args.preset or 'default'}: {args.contender} vs {args.opponent}, "
        f"{args.deals} deals x {args.players} seats: "
        f"margin {mean:+.3f} [{low:+.3f}, {high:+.3f}] ({verdict}); "
        f"won {won / games:.1%}, lost {lost / games:.1%} of {games}; "
        f"reward {statistics.fmean(r['reward'] for r in rows):.3f}{search}; {wall:.0f} s",
        flush=True,
    )


if __name__ == "__main__":
    main()
