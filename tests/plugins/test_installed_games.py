"""The built-in games are found through the installed entry points, like any plugin."""

from __future__ import annotations

import importlib.metadata

import pytest

from cardgames.plugins.registry import GROUP, Registry


@pytest.fixture(scope="module")
def installed() -> Registry:
    reg = Registry()
    reg.load_entry_points(importlib.metadata.entry_points(group=GROUP))
    return reg


def test_both_games_load_from_their_entry_points(installed: Registry) -> None:
    own = importlib.metadata.distribution("cardgames").entry_points.select(group=GROUP)
    assert sorted(ep.name for ep in own) == ["dernier", "posledniy"]
    # other installed plugins (the examples, which CI installs) load beside them
    assert {"dernier", "posledniy"} <= {g.id for g in installed.games()}
    assert installed.broken == []


@pytest.mark.parametrize(
    ("name", "game_id"),
    [
        ("Dernier", "dernier"),
        ("DERNIÈRE", "dernier"),
        ("derniere", "dernier"),
        ("posledniy", "posledniy"),
        ("Последний", "posledniy"),
        ("последний", "posledniy"),
        ("last", "posledniy"),
        ("poslednii", "posledniy"),
    ],
)
def test_games_are_found_by_id_name_and_alias(installed: Registry, name: str, game_id: str) -> None:
    assert installed.find(name).id == game_id
