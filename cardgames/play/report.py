"""Scores after each hand, the final outcome, and the JSON result of a run."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from cardgames.engine import Table
from cardgames.game import HandResult, Outcome
from cardgames.record import Seat


def hand_table(seats: Sequence[Seat], results: Sequence[HandResult], hand: HandResult) -> RichTable:
    """One hand's points and chips for every seat, with the totals of the match so far."""
    upto = [r for r in results if r.number <= hand.number]
    title = hand.summary
    if not title.casefold().startswith(f"hand {hand.number}"):
        title = f"Hand {hand.number}: {title}"
    table = RichTable(title=Text(title[:1].upper() + title[1:]), title_justify="left")
    table.add_column("player")
    # a game that keeps no points (or no chips) per hand gets no empty columns for them
    points = any(any(r.points) for r in upto)
    chips = any(any(r.chips) for r in upto)
    if points:
        table.add_column("points", justify="right")
        table.add_column("total points", justify="right")
    if chips:
        table.add_column("chips", justify="right")
        table.add_column("total chips", justify="right")
    table.add_column("hands won", justify="right")
    for seat, who in enumerate(seats):
        mark = " (won)" if seat in hand.winners else " (lost)" if seat in hand.losers else ""
        row: list[str | Text] = [Text(who.name + mark)]
        if points:
            row += [str(hand.points[seat]), str(sum(r.points[seat] for r in upto))]
        if chips:
            row += [f"{hand.chips[seat]:+d}", f"{sum(r.chips[seat] for r in upto):+d}"]
        row.append(str(sum(seat in r.winners for r in upto)))
        table.add_row(*row)
    return table


def outcome_table(seats: Sequence[Seat], outcome: Outcome) -> RichTable:
    """The final settlement: every seat's chips, winners marked."""
    table = RichTable(title=Text(f"Game over: {outcome.summary}"), title_justify="left")
    table.add_column("player")
    table.add_column("result")
    table.add_column("chips", justify="right")
    for seat, who in enumerate(seats):
        won = "winner" if seat in outcome.winners else ""
        table.add_row(Text(who.name), won, f"{outcome.scores[seat]:+d}")
    return table


def show_hand(
    console: Console, seats: Sequence[Seat], results: Sequence[HandResult], hand: HandResult
) -> None:
    """Print one hand's scores."""
    console.print(hand_table(seats, results, hand))


def show_outcome(console: Console, seats: Sequence[Seat], outcome: Outcome) -> None:
    """Print the final settlement."""
    console.print(outcome_table(seats, outcome))


def run_result(table: Table) -> dict[str, Any]:
    """A finished (or stopped) run as JSON-ready data; the same seed and moves give the same data."""
    state = table.state
    outcome = state.outcome()
    return {
        "game": table.game.id,
        "name": table.game.name,
        "rules_version": table.record.rules_version,
        "options": table.record.options,
        "seed": table.record.seed,
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
                "summary": h.summary,
            }
            for h in state.hand_results()
        ],
        "final": None
        if outcome is None
        else {"winners": list(outcome.winners), "scores": list(outcome.scores), "summary": outcome.summary},
    }
