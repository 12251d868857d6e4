"""Scores after each hand, the final outcome, and the JSON result of a run."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from cardgames.core.record import Seat
from cardgames.core.state import HandResult, Outcome, public_log
from cardgames.core.table import Table
from cardgames.core.utility import Utility
from cardgames.play.logs import entry_text, keyboard, log_of, named, spoken_names
from cardgames.primitives.language import ENGLISH, N_, catalog, language

_ = catalog("cardgames").gettext


# The measures games declare (Game.utility), for the catalogs: shown translated where a catalog has them
MEASURES = (N_("score"), N_("chips"), N_("hands won"), N_("card points"), N_("points"))


def hand_table(
    seats: Sequence[Seat],
    results: Sequence[HandResult],
    hand: HandResult,
    *,
    ascii_only: bool = False,
    points_count: bool = True,
    names: Sequence[str] | None = None,
) -> RichTable:
    """One hand's points and chips for every seat, with the totals of the match so far.

    ``names``: the seats' names as people read them (default: as ``spoken_names`` says them).
    """
    upto = [r for r in results if r.number <= hand.number]
    names = spoken_names(seats) if names is None else names
    table = RichTable(box=box.ASCII if ascii_only else box.HEAVY_HEAD)
    table.add_column(_("player"))
    marked = bool(hand.winners or hand.losers)
    if marked:
        table.add_column(_("result"))
    # a game that keeps no points (or no chips) per hand gets no empty columns for them
    # card points that decide nothing under these options (a match of "first to 3 hands") are not shown
    points = points_count and any(any(r.points) for r in upto)
    chips = any(any(r.chips) for r in upto)
    if points:
        table.add_column(_("points"), justify="right")
        table.add_column(_("total points"), justify="right")
    if chips:
        table.add_column(_("chips"), justify="right")
        table.add_column(_("total chips"), justify="right")
    won = any(r.winners for r in upto)  # deals that are lost, seldom won: no column of zeros
    if won:
        table.add_column(_("hands won"), justify="right")
    for seat in range(len(seats)):
        row: list[str | Text] = [Text(names[seat])]
        if marked:
            row.append(_("winner") if seat in hand.winners else _("loser") if seat in hand.losers else "")
        if points:
            row += [str(hand.points[seat]), str(sum(r.points[seat] for r in upto))]
        if chips:
            row += [f"{hand.chips[seat]:+d}", f"{sum(r.chips[seat] for r in upto):+d}"]
        if won:
            row.append(str(sum(seat in r.winners for r in upto)))
        table.add_row(*row)
    return table


def outcome_table(
    seats: Sequence[Seat],
    outcome: Outcome,
    *,
    ascii_only: bool = False,
    utility: Utility | None = None,
    names: Sequence[str] | None = None,
) -> RichTable:
    """The final settlement: every seat's score in the game's declared measure, winners marked.

    ``utility`` is the game's declaration (``Game.utility``): chips are signed, a lowest-wins
    measure such as card points is shown as counted (20, not -20). Without one, scores that
    add up to zero are taken for chips and others for a plain score (``default_utility``).
    """
    if utility is None:
        utility = Utility("chips", chips=True, sum="zero") if sum(outcome.scores) == 0 else Utility()
    names = spoken_names(seats) if names is None else names
    table = RichTable(box=box.ASCII if ascii_only else box.HEAVY_HEAD)
    table.add_column(_("player"))
    table.add_column(_("result"))
    measure = _(utility.measure)  # the game's measure: translated where a catalog has it (chips, points)
    table.add_column(measure + (" " + _("(fewest best)") if utility.negated else ""), justify="right")
    low = min(outcome.scores, default=0)
    for seat in range(len(seats)):
        # in chips the one who pays most lost; other measures have winners only
        lost = utility.chips and low < 0 and outcome.scores[seat] == low
        won = _("winner") if seat in outcome.winners else _("loser") if lost else ""
        table.add_row(Text(names[seat]), won, utility.text(outcome.scores[seat]))
    return table


def _heading(text: str) -> Text:
    """A heading printed above a table (a table's own title wraps at the table's width)."""
    return Text(text[:1].upper() + text[1:], style="bold")


def show_hand(
    console: Console,
    seats: Sequence[Seat],
    results: Sequence[HandResult],
    hand: HandResult,
    *,
    ascii_only: bool = False,
    hand_word: str = "hand",
    points_count: bool = True,
    names: Sequence[str] | None = None,
    reader: int | None = None,
) -> None:
    """Print one hand's scores under its summary (a hand is a "deal" in games that say so).

    ``names``: as in :func:`hand_table`; ``reader``: the seat of the person reading, "you" in the summary.
    """
    title = named(seats, hand.summary, reader=reader)
    if language() != ENGLISH:  # the game names the hand in English ("hand 2: …"): the player's word instead
        title = re.sub(rf"^(hand|deal|round) {hand.number}\b:?\s*", "", title, flags=re.IGNORECASE)
    if not title.casefold().startswith(f"{hand_word} {hand.number}"):
        title = f"{hand_word} {hand.number}: {title}" if title else f"{hand_word} {hand.number}"
    console.print(_heading(title))
    table = hand_table(seats, results, hand, ascii_only=ascii_only, points_count=points_count, names=names)
    console.print(table)


def show_outcome(
    console: Console,
    seats: Sequence[Seat],
    outcome: Outcome,
    *,
    ascii_only: bool = False,
    utility: Utility | None = None,
    names: Sequence[str] | None = None,
    reader: int | None = None,
) -> None:
    """Print the final settlement under the outcome's summary (``utility``: the game's declaration;
    ``names``, ``reader``: as in :func:`show_hand`)."""
    summary = named(seats, outcome.summary, reader=reader)
    if not summary.casefold().startswith("game over"):
        summary = _("Game over: {summary}").format(summary=summary)
    console.print(_heading(summary))
    console.print(outcome_table(seats, outcome, ascii_only=ascii_only, utility=utility, names=names))


def run_result(table: Table) -> dict[str, Any]:
    """A finished (or stopped) run as JSON-ready data; the same seed and moves give the same data."""
    state = table.state
    outcome = state.outcome()
    deal = table.record.deal
    reader = keyboard(table.seats)
    # the seed and salt only once the game is over; before, the commitment to them
    secret: dict[str, Any] = {"seed": table.record.seed} if outcome is not None else {}
    if deal is not None:
        secret["commitment"] = deal.commitment
        if outcome is not None:
            secret["salt"] = deal.salt
    return {
        "game": table.game.id,
        "name": table.game.name,
        "rules_version": table.record.rules_version,
        "options": table.record.options,
        **secret,
        **({"position": table.record.position} if table.record.position else {}),
        "players": [{"seat": i, "name": s.name, "bot": s.bot} for i, s in enumerate(table.seats)],
        "moves": len(table.record.actions),
        "finished": outcome is not None,
        "hands": [
            {
                "number": h.number,
                "dealer": h.dealer,
                "winners": list(h.winners),
                "losers": list(h.losers),
                "points": list(h.points),
                "chips": list(h.chips),
                "summary": named(table.seats, h.summary, reader=reader),
            }
            for h in state.hand_results()
        ],
        # the log as every player and a spectator may read it (no seat's private texts), with names
        "log": [
            {"seat": e.seat, "text": entry_text(table.seats, e, public=True, reader=reader)}
            for e in public_log(log_of(state.view(0)) if state.players else ())
        ],
        "final": None
        if outcome is None
        else {
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
            "summary": named(table.seats, outcome.summary, reader=reader),
        },
    }
