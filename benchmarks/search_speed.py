"""Search speed: ISMCTS iterations per CPU second in each built-in game, with random and heuristic playouts.

Positions come from heuristic games (seeds 1, 2, ...): seat 0's first ``--moves`` decisions
with a real choice. A run searches every position once with ``hard``'s settings (the
game's own, see docs/search.md; ``--iterations`` overrides its budget); the rows take their
runs in turn, ``--repeat`` times, so a busy moment on a shared machine hits them alike.
The table gives min / median / max over the runs of iterations per CPU second (this
process's CPU time: what an otherwise idle machine would give) and the CPU seconds a move
of ``hard`` takes at the median. When ``CARDGAMES_COMPILED_TREE`` names a compiled build
(docs/performance.md), every run is made in that build too, in a child process, right after
the same run here, and the table adds its rate and its ratio to the pure one. Run::

    python benchmarks/search_speed.py --repeat 3
    python benchmarks/search_speed.py --moves 40 --iterations 300 --games dernier
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import NOT_BUILT, InBuild, compiled_tree, serve, spread

from cardgames.bots.ismcts import Search
from cardgames.bots.levels import SEARCH, parse_search
from cardgames.bots.lookup import decide, make_bot
from cardgames.bots.worlds import Worlds
from cardgames.core.state import GameState
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

TABLES = [
    ("dernier", 2, None),
    ("dernier", 3, None),
    ("dernier", 4, None),
    ("dernier", 5, None),
    ("dernier", 6, None),
    ("dernier", 7, None),
    ("dernier", 8, None),
    ("posledniy", 3, "points"),
    ("posledniy", 4, "points"),
]


def positions(game_id: str, players: int, preset: str | None, moves: int) -> list[GameState]:
    """Seat 0's first ``moves`` decisions with a real choice in heuristic games (seeds 1, 2, ...)."""
    game = find_game(game_id)
    options = build_options(game, preset, [])
    out: list[GameState] = []
    seed = 0
    while len(out) < moves:
        seed += 1
        state = game.new_game(options, players, seed)
        bots = [make_bot(game, "heuristic", random.Random(s)) for s in range(players)]
        while not state.hand_results() and len(out) < moves:
            seat = state.to_act()
            assert seat is not None
            if seat == 0 and len(state.legal_actions()) > 1:
                out.append(state.clone())
            state.apply(decide(bots[seat], state, seat))
    return out


def run(
    game_id: str, players: int, states: list[GameState], rollout: str, iterations: int | None
) -> tuple[int, float]:
    """(iterations, CPU seconds) of one search of ``hard`` (its settings at this table) from each state."""
    game = find_game(game_id)
    policy = game.bots["heuristic"] if rollout == "heuristic" else None
    settings, _ = parse_search(game, SEARCH, players)
    if iterations is not None:
        settings = attrs.evolve(settings, iterations=iterations)
    done, spent = 0, 0.0
    for i, state in enumerate(states):
        search = Search(settings, random.Random(i), policy)
        start = time.process_time()
        search.run(Worlds(state, 0), state.view(0), list(state.legal_actions()))
        spent += time.process_time() - start
        done += search.iterations
    return done, spent


def main() -> None:
    """Print one Markdown table: a row per game, player count and playout policy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=None, help="default: hard's, for each game")
    parser.add_argument("--games", default=None, help="only these games, as dernier,posledniy")
    parser.add_argument("--serve", choices=["rows"], help=argparse.SUPPRESS)  # harness.InBuild's child
    args = parser.parse_args()
    rows = [
        (game_id, players, preset, rollout, positions(game_id, players, preset, args.moves))
        for game_id, players, preset in TABLES
        if not args.games or game_id in args.games.split(",")
        for rollout in ("heuristic", "random")
    ]
    if args.serve:
        serve(lambda i: run(rows[i][0], rows[i][1], rows[i][4], rows[i][3], args.iterations))
        return
    tree = compiled_tree()
    again = [] if tree is None else ["--moves", str(args.moves)]
    again += ["--games", args.games] if args.games else []
    again += ["--iterations", str(args.iterations)] if args.iterations else []
    compiled = None if tree is None else InBuild(__file__, "rows", tree, *again)
    rates: dict[int, list[tuple[float, float]]] = {i: [] for i in range(len(rows))}
    fast: dict[int, list[float]] = {i: [] for i in range(len(rows))}
    ratios: dict[int, list[float]] = {i: [] for i in range(len(rows))}
    for _ in range(args.repeat):
        for i, (game_id, players, _preset, rollout, states) in enumerate(rows):
            done, spent = run(game_id, players, states, rollout, args.iterations)
            rates[i].append((done / spent, spent / len(states)))
            if compiled is not None:
                done_there, spent_there = compiled(i)
                fast[i].append(done_there / spent_there)
                ratios[i].append(fast[i][-1] / rates[i][-1][0])
    print(
        f"| table ({args.moves} positions a run, {args.repeat} runs) | playouts | iterations a move "
        "| iterations per CPU second | CPU seconds a move | compiled: iterations per CPU second "
        "| compiled / pure |"
    )
    print("|---|---|---|---|---|---|---|")
    for i, (game_id, players, preset, rollout, _) in enumerate(rows):
        game = find_game(game_id)
        settings, _ = parse_search(game, SEARCH, players)
        its = args.iterations or settings.iterations
        lo, mid, hi = spread([r for r, _ in rates[i]])
        per_move = spread([m for _, m in rates[i]])
        where = f"{game.name} {players}p" + (f" {preset}" if preset else "")
        there = by = NOT_BUILT
        if compiled is not None:
            f_lo, f_mid, f_hi = spread(fast[i])
            q_lo, q_mid, q_hi = spread(ratios[i])
            there, by = f"{f_mid:,.0f} ({f_lo:,.0f}-{f_hi:,.0f})", f"**{q_mid:.2f}x** ({q_lo:.2f}-{q_hi:.2f})"
        print(
            f"| {where} | {rollout} | {its} | {mid:,.0f} ({lo:,.0f}-{hi:,.0f}) "
            f"| {per_move[1]:.3f} ({per_move[0]:.3f}-{per_move[2]:.3f}) | {there} | {by} |"
        )


if __name__ == "__main__":
    main()
