"""Crazy Eights, an example cardgames plugin (see the README)."""

from crazyeights.game import CrazyEights
from crazyeights.rules import CrazyEightsOptions

__all__ = ["CrazyEights", "CrazyEightsOptions"]
