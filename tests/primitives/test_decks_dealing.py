"""Decks, seeded shuffles and deals."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.primitives.cards import JOKER, Rank, Suit, card
from cardgames.primitives.dealing import deal, new_rng, shuffled
from cardgames.primitives.decks import (
    ALL_RANKS,
    PIQUET_RANKS,
    RUSSIAN_RANKS,
    SHORT_RANKS,
    build_deck,
    deck_24,
    deck_32,
    deck_36,
    deck_52,
)


def test_deck_52_has_every_card_once() -> None:
    deck = deck_52()
    assert len(deck) == 52
    assert Counter(deck) == Counter({card(r, s): 1 for r in Rank for s in Suit})
    assert JOKER not in deck


@pytest.mark.parametrize("jokers", [0, 1, 4])
def test_two_decks_with_jokers_hold_every_card_twice(jokers: int) -> None:
    deck = build_deck(copies=2, jokers=jokers)
    assert len(deck) == 104 + jokers
    assert deck.count(JOKER) == jokers
    counts = Counter(c for c in deck if not c.is_joker)
    assert set(counts.values()) == {2}
    assert len(counts) == 52


def test_deck_36_is_ace_to_six_once_each() -> None:
    deck = deck_36()
    assert len(deck) == 36 and not any(c.is_joker for c in deck)
    assert {c.rank for c in deck} == set(RUSSIAN_RANKS) == {r for r in Rank if r >= Rank.SIX}
    assert Counter(deck) == Counter({card(r, s): 1 for r in RUSSIAN_RANKS for s in Suit})
    assert set(deck_32()) < set(deck) and deck == build_deck(RUSSIAN_RANKS)


def test_deck_32_is_ace_to_seven() -> None:
    deck = deck_32()
    assert len(deck) == 32
    assert {c.rank for c in deck} == {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, *range(7, 10)}
    assert min(c.rank for c in deck if c.rank) == Rank.SEVEN
    assert Counter(c.suit for c in deck) == dict.fromkeys(Suit, 8)


def test_deck_24_is_ace_to_nine() -> None:
    deck = deck_24()
    assert len(deck) == 24
    assert (
        {c.rank for c in deck}
        == set(SHORT_RANKS)
        == {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE}
    )
    assert Counter(c.suit for c in deck) == dict.fromkeys(Suit, 6)


@given(
    ranks=st.sets(st.sampled_from(ALL_RANKS), min_size=1),
    suits=st.sets(st.sampled_from(list(Suit)), min_size=1),
    copies=st.integers(1, 3),
    jokers=st.integers(0, 6),
)
def test_generic_builder_is_ranks_times_suits_times_copies_plus_jokers(
    ranks: set[Rank], suits: set[Suit], copies: int, jokers: int
) -> None:
    deck = build_deck(sorted(ranks), sorted(suits), copies=copies, jokers=jokers)
    assert len(deck) == len(ranks) * len(suits) * copies + jokers
    assert deck.count(JOKER) == jokers
    assert Counter(c for c in deck if not c.is_joker) == Counter(
        {card(r, s): copies for r in ranks for s in suits}
    )


def test_builder_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        build_deck(copies=0)
    with pytest.raises(ValueError):
        build_deck(jokers=-1)
    assert build_deck(PIQUET_RANKS) == deck_32()


def test_decks_are_new_lists_each_time() -> None:
    a = deck_52()
    a.pop()
    assert len(deck_52()) == 52


# Randomness


@given(seed=st.integers(), size=st.integers(0, 60))
def test_seeded_shuffle_is_reproducible_and_a_permutation(seed: int, size: int) -> None:
    items = list(range(size))
    a = shuffled(items, new_rng(seed))
    b = shuffled(items, new_rng(seed))
    assert a == b
    assert sorted(a) == items
    assert items == list(range(size))  # the input is not touched


def test_different_seeds_give_different_orders() -> None:
    orders = {tuple(shuffled(deck_52(), new_rng(seed))) for seed in range(20)}
    assert len(orders) == 20


def test_shuffles_never_touch_the_global_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the global random generator was used")

    for name in ("shuffle", "random", "randrange", "randint", "choice", "sample", "getrandbits", "seed"):
        monkeypatch.setattr(random, name, forbidden)
    state = random.getstate()
    deck = shuffled(build_deck(copies=2, jokers=4), new_rng(3))
    _hands, rest = deal(deck, 4, 5)
    assert len(rest) == 88
    assert random.getstate() == state


def test_global_generator_does_not_influence_a_seeded_shuffle() -> None:
    random.seed(1)
    a = shuffled(deck_52(), new_rng(9))
    random.seed(2)
    random.random()
    b = shuffled(deck_52(), new_rng(9))
    assert a == b


# Dealing


@given(players=st.integers(1, 8), per_player=st.integers(0, 13), extra=st.integers(0, 10))
def test_deal_gives_equal_hands_and_the_remainder(players: int, per_player: int, extra: int) -> None:
    cards = list(range(players * per_player + extra))
    hands, rest = deal(cards, players, per_player)
    assert len(hands) == players
    assert all(len(h) == per_player for h in hands)
    assert len(rest) == extra
    assert sorted([c for h in hands for c in h] + rest) == cards
    assert rest == cards[:extra]  # undealt cards stay in order at the bottom


def test_deal_goes_round_one_card_at_a_time_from_the_top() -> None:
    hands, rest = deal(list("abcdefgh"), 3, 2)
    assert hands == [["h", "e"], ["g", "d"], ["f", "c"]]
    assert rest == ["a", "b"]
    hands, _ = deal(list("abcdefgh"), 3, 2, start=1)
    assert hands == [["f", "c"], ["h", "e"], ["g", "d"]]


def test_deal_errors() -> None:
    with pytest.raises(ValueError, match="cannot deal 5 cards to each of 3 players from 14 cards"):
        deal(list(range(14)), 3, 5)
    with pytest.raises(ValueError, match="at least one player"):
        deal([1, 2], 0, 1)
    with pytest.raises(ValueError, match="cannot deal -1"):
        deal([1, 2], 1, -1)


def test_deal_does_not_modify_its_input() -> None:
    cards = list(range(10))
    deal(cards, 2, 3)
    assert cards == list(range(10))
