"""The rules of Oh Hell as the README states them, one test per rule."""

from __future__ import annotations

import pytest
from ohhell import OhHell, OhHellOptions
from ohhell.rules import Bid, OhHellState, Play

from cardgames.primitives.cards import parse_card, parse_cards
from cardgames.primitives.errors import IllegalActionError, OptionError
from cardgames.primitives.language import speaking

GAME = OhHell()


def hand(hands: list[str], trump: str, cards: int = 2) -> OhHellState:
    """The first hand of a match of ``cards`` hands, dealt as given (P1 deals; P2 bids and leads first)."""
    state = GAME.new_game(OhHellOptions(cards=cards), len(hands), 1)
    state.hands = [parse_cards(h) for h in hands]
    state.stock[-1] = parse_card(trump)  # turned up
    return state


def test_bidding_and_the_first_lead_start_at_the_dealers_left() -> None:
    state = hand(["AS 2S", "KS 3H", "QS 4H"], "9D")
    assert state.dealer == 0 and state.to_act() == 1
    state.apply(Bid(1))
    state.apply(Bid(0))
    assert state.to_act() == 0
    state.apply(Bid(0))
    assert state.to_act() == 1 and isinstance(state.legal_actions()[0], Play)


def test_the_dealer_may_not_make_the_bids_add_up_to_the_tricks() -> None:
    state = hand(["AS 2S", "KS 3H", "QS 4H"], "9D")
    state.apply(Bid(1))
    state.apply(Bid(0))
    assert state.legal_actions() == [Bid(0), Bid(2)]  # 1 would make three bids add up to two tricks
    with pytest.raises(IllegalActionError):
        state.apply(Bid(1))


def test_players_follow_suit_and_the_highest_trump_takes_the_trick() -> None:
    state = hand(["AS 2S", "KS 3D", "4H 5H"], "9H")
    for bid in (1, 1, 1):
        state.apply(Bid(bid))
    state.apply(Play(parse_card("KS")))  # P2 leads
    assert state.legal_actions() == [Play(parse_card("4H")), Play(parse_card("5H"))]  # P3 has no spade
    state.apply(Play(parse_card("4H")))
    assert set(state.legal_actions()) == {Play(parse_card("AS")), Play(parse_card("2S"))}  # P1 must follow
    state.apply(Play(parse_card("AS")))
    assert state.tricks == (0, 0, 1) and state.to_act() == 2  # the trump beats the ace


def test_an_exact_bid_scores_the_bonus_plus_a_point_a_trick_and_a_missed_bid_nothing() -> None:
    state = hand(["AS 2S", "KS 3D", "4H 5H"], "9H")
    for bid in (0, 2, 1):  # P2, P3, then P1 the dealer
        state.apply(Bid(bid))
    for card in ("KS", "4H", "AS", "5H", "2S", "3D"):
        state.apply(Play(parse_card(card)))
    first = state.hand_results()[0]
    assert first.points == (0, 10, 12)  # P3 bid two and took both; P2 bid none and took none
    assert (first.winners, first.losers) == ((1, 2), (0,))


def test_each_hand_has_one_card_fewer_and_the_deal_passes_to_the_left() -> None:
    state = GAME.new_game(OhHellOptions(cards=3), 4, 5)
    sizes, dealers = [], []
    while state.to_act() is not None:
        if state.bids == [None] * 4:  # a hand just dealt
            sizes.append(len(state.hands[0]))
            dealers.append(state.dealer)
        state.apply(state.legal_actions()[0])
    assert sizes == [3, 2, 1] and dealers == [0, 1, 2]
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == tuple(
        sum(r.points[s] for r in state.hand_results()) for s in range(4)
    )


def test_a_trump_is_always_turned_up() -> None:
    GAME.check(OhHellOptions(cards=7), 7)
    with pytest.raises(OptionError, match="no card to turn up"):
        GAME.check(OhHellOptions(cards=8), 7)
    with (
        speaking("it"),
        pytest.raises(OptionError, match=r"^7 mani da 8 carte non lasciano nessuna carta da"),
    ):
        GAME.check(OhHellOptions(cards=8), 7)
    with (
        speaking("ru"),
        pytest.raises(OptionError, match=r"^7 рук по 8 карт не оставляют карты, чтобы открыть"),
    ):
        GAME.check(OhHellOptions(cards=8), 7)


def test_typed_moves_read_bids_and_card_numbers() -> None:
    state = hand(["AS 2S", "KS 3D", "4H 5H"], "9H")
    assert GAME.parse_action("2", state.view(1)) == Bid(2)
    assert GAME.parse_action("bid 0", state.view(1)) == Bid(0)
    for bid in (1, 1, 1):
        state.apply(Bid(bid))
    assert GAME.parse_action("2", state.view(1)) == Play(parse_card("KS"))
    assert GAME.parse_action("3d", state.view(1)) == Play(parse_card("3D"))


def test_the_table_shows_the_trump_suit_and_asks_for_a_bid_while_bidding() -> None:
    state = hand(["AS 2S", "KS 3D", "4H 5H"], "9H")
    table = GAME.tabletop(state.view(1), ["Ann", "Bob", "Cy"])
    assert table.trump == parse_card("9H").suit
    assert table.decision is not None and table.decision.text.startswith("your bid")
    with speaking("it"):
        asked = GAME.tabletop(state.view(1), ["Ann", "Bob", "Cy"]).decision
    assert asked is not None and asked.text == "la tua dichiarazione (bid 2, o solo 2)"
    with speaking("ru"):
        asked = GAME.tabletop(state.view(1), ["Ann", "Bob", "Cy"]).decision
    assert asked is not None and asked.text == "ваш заказ (bid 2 или просто 2)"
    for bid in (1, 0, 0):
        state.apply(Bid(bid))
    table = GAME.tabletop(state.view(1), ["Ann", "Bob", "Cy"])
    assert table.decision is not None and not table.decision.text.startswith("your bid")
    assert [(p.name, p.note, p.tricks, p.score) for p in table.seats] == [
        ("Ann", "bid 0", 0, "0 points"),
        ("Bob", "bid 1", 0, "0 points"),
        ("Cy", "bid 0", 0, "0 points"),
    ]
    with speaking("it"):
        assert [p.note for p in GAME.tabletop(state.view(1), ["Ann", "Bob", "Cy"]).seats][1] == "dichiara 1"
    with speaking("ru"):
        assert [p.note for p in GAME.tabletop(state.view(1), ["Ann", "Bob", "Cy"]).seats][1] == "заказ 1"


def test_the_standings_are_the_running_points_after_each_hand() -> None:
    state = GAME.new_game(OhHellOptions(cards=3), 3, 2)
    while state.to_act() is not None:
        state.apply(state.legal_actions()[-1])
    points = [r.points for r in state.hand_results()]
    running = [tuple(sum(p[s] for p in points[: h + 1]) for s in range(3)) for h in range(3)]
    assert GAME.standings(state) == running and running[-1] == state.outcome().scores  # type: ignore[union-attr]


def test_the_table_writes_one_point_as_every_table_does() -> None:
    state = GAME.new_game(OhHellOptions(cards=2, bonus=1), 3, 1)
    state.hands = [parse_cards(h) for h in ("AS 2S", "KS 3D", "4H 5H")]
    state.stock[-1] = parse_card("9H")
    for bid in (0, 2, 1):
        state.apply(Bid(bid))
    for card in ("KS", "4H", "AS", "5H", "2S", "3D"):
        state.apply(Play(parse_card(card)))
    table = GAME.tabletop(state.view(1), ["Ann", "Bob", "Cy"])
    assert [p.score for p in table.seats] == ["0 points", "1 point", "3 points"]


def test_the_table_says_who_played_each_card_of_the_trick() -> None:
    state = hand(["AS 2S", "KS 3H", "QS 4H"], "9D")
    for bid in (Bid(1), Bid(0), Bid(0)):
        state.apply(bid)
    state.apply(Play(parse_card("KS")))  # P2 leads
    state.apply(Play(parse_card("QS")))  # P3 follows
    table = GAME.tabletop(state.view(0), ["Anna", "Boris", "Vera"])
    trick = next(z for z in table.centre if z.label == "Trick")
    assert [(p.card, p.seat) for p in trick.cards] == [(parse_card("KS"), 1), (parse_card("QS"), 2)]


def test_the_log_reads_in_the_language_of_whoever_reads_it() -> None:
    state = hand(["AS 2S", "KS 3H", "QS 4H"], "9D")
    for action in (
        Bid(1),
        Bid(0),
        Bid(2),
        Play(parse_card("KS")),
        Play(parse_card("QS")),
        Play(parse_card("AS")),
    ):
        state.apply(action)
    log = state.view(2).log
    assert [e.text for e in log] == [
        "hand 1: P1 deals, 9♦ is trumps",
        "P2 bids 1 trick",
        "P3 bids 0 tricks",
        "P1 bids 2 tricks",
        "P2 plays K♠",
        "P3 plays Q♠",
        "P1 plays A♠",
        "P1 takes the trick",
    ]
    with speaking("it"):
        assert [e.text for e in log][:2] == [
            "mano 1: P1 dà le carte, 9♦ è la briscola",
            "P2 dichiara 1 presa",
        ]
    with speaking("ru"):
        assert [e.text for e in log][1:4] == [
            "P2 заказывает 1 взятку",
            "P3 заказывает 0 взяток",
            "P1 заказывает 2 взятки",
        ]
        assert log[-1].text == "P1 берёт взятку"


def test_a_refused_move_is_said_in_the_language_in_force() -> None:
    state = GAME.new_game(OhHellOptions(), 3, 1)
    with pytest.raises(IllegalActionError, match=r"^you cannot bid 99 now$"):
        state.apply(Bid(99))
    with speaking("it"), pytest.raises(IllegalActionError, match=r"^ora non puoi bid 99$"):
        state.apply(Bid(99))
    with speaking("ru"), pytest.raises(IllegalActionError, match=r"^сейчас нельзя: bid 99$"):
        state.apply(Bid(99))


@pytest.mark.parametrize(
    ("code", "one", "seven", "exact"),
    [
        ("en", "One hand of one card;", "Hands of 7 cards down to 1;", "An exact bid scores 1 point and"),
        ("it", "Una sola mano da una carta;", "Si parte da mani di 7 carte,", "vale 1 punto più uno"),
        ("ru", "Один кон по одной карте;", "Первый кон — по 7 карт,", "приносит 1 очко и по одному"),
    ],
)
def test_the_rules_card_reads_in_the_language_in_force_with_its_numbers(
    code: str, one: str, seven: str, exact: str
) -> None:
    with speaking(code):
        single = GAME.rules_card(OhHellOptions(cards=1, bonus=1))
        usual = GAME.rules_card(OhHellOptions())
        three = GAME.rules_card(OhHellOptions(cards=3, bonus=5))
    assert single.goal.startswith(one) and usual.goal.startswith(seven) and exact in single.notes[-1]
    if code == "ru":  # Russian's three forms: по 1 карте, по 3 карты, по 7 карт; 1 очко, 5 очков, 10 очков
        assert three.goal.startswith("Первый кон — по 3 карты,") and "приносит 5 очков" in three.notes[-1]
        assert "приносит 10 очков" in usual.notes[-1]
