"""docs/plugin-guide.md names every public member of Game and GameState and links the reference."""

from __future__ import annotations

import re
from pathlib import Path

from cardgames.core.game import Game
from cardgames.core.state import GameState

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "plugin-guide.md"


def public_members(cls: type) -> set[str]:
    """What a plugin may declare or override: the class's own public attributes, methods and annotations."""
    names = set(vars(cls)) | set(getattr(cls, "__annotations__", {}))
    return {n for n in names if not n.startswith("_")} | ({"__eq__"} if "__eq__" in vars(cls) else set())


def test_the_guide_has_a_heading_for_every_member_of_game_and_gamestate() -> None:
    headings = [line for line in GUIDE.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    named = {name for line in headings for name in re.findall(r"`([A-Za-z_]\w*)`", line)}
    members = public_members(Game) | public_members(GameState)
    assert {"new_game", "parse_action", "tabletop", "zones", "determinize", "__eq__"} <= members
    missing = sorted(members - named)
    assert not missing, f"docs/plugin-guide.md has no heading naming {', '.join(missing)}"


def test_the_guide_links_the_api_reference_of_both_classes() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for page in ("reference/index.md", "reference/core/game.md", "reference/core/state.md"):
        assert f"]({page})" in text
        assert (GUIDE.parent / page).is_file()
