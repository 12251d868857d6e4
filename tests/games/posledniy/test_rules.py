"""Scenario tests, one or more per rule of rules P-1 to P-11, from hand-set positions."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from cardgames.core.choosing import Pick
from cardgames.core.record import Seat, load_record, save_record
from cardgames.core.table import Table
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.actions import PassCards, PlayCard
from cardgames.games.posledniy.builder import position
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.state import PosledniyState
from cardgames.primitives.cards import Card, Rank, Suit, card, format_card, parse_card, parse_cards
from cardgames.primitives.errors import IllegalActionError, OptionError
from cardgames.primitives.tricks import follow_suit_options, winning_index

GAME = Posledniy()
POINTS = PosledniyOptions()
CHIPS = PosledniyOptions(scoring="chips", stake=5)


def play(text: str) -> PlayCard:
    return PlayCard(parse_card(text))


def passing(text: str) -> PassCards:
    return PassCards(tuple(parse_cards(text)))


def hand(state: PosledniyState, seat: int) -> set[str]:
    return {str(c) for c in state.view(seat).hand}


def refused_unchanged(state: PosledniyState, action: object, match: str) -> None:
    before = state.clone()
    with pytest.raises(IllegalActionError, match=match):
        state.apply(action)
    assert state == before


# -- P-1 players ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 2, 5, 6])
def test_p1_only_three_or_four_players(players: int) -> None:
    """P-1: any other number of players is refused with a clear OptionError."""
    with pytest.raises(OptionError, match="3 or 4 players"):
        GAME.check(POINTS, players)
    with pytest.raises(OptionError, match="3 or 4 players"):
        GAME.new_game(POINTS, players, 1)


@pytest.mark.parametrize("players", [3, 4])
def test_p1_three_and_four_players_play(players: int) -> None:
    """P-1: both player counts start a game."""
    GAME.check(POINTS, players)
    state = GAME.new_game(POINTS, players, 1)
    assert state.players == players


# -- P-2 deck ------------------------------------------------------------------------------


def test_p2_four_players_use_32_cards_ace_to_seven() -> None:
    """P-2: A K Q J 10 9 8 7 of four suits with four players."""
    cards = GAME.new_game(POINTS, 4, 3).all_cards()
    assert len(cards) == 32 == len(set(cards))
    assert {c.rank for c in cards} == {r for r in Rank if r >= Rank.SEVEN}


def test_p2_three_players_drop_sevens_and_eights() -> None:
    """P-2: 24 cards, A to 9, with three players."""
    cards = GAME.new_game(POINTS, 3, 3).all_cards()
    assert len(cards) == 24 == len(set(cards))
    assert {c.rank for c in cards} == {r for r in Rank if r >= Rank.NINE}


def test_p2_no_trumps_an_offsuit_ace_does_not_win() -> None:
    """P-2/P-7: there is no trump suit; a card of another suit never takes the trick."""
    state = position(["AS 7S", "8H 8S", "7H 9S", "9H 10S"], leader=2, dealer=1)
    for text in ("7H", "9H", "AS", "8H"):
        state.apply(play(text))
    assert state.tricks[-1][2] == 3  # 9H beats 7H and 8H; the ace of spades is off-suit


# -- P-3 seat draw -------------------------------------------------------------------------


def card_glyphs(c: Card) -> str:
    """A card as the log writes it: 10♥."""
    return format_card(c, glyphs=True)


@pytest.mark.parametrize("players", [3, 4])
def test_p3_seat_draw_is_a_logged_random_event(players: int) -> None:
    """P-3: the ace deals from seat 0, K Q J follow clockwise, and the draw is in the public log."""
    orders = set()
    for seed in range(12):
        state = GAME.new_game(POINTS, players, seed)
        view = state.view(1)
        ranks = [c.rank for c in view.seat_cards]
        assert ranks == [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK][:players]
        assert view.dealer == 0
        first = view.log[0]
        assert first.seat is None and first.text.startswith("seat draw")
        orders.add(state.draw.drawn)
        assert GAME.new_game(POINTS, players, seed).draw == state.draw  # seeded, reproducible
    assert len(orders) > 1  # the picks really are shuffled


PEOPLE = ["Ann", "Boris", "Cat", "Dan"]


@pytest.mark.parametrize("players", [3, 4])
def test_p3_the_draw_decides_who_deals_first_and_who_sits_where(players: int) -> None:
    """P-3: with the people named in any order, the seed's draw decides the first dealer and the seating."""
    names = PEOPLE[:players]
    dealers = set()
    for seed in range(24):
        table = Table.start(GAME, POINTS, [Seat(n) for n in names], seed)
        state, seats = table.state, [s.name for s in table.seats]
        draw = state.seat_draw()
        assert sorted(seats) == sorted(names)
        dealers.add(seats[state.dealer])
        view = state.view(0)
        for i, name in enumerate(names):  # the i-th person named drew the i-th card picked ...
            seat = seats.index(name)
            assert view.seat_cards[seat] == draw.drawn[i]
            assert view.draw_order[i] == seat
            # ... and sits by its rank: the ace deals (seat 0), then K, Q, J clockwise (P-3)
            assert seat == [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK].index(draw.drawn[i].rank)
        assert table.record.seats == table.seats  # the record keeps the seating the draw gave
    assert dealers == set(names)  # which of them deals first varies with the seed


def test_p3_the_log_says_who_drew_which_card_without_contradicting_itself() -> None:
    """P-3: the log lists each seat with the card its player drew, in the order they drew."""
    for seed in range(8):
        state = GAME.new_game(POINTS, 4, seed)
        view = state.view(2)
        text = view.log[0].text
        picks = ", ".join(f"P{s + 1} {card_glyphs(view.seat_cards[s])}" for s in view.draw_order)
        assert f"in the order the players drew: {picks};" in text
        assert "P1 drew the highest card and deals" in text
        assert [view.seat_cards[s] for s in view.draw_order] == list(state.draw.drawn)


def test_p3_a_saved_game_resumes_and_replays_with_the_drawn_seating(tmp_path: Path) -> None:
    """P-3: the file keeps the seating; resuming or replaying it does not draw the seats again."""
    table = Table.start(GAME, POINTS, [Seat(n) for n in PEOPLE], 5)
    for _ in range(6):
        table.act(table.state.legal_actions()[0])
    save_record(tmp_path / "g.json", GAME, table.record)
    _, record = load_record(tmp_path / "g.json", lambda name: GAME)
    again = Table.from_record(GAME, record)
    assert again.seats == table.seats and again.state == table.state


# -- P-4 deal ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer_cards"), [(4, 11), (3, 10)])
def test_p4_seven_each_and_the_rest_to_the_dealer(players: int, dealer_cards: int) -> None:
    """P-4: 7 cards to every player, the 4 (or 3) left over to the dealer."""
    state = GAME.new_game(POINTS, players, 9)
    sizes = state.view(0).hand_sizes
    assert sizes[0] == dealer_cards
    assert all(s == 7 for s in sizes[1:])


# -- P-5 exchange --------------------------------------------------------------------------


FOUR = [
    "AS KS QS JS AH KH QH JH AD KD QD",
    "10S 9S 8S 7S 10H 9H 8H",
    "7H 10D 9D 8D 7D AC KC",
    "QC JC 10C 9C 8C 7C JD",
]


def test_p5_four_player_snos_is_3_2_1_and_passers_take_in_first() -> None:
    """P-5: dealer passes 3 left, that player 2 (received ones allowed), the next 1; all end with 8."""
    state = position(FOUR)
    legal = state.legal_actions()
    # one pick per card of the dealer's 11, not the 165 ways to pass 3 of them
    assert {a.card for a in legal} == set(state.view(0).hand) and len(legal) == 11
    assert all(isinstance(a, Pick) for a in legal)
    by_picks = state.clone()
    for k, text in enumerate(["AS", "KS", "QS"]):
        assert by_picks.to_act() == 0 and by_picks.view(0).must_pass == 3 - k
        by_picks.apply(Pick(parse_card(text)))
    assert by_picks.view(0).passed == tuple(map(parse_card, ["QS", "KS", "AS"]))
    with pytest.raises(IllegalActionError, match="you cannot set"):
        by_picks.apply(Pick(parse_card("JS")))  # P2 passes now, and the dealer kept the JS
    state.apply(passing("AS KS QS"))  # a whole pass, as records of protocol 1 hold it, still applies
    assert by_picks == state
    assert state.to_act() == 1 and hand(state, 1) >= {"AS", "KS", "QS"}
    state.apply(passing("AS 10S"))  # passes on a card it has just received
    assert state.to_act() == 2 and hand(state, 2) >= {"AS", "10S"}
    state.apply(passing("AS"))
    assert state.view(0).hand_sizes == (8, 8, 8, 8)
    assert "AS" in hand(state, 3)
    assert state.view(0).phase == "play"


def test_p5_three_player_snos_is_2_1() -> None:
    """P-5: with three players the dealer passes 2 and the next player 1."""
    state = GAME.new_game(POINTS, 3, 4)
    picks: Counter[int] = Counter()
    while state.view(0).phase == "exchange":
        picks[state.to_act() or 0] += 1
        state.apply(state.legal_actions()[0])
    assert picks == {0: 2, 1: 1}
    assert state.view(0).hand_sizes == (8, 8, 8)


def test_p5_passed_cards_are_seen_only_by_giver_and_receiver() -> None:
    """P-5: the cards go face down; only the two players concerned see them."""
    state = position(FOUR)
    state.apply(passing("AD KD QD"))
    giver, receiver, other = state.view(0), state.view(1), state.view(2)
    assert [str(c) for c in giver.passed] == ["QD", "KD", "AD"] and giver.passed_to == 1
    assert [str(c) for c in receiver.received] == ["QD", "KD", "AD"] and receiver.received_from == 0
    assert other.passed == other.received == ()
    assert not any("D" in e.text and "passes" in e.text and "AD" in e.text for e in other.log)


def test_p5_wrong_passes_are_refused_and_change_nothing() -> None:
    """P-5: exactly the chain's count, of cards held, once each; and no play during the exchange."""
    state = position(FOUR)
    refused_unchanged(state, passing("AS KS"), "exactly 3")
    refused_unchanged(state, passing("AS KS 7C"), "do not hold")
    refused_unchanged(state, PassCards((card(Rank.ACE, Suit.SPADES),) * 3), "only once")
    refused_unchanged(state, play("AS"), "exchange")
    refused_unchanged(state, "AS KS QS", "not a Последний action")


# -- P-6 first lead ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_p6_dealers_right_leads_the_first_trick(players: int) -> None:
    """P-6: after the exchange the player at the dealer's right leads."""
    for seed in range(3):
        state = GAME.new_game(POINTS, players, seed)
        while state.view(0).phase == "exchange":
            state.apply(state.legal_actions()[-1])
        dealer = state.view(0).dealer
        assert state.to_act() == (dealer - 1) % players
        assert state.view(0).leader == (dealer - 1) % players


# -- P-7 tricks ----------------------------------------------------------------------------


def test_p7_must_follow_suit_when_able() -> None:
    """P-7: a player holding the led suit must play it; the refusal leaves the state as it was."""
    state = position(["AS 7H", "KH 8S", "9H 10S", "QH 9S"], leader=1, dealer=2)
    state.apply(play("KH"))
    assert [str(a.card) for a in state.legal_actions()] == ["9H"]
    refused_unchanged(state, play("10S"), "must follow suit")
    refused_unchanged(state, play("AS"), "do not hold")


def test_p7_a_void_player_may_play_anything() -> None:
    """P-7: with no card of the led suit, any card may be played."""
    state = position(["AS 7S", "KH 8S", "9D 10S", "QH 9S"], leader=1, dealer=2)
    state.apply(play("KH"))
    assert {str(a.card) for a in state.legal_actions()} == {"9D", "10S"}
    state.apply(play("10S"))
    assert state.to_act() == 3


def test_p7_highest_of_led_suit_wins_and_leads_next() -> None:
    """P-7: the highest card of the led suit takes the trick and its taker leads the next."""
    state = position(["AS 7H", "KH 8S", "9H 10S", "QH 9S"], leader=1, dealer=2)
    for text in ("KH", "9H", "QH", "7H"):
        state.apply(play(text))
    assert state.tricks[-1][2] == 1
    assert state.to_act() == 1
    assert state.view(0).trick == ()


def test_p7_engine_agrees_with_the_framework_trick_rules() -> None:
    """P-7: the fast engine lists exactly follow_suit_options and names the winning_index winner."""
    rng = random.Random(7)
    checked = 0
    for seed in range(30):
        state = GAME.new_game(CHIPS, 4, seed)
        while state.view(0).deal == 1:
            view = state.view(state.to_act())  # type: ignore[arg-type]
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if view.phase == "play":
                expected = follow_suit_options(view.hand, view.trick[0].suit if view.trick else None)
                assert [a.card for a in legal] == expected
            state.apply(action)
            if view.phase == "play" and len(view.trick) == 3:
                cards = [*view.trick, action.card]
                winner = ((view.leader or 0) + winning_index(cards)) % 4
                taker = state.tricks[-1][2] if state.tricks else state.results[-1][2]
                assert taker == winner
                checked += 1
    assert checked == 30 * 8


def test_p7_eight_tricks_per_deal() -> None:
    """P-7: exactly eight tricks are played in a deal, with every card once."""
    state = GAME.new_game(CHIPS, 4, 11)
    rng = random.Random(1)
    while state.results == []:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    log = [e.text for e in state.view(0).log]
    deal1 = log[: log.index("deals for deal 2: 7 cards to each player, and keeps the 4 left over")]
    played = Counter(t.split()[1] for t in deal1 if t.startswith("plays "))
    assert len(played) == 32 and set(played.values()) == {1}
    assert sum(t.startswith("takes trick") for t in deal1) == 7
    assert sum(t == "takes the last trick" for t in deal1) == 1


# -- P-8 result ----------------------------------------------------------------------------


def test_p8_last_trick_taker_loses_the_deal() -> None:
    """P-8: the taker of the eighth trick loses, whoever took the others."""
    state = position(["9S", "8H", "7H", "KH"], leader=2, dealer=1, taken=[3, 2, 2, 0], options=CHIPS)
    for text in ("7H", "KH", "9S", "8H"):
        state.apply(play(text))
    result = state.hand_results()[0]
    assert result.losers == (3,) and result.winners == ()
    assert result.chips == (5, 5, 5, -15)


def test_p8_all_eight_tricks_win() -> None:
    """P-8: a player who takes all eight tricks wins the deal; the last trick cannot spoil it."""
    state = position(["AH", "8H", "7S", "KS"], leader=0, dealer=1, options=CHIPS)
    assert state.taken == (7, 0, 0, 0)
    for text in ("AH", "8H", "7S", "KS"):
        state.apply(play(text))
    result = state.hand_results()[0]
    assert result.winners == (0,) and result.losers == (1, 2, 3)
    assert result.chips == (15, -5, -5, -5)


# -- P-9 chips -----------------------------------------------------------------------------


def test_p9_chips_last_trick_pays_the_stake_to_each() -> None:
    """P-9: the loser pays ``stake`` to every other player; the deal sums to zero."""
    opts = PosledniyOptions(scoring="chips", stake=7)
    state = position(["9S", "8H", "7H", "KH"], leader=2, dealer=1, options=opts)
    for text in ("7H", "KH", "9S", "8H"):
        state.apply(play(text))
    chips = state.hand_results()[0].chips
    assert chips == (7, 7, 7, -21) and sum(chips) == 0
    assert state.hand_results()[0].points == (0, 0, 0, 0)
    assert state.view(0).chips == chips


def test_p9_chips_all_tricks_collects_the_stake_from_each() -> None:
    """P-9: an all-tricks taker receives the stake from every other player (three players too)."""
    opts = PosledniyOptions(scoring="chips", stake=5)
    state = position(["AH", "9H", "9S"], leader=0, dealer=1, options=opts)
    for text in ("AH", "9H", "9S"):
        state.apply(play(text))
    assert state.hand_results()[0].chips == (10, -5, -5)


# -- P-10 penalty points -------------------------------------------------------------------


def test_p10_last_trick_scores_one_point() -> None:
    """P-10: one penalty point to a last-trick taker who did not deal."""
    state = position(["9S", "8H", "7H", "KH"], leader=2, dealer=1)
    for text in ("7H", "KH", "9S", "8H"):
        state.apply(play(text))
    assert state.hand_results()[0].points == (0, 0, 0, 1)
    assert state.view(0).points == (0, 0, 0, 1)


def test_p10_dealer_scores_double() -> None:
    """P-10: the dealer who takes the last trick scores 2 penalty points."""
    state = position(["9S", "8H", "7H", "KH"], leader=2, dealer=3)
    for text in ("7H", "KH", "9S", "8H"):
        state.apply(play(text))
    assert state.hand_results()[0].points == (0, 0, 0, 2)
    assert "as the dealer" in state.view(0).log[-2].text


def test_p10_all_tricks_gives_every_other_player_a_point_dealer_included() -> None:
    """P-10: after an all-tricks deal each other player scores 1, the dealer 1 as well (decision)."""
    state = position(["AH", "8H", "7S", "KS"], leader=0, dealer=1)
    for text in ("AH", "8H", "7S", "KS"):
        state.apply(play(text))
    result = state.hand_results()[0]
    assert result.points == (0, 1, 1, 1)
    assert result.chips == (0, 0, 0, 0)


def test_p10_reaching_the_target_ends_the_game_with_the_seed_settlement() -> None:
    """P-10: A 5, B 2, C 3, D 3 at 5 chips a point: A pays B 15, C 10 and D 10."""
    opts = PosledniyOptions(target=5, unit=5)
    state = position(["8H", "9S", "KH", "7H"], leader=3, dealer=2, points=[4, 2, 3, 3], options=opts)
    for text in ("7H", "8H", "9S", "KH"):
        state.apply(play(text))  # seat 2 (C) takes the last trick as dealer: 2 points
    # recompute with A as loser: seat 0 takes the last trick, not the dealer
    state = position(["KH", "9S", "8H", "7H"], leader=3, dealer=2, points=[4, 2, 3, 3], options=opts)
    for text in ("7H", "KH", "9S", "8H"):
        state.apply(play(text))
    assert state.is_over()
    assert state.sheet.points == [5, 2, 3, 3]
    pays = {(t.payer, t.payee): t.amount for t in state.settlement}
    assert pays == {(0, 1): 15, (0, 2): 10, (0, 3): 10}
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (-35, 15, 10, 10)
    assert outcome.winners == (1,)


def test_p10_tie_at_the_target_settles_only_with_players_below() -> None:
    """P-10 decision: all at or above the target pay those below; nothing between themselves."""
    opts = PosledniyOptions(target=5, unit=2)
    state = position(["AH", "8H", "7S", "KS"], leader=0, dealer=1, points=[1, 4, 4, 3], options=opts)
    for text in ("AH", "8H", "7S", "KS"):
        state.apply(play(text))
    assert state.sheet.points == [1, 5, 5, 4]
    outcome = state.outcome()
    assert outcome is not None
    # 1 and 2 each pay seat 0 (4 points) and seat 3 (1 point) twice the difference
    assert outcome.scores == (16, -10, -10, 4)
    assert outcome.winners == (0,)


def test_p10_below_the_target_the_game_goes_on() -> None:
    """P-10: a points game continues while everyone is below the target."""
    state = position(["9S", "8H", "7H", "KH"], leader=2, dealer=1, points=[0, 0, 0, 3])
    for text in ("7H", "KH", "9S", "8H"):
        state.apply(play(text))
    assert not state.is_over() and state.outcome() is None
    assert state.view(0).deal == 2


# -- P-11 deals ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_p11_the_deal_passes_left_and_the_seat_draw_happens_once(players: int) -> None:
    """P-11: dealers go 0, 1, 2, … clockwise; only one seat draw in the log."""
    opts = PosledniyOptions(scoring="chips", rounds=2)
    state = GAME.new_game(opts, players, 5)
    rng = random.Random(5)
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    dealers = [r.dealer for r in state.hand_results()]
    assert dealers == [d % players for d in range(2 * players)]
    assert sum(1 for e in state.view(0).log if e.text.startswith("seat draw")) == 1


def test_p4_shuffle_is_uniform_and_seeded() -> None:
    """P-4: the one-draw shuffle gives every ordering equally often, from the game's generator only."""
    from cardgames.games.posledniy.state import shuffle

    rng = random.Random(4)
    counts = Counter(tuple(shuffle([0, 1, 2, 3], rng)) for _ in range(24_000))
    assert len(counts) == 24
    assert all(800 <= c <= 1200 for c in counts.values())
    assert shuffle(range(32), random.Random(9)) == shuffle(range(32), random.Random(9))
    assert sorted(shuffle(range(32), random.Random(9))) == list(range(32))
