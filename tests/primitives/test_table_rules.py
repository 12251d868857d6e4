"""Seat draw, exchange chains, tricks, the direction of play and chained penalties."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.primitives.cards import JOKER, Card, Rank, Suit, parse_card, parse_cards
from cardgames.primitives.decks import build_deck, deck_32
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.exchange import Pass, contains, pass_chain, remove_cards
from cardgames.primitives.seating import HIGH_RANKS, SeatDraw, draw_cards, seat_draw, seating_from_draw
from cardgames.primitives.shedding import PenaltyChain, next_seat
from cardgames.primitives.tricks import Trick, TrickInPlay, follow_suit_options, tricks_taken, winning_index

# Seat draw (rule P-3)


def test_seat_draw_four_players_ace_deals_king_left_then_queen_then_jack() -> None:
    drawn = parse_cards("QS AS JS KS")  # players 0..3 in arrival order
    result = seating_from_draw(drawn)
    assert result.dealer == 1  # the player who drew the ace
    assert result.seating == (1, 3, 0, 2)  # seat 0 dealer, seat 1 (left) K, seat 2 Q, seat 3 (right) J
    assert [drawn[p].rank for p in result.seating] == [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK]


def test_seat_draw_three_players() -> None:
    drawn = parse_cards("KS QS AS")
    result = seating_from_draw(drawn)
    assert result.dealer == 2
    assert result.seating == (2, 0, 1)


@pytest.mark.parametrize("players", [3, 4])
@given(seed=st.integers())
def test_seat_draw_from_a_seed_is_reproducible_and_well_formed(players: int, seed: int) -> None:
    a = seat_draw(players, random.Random(seed))
    b = seat_draw(players, random.Random(seed))
    assert a == b
    assert isinstance(a, SeatDraw)
    assert sorted(a.seating) == list(range(players))
    assert Counter(a.drawn) == Counter(draw_cards(players))
    assert [a.drawn[p].rank for p in a.seating] == list(HIGH_RANKS[:players])


def test_seat_draw_uses_every_arrangement() -> None:
    seen = {seat_draw(4, random.Random(seed)).seating for seed in range(400)}
    assert len(seen) == 24


def test_seat_draw_errors() -> None:
    with pytest.raises(ValueError):
        draw_cards(1)
    with pytest.raises(ValueError):
        draw_cards(len(HIGH_RANKS) + 1)
    with pytest.raises(ValueError, match="distinct ranked cards"):
        seating_from_draw(parse_cards("AS AH"))
    with pytest.raises(ValueError, match="distinct ranked cards"):
        seating_from_draw([JOKER, parse_card("AS")])


# Exchange (rule P-5)


def test_pass_chain_3_2_1_from_the_dealer() -> None:
    assert pass_chain(2, 4, (3, 2, 1)) == (Pass(2, 3, 3), Pass(3, 0, 2), Pass(0, 1, 1))


def test_pass_chain_2_1_with_three_players() -> None:
    assert pass_chain(0, 3, (2, 1)) == (Pass(0, 1, 2), Pass(1, 2, 1))


def test_pass_chain_must_not_come_back_to_its_first_giver() -> None:
    with pytest.raises(ValueError):
        pass_chain(0, 3, (3, 2, 1))


def test_full_snos_ends_with_eight_cards_each_and_the_receiver_may_pass_on_what_it_got() -> None:
    deck = deck_32()
    hands = [deck[0:11], deck[11:18], deck[18:25], deck[25:32]]  # the dealer (seat 0) has 11
    chain = pass_chain(0, 4, (3, 2, 1))

    def carry_out(step: Pass, cards: list[Card]) -> None:
        assert len(cards) == step.count
        remove_cards(hands[step.giver], cards)
        hands[step.receiver].extend(cards)

    carry_out(chain[0], hands[0][:3])
    received = hands[1][-3:]
    carry_out(chain[1], received[:2])  # passes on two of the cards just received
    carry_out(chain[2], hands[2][:1])
    assert [len(h) for h in hands] == [8, 8, 8, 8]
    assert Counter(c for h in hands for c in h) == Counter(deck)


def test_multiset_removal_with_two_decks() -> None:
    hand = parse_cards("QH QH 10S QH")
    assert contains(hand, parse_cards("QH QH QH"))
    assert not contains(hand, parse_cards("QH QH QH QH"))
    remove_cards(hand, parse_cards("QH QH"))
    assert hand == parse_cards("10S QH")


def test_refusing_cards_not_held_leaves_the_hand_unchanged() -> None:
    hand = parse_cards("QH QH 10S")
    with pytest.raises(IllegalActionError, match="you do not hold QH QH QH"):
        remove_cards(hand, parse_cards("QH QH QH"))
    assert hand == parse_cards("QH QH 10S")


@given(st.data())
def test_remove_cards_takes_exactly_the_cards_or_nothing(data: st.DataObject) -> None:
    deck = build_deck(copies=2, jokers=4)
    hand = data.draw(st.lists(st.sampled_from(deck), min_size=1, max_size=12))
    picked = data.draw(st.lists(st.sampled_from(deck), max_size=len(hand)))
    left = list(hand)
    if contains(hand, picked):
        remove_cards(left, picked)
        assert Counter(left) == Counter(hand) - Counter(picked)
    else:
        with pytest.raises(IllegalActionError):
            remove_cards(left, picked)
        assert left == hand


# Tricks (rule P-7)


def test_follow_suit_when_able_else_anything() -> None:
    hand = parse_cards("AH 7H KS 9C")
    assert follow_suit_options(hand, Suit.HEARTS) == parse_cards("AH 7H")
    assert follow_suit_options(hand, Suit.DIAMONDS) == hand
    assert follow_suit_options(hand, None) == hand


def test_winner_without_trumps_is_the_highest_of_the_led_suit() -> None:
    assert winning_index(parse_cards("10H AS KH 9H")) == 2  # the ace of spades does not follow
    assert winning_index(parse_cards("7C AD AS AH")) == 0
    assert winning_index(parse_cards("JD QD")) == 1


def test_winner_with_a_trump_suit() -> None:
    assert winning_index(parse_cards("AH 2S KH"), trump=Suit.SPADES) == 1
    assert winning_index(parse_cards("AH 2S 3S"), trump=Suit.SPADES) == 2
    assert winning_index(parse_cards("2S AH 3S"), trump=Suit.SPADES) == 2
    assert winning_index(parse_cards("AH KH QH"), trump=Suit.SPADES) == 0


def test_first_of_two_identical_cards_wins() -> None:
    assert winning_index(parse_cards("9H AH AH")) == 1


def test_a_joker_never_takes_a_trick() -> None:
    assert winning_index([parse_card("9H"), JOKER, parse_card("10H")]) == 2
    assert winning_index([JOKER, parse_card("9H"), parse_card("KS"), parse_card("10H")]) == 3
    assert winning_index([JOKER, JOKER]) == 0
    with pytest.raises(ValueError):
        winning_index([])


@given(
    st.lists(st.sampled_from(deck_32()), min_size=1, max_size=4, unique=True), st.sampled_from([None, *Suit])
)
def test_the_winner_is_never_beaten(trick: list[Card], trump: Suit | None) -> None:
    w = trick[winning_index(trick, trump)]
    for c in trick:
        if trump is not None and w.suit != trump:
            assert c.suit != trump
        if c.suit == w.suit:
            assert c.rank is not None and w.rank is not None and c.rank <= w.rank
    if trump is None or all(c.suit != trump for c in trick):
        assert w.suit == trick[0].suit


def test_trick_in_play_goes_clockwise_from_the_leader() -> None:
    t = TrickInPlay(leader=2, players=4)
    seats = []
    for c in parse_cards("9H AH 7H KS"):
        seats.append(t.next_seat())
        t.cards.append(c)
    assert seats == [2, 3, 0, 1]
    assert t.led_suit == Suit.HEARTS
    assert t.is_complete()
    done = t.finish()
    assert done == Trick(2, tuple(parse_cards("9H AH 7H KS")), winner=3)


def test_a_copied_trick_in_play_is_independent() -> None:
    t = TrickInPlay(1, 3, parse_cards("9H"))
    copy = t.copy()
    copy.cards.append(parse_card("KH"))
    assert t == TrickInPlay(1, 3, parse_cards("9H")) and copy.cards == parse_cards("9H KH")


def test_unfinished_trick_cannot_be_closed() -> None:
    t = TrickInPlay(0, 3, parse_cards("9H"))
    with pytest.raises(ValueError, match="not complete"):
        t.finish()


def test_tricks_taken_counts_per_seat() -> None:
    tricks = [Trick(0, (), 1), Trick(1, (), 1), Trick(1, (), 3)]
    assert tricks_taken(tricks, 4) == (0, 2, 0, 1)
    assert tricks_taken([], 3) == (0, 0, 0)


# Shedding piles (rules D-8, D-11 to D-15)


def test_next_seat_in_both_directions_with_skips() -> None:
    assert next_seat(3, +1, 4) == 0
    assert next_seat(0, -1, 4) == 3
    assert next_seat(1, +1, 4, steps=2) == 3
    assert next_seat(1, -1, 2) == 0


def test_penalty_chain_adds_up_and_is_taken_whole() -> None:
    chain = PenaltyChain()
    assert chain.take() == 0
    chain.add(2, "ace")
    chain.add(2, "ace")
    assert (chain.pending, chain.kind) == (4, "ace")
    chain.add(5, "joker")
    assert (chain.pending, chain.kind) == (9, "joker")
    assert chain.take() == 9
    assert (chain.pending, chain.kind) == (0, None)
