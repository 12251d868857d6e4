"""The table as one player sees it, as a rich renderable."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from cardgames.cards import Card, card_markup
from games.posledniy.view import PosledniyView


def seat_label(view: PosledniyView, seat: int) -> str:
    """P1 … with 'you' and the dealer marked."""
    label = f"P{seat + 1}"
    if seat == view.seat:
        label += " (you)"
    if seat == view.dealer:
        label += " dealer"
    return label


def _cards(cards: tuple[Card, ...], ascii_only: bool) -> str:
    return " ".join(card_markup(c, ascii_only=ascii_only) for c in cards) or "-"


def numbered_hand(view: PosledniyView, ascii_only: bool = False) -> str:
    """The sorted hand with the numbers a player may type (1-based)."""
    return "  ".join(
        f"[dim]{i}[/]:{card_markup(c, ascii_only=ascii_only)}" for i, c in enumerate(view.hand, 1)
    )


def _status(view: PosledniyView, ascii_only: bool = False) -> str:
    if view.phase == "over":
        return "The game is over."
    who = "You" if view.to_act == view.seat else f"P{(view.to_act or 0) + 1}"
    if view.phase == "exchange":
        snos = "snos" if ascii_only else "снос"
        if view.must_pass:
            left = f"P{(view.seat + 1) % view.players + 1}"
            cards = f"{view.must_pass} card{'s' * (view.must_pass != 1)}"
            return f"Exchange ({snos}): pass {cards} face down to your left, to {left}."
        return f"Exchange ({snos}): {who} to pass."
    verb = "lead" if not view.trick else "play"
    return f"Trick {len(view.tricks) + 1} of 8: {who} to {verb}."


def render_view(view: PosledniyView, *, ascii_only: bool = False) -> Group:
    """Scores and tricks per seat, the trick on the table, the exchange, the hand (the log is the CLI's)."""
    title = f"Последний, deal {view.deal}" + (f" of {view.deals}" if view.deals else "")
    if ascii_only:
        title = f"Posledniy, deal {view.deal}" + (f" of {view.deals}" if view.deals else "")
    seats = Table(title=title, expand=False, box=box.ASCII if ascii_only else box.HEAVY_HEAD)
    seats.add_column("seat")
    seats.add_column("cards", justify="right")
    seats.add_column("tricks", justify="right")
    if view.scoring == "points":
        seats.add_column(f"points (to {view.target})", justify="right")
    seats.add_column("chips", justify="right")
    for s in range(view.players):
        row = [seat_label(view, s), str(view.hand_sizes[s]), str(view.taken[s])]
        if view.scoring == "points":
            row.append(str(view.points[s]))
        row.append(f"{view.chips[s]:+d}")
        style = "bold" if s == view.to_act else None
        seats.add_row(*row, style=style)
    lines = [Text.from_markup(_status(view, ascii_only))]
    if view.leader is not None:
        plays = [
            f"P{(view.leader + k) % view.players + 1} {card_markup(c, ascii_only=ascii_only)}"
            for k, c in enumerate(view.trick)
        ]
        if plays:
            lines.append(Text.from_markup(f"On the table: P{view.leader + 1} leads: " + ", ".join(plays)))
        else:
            who = "you lead" if view.leader == view.seat else f"P{view.leader + 1} leads"
            lines.append(Text.from_markup(f"On the table: nothing yet; {who}"))
    if view.tricks:
        last = view.tricks[-1]
        lines.append(
            Text.from_markup(
                f"Last trick: P{last.leader + 1} led {_cards(last.cards, ascii_only)}, "
                f"P{last.winner + 1} took it"
            )
        )
    if view.passed or view.received:
        ex = []
        if view.passed:
            ex.append(f"you passed {_cards(view.passed, ascii_only)} to P{(view.passed_to or 0) + 1}")
        if view.received:
            ex.append(
                f"you received {_cards(view.received, ascii_only)} from P{(view.received_from or 0) + 1}"
            )
        lines.append(Text.from_markup("Exchange: " + "; ".join(ex)))
    lines.append(Text.from_markup("Your hand: " + (numbered_hand(view, ascii_only) or "-")))
    return Group(seats, *lines)
