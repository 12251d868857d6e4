"""Every installed game as a learning environment: PettingZoo, Gymnasium and OpenSpiel (docs/rl.md).

Needs the optional extras: ``pip install 'cardgames[rl]'`` (PettingZoo, Gymnasium, numpy)
and, for ``openspiel_game``, ``'cardgames[openspiel]'``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgames.rl.aec import pettingzoo_env
    from cardgames.rl.single import gymnasium_env
    from cardgames.rl.spiel import openspiel_game

__all__ = ["gymnasium_env", "openspiel_game", "pettingzoo_env"]

_HOMES = {
    "pettingzoo_env": ("cardgames.rl.aec", "rl"),
    "gymnasium_env": ("cardgames.rl.single", "rl"),
    "openspiel_game": ("cardgames.rl.spiel", "openspiel"),
}


def __getattr__(name: str) -> Any:
    """Import an adapter when it is first asked for, so each needs only its own extra."""
    if name not in _HOMES:
        raise AttributeError(f"module 'cardgames.rl' has no attribute {name!r}")
    module, extra = _HOMES[name]
    import importlib

    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        raise ModuleNotFoundError(
            f"cardgames.rl.{name} needs {exc.name}: pip install 'cardgames[{extra}]'"
        ) from exc
    return getattr(found, name)
