"""Reference values of the root's moves in Dernier, and how close a search's choices come to the best.

``build``: decisions of seat 0 with a real choice, taken at random (2 in 5) from heuristic
games (one hand each, seeds from ``--seed`` on); for each, every root candidate the search
would compare (at most 6) is played out to the end of the hand by the heuristic in the same
``--worlds`` worlds (paired, no tree, no cut-off), and its mean reward less the heuristic's
own move's is written to a JSON file with how to rebuild the position (seed and decision).

``--deal`` says which worlds value the candidates: ``truth`` (the opponents' true hands, only
the stock reshuffled: what the move is worth at the table, given the true hidden cards, so
the gain of a setting is the gain the arena would see), ``plausible`` (the search's own
worlds: what the search could at best find in them) or ``uniform``.

``estimates``: for one search setting, how well the search's own estimate of each candidate
(its mean paired difference from the heuristic's move in the search's worlds, or with
``--worlds truth`` in the true hands) foretells the reference's value, by kind of candidate
(a draw, a play instead of the heuristic's draw, another card, the same card with another
suit named or card stood for, the call of "Dernier!"): the means and their correlation. A
correlation near 1 in the true hands and near 0 in the search's worlds says that the worlds,
not the budget, hold the search back.

``score``: for each search setting (written as after ``ismcts:``; the game's own settings
fill the rest), the reference value of the move it chooses, averaged over the decisions and
``--seeds`` search seeds: its gain a decision over the heuristic (docs/search.md). It also
prints, for the same searches, the gain with the heuristic's move kept unless the best
candidate beats it by more than B standard errors, for each B of ``--bias`` (the search's
own ``bias`` does not matter there: the best candidate and its margin are recorded once).
Run::

    python benchmarks/search_reference.py build --players 4 --positions 150 --worlds 400 --deal truth \
        --out t4.json
    python benchmarks/search_reference.py score t4.json iterations=300 iterations=300:width=3 --bias 0 1 2 3
    python benchmarks/search_reference.py estimates t4.json iterations=200 --set BETA=30
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cardgames.bots.ismcts import Search, Settings
from cardgames.bots.levels import SEARCH, parse_search
from cardgames.bots.lookup import decide, make_bot
from cardgames.bots.worlds import Worlds
from cardgames.core.state import GameState
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game
from cardgames.primitives.errors import OptionError

sys.path.insert(0, str(Path(__file__).parent))
from perfect_worlds import TrueWorlds  # sibling scripts
from world_quality import set_constants

GAME = find_game("dernier")
OPTIONS = build_options(GAME, None, ["hands_to_win=1"])


def positions(players: int, seed: int) -> Iterator[tuple[int, int, GameState]]:
    """(game seed, decision number, state) of seat 0's sampled decisions, game after game."""
    while True:
        seed += 1
        state = GAME.new_game(OPTIONS, players, seed)
        bots = [make_bot(GAME, "heuristic", random.Random(s)) for s in range(players)]
        step = 0
        while not state.hand_results():
            seat = state.to_act()
            assert seat is not None
            if (
                seat == 0
                and len(state.legal_actions()) > 1
                and random.Random(seed * 1000 + step).random() < 0.4
            ):
                yield seed, step, state.clone()
            state.apply(decide(bots[seat], state, seat))
            step += 1


def rebuild(players: int, seed: int, step: int) -> GameState:
    """The state of decision ``step`` of game ``seed``, played again."""
    state = GAME.new_game(OPTIONS, players, seed)
    bots = [make_bot(GAME, "heuristic", random.Random(s)) for s in range(players)]
    for _ in range(step):
        seat = state.to_act()
        assert seat is not None
        state.apply(decide(bots[seat], state, seat))
    return state


def build(args: Any) -> None:
    """Reference values of every root candidate at ``--positions`` decisions."""
    policy = GAME.bots["heuristic"]
    out: list[dict[str, Any]] = []
    for i, (seed, step, state) in zip(
        range(args.positions), positions(args.players, args.seed), strict=False
    ):
        legal = list(state.legal_actions())
        settings = Settings(
            iterations=args.worlds * min(6, len(legal)),
            horizon=10_000,
            bias=0.0,
            widen=0.0,
            beliefs=args.deal != "uniform",
        )
        search = Search(settings, random.Random(i), policy)
        worlds: Any = TrueWorlds(state, 0, "hands") if args.deal == "truth" else Worlds(state, 0)
        search.run(worlds, state.view(0), legal)
        base = search.scores[0]
        values = {}
        for action, row in zip(search.candidates, search.scores, strict=True):
            diffs = [a - b for a, b in zip(row, base, strict=True)]
            values[repr(action)] = [statistics.fmean(diffs), statistics.stdev(diffs) / math.sqrt(len(diffs))]
        out.append({"seed": seed, "step": step, "values": values})
        print(i, seed, step, {a: round(v[0], 3) for a, v in values.items()}, flush=True)
    text = json.dumps(
        {"players": args.players, "worlds": args.worlds, "deal": args.deal, "positions": out}, indent=1
    )
    target = Path(args.out)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as f:  # written whole or not at all
        f.write(text)
    os.chmod(tmp, 0o644)  # mkstemp makes it private; a reference is meant to be shared
    os.replace(tmp, target)


def score(args: Any) -> None:
    """Each setting's mean gain a decision over the heuristic, by the reference."""
    with open(args.reference) as f:
        ref = json.load(f)
    players = ref["players"]
    states = [rebuild(players, p["seed"], p["step"]) for p in ref["positions"]]
    best = statistics.fmean(max(v[0] for v in p["values"].values()) for p in ref["positions"])
    print(
        f"{len(states)} decisions ({ref.get('deal', 'plausible')} worlds); "
        f"always the reference's best: {best:+.4f} a decision"
    )
    for text in args.settings:
        settings, policy = parse_search(GAME, f"{SEARCH}:{text}", players)
        gains: list[float] = []
        overturned = 0
        # per search: the best candidate's z, its reference value and the heuristic's move's (its own
        # tie-breaks may pick another move than the reference's)
        margins: list[tuple[float, float, float]] = []
        for k in range(args.seeds):
            for p, state in zip(ref["positions"], states, strict=True):
                search = Search(settings, random.Random(1000 * k + p["seed"]), policy)
                action = search.run(Worlds(state, 0), state.view(0), list(state.legal_actions()))
                gains.append(_value(p, action))
                overturned += action != search.candidates[0]
                z, best = search.margin()
                margins.append((z, _value(p, search.candidates[best]), _value(p, search.candidates[0])))
        print(f"{text}: gain {_mean(gains)}, overturned {overturned}/{len(gains)}")
        for bias in args.bias:
            kept = [value if z > bias else default for z, value, default in margins]
            moved = sum(z > bias for z, _, _ in margins)
            print(f"    best if beyond {bias:g} standard errors: gain {_mean(kept)}, overturned {moved}")


def _kind(action: str, heuristic: str) -> str:
    """What a candidate changes against the heuristic's move (both as ``repr``)."""
    if action.startswith("Draw"):
        return "draw"
    if heuristic.startswith("Draw"):
        return "a play, not a draw"
    card, theirs = action.split(",")[0], heuristic.split(",")[0]  # "Play(card=Card(…)"
    if card != theirs:
        return "another card"
    if ("dernier=True" in action) != ("dernier=True" in heuristic):
        return "the call"
    return "another suit or stand-in"


def estimates(args: Any) -> None:
    """How the search's own estimates of the candidates foretell the reference's values, by kind."""
    try:
        set_constants(args.set)
    except ValueError as e:
        raise SystemExit(str(e)) from None
    with open(args.reference) as f:
        ref = json.load(f)
    players = ref["players"]
    try:
        settings, policy = parse_search(GAME, f"{SEARCH}:{args.setting}", players)
    except OptionError as e:
        raise SystemExit(str(e)) from None
    pairs: dict[str, list[tuple[float, float]]] = {}
    for p in ref["positions"]:
        state = rebuild(players, p["seed"], p["step"])
        search = Search(settings, random.Random(7 * p["seed"] + p["step"]), policy)
        worlds: Any = TrueWorlds(state, 0, "hands") if args.worlds == "truth" else Worlds(state, 0)
        search.run(worlds, state.view(0), list(state.legal_actions()))
        heuristic = repr(search.candidates[0])
        if heuristic not in p["values"]:
            continue
        base = p["values"][heuristic][0]
        for action, row in zip(search.candidates[1:], search.scores[1:], strict=True):
            value = p["values"].get(repr(action))
            if value is not None:
                estimate = statistics.fmean(a - b for a, b in zip(row, search.scores[0], strict=True))
                pairs.setdefault(_kind(repr(action), heuristic), []).append((estimate, value[0] - base))
    print(f"{args.setting} in {args.worlds} worlds, {len(ref['positions'])} decisions")
    for kind, rows in sorted(pairs.items()):
        est, true = zip(*rows, strict=True)
        try:
            r = statistics.correlation(est, true)
        except statistics.StatisticsError:  # fewer than two, or all alike
            r = math.nan
        print(
            f"  {kind:26s} {len(rows):5d} candidates: estimate {statistics.fmean(est):+.3f}, "
            f"reference {statistics.fmean(true):+.3f}, correlation {r:+.3f}"
        )


def _value(position: dict[str, Any], action: Any) -> float:
    """The reference value of ``action`` (0, the heuristic's, for an action the reference did not value)."""
    value = position["values"].get(repr(action))
    return 0.0 if value is None else float(value[0])


def _mean(values: list[float]) -> str:
    return f"{statistics.fmean(values):+.4f} ± {statistics.stdev(values) / math.sqrt(len(values)):.4f}"


def main() -> None:
    """Command line: build, score or estimates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("--players", type=int, default=2)
    b.add_argument("--positions", type=int, default=40)
    b.add_argument("--worlds", type=int, default=1000)
    b.add_argument("--seed", type=int, default=100)
    b.add_argument("--deal", choices=("truth", "plausible", "uniform"), default="plausible")
    b.add_argument("--out", required=True)
    s = sub.add_parser("score")
    s.add_argument("reference")
    s.add_argument("settings", nargs="+")
    s.add_argument("--seeds", type=int, default=2)
    s.add_argument("--bias", type=float, nargs="*", default=[], help="gates to try on the same searches")
    e = sub.add_parser("estimates")
    e.add_argument("reference")
    e.add_argument("setting")
    e.add_argument("--worlds", choices=("plausible", "truth"), default="plausible")
    e.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a beliefs constant")
    args = parser.parse_args()
    if args.command == "build" and Path(args.out).exists():  # refused before hours of play-outs, not after
        parser.error(f"{args.out} exists: name another file or remove it first")
    {"build": build, "score": score, "estimates": estimates}[args.command](args)


if __name__ == "__main__":
    main()
