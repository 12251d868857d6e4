"""Check: the Dernier heuristic decides exactly as another checkout's does, decision by decision.

A faster heuristic must play the same moves (seeded games and the docs' samples depend
on them). Each checkout, in a process of its own with its ``cardgames`` first on
``PYTHONPATH``, asks its heuristic bot at every decision of seeded games (every preset,
2 to 4 players, the anticipo and play after a draw on): matches the heuristic plays at
every seat, and random games where the heuristic is asked at every decision but a
random move is played (positions the heuristic would not reach itself). Each decision
is written as the action chosen and the search's shortlist of the three best; the two
lists must be equal.

Run::

    git archive 819321e | tar -x -C /tmp/old     # the checkout to compare with
    python benchmarks/heuristic_moves.py --baseline /tmp/old --games 12
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# (preset, players, options): what the games cover
SETTINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("quick", 4, {}),
    ("quick", 2, {}),
    ("classic", 2, {}),
    ("classic", 3, {"anticipo": True, "play_after_draw": True}),
    ("scala40", 4, {}),
    ("scala40", 2, {"anticipo": True}),
]


def decisions(games: int) -> list[str]:
    """Every decision of the seeded games, in words, as this process's heuristic takes it."""
    from cardgames.core.options import make_options
    from cardgames.games.dernier import Dernier
    from cardgames.games.dernier.heuristic import HeuristicBot
    from cardgames.games.dernier.options import PRESETS, DernierOptions

    out: list[str] = []
    for preset, players, extra in SETTINGS:
        options = make_options(
            DernierOptions, PRESETS, preset, {"hands_to_win": 2, "turn_limit": 300, **extra}
        )
        for seed in range(games):
            for heuristic_plays in (True, False):
                state = Dernier().new_game(options, players, seed)
                bots = [HeuristicBot(random.Random(seed * 10 + p)) for p in range(players)]
                mover = random.Random(seed)
                while (seat := state.to_act()) is not None:
                    view, legal = state.view(seat), state.legal_actions()
                    action = bots[seat].choose(view, legal)
                    best = bots[seat].shortlist(view, legal, 3)
                    out.append(f"{preset} {players} {seed} {len(out)}: {action!r} {best!r}")
                    state.apply(action if heuristic_plays else legal[mover.randrange(len(legal))])
    return out


def run(tree: Path, games: int) -> list[str]:
    """The decisions of ``tree``'s heuristic, worked out in a child process."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, __file__, "--child", "--games", str(games)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"heuristic_moves: the child for {tree} failed:\n{done.stderr.strip()}")
    result = json.loads(done.stdout)
    if not Path(result["package"]).resolve().is_relative_to(tree):
        sys.exit(f"heuristic_moves: the child for {tree} imported {result['package']}")
    decided: list[str] = result["decisions"]
    return decided


def main() -> None:
    """Command line: --baseline, --games."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--baseline", type=Path, help="the other checkout (its folder holding cardgames/)")
    parser.add_argument("--games", type=int, default=12, help="seeds per setting (default 12)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        import cardgames

        print(json.dumps({"package": cardgames.__file__, "decisions": decisions(args.games)}))
        return
    if args.baseline is None or not (args.baseline / "cardgames" / "__init__.py").is_file():
        sys.exit("heuristic_moves: --baseline must name a checkout folder holding cardgames/")
    ours, theirs = run(ROOT, args.games), run(args.baseline.resolve(), args.games)
    digest = hashlib.sha256("\n".join(ours).encode()).hexdigest()[:16]
    if ours == theirs:
        print(f"identical: {len(ours)} of {len(theirs)} decisions (digest {digest})")
        return
    first = next(
        (i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), min(len(ours), len(theirs))
    )
    print(f"DIFFERENT at decision {first} of {len(ours)} / {len(theirs)}:")
    print(f"  this checkout: {ours[first] if first < len(ours) else '(none)'}")
    print(f"  baseline:      {theirs[first] if first < len(theirs) else '(none)'}")
    sys.exit(1)


if __name__ == "__main__":
    main()
