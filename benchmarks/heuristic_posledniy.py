"""The Последний heuristic now against itself at older commits: same moves, and how much faster.

``--old REV`` and ``--same REV`` (each repeatable) load ``games/posledniy/heuristic.py`` as it
was at commit REV (read with ``git show``; it runs on today's engine). Two parts:

- **Same moves** (the ``--same`` commits, whose heuristic must choose as today's): seeded
  games (3 and 4 players, points and chips, one round; seven moves in ten the heuristic's,
  the others random, so that positions it would not reach itself are asked too) in which
  every decision is asked of every bot, old and new, and of a new bot given the same view
  made by attrs' ``__init__`` from new (not interned) cards and actions (the bot's slow
  path). Any difference stops the run with the position; else it prints how many
  decisions were compared.
- **Speed** (the ``--old`` and ``--same`` commits): ``choose(view, legal)`` on
  bench_ops.py's positions (every 7th decision of six seeded random 4-player points games:
  268 decisions, the views and legal actions made beforehand), the bots alternating
  ``--rounds`` times in one process; min / median / max CPU µs per decision, and each old
  bot's time over the new one's per round; for all the decisions, then for the plays with a
  choice and the picks of a pass alone.

Run::

    python benchmarks/heuristic_posledniy.py --old 1c76511 --same 819321e
    python benchmarks/heuristic_posledniy.py --same 819321e --games 100 --rounds 21
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import attrs
from bench_ops import our_positions
from harness import per_call, spread

from cardgames.core.choosing import Pick
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy import bots as new
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.view import PosledniyView
from cardgames.primitives.cards import Card
from cardgames.primitives.tricks import Trick

ROOT = Path(__file__).resolve().parent.parent


def old_bots(rev: str) -> types.ModuleType:
    """``games/posledniy/heuristic.py`` at commit ``rev``, as a module of its own."""
    source = subprocess.run(
        ["git", "show", f"{rev}:games/posledniy/heuristic.py"], cwd=ROOT, capture_output=True, text=True
    )
    if source.returncode:
        sys.exit(f"cannot read games/posledniy/heuristic.py at {rev}: {source.stderr.strip()}")
    module = types.ModuleType(f"posledniy_bots_{rev}")
    exec(compile(source.stdout, f"bots.py@{rev}", "exec"), module.__dict__)
    return module


def fresh(value: Any) -> Any:
    """The same value made of new (not interned) cards."""
    if isinstance(value, tuple) and value and isinstance(value[0], Card):
        return tuple(Card(c.rank, c.suit) for c in value)
    if isinstance(value, tuple) and value and isinstance(value[0], Trick):
        return tuple(Trick(t.leader, fresh(t.cards), t.winner) for t in value)
    return value


def same_moves(olds: dict[str, types.ModuleType], games: int) -> int:
    """Decisions asked of every bot in seeded games, all answered alike (else exits)."""
    game = Posledniy()
    fields = [f.name for f in attrs.fields(PosledniyView)]
    compared = 0
    for players in (3, 4):
        for scoring in ("points", "chips"):
            for seed in range(games):
                state = game.new_game(PosledniyOptions(scoring=scoring, rounds=1), players, seed)
                rng = random.Random(seed)
                bots = {rev: m.HeuristicBot(random.Random(1)) for rev, m in olds.items()}
                bot, plain_bot = new.HeuristicBot(random.Random(1)), new.HeuristicBot(random.Random(1))
                while not state.is_over():
                    seat = state.to_act()
                    assert seat is not None
                    legal = state.legal_actions()
                    move = bot.choose(state.view(seat), legal)
                    view = state.view(seat)
                    plain = PosledniyView(**{f: fresh(getattr(view, f)) for f in fields})
                    answers = {rev: b.choose(state.view(seat), legal) for rev, b in bots.items()}
                    answers["new, plain view"] = plain_bot.choose(
                        plain, [type(a)(Card(a.card.rank, a.card.suit)) for a in legal]
                    )
                    for who, answer in answers.items():
                        if answer != move:
                            sys.exit(
                                f"{players}p {scoring} seed {seed}, decision {compared}: "
                                f"new {move}, {who} {answer}"
                            )
                    compared += 1
                    state.apply(move if rng.random() < 0.7 else rng.choice(legal))
    return compared


def speed(
    olds: dict[str, types.ModuleType], rounds: int, seconds: float
) -> dict[str, dict[str, list[float]]]:
    """CPU µs per decision of each bot on bench_ops.py's positions (all, and by kind), alternating."""
    game = Posledniy()
    states = [p[2] for p in our_positions(game, PosledniyOptions(), 6)]
    decisions = [(s.view(s.to_act()), s.legal_actions()) for s in states]
    kinds = {
        "all": decisions,
        "plays with a choice": [d for d in decisions if not isinstance(d[1][0], Pick) and len(d[1]) > 1],
        "picks of a pass": [d for d in decisions if isinstance(d[1][0], Pick)],
    }
    bots = {rev: m.HeuristicBot(random.Random(1)) for rev, m in olds.items()}
    bots["new"] = new.HeuristicBot(random.Random(1))
    for bot in bots.values():  # first reads of the views' fields, for every bot alike
        for d in decisions:
            bot.choose(*d)
    times: dict[str, dict[str, list[float]]] = {kind: {who: [] for who in bots} for kind in kinds}
    for _ in range(rounds):
        for kind, inputs in kinds.items():
            for who, bot in bots.items():
                times[kind][who].append(per_call(lambda d, bot=bot: bot.choose(*d), inputs, seconds))
    sizes = ", ".join(f"{len(inputs)} {kind}" for kind, inputs in kinds.items())
    print(f"decisions: {sizes}; {rounds} rounds, CPU µs per decision (min / median / max):")
    return times


def main() -> None:
    """Compare the moves, then time the bots."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--old", action="append", default=[], help="an older commit, timed (repeatable)")
    parser.add_argument(
        "--same", action="append", default=[], help="an older commit, timed and compared move by move"
    )
    parser.add_argument("--games", type=int, default=60, help="seeded games per setting (default 60)")
    parser.add_argument("--rounds", type=int, default=15, help="alternating timing rounds (default 15)")
    parser.add_argument("--seconds", type=float, default=0.3, help="seconds per bot per round")
    args = parser.parse_args()
    if not args.old and not args.same:
        parser.error("give at least one --old or --same commit")
    olds = {rev: old_bots(rev) for rev in args.old + args.same}
    if args.same:
        same = {rev: olds[rev] for rev in args.same}
        print(f"same moves: {same_moves(same, args.games)} decisions, new = " + " = ".join(same))
    times = speed(olds, args.rounds, args.seconds)

    def show(values: list[float]) -> str:
        return " / ".join(f"{v:.2f}" for v in spread(values))

    for kind, by_bot in times.items():
        print(f"{kind}:")
        for who, values in by_bot.items():
            print(f"  {who:>8}: {show(values)}")
        for rev in olds:
            ratios = [o / n for o, n in zip(by_bot[rev], by_bot["new"], strict=True)]
            print(f"  {rev} / new, per round: {show(ratios)}")


if __name__ == "__main__":
    main()
