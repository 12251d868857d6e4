"""The public record of a game of Последний: compact events, put into words only when a view reads them.

A play is logged at every move, so events are small tuples (kind, seat, value, …) kept in
the state's ``EventLog``; events that happen once a game are stored as ``LogEntry`` directly.
The tricks are read back from the record (``deal_tricks``, for the statistics) and written
into it for a position set up by hand (``log_trick``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardgames.core.state import LogEntry, PrivateText
from cardgames.primitives.cards import CARDS, format_card
from cardgames.primitives.seating import SeatDraw, describe_draw

if TYPE_CHECKING:
    from cardgames.games.posledniy.state import PosledniyState

TRICKS = 8  # every player ends the exchange with eight cards (P-5)
HAND = 7  # cards dealt to each player (P-4)

PLAYED, WON, PASSED, DEALT, LOST_CHIPS, SWEEP_CHIPS, LOST_POINTS, SWEEP_POINTS = range(1, 9)
# PLAYS[seat][card]: the event of a play, built once (one is logged at every play)
PLAYS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((PLAYED, seat, c) for c in range(52)) for seat in range(4)
)


def seat_name(seat: int) -> str:
    """How seats are called in words: P1, P2, … (seat 0 is P1)."""
    return f"P{seat + 1}"


def card_text(index: int) -> str:
    """A card index as short text with its suit glyph: 10♥."""
    return format_card(CARDS[index], glyphs=True)


_EVENT_TEXT: dict[tuple[int, ...], LogEntry] = {}


def entry(event: Any) -> LogEntry | PrivateText:
    """One event in words: the same text for everyone, or a pass its giver and receiver read in full."""
    if type(event) is LogEntry:
        return event
    if event[0] == PASSED:  # a pass face down: its giver and receiver read the cards (P-5, I-1)
        _, giver, count, cards, receiver = event
        public = _event_text(PASSED, giver, count)
        private = f"passes {' '.join(card_text(c) for c in cards)} face down to the left"
        return PrivateText(giver, public, ((giver, private), (receiver, private)))
    words = _EVENT_TEXT.get(event)
    if words is None:
        words = _EVENT_TEXT[event] = LogEntry(event[1], _event_text(*event))
    return words


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _event_text(kind: int, seat: int, value: int, extra: int = 0) -> str:
    if kind == PLAYED:
        return f"plays {card_text(value)}"
    if kind == WON:
        return "takes the last trick" if value == TRICKS else f"takes trick {value}"
    if kind == PASSED:
        return f"passes {_plural(value, 'card')} face down to the left"
    if kind == DEALT:
        return f"deals for deal {value}: {HAND} cards to each player, and keeps the {extra} left over"
    # "takes the last trick" comes just before "loses the deal", so the loss does not repeat it
    lost, swept = "loses the deal", "took all eight tricks and wins the deal"
    if kind == LOST_CHIPS:
        return f"{lost}: pays {_plural(value, 'chip')} to each player (P-8, P-9)"
    if kind == SWEEP_CHIPS:
        return f"{swept}: collects {_plural(value, 'chip')} from each player (P-8, P-9)"
    if kind == LOST_POINTS:
        return f"{lost}: {_plural(value, 'penalty point')}{' as the dealer' * extra} (P-8, P-10)"
    return f"{swept}: every other player scores 1 penalty point (P-8, P-10)"


def draw_text(draw: SeatDraw) -> str:
    """The seat draw in the log (P-3): seats are named after it, so the ace's drawer is P1."""
    return describe_draw(draw, [seat_name(s) for s in range(len(draw.drawn))])


def deal_tricks(state: PosledniyState) -> list[tuple[tuple[int, tuple[int, ...], int], ...]]:
    """The tricks of every finished deal, each (leader, cards in order of play, taker), from the log."""
    out: list[tuple[tuple[int, tuple[int, ...], int], ...]] = []
    deal: list[tuple[int, tuple[int, ...], int]] = []
    cards: list[int] = []
    leader = -1
    for event in state.events.records():
        if type(event) is not tuple:
            continue
        if event[0] == PLAYED:
            if not cards:
                leader = event[1]
            cards.append(event[2])
        elif event[0] == WON:
            deal.append((leader, tuple(cards), event[1]))
            cards = []
            if len(deal) == TRICKS:
                out.append(tuple(deal))
                deal = []
    return out


def log_trick(state: PosledniyState, leader: int, cards: Sequence[int], winner: int | None) -> None:
    """Log the plays of a trick (and who took it, if it is finished), for a position set up by hand."""
    for k, c in enumerate(cards):
        state.events.append(PLAYS[(leader + k) % state.n][c])
    if winner is not None:
        state.events.append((WON, winner, len(state.tricks)))
