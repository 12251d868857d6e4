"""A Dernier position for CLI tests: a player is offered an anticipo (D-20)."""

from __future__ import annotations

from typing import Any

from cardgames.core.options import make_options
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import DernierOptions


def anticipo_view() -> tuple[Any, list[Any]]:
    """The view and legal actions of the first seat offered an anticipo it can claim in a seeded game."""
    game = Dernier()
    options = make_options(DernierOptions, overrides={"anticipo": True, "hand_size": 9})
    for seed in range(500):
        state = game.new_game(options, 4, seed)
        for _ in range(300):
            if state.is_over():
                break
            view = state.view(state.to_act())
            legal = state.legal_actions()
            if view.phase == "anticipo" and len(legal) > 1:  # everyone is asked (D-20): find a holder
                return view, list(legal)
            state.apply(legal[-1] if view.phase == "anticipo" else legal[0])
    raise AssertionError("no anticipo offer in 500 seeded games")
