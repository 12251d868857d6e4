"""The Dernier table as a rich renderable, seen by one player."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardgames.cards import Card, Suit, card_markup
from games.dernier.view import DernierView


def _suit(s: Suit, ascii_only: bool) -> str:
    text = s.english if ascii_only else f"{s.glyph} {s.english}"
    return f"[bold red]{text}[/]" if s.is_red else f"[bold]{text}[/]"


def _card(c: Card, ascii_only: bool) -> str:
    return card_markup(c, ascii_only=ascii_only)


def _matches(c: Card, view: DernierView) -> bool:
    """Whether a drawn card may be played on the top (D-6, D-7)."""
    return c.rank is None or c.suit is view.suit_in_force or c.rank is view.rank_in_force


def render_view(view: DernierView, *, ascii_only: bool = False) -> Group:
    """The table: piles, suit in force, direction, penalty, players, numbered hand; no log."""
    arrow = "clockwise" if view.direction > 0 else "counter-clockwise"
    if not ascii_only:
        arrow = ("↻ " if view.direction > 0 else "↺ ") + arrow
    top = _card(view.top, ascii_only)
    if view.stands_for is not None:
        top += f" standing for {_card(view.stands_for, ascii_only)}"
    lines = [
        f"Hand {view.hand_number}, dealer P{view.dealer + 1}, play goes {arrow}",
        f"Discard: {top}   suit in force: {_suit(view.suit_in_force, ascii_only)}"
        f"   stock: {view.stock_size} cards",
    ]
    if view.pending_penalty:
        if view.penalty_kind == "ace":
            answer = "an ace or a joker" if view.joker_mode == "draw5" else "an ace"
        else:
            answer = "a joker"
        lines.append(f"[bold yellow]Pending penalty: draw {view.pending_penalty}, or answer with {answer}[/]")
    if view.offered is not None:
        offered = _card(view.offered, ascii_only)
        if view.offered in view.hand:
            lines.append(f"[bold cyan]Anticipo? You hold {offered} too: 'anticipo' or 'no'[/]")
        else:  # everyone is asked, so that silence shows nothing (D-20)
            lines.append(f"[bold cyan]Anticipo on {offered}? You hold none: 'no'[/]")
    if view.drawn is not None:
        if _matches(view.drawn, view):
            lines.append(f"You drew {_card(view.drawn, ascii_only)}: play it or 'pass'")
        else:
            lines.append(f"You drew {_card(view.drawn, ascii_only)}, which does not match: 'pass'")
    players = Table(box=None, show_header=True, pad_edge=False)
    players.add_column("  seat")
    players.add_column("cards", justify="right")
    # what wins the match, as Последний's table says "points (to 5)"
    if view.scoring == "hands":
        players.add_column(f"hands won (of {view.hands_to_win})", justify="right")
    else:
        players.add_column(f"points (to {view.target_points})", justify="right")
    calls = 1 in view.card_counts  # a column for the "Dernier!" mark only when someone has one card
    if calls:
        players.add_column("")
    for p in range(view.players):
        name = f"P{p + 1}" + (" (you)" if p == view.seat else "")
        mark = ("> " if ascii_only else "▶ ") if p == view.to_act else "  "  # names stay in line
        last = "[bold]Dernier![/] (one card left)" if view.card_counts[p] == 1 else ""
        score = view.hands_won[p] if view.scoring == "hands" else view.points[p]
        players.add_row(mark + name, str(view.card_counts[p]), str(score), *([last] if calls else []))
    hand = "  ".join(f"{i}:{_card(c, ascii_only)}" for i, c in enumerate(view.hand, 1)) or "(empty)"
    return Group(
        Panel("\n".join(lines), title="Dernier", expand=False, box=box.ASCII if ascii_only else box.ROUNDED),
        players,
        Text.from_markup(f"Your hand: {hand}"),
    )
