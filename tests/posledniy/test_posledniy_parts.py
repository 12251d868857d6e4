"""Unit tests of the engine's parts: interned actions, the lazy pass list, hidden-card deals."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import pytest

from cardgames.cards import CARDS, parse_cards
from cardgames.games.posledniy.actions import PASS_INDEX, PLAY, PLAY_INDEX, PassCards, pass_actions
from cardgames.games.posledniy.hidden import assign, redeal


def test_pass_options_list_every_combination_interned() -> None:
    """P-5: the lazy list holds each way to pass k of the hand once, as interned actions."""
    hand = sorted(c.index for c in parse_cards("AS KS QS JS AH KH QH JH AD KD QD"))
    options = pass_actions(hand, 3)
    assert len(options) == comb(11, 3) == 165
    as_lists = [tuple(c.index for c in a.cards) for a in options]
    assert as_lists == list(combinations(hand, 3))
    assert options[5] is options[5] and PASS_INDEX[id(options[5])] == as_lists[5]
    assert options[:2] == [options[0], options[1]] and options == list(options)
    assert PassCards(tuple(reversed(options[7].cards))) == options[7]  # order does not matter
    with pytest.raises(IndexError):
        options[165]


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
