"""Estimates with 95% intervals and the significance tests of the simulation lab.

Pure functions on counts, with no dependency beyond the standard library: Wilson score
intervals for proportions, t intervals for means, two-sample tests for ``--vs``, the
chi-square test of fairness, the exact sign test of the arena and Holm's correction for
looking at many differences at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from attrs import frozen

Z95 = 1.959963984540054  # the two-sided 95% point of the standard normal


@frozen
class Proportion:
    """``hits`` out of ``n``: a rate with its Wilson score interval."""

    hits: int
    n: int

    @property
    def rate(self) -> float:
        """The observed rate (0 when there is nothing to count)."""
        return self.hits / self.n if self.n else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval."""
        return wilson(self.hits, self.n)


@frozen
class Mean:
    """The mean of ``n`` values with their sample standard deviation."""

    n: int
    mean: float
    sd: float
    floor: float | None = None
    """The least value the quantity can take (0 for a count), which the interval never crosses."""
    ceiling: float | None = None
    """The greatest value it can take (1 for a share), which the interval never crosses either."""

    @classmethod
    def of(cls, values: Sequence[float], floor: float | None = None, ceiling: float | None = None) -> Mean:
        """The mean and standard deviation of ``values``, of a quantity within ``floor`` and ``ceiling``."""
        n = len(values)
        if n == 0:
            return cls(0, 0.0, 0.0, floor, ceiling)
        mean = math.fsum(values) / n
        var = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        return cls(n, mean, math.sqrt(var), floor, ceiling)

    def interval(self) -> tuple[float, float]:
        """The 95% t interval of the mean (the mean itself for fewer than two values).

        A small sample of a count (say 0, 0, 0 and 8 ace chains) gives a t interval reaching
        below zero; it is cut at ``floor`` (and at ``ceiling`` above), since no mean of the
        quantity can lie beyond.
        """
        if self.n < 2:
            return (self.mean, self.mean)
        half = t95(self.n - 1) * self.sd / math.sqrt(self.n)
        low, high = self.mean - half, self.mean + half
        if self.floor is not None:
            low = max(self.floor, low)
        if self.ceiling is not None:
            high = min(self.ceiling, high)
        return (low, high)


def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) when n is 0."""
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # rounding may put an end a hair beyond the rate itself (0 of n); the interval holds it
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def t95(df: int) -> float:
    """The two-sided 95% point of Student's t with ``df`` degrees of freedom.

    Exact table values up to 30, then the Cornish-Fisher expansion about the normal
    (error below 1e-4 from there on).
    """
    if df < 1:
        raise ValueError("t95 needs at least one degree of freedom")
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def normal_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportions(a: Proportion, b: Proportion) -> float:
    """The two-sided p-value of the pooled z test that two rates are equal (1 if it cannot tell)."""
    if a.n == 0 or b.n == 0:
        return 1.0
    pooled = (a.hits + b.hits) / (a.n + b.n)
    se = math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n))
    if se == 0:
        return 1.0
    return normal_two_sided((a.rate - b.rate) / se)


def one_proportion(a: Proportion, expected: float) -> float:
    """The two-sided p-value of the z test that a rate equals ``expected``."""
    if a.n == 0 or not 0 < expected < 1:
        return 1.0
    se = math.sqrt(expected * (1 - expected) / a.n)
    return normal_two_sided((a.rate - expected) / se)


def welch(a: Mean, b: Mean) -> float:
    """The two-sided p-value of Welch's test that two means are equal (normal reference).

    The normal reference is what simulations need (hundreds of games or more); with fewer
    than two values on a side, or no spread at all, it says 1 unless the means differ.
    """
    if a.n < 2 or b.n < 2:
        return 1.0
    se = math.sqrt(a.sd**2 / a.n + b.sd**2 / b.n)
    if se == 0:
        return 1.0 if a.mean == b.mean else 0.0
    return normal_two_sided((a.mean - b.mean) / se)


def chi_square_uniform(counts: Sequence[int]) -> tuple[float, int, float]:
    """(statistic, degrees of freedom, p-value) of the chi-square test that counts are equal."""
    total = sum(counts)
    k = len(counts)
    if k < 2 or total == 0:
        return (0.0, max(k - 1, 0), 1.0)
    expected = total / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return (stat, k - 1, chi_square_sf(stat, k - 1))


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square X with ``df`` degrees of freedom."""
    if x <= 0:
        return 1.0
    return _upper_gamma(df / 2, x / 2)


def _upper_gamma(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) (series or continued fraction)."""
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # the series for P converges fast here
        term = total = 1.0 / a
        k = a
        for _ in range(10_000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Lentz's continued fraction for Q
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def sign_test(wins: int, losses: int) -> float:
    """The exact two-sided binomial p-value of ``wins`` against ``losses`` (ties left out)."""
    n = wins + losses
    if n == 0:
        return 1.0
    low = min(wins, losses)
    # P(X <= low) for X ~ Binomial(n, 1/2), summed in logs so that large n does not overflow
    log_half = n * math.log(0.5)
    tail = math.fsum(
        math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + log_half)
        for k in range(low + 1)
    )
    return min(1.0, 2 * tail)


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Which of several p-values are significant at ``alpha`` overall (Holm-Bonferroni)."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    m = len(p_values)
    out = [False] * m
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (m - rank):
            break
        out[i] = True
    return out
