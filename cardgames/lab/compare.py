"""``--vs``: two variants played on the same seeds, compared row by row.

A rate is compared with the two-proportion z test, a mean with Welch's test; since a
report looks at many rows at once, a difference is called significant only when it
survives Holm's correction over all compared rows at the 5% level.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from cardgames.lab.intervals import Mean, Proportion, holm, two_proportions, welch
from cardgames.lab.summary import Row, Summary

ALPHA = 0.05


@frozen
class Difference:
    """One row of both variants: the two estimates, the difference B - A and its test."""

    section: str
    label: str
    a: Row
    b: Row
    p_value: float
    significant: bool

    @property
    def change(self) -> float:
        """B minus A."""
        return self.b.value - self.a.value


def _p(a: Row, b: Row) -> float:
    if isinstance(a.estimate, Proportion) and isinstance(b.estimate, Proportion):
        return two_proportions(a.estimate, b.estimate)
    if isinstance(a.estimate, Mean) and isinstance(b.estimate, Mean):
        return welch(a.estimate, b.estimate)
    return 1.0


def _key(row: Row) -> tuple[str, str]:
    # seats are compared by position: with other bots the labels differ, the seats do not
    label = row.label
    if row.section == "seats" and label.startswith("P") and " (" in label:
        label = label.split(" (", 1)[0] + " wins"
    return (row.section, label)


def compare(a: Summary, b: Summary) -> list[Difference]:
    """The rows both summaries have, with p-values and Holm-corrected significance."""
    rows_b = {_key(r): r for r in b.rows}
    pairs = [(ra, rows_b[_key(ra)]) for ra in a.rows if _key(ra) in rows_b]
    p_values = [_p(ra, rb) for ra, rb in pairs]
    marks = holm(p_values, ALPHA)
    return [
        Difference(*_key(ra), ra, rb, p, sig) for (ra, rb), p, sig in zip(pairs, p_values, marks, strict=True)
    ]


def differences_data(diffs: list[Difference]) -> list[dict[str, Any]]:
    """Differences as plain data."""
    return [
        {
            "section": d.section,
            "label": d.label,
            "a": d.a.value,
            "b": d.b.value,
            "change": d.change,
            "p_value": d.p_value,
            "significant": d.significant,
        }
        for d in diffs
    ]
