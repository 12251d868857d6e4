"""Unit tests of the engine's parts: interned actions, hidden-card deals."""

from __future__ import annotations

import random

import pytest

from cardgames.cards import CARDS, parse_cards
from cardgames.games.posledniy.actions import PICK, PLAY, PLAY_INDEX, PassCards
from cardgames.games.posledniy.hidden import assign, redeal


def test_picks_are_interned_by_card_index_and_a_pass_is_one_set_whatever_its_order() -> None:
    """P-5: the exchange's picks are one interned action per card; a PassCards ignores its order."""
    assert all(PICK[i].card is CARDS[i] for i in range(52))
    cards = tuple(parse_cards("AS KS QS"))
    assert PassCards(tuple(reversed(cards))) == PassCards(cards)  # order does not matter


def test_play_actions_are_interned_by_card_index() -> None:
    """Every card has one PlayCard, found again from its identity."""
    assert all(PLAY[i].card is CARDS[i] and PLAY_INDEX[id(PLAY[i])] == i for i in range(52))


def test_assign_fills_capacities_or_says_it_cannot() -> None:
    """The random matching respects who may hold what, and reports an impossible deal."""
    rng = random.Random(1)
    allowed = {1: [0], 2: [0, 1], 3: [1]}
    held = assign([1, 2, 3], allowed, {0: 2, 1: 1}, rng)
    assert held is not None and sorted(held[0]) == [1, 2] and held[1] == [3]
    assert assign([1, 2, 3], {1: [0], 2: [0], 3: [0]}, {0: 2, 1: 1}, rng) is None


def test_redeal_refuses_what_no_deal_can_explain() -> None:
    """A seat whose knowledge admits no deal gets a clear error rather than a wrong world."""
    hands = [[0], [13], [26]]  # seat 1 holds a diamond, seat 2 a heart
    voids: list[set[int]] = [set(), {0, 1, 2}, {0, 1, 2}]  # yet both showed no clubs, diamonds, hearts
    with pytest.raises(ValueError, match="no deal"):
        redeal(3, 0, (2, 1), [], hands, {}, voids, 0, random.Random(1))
