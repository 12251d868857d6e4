"""The plugin registry, driven through real entry points of a fake installed distribution."""

from __future__ import annotations

import importlib.metadata
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from framework_highcard import HighCard, LeakyHighCard

from cardgames.plugins import registry
from cardgames.plugins.registry import GROUP, BrokenPlugin, Registry, normalise
from cardgames.primitives.errors import PluginError

BAD_MODULES = {
    "framework_plugin_syntax": "def broken(:\n",
    "framework_plugin_raises": "raise ImportError('needs the numpy package')\n",
    "framework_plugin_exits": "import sys\nsys.exit('I quit')\n",
    "framework_plugin_abstract": (
        "from cardgames.core.game import Game\n\nclass Half(Game):\n    id = 'half'\n    name = 'Half'\n"
    ),
}

ENTRY_POINTS = """
[cardgames.games]
highcard = framework_highcard:HighCard
highcard-again = framework_highcard:HighCard
leaky = framework_highcard:LeakyHighCard
missing = framework_no_such_module:Game
notagame = framework_highcard:Play
noattr = framework_highcard:NoSuchGame
syntax = framework_plugin_syntax:Game
raises = framework_plugin_raises:Game
exits = framework_plugin_exits:Game
abstract = framework_plugin_abstract:Half

[console_scripts]
unrelated = framework_highcard:HighCard
"""


class FakeDistribution(importlib.metadata.Distribution):
    """An installed distribution that exists only in memory."""

    def __init__(self, entry_points: str) -> None:
        self._entry_points = entry_points

    def read_text(self, filename: str) -> str | None:
        if filename == "entry_points.txt":
            return self._entry_points
        if filename in ("METADATA", "PKG-INFO"):
            return "Metadata-Version: 2.1\nName: fake-card-games\nVersion: 1.0\n"
        return None

    def locate_file(self, path: str | os.PathLike[str]) -> Path:
        return Path(path)


@pytest.fixture
def plugin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Write the broken plugin modules where Python can import them."""
    for name, text in BAD_MODULES.items():
        (tmp_path / f"{name}.py").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in BAD_MODULES:
        sys.modules.pop(name, None)


@pytest.fixture
def fake_installed(plugin_dir: Path, monkeypatch: pytest.MonkeyPatch) -> FakeDistribution:
    """Make importlib.metadata see only the fake distribution, and forget the loaded registry."""
    dist = FakeDistribution(ENTRY_POINTS)

    def entry_points(**params: Any) -> importlib.metadata.EntryPoints:
        return dist.entry_points.select(**params)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    monkeypatch.setattr(registry, "_default", None)
    # leaky claims HighCard's name: the user keeps highcard (without a choice neither would load)
    monkeypatch.setenv(registry.PREFER_VARIABLE, "highcard")
    return dist


def test_discovery_through_entry_points(fake_installed: FakeDistribution) -> None:
    reg = registry.default_registry()
    assert [g.id for g in reg.games()] == ["highcard"]
    assert isinstance(reg.find("highcard"), HighCard)
    assert registry.default_registry() is reg  # loaded once
    assert registry.find_game("High Card") is reg.games()[0]


def test_every_broken_plugin_is_reported_and_breaks_nothing_else(fake_installed: FakeDistribution) -> None:
    reg = registry.default_registry()
    broken = {b.name: b for b in reg.broken}
    assert set(broken) == {
        "highcard-again",
        "leaky",
        "missing",
        "notagame",
        "noattr",
        "syntax",
        "raises",
        "exits",
        "abstract",
    }
    assert all(isinstance(b, BrokenPlugin) for b in reg.broken)
    assert broken["missing"].reason.startswith("ModuleNotFoundError")
    assert broken["missing"].target == "framework_no_such_module:Game"
    assert broken["notagame"].reason == "PluginError: it is not a cardgames Game subclass"
    assert broken["noattr"].reason.startswith("AttributeError")
    assert broken["syntax"].reason.startswith("SyntaxError")
    assert broken["raises"].reason == "ImportError: needs the numpy package"
    assert broken["exits"].reason == "SystemExit: I quit"
    assert broken["abstract"].reason.startswith("TypeError")
    assert all("\n" not in b.reason for b in reg.broken)


def test_a_duplicate_id_or_name_is_refused(fake_installed: FakeDistribution) -> None:
    broken = {b.name: b.reason for b in registry.default_registry().broken}
    assert "already registered" in broken["highcard-again"]
    # LeakyHighCard has its own id but claims the name "High Card": the user's choice is kept
    assert broken["leaky"] == (
        "PluginError: it claims the game name 'high-card' of highcard (chosen in CARDGAMES_PREFER), "
        "which is kept"
    )


def test_asking_for_a_broken_game_says_it_is_broken(fake_installed: FakeDistribution) -> None:
    with pytest.raises(PluginError, match="installed but broken: ImportError: needs the numpy package"):
        registry.find_game("raises")


def test_aliases_and_case_insensitive_lookup_including_cyrillic() -> None:
    reg = Registry()
    game = reg.register(HighCard)
    for name in (
        "highcard",
        "HIGHCARD",
        " High Card ",
        "high_card",
        "high-card",
        "Старшая карта",
        "СТАРШАЯ-КАРТА",
    ):
        assert reg.find(name) is game, name


def test_unknown_game_suggests_the_closest_and_lists_the_installed() -> None:
    reg = Registry()
    reg.register(HighCard())
    with pytest.raises(
        PluginError, match=r"no game called 'hihgcard'; did you mean 'highcard'\? \(installed: highcard\)"
    ):
        reg.find("hihgcard")
    with pytest.raises(PluginError, match=r"no game called 'chess' \(installed: highcard\)"):
        reg.find("chess")
    with pytest.raises(PluginError, match=r"installed: none"):
        Registry().find("chess")


def test_register_refuses_duplicates_and_keeps_the_first() -> None:
    reg = Registry()
    first = reg.register(HighCard())
    with pytest.raises(PluginError, match="already registered"):
        reg.register(HighCard())
    with pytest.raises(PluginError, match="already taken"):
        reg.register(LeakyHighCard())
    assert reg.games() == [first]
    assert reg.find("high card") is first
    with pytest.raises(PluginError):
        reg.find("leaky")  # the refused game left nothing behind


def test_register_refuses_inconsistent_plugins() -> None:
    class NoPlayers(HighCard):
        id = "noplayers"
        name = "No players"
        aliases = ()
        min_players = 5
        max_players = 4

    with pytest.raises(PluginError, match="player range is inconsistent"):
        Registry().register(NoPlayers)
    with pytest.raises(PluginError, match="not a cardgames Game"):
        Registry().register(object())


def test_load_entry_points_from_a_list() -> None:
    eps = [
        importlib.metadata.EntryPoint("b", "framework_highcard:HighCard", GROUP),
        importlib.metadata.EntryPoint("a", "framework_nowhere:X", GROUP),
    ]
    reg = Registry()
    reg.load_entry_points(eps)
    assert [g.id for g in reg.games()] == ["highcard"]
    assert [b.name for b in reg.broken] == ["a"]


def test_normalise() -> None:
    assert normalise("  Posledniy ") == "posledniy"
    assert normalise("ПОСЛЕДНИЙ") == "последний"
    assert normalise("High_Card game") == "high-card-game"
    assert normalise("ｈｉｇｈ") == "high"  # full-width letters
