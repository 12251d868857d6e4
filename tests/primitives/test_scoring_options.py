"""Scoring ledgers (zero-sum chips, penalty points, rule P-9/P-10) and game options."""

from __future__ import annotations

import enum
from typing import Any, Literal

import pytest
from attrs import field, frozen
from hypothesis import given
from hypothesis import strategies as st

from cardgames.core.options import (
    convert_value,
    describe_type,
    in_range,
    make_options,
    one_of,
    options_as_dict,
    parse_overrides,
)
from cardgames.primitives.errors import OptionError
from cardgames.primitives.scoring import (
    ChipLedger,
    PenaltySheet,
    Transfer,
    balances,
    collect_from_each,
    pay_each,
    settle_penalties,
)

A, B, C, D = range(4)

# Chips


def test_transfers_are_zero_sum_per_seat() -> None:
    assert balances(4, pay_each(A, 4, 5)) == (-15, 5, 5, 5)
    assert balances(4, collect_from_each(C, 4, 5)) == (-5, -5, 15, -5)


def test_transfer_refuses_negative_amounts_and_self_payment() -> None:
    with pytest.raises(ValueError, match="negative"):
        Transfer(A, B, -1)
    with pytest.raises(ValueError, match="themself"):
        Transfer(A, A, 3)


def test_ledger_refuses_seats_outside_the_table_and_records_nothing() -> None:
    ledger = ChipLedger(3)
    with pytest.raises(ValueError, match=r"outside 0\.\.2"):
        ledger.record([Transfer(A, B, 1), Transfer(A, 3, 1)])
    assert ledger.transfers == []
    ledger.record(pay_each(B, 3, 5, "lost the last trick"))
    ledger.record(collect_from_each(A, 3, 5, "took all tricks"))
    assert ledger.balances() == (15, -15, 0)


@st.composite
def transfer_lists(draw: st.DrawFn) -> tuple[int, list[Transfer]]:
    players = draw(st.integers(2, 8))
    seat = st.integers(0, players - 1)
    pairs = draw(st.lists(st.tuples(seat, seat, st.integers(0, 500)), max_size=30))
    return players, [Transfer(p, q, n) for p, q, n in pairs if p != q]


@given(transfer_lists())
def test_balances_always_sum_to_zero(case: tuple[int, list[Transfer]]) -> None:
    players, ts = case
    ledger = ChipLedger(players)
    ledger.record(ts)
    assert sum(ledger.balances()) == 0
    assert ledger.balances() == balances(players, ts)


# Penalty points and settlement (rule P-10)


def test_the_p10_example() -> None:
    """A 5, B 2, C 3, D 3 at 5 chips a point: A pays B 15, C 10, D 10."""
    sheet = PenaltySheet(4, target=5)
    sheet.add([5, 2, 3, 3])
    assert sheet.finished()
    out = sheet.settle(unit=5)
    assert {(t.payer, t.payee, t.amount) for t in out} == {(A, B, 15), (A, C, 10), (A, D, 10)}
    assert balances(4, out) == (-35, 15, 10, 10)


def test_tie_at_the_end_losers_pay_those_below_and_nothing_between_them() -> None:
    """The P-10 decision: everyone at or above the target pays everyone below it."""
    out = settle_penalties([5, 6, 2, 4], target=5, unit=5)
    assert {(t.payer, t.payee, t.amount) for t in out} == {
        (A, C, 15),
        (A, D, 5),
        (B, C, 20),
        (B, D, 10),
    }
    assert not any({t.payer, t.payee} == {A, B} for t in out)


def test_equal_points_settle_nothing() -> None:
    assert settle_penalties([5, 5, 5], target=5, unit=5) == []
    assert settle_penalties([5, 2, 2], target=5, unit=3) == [
        Transfer(A, B, 9, "settlement"),
        Transfer(A, C, 9, "settlement"),
    ]


def test_a_zero_unit_settles_nothing_rather_than_zero_transfers() -> None:
    assert settle_penalties([5, 2, 3], target=5, unit=0) == []


def test_sheet_adds_deals_and_settles_only_when_finished() -> None:
    sheet = PenaltySheet(3, target=5)
    assert sheet.points == [0, 0, 0]
    sheet.add([2, 0, 0])  # the dealer took the last trick
    sheet.add([0, 1, 1])  # A took all tricks: everyone else scores 1
    assert sheet.points == [2, 1, 1]
    assert not sheet.finished()
    assert sheet.settle(5) == []
    with pytest.raises(ValueError, match="expected points for 3 seats"):
        sheet.add([1, 1])
    with pytest.raises(ValueError, match="negative"):
        sheet.add([-1, 0, 0])
    assert sheet.points == [2, 1, 1]


@given(
    points=st.lists(st.integers(0, 12), min_size=2, max_size=8),
    target=st.integers(1, 10),
    unit=st.integers(0, 10),
)
def test_settlement_is_zero_sum_and_only_losers_pay(points: list[int], target: int, unit: int) -> None:
    out = settle_penalties(points, target, unit)
    assert sum(balances(len(points), out)) == 0
    for t in out:
        assert points[t.payer] >= target > points[t.payee]
        assert t.amount == (points[t.payer] - points[t.payee]) * unit > 0
    if max(points) < target:
        assert out == []


# Options


class Mode(enum.Enum):
    WILD = "wild"
    DRAW5 = "draw5"


@frozen
class Opts:
    hand_size: int = field(default=5, validator=in_range(1, 20))
    strict: bool = True
    joker_mode: Mode = Mode.WILD
    scoring: Literal["hands", "cards"] = "hands"
    move_seconds: float | None = None
    penalty: int = field(default=2, validator=one_of(1, 2, 3))
    label: str = "x"


PRESETS: dict[str, dict[str, Any]] = {
    "classic": {"hand_size": 9},
    "scala40": {"hand_size": 5, "penalty": 3, "joker_mode": Mode.DRAW5},
    "texty": {"joker_mode": "draw5", "strict": "off"},
}


def test_defaults_preset_then_overrides() -> None:
    assert make_options(Opts) == Opts()
    assert make_options(Opts, PRESETS, "classic") == Opts(hand_size=9)
    assert make_options(Opts, PRESETS, "Scala40", {"hand_size": "7"}) == Opts(
        hand_size=7, penalty=3, joker_mode=Mode.DRAW5
    )
    assert make_options(Opts, PRESETS, "texty") == Opts(joker_mode=Mode.DRAW5, strict=False)


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"hand_size": " 7 "}, Opts(hand_size=7)),
        ({"hand-size": "7"}, Opts(hand_size=7)),
        ({"Hand_Size": "7"}, Opts(hand_size=7)),
        ({"strict": "no"}, Opts(strict=False)),
        ({"strict": "ON"}, Opts(strict=True)),
        ({"joker_mode": "DRAW5"}, Opts(joker_mode=Mode.DRAW5)),
        ({"joker_mode": "draw5"}, Opts(joker_mode=Mode.DRAW5)),
        ({"scoring": "Cards"}, Opts(scoring="cards")),
        ({"move_seconds": "7.5"}, Opts(move_seconds=7.5)),
        ({"move_seconds": "off"}, Opts(move_seconds=None)),
        ({"penalty": "3"}, Opts(penalty=3)),
        ({"label": "hello"}, Opts(label="hello")),
    ],
)
def test_overrides_from_strings(overrides: dict[str, str], expected: Opts) -> None:
    assert make_options(Opts, PRESETS, None, overrides) == expected


def test_unknown_option_suggests_the_closest() -> None:
    with pytest.raises(OptionError, match=r"unknown option 'hand_sise'; did you mean hand_size\?"):
        make_options(Opts, PRESETS, None, {"hand_sise": "3"})
    with pytest.raises(OptionError, match=r"known options: .*hand_size"):
        make_options(Opts, PRESETS, None, {"zzz": "3"})


def test_unknown_preset_suggests_the_closest() -> None:
    with pytest.raises(OptionError, match=r"unknown preset 'clasic'; did you mean classic\?"):
        make_options(Opts, PRESETS, "clasic")


@pytest.mark.parametrize(
    ("overrides", "fragment"),
    [
        ({"hand_size": "many"}, "option hand_size takes a whole number, not 'many'"),
        ({"hand_size": "0"}, "option hand_size must be from 1 to 20, not 0"),
        ({"hand_size": "21"}, "option hand_size must be from 1 to 20, not 21"),
        ({"strict": "maybe"}, "option strict is on or off"),
        ({"joker_mode": "tame"}, "option joker_mode must be one of wild | draw5, not 'tame'"),
        ({"scoring": "goals"}, "option scoring must be one of hands, cards, not 'goals'"),
        ({"move_seconds": "soon"}, "option move_seconds takes a number"),
        ({"move_seconds": "nan"}, "option move_seconds takes a finite number, not 'nan'"),
        ({"move_seconds": "inf"}, "option move_seconds takes a finite number, not 'inf'"),
        ({"penalty": "4"}, "option penalty must be one of 1, 2, 3, not 4"),
    ],
)
def test_bad_values_raise_option_error_naming_the_option(overrides: dict[str, str], fragment: str) -> None:
    with pytest.raises(OptionError) as info:
        make_options(Opts, PRESETS, None, overrides)
    assert fragment in str(info.value)


def test_a_preset_naming_an_unknown_option_is_refused() -> None:
    with pytest.raises(OptionError, match="preset 'bad' sets an unknown option 'nope'"):
        make_options(Opts, {"bad": {"nope": 1}}, "bad")


def test_parse_overrides() -> None:
    assert parse_overrides(["hand_size=7", " strict = off ", "label=a=b"]) == {
        "hand_size": "7",
        "strict": "off",
        "label": "a=b",
    }
    with pytest.raises(OptionError, match="must be written key=value"):
        parse_overrides(["hand_size"])
    with pytest.raises(OptionError, match="no name before"):
        parse_overrides(["=3"])


def test_options_as_dict_round_trips_through_make_options() -> None:
    opts = Opts(hand_size=9, strict=False, joker_mode=Mode.DRAW5, move_seconds=5.0, penalty=3)
    plain = options_as_dict(opts)
    assert plain["joker_mode"] == "draw5"
    assert make_options(Opts, overrides=plain) == opts


def test_describe_type() -> None:
    assert describe_type(int) == "int"
    assert describe_type(Mode) == "wild | draw5"
    assert describe_type(Literal["a", "b"]) == "a | b"
    assert describe_type(float | None) == "float | none"


def test_convert_value_refuses_bools_for_whole_numbers() -> None:
    with pytest.raises(OptionError):
        convert_value("n", int, True)
    assert convert_value("n", int, 3) == 3
    with pytest.raises(OptionError, match="cannot be set"):
        convert_value("n", list, "x")
