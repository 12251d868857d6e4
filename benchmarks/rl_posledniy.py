"""An example that learns: a linear softmax policy for Последний (three players), numpy alone.

The learner holds seat 0 of ``gymnasium_env("posledniy")`` (chips, one round: three deals
a game) against two random bots and learns by REINFORCE with a running baseline: for each
decision, the chips its seat won from then to the end of the game. Its observation is the
framework's default encoding of its view; illegal actions are masked out of the softmax.

Then the claim: on ``--games`` fresh games, the same deals and the same bots' generators
are played twice, once by the learned policy (greedy) and once by the random bot in its
seat. The learner beats the random bot when the 95% interval of the mean difference in
chips per game lies above zero; both win rates (the learner's seat among the outcome's
winners) are printed with their Wilson intervals. Run (docs/rl.md#an-example-that-learns)::

    python benchmarks/rl_posledniy.py                       # 60 s of training, 2,000 games
    python benchmarks/rl_posledniy.py --seconds 30 --games 500
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import NamedTuple

import numpy as np

from cardgames.bots.lookup import RandomBot
from cardgames.lab.intervals import wilson
from cardgames.rl import gymnasium_env
from cardgames.rl.single import CardGameSeatEnv

OPTIONS = {"scoring": "chips", "rounds": 1}
TRAIN_SEEDS = 1_000_000  # training deals are drawn from here on; the evaluation's start at 0


def make_env() -> CardGameSeatEnv:
    """The learner at seat 0 of three, against two random bots."""
    return gymnasium_env("posledniy", seat=0, opponents="random", players=3, options=OPTIONS)


class Policy:
    """Logits = W x + b over the fixed action space; masked softmax."""

    def __init__(self, actions: int, size: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((actions, size))
        self.b = np.zeros(actions)
        self.scale = np.ones(size)
        self.rng = rng

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.w @ x + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def features(self, observation: np.ndarray) -> np.ndarray:
        return observation / self.scale

    def sample(self, x: np.ndarray, mask: np.ndarray) -> tuple[int, np.ndarray]:
        p = self.probabilities(x, mask)
        return int(self.rng.choice(len(p), p=p)), p

    def greedy(self, x: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(self.probabilities(x, mask)))


def train(seconds: float, seed: int, rate: float = 0.01) -> tuple[Policy, int]:
    """REINFORCE for ``seconds`` of CPU time; the policy and the number of games played."""
    env = make_env()
    size = env.observation_space["observation"].shape[0]
    policy = Policy(env.action_space.n, size, np.random.default_rng(seed))
    obs, _ = env.reset(seed=TRAIN_SEEDS + seed)
    seen = [obs["observation"]]
    for _ in range(300):  # the scale of each feature, from a few random decisions
        obs, _, over, _, _ = env.step(int(policy.rng.choice(np.flatnonzero(obs["action_mask"]))))
        seen.append(obs["observation"])
        if over:
            obs, _ = env.reset()
    policy.scale = np.maximum(np.abs(np.stack(seen)).max(axis=0), 1.0)
    stake = float(env.rules.options.stake)
    baseline, games, start = 0.0, 0, time.process_time()
    while time.process_time() - start < seconds:
        obs, _ = env.reset()
        steps: list[tuple[np.ndarray, int, np.ndarray]] = []
        rewards: list[float] = []
        over = False
        while not over:
            x = policy.features(obs["observation"])
            action, p = policy.sample(x, obs["action_mask"])
            obs, reward, over, _, _ = env.step(action)
            steps.append((x, action, p))
            rewards.append(reward / stake)
        to_go = np.cumsum(rewards[::-1])[::-1]
        for (x, action, p), g in zip(steps, to_go, strict=True):
            grad = -p
            grad[action] += 1.0
            advantage = g - baseline
            policy.w += rate * advantage * np.outer(grad, x)
            policy.b += rate * advantage * grad
        baseline += 0.01 * (float(to_go[0]) - baseline)
        games += 1
    return policy, games


class Result(NamedTuple):
    """Chips per game of each way of playing the seat, and how often the seat won."""

    chips: list[float]
    wins: int


def play(policy: Policy | None, games: int) -> Result:
    """The evaluation's games (seeds 0 …) with the seat played by ``policy`` (greedy) or a random bot."""
    env = make_env()
    chips: list[float] = []
    wins = 0
    for game in range(games):
        obs, _ = env.reset(seed=game)
        stand_in = RandomBot(random.Random(f"learner:{game}"))
        total, over = 0.0, False
        while not over:
            if policy is None:
                assert env.table is not None
                legal = list(env.table.legal(0))
                pick = stand_in.choose(None, legal)
                action = env.rules.actions.number(pick, "posledniy")
            else:
                action = policy.greedy(policy.features(obs["observation"]), obs["action_mask"])
            obs, reward, over, _, _ = env.step(action)
            total += reward
        assert env.table is not None
        outcome = env.table.state.outcome()
        assert outcome is not None
        wins += 0 in outcome.winners
        chips.append(total)
    return Result(chips, wins)


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% normal interval."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="training CPU seconds (default 60)")
    parser.add_argument("--games", type=int, default=2000, help="evaluation games (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the learner's seed (default 1)")
    args = parser.parse_args(argv)
    policy, trained = train(args.seconds, args.seed)
    learned, random_seat = play(policy, args.games), play(None, args.games)
    diff = [a - b for a, b in zip(learned.chips, random_seat.chips, strict=True)]
    mean, low, high = mean_interval(diff)
    rows = {}
    print("| seat 0 played by | wins (95% Wilson) | chips a game (95%) |")
    print("| --- | --- | --- |")
    for label, result in (("the learned policy", learned), ("the random bot", random_seat)):
        lo, hi = wilson(result.wins, args.games)
        c, c_lo, c_hi = mean_interval(result.chips)
        print(
            f"| {label} | {result.wins / args.games:.1%} [{lo:.1%}, {hi:.1%}] "
            f"| {c:+.2f} [{c_lo:+.2f}, {c_hi:+.2f}] |"
        )
        rows[label] = result.wins / args.games
    verdict = "beats the random bot" if low > 0 else "is not shown to beat the random bot"
    print(
        f"\nTrained on {trained:,} games in {args.seconds:g} CPU seconds; learned minus random on the same "
        f"{args.games:,} deals: **{mean:+.2f} chips a game [{low:+.2f}, {high:+.2f}]** (95%), "
        f"so the learned policy {verdict}."
    )
    return {"low": low, "mean": mean, "learned": rows["the learned policy"], "random": rows["the random bot"]}


if __name__ == "__main__":
    main()
