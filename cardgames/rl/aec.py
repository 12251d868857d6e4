"""A PettingZoo AEC environment for any installed game (docs/rl.md#pettingzoo)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardgames.core.game import Game
from cardgames.rl.table import Rules, Table, agent_names


def observation_space(rules: Rules) -> spaces.Dict:
    """The space of one agent's observation: the encoded view and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, (rules.encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(rules.actions),), np.int8),
        }
    )


class CardGameEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """One game, each seat an agent (``player_0`` …), one decision at a time.

    A simultaneous decision (an exchange chosen by every seat at once) is taken seat after
    seat, as PettingZoo's AEC model does for simultaneous moves: no agent's observation
    shows another's choice until all are in. An illegal action changes nothing: the same
    agent is asked again, and its info says ``illegal_action``.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "cardgames_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, rules: Rules, seed: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.rules = rules
        self.render_mode = render_mode
        self.possible_agents = agent_names(rules.players)
        self.agents = list(self.possible_agents)
        self._observation = observation_space(rules)
        self._action = spaces.Discrete(len(rules.actions))
        self._seeds = random.Random(seed)
        self.table: Table | None = None
        self.reset(seed=seed)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same for every agent."""
        return self._observation

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """One number per action of the game's fixed action space."""
        return self._action

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: from ``seed``, or the next seed of the environment's own generator."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.table = self.rules.start(self._seeds.getrandbits(63))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        seat = self.table.seat()
        assert seat is not None  # a game starts with a decision
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's view, encoded, with its legal actions as a mask (all zero when it need not act)."""
        assert self.table is not None
        seat = self._seat(agent)
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (None for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.table is not None
        table, seat = self.table, self._seat(agent)
        if action is None or not table.is_legal(seat, int(action)):
            self._cumulative_rewards[agent] = 0.0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.infos[agent] = {"illegal_action": True}
            return
        self.infos[agent] = {}
        self._cumulative_rewards[agent] = 0.0
        rewards = table.play(seat, self.rules.actions.actions[int(action)])
        self.rewards = {a: rewards[self._seat(a)] for a in self.agents}
        following = table.seat()
        if following is None:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[following]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the agent to act sees it: printed ("human") or returned ("ansi")."""
        if self.render_mode is None or self.table is None:
            return None
        text = self.table.text(self.possible_agents)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


def pettingzoo_env(
    game: Game[Any, Any] | str,
    players: int | None = None,
    options: Any = None,
    seed: int | None = None,
    render_mode: str | None = None,
) -> CardGameEnv:
    """A PettingZoo AEC environment of ``game`` (a Game or an installed game's name).

    ``options``: the game's options value, or a mapping of overrides over its default preset.
    """
    return CardGameEnv(Rules(game, players, options), seed, render_mode)
