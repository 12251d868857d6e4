"""The Dernier table as a rich renderable, seen by one player."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardgames.games.dernier.view import DernierView
from cardgames.primitives.cards import Card, Suit, card_markup, with_article
from cardgames.primitives.language import catalog, language
from cardgames.primitives.naming import seat_name, you_mark

if TYPE_CHECKING:
    from rich.console import Group

_ = catalog("cardgames.games.dernier").gettext
ngettext = catalog("cardgames.games.dernier").ngettext


_PLAYS = re.compile(r"^P(\d+) plays ")


def _suit(s: Suit, ascii_only: bool) -> str:
    text = s.spoken if ascii_only else f"{s.glyph} {s.spoken}"
    return f"[bold red]{text}[/]" if s.is_red else f"[bold]{text}[/]"


def _card(c: Card, ascii_only: bool) -> str:
    return card_markup(c, ascii_only=ascii_only)


def played_by(view: DernierView) -> int | None:
    """The seat that played the top card, read from the public log (None for the starter)."""
    for entry in reversed(view.log):
        if _PLAYS.match(entry.text) and entry.seat is not None:
            return entry.seat
        if entry.text.startswith(("the starter is", "hand ")):
            return None
    return None


def _matches(c: Card, view: DernierView) -> bool:
    """Whether a drawn card may be played on the top (D-6, D-7)."""
    return c.rank is None or c.suit is view.suit_in_force or c.rank is view.rank_in_force


def _to_match(view: DernierView, ascii_only: bool) -> str:
    """What the next card must be, or the penalty pending, at a glance."""
    if view.pending_penalty:
        if view.penalty_kind == "ace":
            answer = _("an ace or a joker") if view.joker_mode == "draw5" else _("an ace")
        else:
            answer = _("a joker")
        text = _("Pending penalty: draw {n}, or answer with {answer}").format(
            n=view.pending_penalty, answer=answer
        )
        return f"[bold yellow]{text}[/]"
    rank = view.rank_in_force
    suit = _suit(view.suit_in_force, ascii_only)
    if rank is None:
        return _("To play: {suit}, a joker; or draw").format(suit=suit)
    if language() == "en":  # English puts an article before the rank: a queen, an 8
        return f"To play: {suit} or {with_article(rank.english)}, a joker; or draw"
    return _("To play: {suit} or any {rank}, a joker; or draw").format(suit=suit, rank=rank.spoken)


def _hand(view: DernierView, ascii_only: bool, playable: frozenset[Card]) -> str:
    marks = ["*" if c in playable else "" for c in view.hand]
    cards = [
        f"{i}:{_card(c, ascii_only)}{m}" for i, (c, m) in enumerate(zip(view.hand, marks, strict=True), 1)
    ]
    return "  ".join(cards) or _("(empty)")


def _arrow(view: DernierView, ascii_only: bool) -> str:
    arrow = _("clockwise") if view.direction > 0 else _("counter-clockwise")
    return arrow if ascii_only else ("↻ " if view.direction > 0 else "↺ ") + arrow


def _top(view: DernierView, ascii_only: bool, names: Sequence[str] | None) -> str:
    """The discard's top card, what a joker stands for, and who played it."""
    top = _card(view.top, ascii_only)
    if view.stands_for is not None:
        top += " " + _("standing for {card}").format(card=_card(view.stands_for, ascii_only))
    by = played_by(view)
    return top + (
        " " + _("(the starter)")
        if by is None
        else ", " + _("played by {name}").format(name=seat_name(by, names))
    )


def _questions(view: DernierView, ascii_only: bool) -> list[str]:
    """An anticipo offer and a drawn card waiting for play or pass."""
    lines = []
    if view.offered is not None:
        offered = _card(view.offered, ascii_only)
        if view.offered in view.hand:
            lines.append(
                "[bold cyan]"
                + _("Anticipo? You hold {card} too: 'anticipo' or 'no'").format(card=offered)
                + "[/]"
            )
        else:  # everyone is asked, so that silence shows nothing (D-20)
            lines.append(
                "[bold cyan]" + _("Anticipo on {card}? You hold none: 'no'").format(card=offered) + "[/]"
            )
    if view.drawn is not None:
        drawn = _card(view.drawn, ascii_only)
        if _matches(view.drawn, view):
            lines.append(_("You drew {card}: play it or 'pass'").format(card=drawn))
        else:
            lines.append(_("You drew {card}, which does not match: 'pass'").format(card=drawn))
    return lines


def _turn(view: DernierView, ascii_only: bool, names: Sequence[str] | None) -> str:
    if view.offered is not None:  # asked out of turn (everyone is asked, holder or not: D-20)
        return "[bold]" + _("Your decision, out of turn:") + "[/] " + _("the anticipo offer above")
    if view.drawn is not None:
        return "[bold]" + _("Your turn.") + "[/] " + _("The card you drew, above: play it or pass")
    if view.to_act == view.seat:
        return "[bold]" + _("Your turn.") + "[/] " + _to_match(view, ascii_only)
    if view.to_act is not None:
        return (
            _("{name} to play.").format(name=seat_name(view.to_act, names))
            + " "
            + _to_match(view, ascii_only)
        )
    return _("The match is over.")


def _hand_line(view: DernierView, ascii_only: bool, playable: frozenset[Card]) -> str:
    every = bool(view.hand) and all(c in playable for c in view.hand)
    cards = _hand(view, ascii_only, frozenset() if every else playable)
    if every:
        return _("Your hand (any card can be played): {cards}").format(cards=cards)
    if playable:
        return _("Your hand (* can be played now): {cards}").format(cards=cards)
    return _("Your hand: {cards}").format(cards=cards)


def render_view(
    view: DernierView,
    *,
    ascii_only: bool = False,
    names: Sequence[str] | None = None,
    playable: frozenset[Card] = frozenset(),
) -> Group:
    """The table: piles, suit in force, direction, who moves, players, numbered hand; no log."""
    # rich only where a table is drawn: an unattended game prints none (start-up)
    from rich import box
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    dealer = seat_name(view.dealer, names)
    stock = ngettext("stock: {n} card", "stock: {n} cards", view.stock_size).format(n=view.stock_size)
    lines = [
        _("Hand {hand}, dealer {dealer}, play goes {way}").format(
            hand=view.hand_number, dealer=dealer, way=_arrow(view, ascii_only)
        ),
        _("Discard: {top}").format(top=_top(view, ascii_only, names)),
        _("Suit in force: {suit}").format(suit=_suit(view.suit_in_force, ascii_only)) + "   " + stock,
        *_questions(view, ascii_only),
    ]
    players = Table(box=None, show_header=True, pad_edge=False)
    players.add_column("  " + _("seat"))
    players.add_column(_("cards"), justify="right")
    # what wins the match, as Последний's table says "points (to 5)"
    if view.scoring == "hands":
        players.add_column(_("hands won (of {n})").format(n=view.hands_to_win), justify="right")
    else:
        players.add_column(_("points (to {n})").format(n=view.target_points), justify="right")
    calls = 1 in view.card_counts  # a column for the "Dernier!" mark only when someone has one card
    if calls:
        players.add_column("")
    for p in range(view.players):
        name = seat_name(p, names) + you_mark(p, view.seat, names)
        mark = ("> " if ascii_only else "▶ ") if p == view.to_act else "  "  # names stay in line
        last = "[bold]Dernier![/] " + _("(one card left)") if view.card_counts[p] == 1 else ""
        score = view.hands_won[p] if view.scoring == "hands" else view.points[p]
        players.add_row(mark + name, str(view.card_counts[p]), str(score), *([last] if calls else []))
    return Group(
        Panel("\n".join(lines), title="Dernier", expand=False, box=box.ASCII if ascii_only else box.ROUNDED),
        players,
        Text.from_markup(_turn(view, ascii_only, names)),
        Text.from_markup(_hand_line(view, ascii_only, playable)),
    )
