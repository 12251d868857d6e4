"""The narrow protocol: a playable game writes the ten members of ``REQUIRED_MEMBERS``, no more.

``tests/framework_smallest.py`` is such a game. These tests count what it writes of the
protocol (the members of ``Game`` and ``GameState`` its classes define), play it through
the conformance kit and a person's typed moves, and take each member away in turn to show
that none of the ten is optional.
"""

from __future__ import annotations

import ast
import inspect
import random
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest
from framework_smallest import Play, TwoTricks, TwoTricksState

from cardgames.conformance import ConformanceError, check_random_game
from cardgames.core.game import DEFAULT_MAX_DECISIONS, REQUIRED_MEMBERS, Game
from cardgames.core.options import NoOptions
from cardgames.core.state import GameState
from cardgames.core.zones import ZoneView
from cardgames.plugins.registry import Registry
from cardgames.primitives.cards import parse_card
from cardgames.primitives.errors import PluginError


def written_in(cls: type[Any]) -> set[str]:
    """The names the source of ``cls``'s body defines (assigned, annotated or def'd)."""
    body = ast.parse(textwrap.dedent(inspect.getsource(cls))).body[0]
    assert isinstance(body, ast.ClassDef)
    names: set[str] = set()
    for node in body.body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def protocol_members(cls: type[Any], protocol: type[Any]) -> set[str]:
    """The members of ``protocol`` (methods and declarations, not dunders) that ``cls``'s source writes."""
    known = set(vars(protocol)) | set(getattr(protocol, "__annotations__", {}))
    return {n for n in written_in(cls) if n in known and not n.startswith("__")}


def test_the_smallest_game_writes_exactly_the_required_members() -> None:
    written = {f"Game.{n}" for n in protocol_members(TwoTricks, Game)}
    written |= {f"GameState.{n}" for n in protocol_members(TwoTricksState, GameState)}
    assert written == set(REQUIRED_MEMBERS) and len(REQUIRED_MEMBERS) <= 10


def test_the_defaults_fill_in_the_rest() -> None:
    game = Registry().register(TwoTricks())
    assert (game.name, game.max_players, game.default_players) == ("Twotricks", 2, 2)
    assert game.options_type is NoOptions and game.max_decisions(NoOptions(), 2) == DEFAULT_MAX_DECISIONS
    state = game.new_game(NoOptions(), 2, 7)
    assert state.players == 2 and len(state.all_cards()) == 24
    view = state.view(0)
    assert isinstance(view, ZoneView) and len(view.hand) == 3
    first = view.hand[0]
    assert (
        game.parse_action("1", view)
        == Play(first)
        == game.parse_action(game.format_action(Play(first)), view)
    )


@pytest.mark.parametrize("seed", range(4))
def test_the_smallest_game_passes_the_conformance_kit(seed: int) -> None:
    playout = check_random_game(TwoTricks(), NoOptions(), 2, seed, random.Random(seed))
    assert playout.decisions == 6 and playout.hidden_changes > 0


def _without(cls: type[Any], member: str) -> type[Any]:
    """``cls`` rebuilt without ``member`` (what a plugin that forgot it would be)."""
    dropped = {
        member,
        "__dict__",
        "__weakref__",
        "_abc_impl",
        "__abstractmethods__",
        *getattr(cls, "__slots__", ()),
    }
    body = {k: v for k, v in vars(cls).items() if k not in dropped}
    if member == "fields":
        body.pop("__slots__", None)
        body.pop("clone", None)
        body.pop("__eq__", None)
        body.pop("__hash__", None)
    return type(cls.__name__, cls.__bases__, body)


def _plays(game: Game[Any, Any]) -> None:
    Registry().register(game)
    check_random_game(game, game.options_type(), game.default_players, 3, random.Random(3))


MISSING = {
    "Game.id": "does not declare id",
    "Game.min_players": "does not declare min_players",
    "Game.action_types": "does not declare action_types",
    "Game.new_game": "abstract method new_game",
    "GameState.zones": "neither declares its zones nor writes all_cards",
    "GameState.fields": "two games from seed 3 differ at the start",  # no equality but identity
    "GameState.to_act": "abstract method to_act",
    "GameState.legal_actions": "abstract method legal_actions",
    "GameState.apply": "abstract method apply",
    "GameState.outcome": "abstract method outcome",
}


@pytest.mark.parametrize("member", REQUIRED_MEMBERS)
def test_none_of_the_required_members_can_be_left_out(member: str) -> None:
    owner, name = member.split(".")
    if owner == "Game":
        broken: Any = _without(TwoTricks, name)
        make = lambda: broken()  # noqa: E731
    else:
        state_type = _without(TwoTricksState, name)

        class Broken(TwoTricks):
            def new_game(self, options: Any, players: int, seed: int) -> Any:
                state = super().new_game(options, players, seed)
                other = object.__new__(state_type)
                for n in TwoTricksState.fields.names:  # type: ignore[union-attr]
                    setattr(other, n, getattr(state, n))
                return other

        make = Broken
    with pytest.raises((PluginError, TypeError, ConformanceError), match=MISSING[member]):
        _plays(make())


def test_a_typed_card_plays() -> None:
    game = TwoTricks()
    state = game.new_game(NoOptions(), 2, 1)
    card = state.view(0).hand[-1]
    state.apply(game.parse_action(str(card), state.view(0)))
    assert state.trick == [card] and parse_card(str(card)) == card


def test_the_docs_list_exactly_the_required_members() -> None:
    """docs/architecture.md's table, and the plugin guide's list where there is one, name the ten."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    text = (docs / "architecture.md").read_text(encoding="utf-8")
    table = text.split("<!-- required:start -->")[1].split("<!-- required:end -->")[0]
    assert re.findall(r"\| `(\w+\.\w+)` \|", table) == list(REQUIRED_MEMBERS)
    guide = docs / "plugin-guide.md"
    if guide.is_file():
        part = guide.read_text(encoding="utf-8").split("## What a game must write")[1].split("\n## ")[0]
        named = set(re.findall(r"`(\w+)`", part))
        assert {m.split(".")[1] for m in REQUIRED_MEMBERS} <= named
        assert not named & {"max_players", "default_players", "options_type", "max_decisions", "players"}
