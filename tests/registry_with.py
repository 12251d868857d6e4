"""The installed games plus test games, made the program's registry for one test."""

from __future__ import annotations

import importlib.metadata
from typing import Any

import pytest

from cardgames.plugins import registry


def installed_plus(monkeypatch: pytest.MonkeyPatch, *games: Any) -> registry.Registry:
    """A registry of the installed games and ``games``, the default until the test ends."""
    reg = registry.Registry()
    reg.load_entry_points(importlib.metadata.entry_points(group=registry.GROUP))
    for game in games:
        reg.register(game)
    monkeypatch.setattr(registry, "_default", reg)
    return reg
