"""What many games say: fairness per seat, length, safeguard endings, declared statistics, measures.

A summary is a list of rows, each an estimate (a proportion or a mean) with its 95%
interval, plus the fairness verdict and the length distributions. ``--vs`` compares two
summaries row by row; the report prints them; ``--json`` writes them as data.
"""

from __future__ import annotations

import statistics as pystats
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from cardgames.core.game import SAFEGUARD_ENDINGS
from cardgames.lab.intervals import Mean, Proportion, chi_square_uniform
from cardgames.lab.result import GameResult
from cardgames.primitives.language import FRAMEWORK, significant

_ = FRAMEWORK.gettext

ALPHA = 0.05


@frozen
class Row:
    """One estimate: its section, its label, the estimate and, for a rate, the fair value."""

    section: str
    label: str
    estimate: Proportion | Mean
    expected: float | None = None
    seat: bool = False  # a seat's own win rate: judged with every seat at once (Fairness)

    @property
    def value(self) -> float:
        """The point estimate."""
        e = self.estimate
        return e.rate if isinstance(e, Proportion) else e.mean

    @property
    def off_fair(self) -> bool:
        """Whether a rate's 95% interval (the one shown) leaves out its fair value."""
        if self.expected is None or not isinstance(self.estimate, Proportion):
            return False
        low, high = self.estimate.interval()
        return not low <= self.expected <= high


@frozen
class Fairness:
    """The chi-square test that every seat wins equally often (games with one winner)."""

    sole_wins: tuple[int, ...]
    statistic: float
    df: int
    p_value: float
    mixed: bool = False  # different bots at the seats: the test then compares bots as much as seats

    @property
    def unfair(self) -> bool:
        """Whether the seats' wins differ significantly (5%)."""
        return self.p_value < ALPHA

    def verdict(self) -> str:
        """In words."""
        if sum(self.sole_wins) == 0:
            return _("no game had a single winner: fairness cannot be judged")
        p = significant(self.p_value)
        if self.unfair:
            best = max(range(len(self.sole_wins)), key=lambda s: self.sole_wins[s])
            said = _("unfair: the seats do not win equally often (chi-square p = {p}); {seat} wins most")
            caveat = (
                _(" (the seats have different bots, so this compares the bots too)") if self.mixed else ""
            )
            return said.format(p=p, seat=f"P{best + 1}") + caveat
        return _("no evidence of unfairness between seats (chi-square p = {p})").format(p=p)


@frozen
class Distribution:
    """Quantiles of a count per game (decisions, hands) and the values for a histogram."""

    values: tuple[int, ...]

    def quantiles(self) -> dict[str, float]:
        """min, 10%, median, 90%, max."""
        v = sorted(self.values)
        if not v:
            return {}
        cut = pystats.quantiles(v, n=10, method="inclusive") if len(v) > 1 else [float(v[0])] * 9
        return {"min": v[0], "p10": cut[0], "median": cut[4], "p90": cut[8], "max": v[-1]}


@frozen
class Summary:
    """Everything reported about one variant."""

    label: str
    games: int
    players: int
    lineups: tuple[tuple[str, ...], ...]
    rows: tuple[Row, ...]
    fairness: Fairness
    decisions: Distribution
    hands: Distribution

    def marked(self, row: Row) -> bool:
        """Whether the report marks ``row`` ≠ (docs/simulation.md#the-fair-mark): its interval leaves out
        the fair value and, for a seat's wins, the chi-square test finds the seats unequal too, so
        that the marks and the fairness verdict never disagree."""
        return row.off_fair and (not row.seat or self.fairness.unfair)

    def row(self, section: str, label: str) -> Row | None:
        """The row with this section and label, if any."""
        return next((r for r in self.rows if r.section == section and r.label == label), None)


def seat_label(seat: int, lineups: Sequence[Sequence[str]]) -> str:
    """``P1 (heuristic)`` when the seat always has the same bot, else ``P1``."""
    bots = {lu[seat] for lu in lineups}
    return f"P{seat + 1} ({next(iter(bots))})" if len(bots) == 1 else f"P{seat + 1}"


def summarise(results: Sequence[GameResult], players: int, label: str = "") -> Summary:
    """The summary of finished games (capped games count only as safeguard endings)."""
    finished = [g for g in results if not g.capped]
    n = len(finished)
    lineups = tuple(sorted({g.lineup for g in results})) or ((),)
    share = sum(len(g.winners) for g in finished) / (n * players) if n else None
    rows: list[Row] = []
    for s in range(players):
        wins = sum(1 for g in finished if s in g.winners)
        rows.append(Row("seats", f"{seat_label(s, lineups)} wins", Proportion(wins, n), share, seat=True))
    first = sum(1 for g in finished if g.first in g.winners)
    rows.append(Row("seats", "first player wins", Proportion(first, n), share))
    hands = [h for g in finished for h in g.hands]
    if any(h.winners for h in hands):
        fair = sum(len(h.winners) for h in hands) / (len(hands) * players)
        won = sum(1 for h in hands if h.dealer in h.winners)
        rows.append(Row("hands", "dealer wins the hand", Proportion(won, len(hands)), fair))
    if any(h.losers for h in hands):
        fair = sum(len(h.losers) for h in hands) / (len(hands) * players)
        lost = sum(1 for h in hands if h.dealer in h.losers)
        rows.append(Row("hands", "dealer loses the hand", Proportion(lost, len(hands)), fair))
    rows.append(Row("length", "decisions per game", Mean.of([g.decisions for g in finished], floor=0.0)))
    rows.append(Row("length", "hands per game", Mean.of([len(g.hands) for g in finished], floor=0.0)))
    all_hands = sum(len(g.hands) for g in results)
    stopped = int(sum(g.stats.get(SAFEGUARD_ENDINGS, 0.0) for g in results))
    rows.append(Row("safeguards", "hands ended by a safeguard", Proportion(stopped, all_hands)))
    capped = sum(1 for g in results if g.capped)
    rows.append(Row("safeguards", "games stopped at the decision cap", Proportion(capped, len(results))))
    names: dict[str, None] = {}
    for g in finished:
        names.update(dict.fromkeys(k for k in g.stats if k != SAFEGUARD_ENDINGS))
    for name in names:
        rows.append(
            Row(
                "statistics",
                f"{name} per game",
                # Game.statistics are counts
                Mean.of([g.stats.get(name, 0.0) for g in finished], floor=0.0),
            )
        )
    if hands:
        for name in names:
            total = sum(g.stats.get(name, 0.0) for g in finished)
            per_hand = [g.stats.get(name, 0.0) / len(g.hands) for g in finished if g.hands]
            rows.append(Row("statistics", f"{name} per hand", _ratio(total, len(hands), per_hand)))
    for what, values, ceiling in (  # a count of changes; two shares (lab.measures)
        ("lead changes", [g.lead_changes for g in finished], None),
        ("decisiveness", [g.decisiveness for g in finished], 1.0),
        ("drama", [g.drama for g in finished], 1.0),
    ):
        known = [float(v) for v in values if v is not None]
        if known:
            rows.append(Row("measures", what, Mean.of(known, floor=0.0, ceiling=ceiling)))
    sole = [0] * players
    for g in finished:
        if len(g.winners) == 1:
            sole[g.winners[0]] += 1
    stat, df, p = chi_square_uniform(sole)
    return Summary(
        label=label,
        games=len(results),
        players=players,
        lineups=lineups,
        rows=tuple(rows),
        fairness=Fairness(tuple(sole), stat, df, p, mixed=any(len(set(lu)) > 1 for lu in lineups)),
        decisions=Distribution(tuple(g.decisions for g in finished)),
        hands=Distribution(tuple(len(g.hands) for g in finished)),
    )


def _ratio(total: float, hands: int, per_game: list[float]) -> Mean:
    """A per-hand rate as a mean: the pooled rate, with the spread of the games' own rates."""
    spread = Mean.of(per_game)
    return Mean(spread.n, total / hands if hands else 0.0, spread.sd, floor=0.0)


def row_data(row: Row, marked: bool = False) -> dict[str, Any]:
    """A row as plain data."""
    lo, hi = row.estimate.interval()
    data: dict[str, Any] = {
        "section": row.section,
        "label": row.label,
        "value": row.value,
        "low": lo,
        "high": hi,
    }
    if isinstance(row.estimate, Proportion):
        data |= {"hits": row.estimate.hits, "n": row.estimate.n}
    else:
        data |= {"n": row.estimate.n, "sd": row.estimate.sd}
    if row.expected is not None:
        data |= {"fair": row.expected, "off_fair": marked}
    return data


def summary_data(s: Summary) -> dict[str, Any]:
    """A summary as plain data (``--json``)."""
    return {
        "label": s.label,
        "games": s.games,
        "players": s.players,
        "lineups": [list(x) for x in s.lineups],
        "fairness": {
            "unfair": s.fairness.unfair,
            "sole_wins": list(s.fairness.sole_wins),
            "chi_square": s.fairness.statistic,
            "df": s.fairness.df,
            "p_value": s.fairness.p_value,
            "verdict": s.fairness.verdict(),
        },
        "decisions": s.decisions.quantiles(),
        "hands": s.hands.quantiles(),
        "rows": [row_data(r, s.marked(r)) for r in s.rows],
    }
