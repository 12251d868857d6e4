"""Declared card zones: the cards, re-deals and views the framework derives from them (core/zones.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from cardgames.conformance.texts import cards_in
from cardgames.core.state import GameState, LogEntry, Outcome, PrivateText
from cardgames.core.tabletop import ZoneKind
from cardgames.core.zones import Visibility, Zone, ZoneView
from cardgames.primitives.cards import parse_card, parse_cards
from cardgames.primitives.copying import NESTED, SHALLOW, SHARED, Fields
from cardgames.primitives.seating import SeatNumber, seat_text
from cardgames.primitives.tricks import TrickInPlay


class TableState(GameState):
    """A frozen moment of a three-seat game with a zone of every visibility (no rules: nobody acts)."""

    fields = Fields(
        hands=NESTED, passed=NESTED, passed_to=SHALLOW, stock=SHALLOW, discard=SHALLOW, trick=SHALLOW,
        leader=SHARED, log=SHALLOW, shown=NESTED,
    )  # fmt: skip
    __slots__ = fields.names
    zones = (
        Zone("hands", ZoneKind.HAND, Visibility.OWNER, per_seat=True, known="shown"),
        Zone("passed", ZoneKind.PASSED, Visibility.OWNER, per_seat=True, shared_with="passed_to"),
        Zone("stock", ZoneKind.STOCK, Visibility.BOTTOM),
        Zone("discard", ZoneKind.DISCARD, Visibility.TOP, label="Discard pile"),
        Zone("trick", ZoneKind.TRICK),
    )
    public_fields = ("passed_to",)
    public_seats = ("leader",)

    def __init__(self) -> None:
        self.hands = [parse_cards("AS KS QS"), parse_cards("AH KH"), parse_cards("AD KD QD JD")]
        self.shown = [[], parse_cards("KH"), []]  # everyone saw seat 1 pick up KH
        self.passed = [parse_cards("2C 3C"), [], parse_cards("4C")]
        self.passed_to: list[int | None] = [1, None, 0]
        self.stock = parse_cards("6H 7C 8C 9C 10C")  # 6H at the bottom: the turned trump
        self.discard = parse_cards("JC QC KC")  # KC on top
        self.trick = parse_cards("AC")
        self.leader = 2
        self.log = [
            LogEntry(0, "P1 plays AC"),
            PrivateText(0, "P1 passes 2 cards", ((0, "P1 passes 2C 3C"), (1, "P1 passes you 2C 3C"))),
            LogEntry(2, "P3 draws JH", public="P3 draws a card"),
        ]

    @property
    def players(self) -> int:
        return 3

    def to_act(self) -> int | None:
        return None

    def legal_actions(self) -> Sequence[Any]:
        return ()

    def apply(self, action: Any) -> None:
        raise AssertionError("nobody acts")

    def outcome(self) -> Outcome | None:
        return None


def test_all_cards_lists_every_zone_in_declared_order() -> None:
    assert TableState().all_cards() == parse_cards(
        "AS KS QS AH KH AD KD QD JD 2C 3C 4C 6H 7C 8C 9C 10C JC QC KC AC"
    )


def test_a_seat_sees_its_own_and_public_cards_and_counts_of_the_rest() -> None:
    view = TableState().view(1)
    assert isinstance(view, ZoneView)
    assert view.hand == tuple(parse_cards("KH AH"))  # sorted low to high
    assert view.zone("hands").counts == (3, 2, 4)
    assert view.zone("hands").faces == ((), tuple(parse_cards("AH KH")), ())
    assert view.zone("passed").faces == (tuple(parse_cards("2C 3C")), (), ())  # passed to seat 1
    assert view.zone("stock").cards == tuple(parse_cards("6H")) and view.zone("stock").count == 5
    assert (
        view.zone("discard").cards == tuple(parse_cards("KC"))
        and view.zone("discard").title == "Discard pile"
    )
    assert view.zone("trick").cards == tuple(parse_cards("AC"))
    assert cards_in(view) == set(parse_cards("AH KH 2C 3C 6H KC AC"))


def test_the_log_shows_a_seat_only_its_own_private_text() -> None:
    texts = [[e.text for e in TableState().view(s).log] for s in range(3)]
    assert texts[0] == ["P1 plays AC", "P1 passes 2C 3C", "P3 draws a card"]
    assert texts[1] == ["P1 plays AC", "P1 passes you 2C 3C", "P3 draws a card"]
    assert texts[2] == ["P1 plays AC", "P1 passes 2 cards", "P3 draws JH"]


def test_public_fields_are_frozen_and_seats_are_seat_numbers() -> None:
    view = TableState().view(0)
    assert view.fact("passed_to") == (1, None, 0)
    assert isinstance(view.fact("leader"), SeatNumber) and str(view.fact("leader")) == "P3"
    assert isinstance(view.to_act, type(None)) and isinstance(view.seat, SeatNumber)
    with pytest.raises(KeyError, match="the public fields are passed_to, leader"):
        view.fact("stock")
    hash(view)  # frozen all the way down


@pytest.mark.parametrize("seat", range(3))
def test_determinize_deals_only_what_the_seat_cannot_see(seat: int) -> None:
    state = TableState()
    moved = False
    for n in range(20):
        other = state.determinize(seat, random.Random(n))
        assert other is not state and other.view(seat) == state.view(seat)
        assert Counter(other.all_cards()) == Counter(state.all_cards())
        assert other.hands[seat] == state.hands[seat]
        assert other.stock[0] == state.stock[0] and other.discard[-1] == state.discard[-1]
        assert other.trick == state.trick and [len(h) for h in other.hands] == [len(h) for h in state.hands]
        moved = moved or other.all_cards() != state.all_cards()
    assert state == TableState()  # the original is untouched
    assert moved


def test_determinize_keeps_passed_cards_their_receiver_saw() -> None:
    for n in range(10):
        other = TableState().determinize(1, random.Random(n))
        assert other.passed[0] == parse_cards("2C 3C")


def test_a_clone_sharing_a_zone_list_is_refused() -> None:
    class SharingState(TableState):
        fields = TableState.fields.extend(stock=SHARED)  # type: ignore[union-attr]

    with pytest.raises(TypeError, match="shares the list of zone 'stock'"):
        SharingState().determinize(0, random.Random(1))


def test_the_default_players_counts_the_lists_of_the_first_zone_every_seat_has() -> None:
    class Counted(TableState):
        players = GameState.players  # the default, not TableState's own

    class Nested(Counted):
        zones = (Zone("table.hands", ZoneKind.HAND, Visibility.OWNER, per_seat=True),)

        def __init__(self) -> None:
            super().__init__()
            self.table = type("Table", (), {"hands": [[], [], [], []]})()

    class Unseated(Counted):
        zones = (Zone("stock", ZoneKind.STOCK, Visibility.HIDDEN),)

    class Bare(Counted):
        zones = ()

    state = Counted()
    assert state.players == 3
    state.hands.append([])  # read from the state every time, not kept
    assert state.players == 4 and Nested().players == 4
    with pytest.raises(TypeError, match="Unseated has no zone every seat has, so it must write players"):
        _ = Unseated().players
    with pytest.raises(TypeError, match="Bare neither declares its zones nor writes players"):
        _ = Bare().players


def test_a_state_without_zones_must_write_its_view() -> None:
    class Bare(TableState):
        zones = ()

    with pytest.raises(TypeError, match="neither declares its zones nor writes view"):
        Bare().view(0)


@pytest.mark.parametrize(
    ("zone", "message"),
    [
        (lambda: Zone("hand", ZoneKind.HAND, Visibility.OWNER), "needs per_seat"),
        (lambda: Zone("pass", ZoneKind.PASSED, shared_with="to"), "shared_with and known need a zone seen"),
        (lambda: Zone("stock", ZoneKind.STOCK, Visibility.HIDDEN, known="seen"), "known need a zone seen"),
        (lambda: Zone("the stock", ZoneKind.STOCK), "'the stock' is not an attribute name"),
        (lambda: Zone("trick..cards", ZoneKind.TRICK), "is not an attribute name"),
        (lambda: Zone("stock", ZoneKind.STOCK, Visibility.HIDDEN, played_by="s"), "played_by needs a public"),
        (lambda: Zone("won", ZoneKind.TAKEN, per_seat=True, played_by="s"), "played_by needs a public"),
    ],
)
def test_a_declaration_that_means_nothing_is_refused(zone: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        zone()


def test_a_seat_number_reads_as_a_player() -> None:
    seat = SeatNumber(1)
    assert seat == 1 and ["a", "b"][seat] == "b" and f"{seat}" == "P2" and f"{seat:d}" == "1"
    assert seat_text(seat, ["Anna", "Boris"]) == "Boris" and seat_text(seat) == "P2"


@pytest.mark.parametrize("seat", [0, 2])
def test_cards_everyone_saw_go_into_a_hand_stay_known(seat: int) -> None:
    state = TableState()
    assert state.view(seat).zone("hands").faces[1] == tuple(parse_cards("KH"))
    for n in range(10):
        other = state.determinize(seat, random.Random(n))
        assert parse_card("KH") in other.hands[1] and other.view(seat) == state.view(seat)


class TrickState(TableState):
    """The same moment with the trick kept as a TrickInPlay, whose ``seats`` say who played each card."""

    fields = Fields(
        hands=NESTED, passed=NESTED, passed_to=SHALLOW, stock=SHALLOW, discard=SHALLOW, trick=SHARED,
        leader=SHARED, log=SHALLOW, shown=NESTED,
    )  # fmt: skip
    __slots__ = ()
    zones = (*TableState.zones[:-1], Zone("trick.cards", ZoneKind.TRICK, played_by="trick.seats"))

    def __init__(self) -> None:
        super().__init__()
        self.trick = TrickInPlay(2, 3, parse_cards("AC 5C"))  # P3 led AC, P1 followed with 5C


def test_a_trick_zone_says_who_played_each_card_on_the_table() -> None:
    from cardgames.core.zonetable import zone_tabletop

    state = TrickState()
    for seat in range(3):
        view = state.view(seat)
        assert next(z for z in view.zones if z.kind is ZoneKind.TRICK).played_by == (2, 0)
        table = zone_tabletop("Test", view, ("Anna", "Boris", "Vera"))
        trick = next(z for z in table.centre if z.kind is ZoneKind.TRICK)
        assert [(p.card, p.seat) for p in trick.cards] == [(parse_card("AC"), 2), (parse_card("5C"), 0)]


class MisplayedState(TrickState):
    """A broken declaration: its ``played_by`` names three seats for a trick of two cards."""

    __slots__ = ()
    zones = (*TableState.zones[:-1], Zone("trick.cards", ZoneKind.TRICK, played_by="passed_to"))


def test_a_played_by_that_does_not_match_its_cards_is_refused() -> None:
    with pytest.raises(ValueError, match="'passed_to' names 3 seats for 2 cards"):
        MisplayedState().view(0)
