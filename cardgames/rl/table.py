"""What every adapter shares: one game in progress, its spaces, its rewards and its text."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cardgames.core.game import Game
from cardgames.core.state import Choice, GameState
from cardgames.core.utility import utility_of
from cardgames.rl.spaces import ActionSpace, Encoding, action_space, encoding, options_for


def find(game: Game[Any, Any] | str) -> Game[Any, Any]:
    """A game by itself or by an installed game's name."""
    if isinstance(game, str):
        from cardgames.plugins.registry import find_game

        return find_game(game)
    return game


class Rules:
    """A game set up for learning: its options, player count, action space and observation encoding."""

    def __init__(self, game: Game[Any, Any] | str, players: int | None, options: Any) -> None:
        self.game = find(game)
        self.players = self.game.default_players if players is None else players
        self.options = options_for(self.game, options)
        self.game.check(self.options, self.players)
        self.utility = utility_of(self.game, self.options)
        self.actions: ActionSpace = action_space(self.game, self.options, self.players)
        sample = self.game.new_game(self.options, self.players, 0)
        self.encoding: Encoding = encoding(self.game, self.options, self.players, sample.view(0))
        self.max_decisions = self.game.max_decisions(self.options, self.players)

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self  # never changed once made: copies of a game in progress share it

    def start(self, seed: int) -> Table:
        """A new game from ``seed``."""
        return Table(self, self.game.new_game(self.options, self.players, seed))


class Table:
    """One game in progress, played one decision at a time, with each seat's rewards."""

    def __init__(self, rules: Rules, state: GameState) -> None:
        self.rules = rules
        self.state = state
        self.paid = [0.0] * state.players  # rewards given so far, so the whole game pays the outcome
        self.hands = len(state.hand_results())

    def clone(self) -> Table:
        """An independent copy."""
        copy = Table(self.rules, self.state.clone())
        copy.paid, copy.hands = list(self.paid), self.hands
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.clone()  # OpenSpiel clones a state with deepcopy

    def seat(self) -> int | None:
        """The seat that decides now (one at a time, also at a simultaneous decision), or None at the end."""
        return self.state.to_act()

    def legal(self, seat: int) -> Sequence[Any]:
        """The seat's legal actions now."""
        return self.state.legal_actions_for(seat)

    def mask(self, seat: int) -> np.ndarray:
        """The seat's legal actions as a 0/1 array over the action space."""
        return self.rules.actions.mask(self.legal(seat), self.rules.game.name)

    def observe(self, seat: int) -> np.ndarray:
        """The seat's observation: its view, encoded (nothing else of the state is read)."""
        return self.rules.encoding.encode(self.state.view(seat))

    def is_legal(self, seat: int, number: int) -> bool:
        """Whether action ``number`` is one of the seat's legal actions now."""
        actions = self.rules.actions.actions
        return 0 <= number < len(actions) and any(a == actions[number] for a in self.legal(seat))

    def play(self, seat: int, action: Any) -> list[float]:
        """Apply one seat's action; the rewards it brings each seat (hand results, then the outcome)."""
        state = self.state
        state.apply(Choice(seat, action) if state.simultaneous() else action)
        rewards = [0.0] * state.players
        results = state.hand_results()
        if self.rules.utility.chips and len(results) > self.hands:
            for r in results[self.hands :]:
                for s, c in enumerate(r.chips):
                    rewards[s] += c
        self.hands = len(results)
        outcome = state.outcome()
        if outcome is not None:
            rewards = [float(score) - paid for score, paid in zip(outcome.scores, self.paid, strict=True)]
        self.paid = [p + r for p, r in zip(self.paid, rewards, strict=True)]
        return rewards

    def text(self, names: Sequence[str], seat: int | None = None) -> str:
        """The table as ``seat`` sees it (default: the seat to act, or seat 0 at the end), as plain text."""
        from rich.console import Console

        from cardgames.play.table import table_text

        if seat is None:
            seat = self.seat()
        view = self.state.view(0 if seat is None else seat)
        out = io.StringIO()
        console = Console(file=out, width=100, no_color=True, emoji=False, color_system=None)
        model = self.rules.game.tabletop(view, names, asked=self.state.to_decide())
        console.print(table_text(self.rules.game, view, model, ascii_only=True, names=names))
        return out.getvalue()


def agent_names(players: int) -> list[str]:
    """The agents' names: ``player_0`` … as PettingZoo's classic games call them."""
    return [f"player_{s}" for s in range(players)]


def empty_infos(agents: Sequence[str]) -> Mapping[str, dict[str, Any]]:
    """A fresh info dictionary per agent."""
    return {a: {} for a in agents}
