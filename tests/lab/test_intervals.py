"""The lab's estimates and tests against values from published tables."""

from __future__ import annotations

import math

import pytest

from cardgames.lab.intervals import (
    Mean,
    Proportion,
    chi_square_sf,
    chi_square_uniform,
    holm,
    one_proportion,
    sign_test,
    t95,
    two_proportions,
    welch,
    wilson,
)


@pytest.mark.parametrize(
    ("hits", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),  # Wilson (1927) / Newcombe (1998) table values
        (5, 10, 0.2366, 0.7634),
        (81, 263, 0.2553, 0.3662),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_interval_matches_published_values(hits: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(hits, n)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)
    assert lo <= hits / n <= hi


def test_an_empty_proportion_says_nothing() -> None:
    assert Proportion(0, 0).interval() == (0.0, 1.0)
    assert Proportion(0, 0).rate == 0.0


@pytest.mark.parametrize(
    ("df", "t"), [(1, 12.706), (10, 2.228), (30, 2.042), (40, 2.021), (60, 2.000), (120, 1.980)]
)
def test_t_quantiles_match_the_table(df: int, t: float) -> None:
    assert t95(df) == pytest.approx(t, abs=1.5e-3)


def test_mean_interval_is_the_t_interval() -> None:
    m = Mean.of([1.0, 2.0, 3.0, 4.0])
    assert m.mean == 2.5
    assert m.sd == pytest.approx(math.sqrt(5 / 3))
    lo, hi = m.interval()
    assert hi - 2.5 == pytest.approx(3.182 * m.sd / 2, rel=1e-3)
    assert lo == pytest.approx(5 - hi)
    assert Mean.of([7.0]).interval() == (7.0, 7.0)


@pytest.mark.parametrize(
    ("x", "df", "p"),
    [
        (3.841, 1, 0.05),
        (5.991, 2, 0.05),
        (11.070, 5, 0.05),
        (6.635, 1, 0.01),
        (30.578, 15, 0.01),
        (0.1, 3, 0.9918),
    ],
)
def test_chi_square_tail_matches_the_table(x: float, df: int, p: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(p, abs=2e-4)


def test_chi_square_of_equal_counts_is_not_significant_and_of_one_sided_counts_is() -> None:
    assert chi_square_uniform([25, 25, 25, 25])[2] == pytest.approx(1.0)
    assert chi_square_uniform([100, 0, 0, 0])[2] < 1e-10
    assert chi_square_uniform([0, 0]) == (0.0, 1, 1.0)


def test_sign_test_is_the_exact_binomial() -> None:
    assert sign_test(9, 1) == pytest.approx(0.021484375)  # 2 * 11 / 1024
    assert sign_test(5, 5) == 1.0
    assert sign_test(0, 0) == 1.0
    assert sign_test(600, 400) < 1e-9


def test_two_sample_tests_tell_equal_from_different() -> None:
    assert two_proportions(Proportion(50, 100), Proportion(50, 100)) == pytest.approx(1.0)
    assert two_proportions(Proportion(80, 100), Proportion(20, 100)) < 1e-12
    assert one_proportion(Proportion(50, 100), 0.5) == pytest.approx(1.0)
    assert one_proportion(Proportion(70, 100), 0.5) == pytest.approx(math.erfc(4 / math.sqrt(2)))
    same = Mean(100, 10.0, 2.0)
    assert welch(same, same) == pytest.approx(1.0)
    assert welch(same, Mean(100, 11.0, 2.0)) == pytest.approx(math.erfc(1 / (math.sqrt(0.08) * math.sqrt(2))))


def test_holm_rejects_in_order_and_stops_at_the_first_survivor() -> None:
    assert holm([0.01, 0.04, 0.03, 0.005]) == [True, False, False, True]
    assert holm([0.001, 0.001]) == [True, True]
    assert holm([]) == []


def test_the_interval_of_a_count_never_reaches_below_zero() -> None:
    # four games with 0, 0, 0 and 8 ace chains: the plain t interval starts near -6.7
    plain = Mean.of([0, 0, 0, 8])
    assert plain.interval()[0] < 0
    count = Mean.of([0, 0, 0, 8], floor=0.0)
    assert count.interval() == (0.0, plain.interval()[1])
    assert Mean.of([3, 4, 5], floor=0.0).interval() == Mean.of([3, 4, 5]).interval()


def test_the_interval_of_a_share_stays_within_zero_and_one() -> None:
    # three games' decisiveness: the plain t interval (t95(2) is 4.3) runs far past both ends
    plain = Mean.of([1 / 3, 1.0, 0.0])
    low, high = plain.interval()
    assert low < 0 and high > 1
    assert Mean.of([1 / 3, 1.0, 0.0], floor=0.0, ceiling=1.0).interval() == (0.0, 1.0)
    assert Mean.of([0.4, 0.5, 0.6], floor=0.0, ceiling=1.0).interval() == Mean.of([0.4, 0.5, 0.6]).interval()
