"""The table as one player sees it, as a rich renderable."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from cardgames.games.posledniy.view import PosledniyView
from cardgames.primitives.cards import Card, card_markup
from cardgames.primitives.naming import seat_name, you_mark


def seat_label(view: PosledniyView, seat: int, names: Sequence[str] | None = None) -> str:
    """P1 … with 'you' and the dealer marked."""
    label = seat_name(seat, names) + you_mark(seat, view.seat, names)
    if seat == view.dealer:
        label += " dealer"
    return label


def _cards(cards: tuple[Card, ...], ascii_only: bool) -> str:
    return " ".join(card_markup(c, ascii_only=ascii_only) for c in cards) or "-"


def numbered_hand(
    view: PosledniyView, ascii_only: bool = False, playable: frozenset[Card] = frozenset()
) -> str:
    """The sorted hand with the numbers a player may type (1-based), playable cards marked with *."""
    return "  ".join(
        f"[dim]{i}[/]:{card_markup(c, ascii_only=ascii_only)}{'*' if c in playable else ''}"
        for i, c in enumerate(view.hand, 1)
    )


def _status(view: PosledniyView, ascii_only: bool = False, names: Sequence[str] | None = None) -> str:
    if view.phase == "over":
        return "The game is over."
    who = "You" if view.to_act == view.seat else seat_name(view.to_act or 0, names)
    if view.phase == "exchange":
        snos = "snos" if ascii_only else "снос"
        if view.must_pass:
            left = seat_name((view.seat + 1) % view.players, names)
            cards = f"{view.must_pass} card{'s' * (view.must_pass != 1)}"
            return f"Exchange ({snos}): pass {cards} face down to your left, to {left}."
        return f"Exchange ({snos}): {who} to pass."
    verb = "lead" if not view.trick else "play"
    return f"Trick {len(view.tricks) + 1} of 8: {who} to {verb}."


def render_view(
    view: PosledniyView,
    *,
    ascii_only: bool = False,
    names: Sequence[str] | None = None,
    playable: frozenset[Card] = frozenset(),
) -> Group:
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
    # a points game settles in chips only at its end: no column of +0 until then
    chips = view.scoring == "chips" or view.phase == "over"
    if chips:
        seats.add_column("chips", justify="right")
    for s in range(view.players):
        row = [seat_label(view, s, names), str(view.hand_sizes[s]), str(view.taken[s])]
        if view.scoring == "points":
            row.append(str(view.points[s]))
        if chips:
            row.append(f"{view.chips[s]:+d}")
        style = "bold" if s == view.to_act else None
        seats.add_row(*row, style=style)
    lines = [Text.from_markup(_status(view, ascii_only, names))]
    if view.leader is not None:
        plays = [
            f"P{(view.leader + k) % view.players + 1} {card_markup(c, ascii_only=ascii_only)}"
            for k, c in enumerate(view.trick)
        ]
        if plays:
            lines.append(Text.from_markup(f"On the table: P{view.leader + 1} leads: " + ", ".join(plays)))
        else:
            who = "you lead" if view.leader == view.seat else f"{seat_name(view.leader, names)} leads"
            lines.append(Text.from_markup(f"On the table: nothing yet; {who}"))
    if view.tricks:  # every trick of this deal, not just the last (seat labels: the names are above)
        lines.append(Text("Tricks of this deal:"))
    for number, trick in enumerate(view.tricks, 1):
        lines.append(
            Text.from_markup(
                f"  {number}. P{trick.leader + 1} led {_cards(trick.cards, ascii_only)}; "
                f"P{trick.winner + 1} took it"
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
    legend, every = _legend(view, playable)
    hand = numbered_hand(view, ascii_only, frozenset() if every else playable) or "-"
    lines.append(Text.from_markup(f"Your hand{legend}: {hand}"))
    return Group(seats, *lines)


def _legend(view: PosledniyView, playable: frozenset[Card]) -> tuple[str, bool]:
    """What the marks of the hand line mean, and whether every card is marked (then none is starred).

    In the exchange nothing is played: the cards are chosen to pass.
    """
    if view.phase == "exchange":
        return (" (choose the cards to pass)" if view.must_pass else ""), True
    every = bool(view.hand) and all(c in playable for c in view.hand)
    return (" (any card can be played)" if every else " (* can be played now)" if playable else ""), every
