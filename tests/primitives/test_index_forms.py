"""The card-index forms of the trick and pile rules, and the fast shuffle, agree with their references.

``winning_index`` is derived from ``winning_position`` (one implementation), so that pair is
checked against a direct statement of the rule; ``follow_suit_span`` and
``follow_suit_options`` each keep their own code (one keeps a hand's order, the other
bisects a sorted hand), so they are checked against each other.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cardgames.primitives.cards import CARDS, JOKER, Card, Suit
from cardgames.primitives.dealing import shuffle
from cardgames.primitives.shedding import reshuffle_discard
from cardgames.primitives.tricks import follow_suit_options, follow_suit_span, winning_index, winning_position

indices = st.integers(0, 52)  # 52 is the joker
ranked = st.integers(0, 51)
trumps = st.none() | st.sampled_from(list(Suit))


def _rule_winner(cards: list[Card], trump: Suit | None) -> int:
    """The rule as a card player says it: the highest trump, else the highest card of the suit led."""
    ranked_cards = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
    if not ranked_cards:
        return 0
    trumped = [(i, c) for i, c in ranked_cards if c.suit == trump]
    led = ranked_cards[0][1].suit
    pool = trumped or [(i, c) for i, c in ranked_cards if c.suit == led]
    top = max(c.rank for _, c in pool)  # type: ignore[type-var]
    return min(i for i, c in pool if c.rank == top)  # of two identical cards the first wins


@given(st.lists(indices, min_size=1, max_size=8), trumps)
def test_winning_position_is_the_rule_and_winning_index_reads_it(
    trick: list[int], trump: Suit | None
) -> None:
    cards = [CARDS[i] for i in trick]
    expected = _rule_winner(cards, trump)
    assert winning_position(trick, -1 if trump is None else int(trump)) == expected
    assert winning_index(cards, trump) == expected


@given(st.lists(ranked, max_size=16), st.integers(-1, 52))
def test_follow_suit_span_lists_exactly_follow_suit_options(hand: list[int], led: int) -> None:
    hand.sort()
    lo, hi = follow_suit_span(hand, led)
    suit = CARDS[led].suit if 0 <= led < 52 else None
    expected = follow_suit_options([CARDS[i] for i in hand], suit)
    assert [CARDS[i] for i in hand[lo:hi]] == expected


def test_winning_position_refuses_an_empty_trick() -> None:
    try:
        winning_position([])
    except ValueError as e:
        assert "empty trick" in str(e)
    else:
        raise AssertionError("an empty trick has a winner")


@given(st.lists(indices, max_size=10), st.lists(indices, max_size=10), st.integers(0, 2**32))
def test_reshuffle_discard_keeps_the_top_and_puts_the_rest_under_the_stock(
    discard: list[int], stock: list[int], seed: int
) -> None:
    before_stock, before_discard = list(stock), list(discard)
    moved = reshuffle_discard(discard, stock, random.Random(seed))
    assert moved == (len(before_discard) > 1)
    assert discard == before_discard[-1:]
    assert stock[len(stock) - len(before_stock) :] == before_stock
    assert sorted(stock[: len(stock) - len(before_stock)]) == sorted(before_discard[:-1])


def test_a_joker_index_is_the_jokers() -> None:
    assert JOKER.index == 52 and winning_position([52, 52]) == 0 and follow_suit_span([0, 13], 52) == (0, 2)


@given(st.integers(0, 2**64), st.integers(0, 120))
def test_shuffle_gives_random_shuffles_order_and_generator_state(seed: int, size: int) -> None:
    """Seeded games and saved records depend on the order: dealing.shuffle is random.shuffle, only faster."""
    mine, theirs = list(range(size)), list(range(size))
    ours, reference = random.Random(seed), random.Random(seed)
    shuffle(mine, ours)
    reference.shuffle(theirs)
    assert mine == theirs and ours.getstate() == reference.getstate()


def test_shuffle_leaves_another_generator_class_to_its_own_shuffle() -> None:
    class Fixed(random.Random):
        def shuffle(self, x: Any) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(cards, Fixed(0))
    assert cards == [3, 2, 1]
