"""The report for people (rich tables) and for tools (``--json``, ``--csv``)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

import rich.table
from attrs import frozen
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.markup import escape
from rich.measure import Measurement
from rich.text import Text

from cardgames.lab.arena import BotRow, Pair
from cardgames.lab.compare import Difference, differences_data
from cardgames.lab.intervals import Proportion
from cardgames.lab.summary import Row, Summary, row_data, summary_data
from cardgames.primitives.language import (
    N_,
    catalog,
    decimals,
    grouped,
    numbers_apart,
    percent,
    significant,
    translated,
)

_ = catalog("cardgames").gettext
NBSP = "\u00a0"
_STAND_IN = "\ue000"  # a private-use character: one cell wide, and no space to rich

# The rows' sections and labels are the --json and --csv keys: English here, translated where shown.
SECTIONS = {
    "seats": N_("seats"),
    "hands": N_("hands"),
    "length": N_("length"),
    "safeguards": N_("safeguards"),
    "statistics": N_("statistics"),
    "measures": N_("measures"),
}
LABELS = frozenset(
    {
        N_("first player wins"),
        N_("dealer wins the hand"),
        N_("dealer loses the hand"),
        N_("decisions per game"),
        N_("hands per game"),
        N_("hands ended by a safeguard"),
        N_("games stopped at the decision cap"),
        N_("lead changes"),
        N_("decisiveness"),
        N_("drama"),
    }
)
# a seat's wins and a game's statistic per game or per hand (summary.py writes the keys)
SEAT_WINS = N_("{seat} wins")
PER = {" per game": N_("{statistic} per game"), " per hand": N_("{statistic} per hand")}
QUANTILES = {"min": N_("min"), "median": N_("median"), "max": N_("max")}


def statistic_name(name: str, game: Any = None) -> str:
    """A statistic a game declares, in the language in force if the game's catalog has it."""
    return translated(type(game), name) if game is not None else name


def said(row: Row, game: Any = None) -> str:
    """A row's label as people read it, in the language in force (its key stays English)."""
    label = row.label
    if label in LABELS:
        return _(label)
    if row.section == "seats" and label.endswith(" wins"):
        return _(SEAT_WINS).format(seat=label.removesuffix(" wins"))
    for suffix, text in PER.items():
        if row.section == "statistics" and label.endswith(suffix):
            return _(text).format(statistic=statistic_name(label.removesuffix(suffix), game))
    return label


def _fmt(row: Row, value: float) -> str:
    """A row's value as the language in force writes it: a rate as a percentage, a mean to 3 digits."""
    if isinstance(row.estimate, Proportion):
        return percent(value)
    return significant(value) if abs(value) < 1000 else decimals(value, 0)


class Table(rich.table.Table):
    """A rich table whose lines break at a cell's spaces, never inside a number (``1 234``, ``58,8 %``).

    Rich breaks a line at a no-break space as at any space (Textualize/rich#4196); Russian groups
    thousands and sets its percent sign apart with one. A cell that has one is wrapped with a
    stand-in for it, then shown with it. A column's name is shown as written, never read as markup
    (``stima [intervallo al 95%]`` would lose its brackets).
    """

    def add_column(self, header: RenderableType = "", *args: Any, **options: Any) -> None:
        """A column whose name is text, not markup."""
        super().add_column(escape(header) if isinstance(header, str) else header, *args, **options)

    def add_row(self, *renderables: RenderableType | None, **options: Any) -> None:
        """A row; its text cells with a no-break space wrapped as one word around it."""
        cells = (_Unbroken(c) if isinstance(c, str) and NBSP in c else c for c in renderables)
        super().add_row(*cells, **options)


@frozen
class _Unbroken:
    """Rich markup shown with its no-break spaces kept: wrapped and measured with a stand-in for them."""

    markup: str

    def _text(self) -> Text:
        return Text.from_markup(self.markup.replace(NBSP, _STAND_IN))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self._text(), options):
            yield segment._replace(text=segment.text.replace(_STAND_IN, NBSP))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._text())


def _estimate(row: Row) -> str:
    lo, hi = row.estimate.interval()
    return f"{_fmt(row, row.value)} [{numbers_apart(_fmt(row, lo), _fmt(row, hi))}]"


def _n(row: Row) -> str:
    e = row.estimate
    return f"{grouped(e.hits)}/{grouped(e.n)}" if isinstance(e, Proportion) else grouped(e.n)


def summary_table(s: Summary, title: str, game: Any = None) -> Table:
    """One variant: every estimate with its 95% interval and, for rates, the fair value."""
    table = Table(title=title, title_justify="left")
    table.add_column("", style="dim")
    table.add_column(_("what"), style="bold")
    table.add_column(_("estimate [95% interval]"), justify="right")
    table.add_column("n", justify="right")
    table.add_column(_("fair"), justify="right")
    section = None
    for row in s.rows:
        if row.section == "statistics":
            continue
        fair = ""
        if row.expected is not None:
            fair = percent(row.expected) + (" [red]≠[/]" if s.marked(row) else "")
        shown = _(SECTIONS.get(row.section, row.section)) if row.section != section else ""
        table.add_row(shown, escape(said(row, game)), _estimate(row), _n(row), fair)
        section = row.section
    return table


def statistics_table(s: Summary, game: Any = None) -> Table | None:
    """The game's declared statistics, per game and per hand, or None if it declares none."""
    per_game = {
        r.label[: -len(" per game")]: r
        for r in s.rows
        if r.section == "statistics" and r.label.endswith(" per game")
    }
    if not per_game:
        return None
    per_hand = {
        r.label[: -len(" per hand")]: r
        for r in s.rows
        if r.section == "statistics" and r.label.endswith(" per hand")
    }
    table = Table(title=_("Declared by the game"), title_justify="left")
    table.add_column(_("statistic"), style="bold")
    table.add_column(_("per game [95% interval]"), justify="right")
    table.add_column(_("per hand [95% interval]"), justify="right")
    for name, row in per_game.items():
        hand = per_hand.get(name)
        table.add_row(
            escape(statistic_name(name, game)), _estimate(row), _estimate(hand) if hand is not None else ""
        )
    return table


def print_summary(console: Console, s: Summary, title: str, game: Any = None) -> None:
    """A variant's tables, its length distribution and its fairness verdict."""
    console.print(summary_table(s, title, game))
    if any(s.marked(r) for r in s.rows):
        console.print(
            _(
                "≠: the 95% interval leaves out the fair value; a seat is marked only when the fairness "
                "test (chi-square, below) also finds the seats unequal."
            ),
            highlight=False,
        )
    stats = statistics_table(s, game)
    if stats is not None:
        console.print(stats)
    print_distribution(console, s)


def print_distribution(console: Console, s: Summary) -> None:
    """The length distribution and the fairness verdict, one line each."""
    for said, dist in (
        (_("decisions per game: {parts}"), s.decisions),
        (_("hands per game: {parts}"), s.hands),
    ):
        q = dist.quantiles()
        if q:
            parts = numbers_apart(
                *(f"{_(QUANTILES[k]) if k in QUANTILES else k} {significant(v, 6)}" for k, v in q.items())
            )
            console.print(said.format(parts=parts), highlight=False)
    colour = "red" if s.fairness.unfair else "green"
    fairness = _("fairness:")
    console.print(f"[bold {colour}]{fairness}[/] {escape(s.fairness.verdict())}", highlight=False)


def vs_table(diffs: Sequence[Difference], a: str, b: str, game: Any = None) -> Table:
    """Both variants side by side, the change B - A and whether it is significant."""
    table = Table(title=f"A = {a}   B = {b}   " + _("(same seeds)"), title_justify="left")
    for name, justify in (
        (_("what"), "left"),
        ("A", "right"),
        ("B", "right"),
        ("B - A", "right"),
        ("p", "right"),
    ):
        table.add_column(name, justify=justify)
    table.add_column(_("significant"))
    for d in diffs:
        change = _fmt(d.a, d.change)
        if not change.startswith("-"):
            change = "+" + change
        table.add_row(
            escape(said(d.a, game)),
            _estimate(d.a),
            _estimate(d.b),
            change,
            significant(d.p_value),
            "[bold]" + _("yes") + "[/]" if d.significant else _("no"),
        )
    return table


def arena_tables(rows: Sequence[BotRow], pairs: Sequence[Pair]) -> tuple[Table, Table]:
    """The bots ranked by their wins above their fair share, and the pairwise comparisons."""
    ranking = Table(
        title=_("Bots by wins above their fair share"),
        title_justify="left",
        caption=_(
            "wins: games where the bot's seat is among the winners (in a game with one loser, "
            "everyone else wins); fair share: the winners per game divided by the seats; rating: "
            "openskill's mu - 3 sigma, the games rated in the plan's order (another order gives "
            "other ratings: the pairwise test does not depend on it)"
        ),
        caption_justify="left",
    )
    # what the rows are ranked by first: the wins and the fair share
    names = (_("bot"), _("wins [95% interval]"), _("fair share"), _("games"), _("rating"), "mu", "sigma")
    for i, name in enumerate(names):
        ranking.add_column(name, justify="right" if i else "left")
    for r in rows:
        lo, hi = r.wins.interval()
        wins = f"{percent(r.wins.rate)} [{numbers_apart(percent(lo), percent(hi))}]"
        ranking.add_row(
            escape(r.bot), wins, percent(r.fair),
            grouped(r.wins.n), decimals(r.ordinal, 2), decimals(r.mu, 2), decimals(r.sigma, 2),
        )  # fmt: skip
    pairwise = Table(title=_("Pairwise: who placed ahead in the games both played"), title_justify="left")
    columns = ("A", "B", _("A ahead"), _("B ahead"), _("level"), _("p (sign test)"), _("significant"))
    for i, name in enumerate(columns):
        pairwise.add_column(name, justify="left" if i in {0, 1, 6} else "right")
    for p in pairs:
        verdict = _("no")
        if p.significant:
            stronger = escape(p.a if p.a_ahead > p.b_ahead else p.b)
            verdict = "[bold]" + _("yes: {bot} is stronger").format(bot=stronger) + "[/]"
        pairwise.add_row(
            escape(p.a),
            escape(p.b),
            grouped(p.a_ahead),
            grouped(p.b_ahead),
            grouped(p.even),
            significant(p.p_value),
            verdict,
        )
    return ranking, pairwise


def simulation_json(
    summaries: Sequence[Summary], diffs: Sequence[Difference] | None, meta: dict[str, Any]
) -> dict[str, Any]:
    """Everything ``--json`` prints for ``simulate``."""
    data: dict[str, Any] = {**meta, "variants": [summary_data(s) for s in summaries]}
    if diffs is not None:
        data["differences"] = differences_data(list(diffs))
    return data


def arena_json(rows: Sequence[BotRow], pairs: Sequence[Pair], meta: dict[str, Any]) -> dict[str, Any]:
    """Everything ``--json`` prints for ``arena``."""
    return {
        **meta,
        "bots": [
            {
                "bot": r.bot,
                "rating": r.ordinal,
                "mu": r.mu,
                "sigma": r.sigma,
                "wins": r.wins.hits,
                "games": r.wins.n,
                "win_rate": r.wins.rate,
                "low": r.wins.interval()[0],
                "high": r.wins.interval()[1],
                "fair_share": r.fair,
                "above_fair_share": r.above_fair,  # what the bots are ranked by
            }
            for r in rows
        ],
        "pairs": [
            {
                "a": p.a,
                "b": p.b,
                "a_ahead": p.a_ahead,
                "b_ahead": p.b_ahead,
                "level": p.even,
                "p_value": p.p_value,
                "significant": p.significant,
            }
            for p in pairs
        ],
    }


def simulation_csv(summaries: Sequence[Summary], diffs: Sequence[Difference] | None) -> str:
    """One line per estimate (and per difference with ``--vs``)."""
    buf = io.StringIO()
    fields = ["variant", "section", "label", "value", "low", "high", "n", "hits", "sd", "fair", "off_fair"]
    writer = csv.DictWriter(buf, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for s in summaries:
        for row in s.rows:
            writer.writerow({"variant": s.label, **row_data(row, s.marked(row))})
    if diffs is not None:
        buf.write("\n")
        dw = csv.DictWriter(
            buf,
            fieldnames=["section", "label", "a", "b", "change", "p_value", "significant"],
            lineterminator="\n",
        )
        dw.writeheader()
        for d in differences_data(list(diffs)):
            dw.writerow(d)
    return buf.getvalue()


def arena_csv(rows: Sequence[BotRow], pairs: Sequence[Pair]) -> str:
    """The ranking, a blank line, then the pairs."""
    data = arena_json(rows, pairs, {})
    buf = io.StringIO()
    for i, key in enumerate(("bots", "pairs")):
        if i:
            buf.write("\n")
        items = data[key]
        if items:
            w = csv.DictWriter(buf, fieldnames=list(items[0]), lineterminator="\n")
            w.writeheader()
            w.writerows(items)
    return buf.getvalue()
