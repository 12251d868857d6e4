"""Oh Hell, an example cardgames plugin (see the README)."""

from ohhell.game import OhHell
from ohhell.rules import OhHellOptions

__all__ = ["OhHell", "OhHellOptions"]
