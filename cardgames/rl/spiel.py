"""An OpenSpiel Python game for any installed game (docs/rl.md#openspiel).

Chance is one explicit chance node at the root: it picks the game's seed among ``seeds``
equally likely ones (0 to seeds - 1), and every later shuffle follows from that seed inside
the game. No information state shows the seed, but the seeds are few and public: a player who
searched them could find the deal from its own hand, so an agent that must not is one that
does not enumerate the seeds (docs/rl.md#openspiel). A search samples the hidden cards with
``resample_from_infostate`` (the game's ``determinize``), which deals worlds outside that set.
"""

from __future__ import annotations

import ctypes
import random
from typing import Any

import attrs
import numpy as np
import pyspiel

from cardgames.core.game import Game
from cardgames.primitives.cards import Card, format_card
from cardgames.primitives.errors import OptionError
from cardgames.rl.table import Rules, Table, find

SEEDS = 1000
"""The chance outcomes at the root by default: so many different deals."""


def _text(value: Any) -> str:
    if isinstance(value, Card):
        return format_card(value)
    if isinstance(value, (tuple, list)):
        return "(" + " ".join(_text(v) for v in value) + ")"
    if attrs.has(type(value)):
        return type(value).__name__ + _text(tuple(getattr(value, f.name) for f in attrs.fields(type(value))))
    return str(value)


def view_text(view: Any, with_log: bool) -> str:
    """A view written out field by field (the log's entries as that seat reads them, with ``with_log``)."""
    out = []
    for f in attrs.fields(type(view)):
        if f.name == "log":
            if with_log:
                out.append("log=" + " | ".join(e.text for e in view.log))
            continue
        out.append(f"{f.name}={_text(getattr(view, f.name))}")
    return "\n".join(out)


def _utility_kind(rules: Rules) -> Any:
    kinds = pyspiel.GameType.Utility
    return {"zero": kinds.ZERO_SUM, "constant": kinds.CONSTANT_SUM}.get(rules.utility.sum, kinds.GENERAL_SUM)


def _game_type(rules: Rules) -> Any:
    return pyspiel.GameType(
        short_name=f"cardgames_{rules.game.id}",
        long_name=f"cardgames {rules.game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_utility_kind(rules),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.game.max_players,
        min_num_players=rules.game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": rules.players, "seeds": SEEDS},
    )


class CardGameSpiel(pyspiel.Game):  # type: ignore[misc]
    """A game of cardgames as an OpenSpiel game: a chance node for the deal, then the seats' decisions."""

    def __init__(self, rules: Rules, seeds: int = SEEDS) -> None:
        if isinstance(seeds, bool) or not isinstance(seeds, int) or seeds < 1:
            raise OptionError(f"seeds is a whole number of deals from 1 up, not {seeds!r}")
        low, high, declared = rules.utility.low, rules.utility.high, rules.utility
        info = pyspiel.GameInfo(
            num_distinct_actions=len(rules.actions),
            max_chance_outcomes=seeds,
            num_players=rules.players,
            min_utility=float(low) if low is not None else -1e9,
            max_utility=float(high) if high is not None else 1e9,
            utility_sum=None if declared.sum == "general" else float(declared.total),
            max_game_length=rules.max_decisions,
        )
        super().__init__(_game_type(rules), info, {"players": rules.players, "seeds": seeds})
        self.rules, self.seeds = rules, seeds

    def new_initial_state(self) -> CardGameSpielState:
        """The root: the chance node that picks the deal."""
        return CardGameSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """An observer of one seat's view: with the log for a perfect-recall information state."""
        recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return ViewObserver(self.rules, recall)


class CardGameSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: ``table`` is None until the chance node has picked the seed."""

    def __init__(self, game: CardGameSpiel) -> None:
        super().__init__(game)
        self.rules, self.seeds = game.rules, game.seeds
        self.table: Table | None = None

    def current_player(self) -> int:
        """CHANCE before the deal, TERMINAL at the end, else the seat to decide."""
        if self.table is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.table.seat()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.table is not None
        if player != self.table.seat():
            return []
        return sorted(self.rules.actions.number(a, self.rules.game.name) for a in self.table.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed, equally likely."""
        p = 1.0 / self.seeds
        return [(s, p) for s in range(self.seeds)]

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            self.table = self.rules.start(int(action))
            return
        seat = self.table.seat()
        assert seat is not None
        self.table.play(seat, self.rules.actions.actions[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return str(self.rules.game.format_action(self.rules.actions.actions[action]))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.table is not None and self.table.seat() is None

    def returns(self) -> list[float]:
        """The outcome's scores at the end (the declared utility), zeros before."""
        if not self.is_terminal():
            return [0.0] * self.rules.players
        assert self.table is not None
        return list(self.table.paid)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardGameSpielState:
        """A copy in which everything hidden from ``player_id`` is dealt again (``determinize``)."""
        copy: CardGameSpielState = self.clone()
        if copy.table is not None:
            rng = random.Random(int(probability_sampler() * 2**53))
            copy.table.state = copy.table.state.determinize(player_id, rng)
        return copy

    def __str__(self) -> str:
        if self.table is None:
            return "before the deal"
        return view_text(self.table.state.view(self.table.seat() or 0), with_log=True)


class ViewObserver:
    """OpenSpiel's observer protocol over one seat's view: the encoded view, and its text."""

    def __init__(self, rules: Rules, recall: bool) -> None:
        self.rules, self.recall = rules, recall
        self.tensor = np.zeros(rules.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardGameSpielState, player: int) -> None:
        """Fill the tensor from ``player``'s view (zeros before the deal)."""
        self.tensor[:] = 0 if state.table is None else state.table.observe(player)

    def string_from(self, state: CardGameSpielState, player: int) -> str:
        """``player``'s view as text: with the log (what it has seen happen) for an information state."""
        if state.table is None:
            return "before the deal"
        return view_text(state.table.state.view(player), with_log=self.recall)


_registered: dict[str, Game[Any, Any]] = {}


def openspiel_game(
    game: Game[Any, Any] | str, players: int | None = None, options: Any = None, seeds: int = SEEDS
) -> CardGameSpiel:
    """``game`` as an OpenSpiel game (``register`` it too for ``pyspiel.load_game``).

    ``options``: the game's options value, or a mapping of overrides over its default preset.
    ``seeds``: how many different deals the root's chance node picks among.
    """
    return CardGameSpiel(Rules(game, players, options), seeds)


def register(game: Game[Any, Any] | str) -> str:
    """Register ``game``'s default setup with pyspiel (once); the name ``pyspiel.load_game`` takes.

    pyspiel keeps the factory for the rest of the process and drops it only after Python
    has stopped, which aborts the interpreter at exit if that was the factory's last
    reference: so the factory is given one reference more that nothing ever drops.
    """
    found = find(game)
    if found.id not in _registered:
        factory = _Factory(found.id)
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(factory))
        pyspiel.register_game(_game_type(Rules(found, None, None)), factory)
        _registered[found.id] = found
    return f"cardgames_{found.id}"


class _Factory:
    """Makes a registered game from pyspiel's parameters (players, seeds)."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    def __call__(self, params: Any = None) -> CardGameSpiel:
        params = params or {}
        rules = Rules(_registered[self.game_id], params.get("players"), None)
        return CardGameSpiel(rules, params.get("seeds", SEEDS))
