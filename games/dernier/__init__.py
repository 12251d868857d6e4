"""Dernier, the Italian shedding game (RULES.md D-1 to D-22), as a cardgames plugin."""

from cardgames.games.dernier.game import Dernier

__all__ = ["Dernier"]
