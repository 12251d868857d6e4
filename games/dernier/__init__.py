"""Dernier, the Italian shedding game (rules D-1 to D-22), as a cardgames plugin."""

from cardgames.games.dernier.game import Dernier

__all__ = ["Dernier"]
