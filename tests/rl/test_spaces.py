"""The action spaces and observations the framework derives, and a game's own declarations."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from attrs import frozen
from framework_highcard import HighCard

from cardgames.core.choosing import Pick
from cardgames.games.posledniy.actions import PassCards, PlayCard
from cardgames.primitives.cards import CARDS, Card
from cardgames.primitives.errors import OptionError
from cardgames.rl import pettingzoo_env
from cardgames.rl.spaces import ActionSpace, derive_actions
from cardgames.rl.table import Rules


def test_derived_space_is_card_times_kind_of_move() -> None:
    """Последний's actions: a pick and a play per card; a pass of a tuple of cards cannot be listed."""
    actions = derive_actions((PassCards, PlayCard, Pick))
    assert len(actions) == 2 * len(CARDS)
    assert actions[: len(CARDS)] == tuple(PlayCard(c) for c in CARDS)
    assert not any(isinstance(a, PassCards) for a in actions)


@frozen
class FourCards:
    """An action no derived space can hold: 53**4 values."""

    a: Card
    b: Card
    c: Card
    d: Card


def test_a_space_too_big_to_list_is_refused() -> None:
    with pytest.raises(OptionError, match="FourCards has 7890481 values; the game must declare rl_actions"):
        derive_actions((FourCards,))


def test_an_action_outside_the_space_is_a_clear_error() -> None:
    space = ActionSpace([PlayCard(CARDS[0])])
    assert space.mask([PlayCard(CARDS[0])], "G").tolist() == [1]
    with pytest.raises(OptionError, match="outside its action space"):
        space.mask([PlayCard(CARDS[1])], "G")


def test_default_observation_counts_the_seats_own_cards() -> None:
    rules = Rules("posledniy", 3, {"scoring": "chips"})
    state = rules.game.new_game(rules.options, 3, 4)
    view = state.view(1)
    parts = {name: (kind, width) for name, kind, width, _ in rules.encoding.parts}
    assert parts["hand"] == ("cards", len(CARDS))
    assert "log" not in parts
    at = 0
    for name, _, width, _ in rules.encoding.parts:
        if name == "hand":
            break
        at += width
    hand = rules.encoding.encode(view)[at : at + len(CARDS)]
    assert np.flatnonzero(hand).tolist() == sorted(c.index for c in view.hand)


class Hand:
    """A declared encoding: the seat's hand only."""

    size = len(CARDS)

    def encode(self, view: Any) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        for card in view.hand:
            out[card.index] = 1
        return out


class HighCardDeclared(HighCard):
    """High Card with its own observation and action space (every card, then the draw)."""

    def rl_observation(self, options: Any, players: int) -> Hand:
        return Hand()

    def rl_actions(self, options: Any, players: int) -> tuple[Any, ...]:
        from framework_highcard import Draw, Play

        return (*(Play(c) for c in CARDS[:52]), Draw())


def test_a_game_declares_its_own_spaces() -> None:
    env = pettingzoo_env(HighCardDeclared(), players=2, seed=3)
    assert env.observation_space("player_0")["observation"].shape == (len(CARDS),)
    assert env.action_space("player_0").n == 53
    assert env.table is not None
    view = env.table.state.view(0)
    seen = env.observe("player_0")["observation"]
    assert np.flatnonzero(seen).tolist() == sorted(c.index for c in view.hand)


def test_a_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    import cardgames.rl

    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if OpenSpiel were not installed
    monkeypatch.delitem(sys.modules, "cardgames.rl.spiel", raising=False)
    with pytest.raises(ModuleNotFoundError, match=r"needs pyspiel: pip install 'cardgames\[openspiel\]'"):
        cardgames.rl.openspiel_game  # noqa: B018  # the attribute's import is what is tested
