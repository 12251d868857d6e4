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


def installed_plus_plugin(monkeypatch: pytest.MonkeyPatch, name: str, target: str) -> registry.Registry:
    """The installed games plus ``target`` (``module:Class``) found as a third-party plugin is:
    an entry point called ``name`` of a distribution other than cardgames, not registered in code."""
    reg = registry.Registry()
    plugin = importlib.metadata.EntryPoint(name, target, registry.GROUP)
    reg.load_entry_points([plugin, *importlib.metadata.entry_points(group=registry.GROUP)])
    assert not reg.broken, reg.broken
    monkeypatch.setattr(registry, "_default", reg)
    return reg
