"""The worked example in docs/architecture.md is a real, conforming plugin."""

from __future__ import annotations

import importlib
import importlib.metadata
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardgames.errors import IncompleteAction
from cardgames.registry import GROUP, Registry
from cardgames.testing import check_deterministic, check_random_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def _plugin_source() -> str:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"<!-- plugin:start -->\s*```python\n(.*?)```\s*<!-- plugin:end -->", text, re.S)
    assert block, "docs/architecture.md lost its plugin example"
    return block.group(1)


@pytest.fixture(scope="module")
def hightrick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The example written to hightrick/__init__.py and imported, as the page says."""
    root = tmp_path_factory.mktemp("plugin")
    (root / "hightrick").mkdir()
    (root / "hightrick" / "__init__.py").write_text(_plugin_source(), encoding="utf-8")
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module("hightrick")
    finally:
        sys.path.remove(str(root))
        sys.modules.pop("hightrick", None)


def test_the_example_is_found_through_its_entry_point(hightrick: ModuleType) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert 'hightrick = "hightrick:HighTrick"' in text
    reg = Registry()
    reg.load_entry_points([importlib.metadata.EntryPoint("hightrick", "hightrick:HighTrick", GROUP)])
    assert reg.broken == []
    assert reg.find("ВЗЯТКИ").id == "hightrick"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_example_passes_the_conformance_kit(hightrick: ModuleType, players: int) -> None:
    game: Any = hightrick.HighTrick()
    for seed in range(4):
        for hand_size in (1, 4, 6):
            options = hightrick.HighTrickOptions(hand_size=hand_size)
            check_random_game(game, options, players, seed, random.Random(seed))
    check_deterministic(game, hightrick.HighTrickOptions(), players, 3)


def test_the_example_asks_which_card(hightrick: ModuleType) -> None:
    game: Any = hightrick.HighTrick()
    view = game.new_game(hightrick.HighTrickOptions(), 3, 1).view(0)
    with pytest.raises(IncompleteAction) as info:
        game.parse_action("play", view)
    assert game.parse_action("play " + info.value.choices[0], view).card == view.hand[0]
