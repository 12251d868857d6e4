"""The table as one player sees it, as a rich renderable."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from cardgames.games.posledniy.view import PosledniyView
from cardgames.primitives.cards import Card, card_markup
from cardgames.primitives.language import catalog
from cardgames.primitives.naming import seat_name, you_mark

_ = catalog("cardgames.games.posledniy").gettext
ngettext = catalog("cardgames.games.posledniy").ngettext


def seat_label(view: PosledniyView, seat: int, names: Sequence[str] | None = None) -> str:
    """P1 … with 'you' and the dealer marked."""
    label = seat_name(seat, names) + you_mark(seat, view.seat, names)
    if seat == view.dealer:
        label += " " + _("dealer")
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
        return _("The game is over.")
    mine = view.to_act == view.seat
    who = seat_name(view.to_act or 0, names)
    if view.phase == "exchange":
        snos = "snos" if ascii_only else "снос"
        if view.must_pass:
            left = seat_name((view.seat + 1) % view.players, names)
            return ngettext(
                "Exchange ({snos}): pass {n} card face down to your left, to {name}.",
                "Exchange ({snos}): pass {n} cards face down to your left, to {name}.",
                view.must_pass,
            ).format(snos=snos, n=view.must_pass, name=left)
        if mine:
            return _("Exchange ({snos}): you to pass.").format(snos=snos)
        return _("Exchange ({snos}): {name} to pass.").format(snos=snos, name=who)
    number = len(view.tricks) + 1
    if not view.trick:
        if mine:
            return _("Trick {number} of 8: you to lead.").format(number=number)
        return _("Trick {number} of 8: {name} to lead.").format(number=number, name=who)
    if mine:
        return _("Trick {number} of 8: you to play.").format(number=number)
    return _("Trick {number} of 8: {name} to play.").format(number=number, name=who)


def render_view(
    view: PosledniyView,
    *,
    ascii_only: bool = False,
    names: Sequence[str] | None = None,
    playable: frozenset[Card] = frozenset(),
) -> Group:
    """Scores and tricks per seat, the trick on the table, the exchange, the hand (the log is the CLI's)."""
    name = "Posledniy" if ascii_only else "Последний"
    if view.deals:
        title = _("{game}, deal {deal} of {deals}").format(game=name, deal=view.deal, deals=view.deals)
    else:
        title = _("{game}, deal {deal}").format(game=name, deal=view.deal)
    seats = Table(title=title, expand=False, box=box.ASCII if ascii_only else box.HEAVY_HEAD)
    seats.add_column(_("seat"))
    seats.add_column(_("cards"), justify="right")
    seats.add_column(_("tricks"), justify="right")
    if view.scoring == "points":
        seats.add_column(_("points (to {n})").format(n=view.target), justify="right")
    # a points game settles in chips only at its end: no column of +0 until then
    chips = view.scoring == "chips" or view.phase == "over"
    if chips:
        seats.add_column(_("chips"), justify="right")
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
            on_table = _("On the table: {seat} leads: {cards}").format(
                seat=f"P{view.leader + 1}", cards=", ".join(plays)
            )
            lines.append(Text.from_markup(on_table))
        elif view.leader == view.seat:
            lines.append(Text.from_markup(_("On the table: nothing yet; you lead")))
        else:
            nothing = _("On the table: nothing yet; {name} leads").format(name=seat_name(view.leader, names))
            lines.append(Text.from_markup(nothing))
    if view.tricks:  # every trick of this deal, not just the last (seat labels: the names are above)
        lines.append(Text(_("Tricks of this deal:")))
    for number, trick in enumerate(view.tricks, 1):
        text = _("{number}. {leader} led {cards}; {winner} took it").format(
            number=number,
            leader=f"P{trick.leader + 1}",
            cards=_cards(trick.cards, ascii_only),
            winner=f"P{trick.winner + 1}",
        )
        lines.append(Text.from_markup("  " + text))
    if view.passed or view.received:
        ex = []
        if view.passed:
            ex.append(
                _("you passed {cards} to {seat}").format(
                    cards=_cards(view.passed, ascii_only), seat=f"P{(view.passed_to or 0) + 1}"
                )
            )
        if view.received:
            ex.append(
                _("you received {cards} from {seat}").format(
                    cards=_cards(view.received, ascii_only), seat=f"P{(view.received_from or 0) + 1}"
                )
            )
        lines.append(Text.from_markup(_("Exchange: {what}").format(what="; ".join(ex))))
    every = _legend(view, playable)
    hand = numbered_hand(view, ascii_only, frozenset() if every else playable) or "-"
    lines.append(Text.from_markup(_hand_line(view, playable, every).format(cards=hand)))
    return Group(seats, *lines)


def _legend(view: PosledniyView, playable: frozenset[Card]) -> bool:
    """Whether every card is marked (then none is starred); in the exchange nothing is played."""
    return view.phase == "exchange" or (bool(view.hand) and all(c in playable for c in view.hand))


def _hand_line(view: PosledniyView, playable: frozenset[Card], every: bool) -> str:
    """The hand line with what its marks mean, a ``{cards}`` placeholder for the cards."""
    if view.phase == "exchange":
        return (
            _("Your hand (choose the cards to pass): {cards}") if view.must_pass else _("Your hand: {cards}")
        )
    if every:
        return _("Your hand (any card can be played): {cards}")
    return _("Your hand (* can be played now): {cards}") if playable else _("Your hand: {cards}")
