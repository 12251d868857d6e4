"""Fit and check Dernier's leaf guess: who goes out first, from a position of heuristic play.

A search's playout stops after ``horizon`` moves and asks ``GameState.evaluate`` for each
player's chance of winning the hand. This script plays seeded one-hand games of heuristic
bots, records every position (the features of ``games/dernier/leaf.py``, read from the full
state, as a search's world has it) and who won the hand, and fits the weights of a
conditional logit (each player's score a weighted sum of its features; the chances the
softmax of the scores) by maximum likelihood, on ``--deals`` deals from ``--seed``. It
prints the fitted weights to paste there, and a table of the log loss (the mean of
-ln of the chance given to the hand's winner: lower is better) on as many deals again,
held out: of even chances, of the guess by cards alone (the guess before this one:
e^-0.6 a card, about half the chance with each card more), of the weights in ``leaf.py``
and of those just fitted::

    python benchmarks/dernier_leaf.py -p 2 3 4 5 6 7 8 --deals 4000 --seed 1
    python benchmarks/dernier_leaf.py -p 2 3 4 --table     # docs/search.md's table
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np
from scipy.optimize import minimize

from cardgames.bots.lookup import make_bot
from cardgames.games.dernier import leaf
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

GAME = find_game("dernier")
CARD_ODDS = 0.6


def positions(players: int, deals: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features (positions x players x features), the winner of each position's hand, and the seat counts."""
    options = build_options(GAME, None, ["hands_to_win=1"])
    feats: list[list[list[float]]] = []
    winners: list[int] = []
    sizes: list[list[int]] = []
    for deal in range(seed, seed + deals):
        state = GAME.new_game(options, players, deal)
        bots = [make_bot(GAME, "heuristic", random.Random(deal * 16 + s)) for s in range(players)]
        hand: list[tuple[list[list[float]], list[int]]] = []
        while not state.is_over():
            seat = state.to_act()
            assert seat is not None
            raw = state.inner
            hand.append((leaf.features(raw), list(raw.sizes)))
            view = state.view(seat)
            state.apply(bots[seat].choose(view, state.legal_actions()))
        (result,) = state.hand_results()
        (winner,) = result.winners
        for f, s in hand:
            feats.append(f)
            winners.append(winner)
            sizes.append(s)
    return np.array(feats), np.array(winners), np.array(sizes)


def log_loss_of(scores: np.ndarray, winners: np.ndarray) -> float:
    """The mean negative log chance given to the winner, scores as log-odds (softmax per position)."""
    top = scores.max(axis=1, keepdims=True)
    logz = top[:, 0] + np.log(np.exp(scores - top).sum(axis=1))
    return float((logz - scores[np.arange(len(winners)), winners]).mean())


def fit(x: np.ndarray, winners: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """The weights of the conditional logit that best explain the winners (a little ridge for stability)."""
    rows = np.arange(len(winners))

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = x @ w
        e = np.exp(s - s.max(axis=1, keepdims=True))
        p = e / e.sum(axis=1, keepdims=True)
        value = log_loss_of(s, winners) + ridge * (w @ w)
        grad = (np.einsum("np,npf->f", p, x) - x[rows, winners].sum(axis=0)) / len(winners) + 2 * ridge * w
        return float(value), grad

    result = minimize(loss, np.zeros(x.shape[2]), jac=True, method="L-BFGS-B")
    return np.asarray(result.x)


def measure(players: int, deals: int, seed: int) -> tuple[dict[str, float], np.ndarray, int]:
    """The held-out log loss of each guess, the weights fitted, and the positions held out."""
    x, y, _ = positions(players, deals, seed)
    xt, yt, sizes_t = positions(players, deals, seed + deals)
    w = fit(x, y)
    losses = {
        "even chances": math.log(players),
        "cards alone (e^-0.6 a card)": log_loss_of(-CARD_ODDS * sizes_t, yt),
        "leaf.py's weights": log_loss_of(xt @ np.array(leaf.WEIGHTS[players]), yt),
        "fitted now": log_loss_of(xt @ w, yt),
    }
    return losses, w, len(yt)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-p", "--players", type=int, nargs="+", default=[4])
    parser.add_argument("--deals", type=int, default=4000, help="deals to fit on (as many more held out)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", action="store_true", help="only the Markdown table of the log losses")
    args = parser.parse_args()
    rows = []
    for players in args.players:
        start = time.process_time()
        losses, w, held = measure(players, args.deals, args.seed)
        rows.append((players, held, losses))
        if not args.table:
            print(
                f"{players} players: {held:,} positions held out ({time.process_time() - start:.0f} s of CPU)"
            )
            for name, value in zip(leaf.FEATURES, w, strict=True):
                print(f"  {name:>17} {value:+.3f}")
            print(f"  {players}: (" + ", ".join(f"{v:.2f}" for v in w) + "),")
    names = list(rows[0][2])
    print(f"| players | positions held out | {' | '.join(names)} |")
    print("|---|---|" + "---|" * len(names))
    for players, held, losses in rows:
        print(f"| {players} | {held:,} | " + " | ".join(f"{losses[n]:.3f}" for n in names) + " |")


if __name__ == "__main__":
    main()
