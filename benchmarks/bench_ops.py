"""Benchmark: what search bots and simulations pay per call, beside OpenSpiel's hearts and crazy_eights.

Positions are taken from seeded random games (4 players; Dernier ``quick`` one-hand matches,
Последний points games) at every 7th decision. Each row times one call over all the
positions, in CPU time; the rows and their OpenSpiel peers alternate, and the whole is
repeated ``--repeat`` times: the table gives min/median/max µs per call over the
repetitions and the median ratio to the peer (taken within one repetition).

- ``clone``: ``state.clone()`` (peer: ``State.clone()``);
- ``view``: ``state.view(seat)`` of the seat to act, just after a move (a bot's loop: one
  record more in the log since the last view);
- ``first view after replay``: the first ``view`` of a state rebuilt by
  ``cardgames.core.record.replay``, as a resumed or replayed game is (the log not yet in words);
- ``determinize``: ``state.determinize(seat, rng)`` for the seat to act, called again and
  again on the same states as ISMCTS does at its root (peer, for both games: hearts'
  ``resample_from_infostate`` for the player to act; crazy_eights has none); ``determinize, first call on a
  state``: once on fresh clones, so nothing an engine remembers from an earlier call helps;
- ``heuristic decision`` and ``random decision``: the heuristic and the random bot's
  ``choose(view, legal)``, the view and the legal actions made beforehand.

Run::

    python benchmarks/bench_ops.py                # 5 repetitions
    python benchmarks/bench_ops.py --repeat 9 --seconds 0.3
    python benchmarks/bench_ops.py --only posledniy
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from harness import load_openspiel, per_call, spread

from cardgames.bots.lookup import RandomBot, make_bot
from cardgames.core.game import Game
from cardgames.core.options import make_options
from cardgames.core.record import Seat, new_record, replay
from cardgames.core.state import GameState
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import PRESETS, DernierOptions
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions

EVERY = 7  # a position every this many decisions
Position = tuple[int, list[Any], GameState]  # game seed, the actions so far, the state they led to
Timer = Callable[[float], float]  # seconds -> µs per call


def our_positions(game: Game[Any, Any], options: Any, games: int) -> list[Position]:
    """Positions at every EVERY-th decision of seeded random games."""
    out: list[Position] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(options, 4, seed)
        actions: list[Any] = []
        while state.to_act() is not None:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            state.apply(action)
            actions.append(action)
            if len(actions) % EVERY == 0 and state.to_act() is not None:
                out.append((seed, list(actions), state.clone()))
    return out


def spiel_positions(game: Any, games: int) -> list[Any]:
    """OpenSpiel states at every EVERY-th player decision of random games (never a chance node)."""
    out = []
    rng = random.Random(0)
    for _ in range(games):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            chance = state.is_chance_node()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            moves += not chance
            if moves % EVERY == 0 and not chance and not state.is_terminal() and not state.is_chance_node():
                out.append(state.clone())
    return out


def first_view_timer(game: Game[Any, Any], options: Any, positions: list[Position]) -> Timer:
    """µs of the first view of a replayed state (the replays themselves are not timed)."""
    seats = [Seat(f"bot {i + 1}", "random") for i in range(4)]

    def timer(seconds: float) -> float:
        states = []
        for seed, actions, _ in positions:
            record = new_record(game, options, seats, seed)
            record.actions.extend(actions)
            states.append(replay(game, record))
        return per_call(lambda s: s.view(s.to_act()), states, 0.0)  # once each: only the first counts

    return timer


def our_rows(game: Game[Any, Any], options: Any, games: int) -> dict[str, Timer]:
    """Timers of one of our games."""
    positions = our_positions(game, options, games)
    states = [p[2] for p in positions]
    after_move = []
    for s in states:  # a view after a move: the last view was one move ago
        s.view(s.to_act())
        t = s.clone()
        t.apply(t.legal_actions()[0])
        if t.to_act() is not None:
            after_move.append(t)
    rng = random.Random(5)
    heuristic = make_bot(game, "heuristic", random.Random(1))
    randbot = RandomBot(random.Random(1))
    decisions = [(s.view(s.to_act()), s.legal_actions()) for s in states]

    def first_determinize(seconds: float) -> float:
        fresh = [s.clone() for s in states]  # nothing remembered from an earlier call
        return per_call(lambda s: s.determinize(s.to_act(), rng), fresh, 0.0)

    def views(seconds: float) -> float:
        spent = calls = 0.0
        while spent < seconds or not calls:  # passes over fresh copies: one record more since the last view
            fresh = [s.clone() for s in after_move]
            spent += per_call(lambda s: s.view(s.to_act()), fresh, 0.0) * len(fresh) / 1e6
            calls += len(fresh)
        return spent / calls * 1e6

    return {
        "clone": lambda sec: per_call(lambda s: s.clone(), states, sec),
        "view": views,
        "first view after replay": first_view_timer(game, options, positions),
        "determinize": lambda sec: per_call(lambda s: s.determinize(s.to_act(), rng), states, sec),
        "determinize, first call on a state": first_determinize,
        "heuristic decision": lambda sec: per_call(lambda d: heuristic.choose(*d), decisions, sec),
        "random decision": lambda sec: per_call(lambda d: randbot.choose(*d), decisions, sec),
    }


def spiel_rows(name: str, params: dict[str, Any], games: int) -> dict[str, Timer]:
    """Timers of an OpenSpiel game's clone (and resample, where the game has one)."""
    game = load_openspiel(name, params)
    if game is None:
        return {}
    import pyspiel

    states = spiel_positions(game, games)
    rows: dict[str, Timer] = {"clone": lambda sec: per_call(lambda s: s.clone(), states, sec)}
    if name == "hearts":
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        rows["determinize"] = rows["determinize, first call on a state"] = lambda sec: per_call(
            lambda s: s.resample_from_infostate(s.current_player(), sampler), states, sec
        )
    return rows


def measure(label: str, ours: dict[str, Timer], peer_name: str, peer: dict[str, Timer], args: Any) -> None:
    """Alternate our timers with the peer's, repeat, print a Markdown table."""
    got: dict[str, list[float]] = {}
    for _ in range(args.repeat):
        for row, timer in ours.items():
            got.setdefault(row, []).append(timer(args.seconds))
            if row in peer:
                got.setdefault("peer " + row, []).append(peer[row](args.seconds))
    print(f"\n### {label}: µs per call, {args.repeat} repetitions, CPU time\n")
    print(f"| call | ours µs | {peer_name} µs | ratio ours/{peer_name} |")
    print("|---|---|---|---|")
    for row in ours:
        lo, mid, hi = spread(got[row])
        theirs = got.get("peer " + row)
        if theirs:
            plo, pmid, phi = spread(theirs)
            ratio = spread([a / b for a, b in zip(got[row], theirs, strict=True)])[1]
            peer_text, ratio_text = f"{pmid:.2f} ({plo:.2f}-{phi:.2f})", f"{ratio:.2f}x"
        else:
            peer_text = ratio_text = "-"
        print(f"| {row} | {mid:.2f} ({lo:.2f}-{hi:.2f}) | {peer_text} | {ratio_text} |")


def main() -> None:
    """Command line: --repeat, --seconds, --games."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--seconds", type=float, default=0.2, help="CPU seconds per row per repetition")
    parser.add_argument("--games", type=int, default=6, help="random games the positions come from")
    parser.add_argument("--only", choices=("dernier", "posledniy"), help="one game and its peer")
    args = parser.parse_args()
    dernier_options = make_options(DernierOptions, PRESETS, "quick", {"hands_to_win": 1})
    if args.only != "posledniy":
        # crazy_eights has no resample: Dernier's determinize rows are measured beside hearts'
        hearts = spiel_rows("hearts", {}, args.games * 4)
        dernier_peer = {**spiel_rows("crazy_eights", {"players": 4}, args.games * 4)}
        dernier_peer.update((row, timer) for row, timer in hearts.items() if row.startswith("determinize"))
        measure(
            "Dernier",
            our_rows(Dernier(), dernier_options, args.games),
            "crazy_eights (determinize: hearts)",
            dernier_peer,
            args,
        )
    if args.only != "dernier":
        measure(
            "Последний",
            our_rows(Posledniy(), PosledniyOptions(), args.games),
            "hearts",
            spiel_rows("hearts", {}, args.games * 4),
            args,
        )


if __name__ == "__main__":
    main()
