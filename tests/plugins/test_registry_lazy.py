"""Plugin discovery imports only the plugin asked for by its entry point name, every plugin otherwise."""

from __future__ import annotations

from typing import Any

from cardgames.games.dernier import Dernier
from cardgames.games.posledniy import Posledniy
from cardgames.plugins.registry import Registry


class Noted:
    """An entry point that counts its loads (the registry reads name, value and load())."""

    def __init__(self, name: str, target: Any) -> None:
        self.name, self.value, self.target, self.loads = name, f"fake:{name}", target, 0

    def load(self) -> Any:
        self.loads += 1
        return self.target


def _registry() -> tuple[Registry, Noted, Noted]:
    dernier, posledniy = Noted("dernier", Dernier), Noted("posledniy", Posledniy)
    reg = Registry()
    reg.add_entry_points([dernier, posledniy])  # type: ignore[list-item]
    return reg, dernier, posledniy


def test_a_game_asked_for_by_its_id_loads_only_its_plugin() -> None:
    reg, dernier, posledniy = _registry()
    assert dernier.loads == posledniy.loads == 0  # noting a plugin imports nothing
    assert isinstance(reg.find("Dernier"), Dernier)
    assert (dernier.loads, posledniy.loads) == (1, 0)
    assert isinstance(reg.find("dernier"), Dernier) and dernier.loads == 1  # loaded once


def test_an_alias_a_list_or_the_broken_plugins_load_every_plugin() -> None:
    reg, dernier, posledniy = _registry()
    assert isinstance(reg.find("последний"), Posledniy)  # an alias: only the plugin itself knows it
    assert (dernier.loads, posledniy.loads) == (1, 1)
    reg, dernier, posledniy = _registry()
    assert [g.id for g in reg.games()] == ["dernier", "posledniy"]
    reg, dernier, posledniy = _registry()
    assert reg.broken == [] and (dernier.loads, posledniy.loads) == (1, 1)
