"""A single-agent Gymnasium environment: one seat against the game's bots (docs/rl.md#gymnasium)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from cardgames.bots.lookup import bot_rng, decide, make_bot
from cardgames.core.game import Bot, Game
from cardgames.primitives.errors import OptionError
from cardgames.rl.aec import observation_space
from cardgames.rl.table import Rules, Table, agent_names


class CardGameSeatEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    """The learner holds one seat; the game's bots (any level) play the others between its decisions.

    The observation is a dict of the encoded view and the action mask (the mask is also in
    ``info["action_mask"]``). An illegal action changes nothing: reward 0, the same
    observation, and ``info["illegal_action"]``. The reward of a step is everything the
    learner's seat won from its decision up to its next one (hand results, the outcome).
    """

    metadata = {"render_modes": ["human", "ansi"]}  # noqa: RUF012  # Gymnasium declares it an instance field

    def __init__(
        self,
        rules: Rules,
        seat: int,
        opponents: Sequence[str],
        render_mode: str | None = None,
    ) -> None:
        if not 0 <= seat < rules.players:
            raise OptionError(f"there is no seat {seat} at a table of {rules.players}")
        if len(opponents) != rules.players - 1:
            raise OptionError(f"{rules.players - 1} opponents are needed, not {len(opponents)}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise OptionError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        for name in opponents:
            make_bot(rules.game, name, random.Random(0))  # an unknown bot is refused here
        self.rules, self.seat, self.opponents = rules, seat, tuple(opponents)
        self.render_mode = render_mode
        self.observation_space = observation_space(rules)  # type: ignore[assignment]  # a Dict of arrays
        self.action_space = gymnasium.spaces.Discrete(len(rules.actions))
        self._seeds = random.Random()
        self.table: Table | None = None
        self.bots: dict[int, Bot] = {}

    def _observation(self) -> dict[str, np.ndarray]:
        assert self.table is not None
        return {"observation": self.table.observe(self.seat), "action_mask": self.table.mask(self.seat)}

    def _info(self, **extra: Any) -> dict[str, Any]:
        assert self.table is not None
        return {"action_mask": self.table.mask(self.seat), **extra}

    def _bots_play(self) -> float:
        """Let the bots decide until the learner must or the game is over; the learner's rewards meanwhile."""
        assert self.table is not None
        table, won = self.table, 0.0
        while (seat := table.seat()) is not None and seat != self.seat:
            action = decide(self.bots[seat], table.state, seat)  # a search gets worlds, never the state
            won += table.play(seat, action)[self.seat]
        return won

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game (from ``seed``, else the environment's next seed), played to the learner's turn."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        game_seed = self._seeds.getrandbits(63)
        self.table = self.rules.start(game_seed)
        others = [s for s in range(self.rules.players) if s != self.seat]
        self.bots = {
            s: make_bot(self.rules.game, name, bot_rng(game_seed, s))
            for s, name in zip(others, self.opponents, strict=True)
        }
        self._bots_play()  # nothing is won before a first decision
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The learner's action, then the bots' until its next decision or the end."""
        assert self.table is not None, "call reset() first"
        table = self.table
        if table.seat() is None:
            raise OptionError("the game is over; call reset()")
        if not table.is_legal(self.seat, int(action)):
            return self._observation(), 0.0, False, False, self._info(illegal_action=True)
        won = table.play(self.seat, self.rules.actions.actions[int(action)])[self.seat]
        won += self._bots_play()
        over = table.seat() is None
        if self.render_mode == "human":
            self.render()
        return self._observation(), won, over, False, self._info()

    def render(self) -> str | None:
        """The table as the learner sees it: printed ("human") or returned ("ansi")."""
        if self.render_mode is None or self.table is None:
            return None
        names = agent_names(self.rules.players)
        others = [s for s in range(self.rules.players) if s != self.seat]
        for s, name in zip(others, self.opponents, strict=True):
            names[s] = f"bot:{name}"
        names[self.seat] = "learner"
        text = self.table.text(names, self.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def gymnasium_env(
    game: Game[Any, Any] | str,
    seat: int = 0,
    opponents: str | Sequence[str] = "random",
    players: int | None = None,
    options: Any = None,
    render_mode: str | None = None,
) -> CardGameSeatEnv:
    """A Gymnasium environment of ``game`` in which the learner holds ``seat`` against bots.

    ``opponents``: one bot name for every other seat ("random", "easy", "medium", "hard",
    a game's own bot, "ismcts:time=0.5"), or a list with one name per other seat in seat order.
    """
    rules = Rules(game, players, options)
    names = [opponents] * (rules.players - 1) if isinstance(opponents, str) else list(opponents)
    return CardGameSeatEnv(rules, seat, names, render_mode)
