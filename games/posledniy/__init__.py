"""Последний (Posledniy, "The Last"): the Russian last-trick game, as a cardgames plugin."""

from cardgames.games.posledniy.game import Posledniy

__all__ = ["Posledniy"]
