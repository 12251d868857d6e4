"""The public record of a game of Последний: compact events, said in the reader's language when read.

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
from cardgames.primitives.language import N_, N_plural, catalog
from cardgames.primitives.said import Said, said
from cardgames.primitives.seating import SeatDraw, draw_said

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


POSLEDNIY = catalog("cardgames.games.posledniy")

PLAYS_CARD = N_("plays {card}")
TAKES_LAST = N_("takes the last trick")
TAKES = N_("takes trick {number}")
PASSES = N_plural("passes 1 card face down to the left", "passes {count} cards face down to the left")
PASSES_CARDS = N_("passes {cards} face down to the left")
DEALS = N_plural(
    "deals for deal {number}: {hand} cards to each player, and keeps the {count} left over",
    "deals for deal {number}: {hand} cards to each player, and keeps the {count} left over",
)
# "takes the last trick" comes just before "loses the deal", so the loss does not repeat it
PAYS = N_plural(
    "loses the deal: pays 1 chip to each player (P-8, P-9)",
    "loses the deal: pays {count} chips to each player (P-8, P-9)",
)
COLLECTS = N_plural(
    "took all eight tricks and wins the deal: collects 1 chip from each player (P-8, P-9)",
    "took all eight tricks and wins the deal: collects {count} chips from each player (P-8, P-9)",
)
SCORES = N_plural(
    "loses the deal: 1 penalty point (P-8, P-10)", "loses the deal: {count} penalty points (P-8, P-10)"
)
SCORES_DEALER = N_plural(
    "loses the deal: 1 penalty point as the dealer (P-8, P-10)",
    "loses the deal: {count} penalty points as the dealer (P-8, P-10)",
)
OTHERS_SCORE = N_(
    "took all eight tricks and wins the deal: every other player scores 1 penalty point (P-8, P-10)"
)
LOSSES = (PAYS, SCORES, SCORES_DEALER)
SWEEPS = (COLLECTS, OTHERS_SCORE)
# The same, said to the player the entry is about (Said.to_you): "You play 10♥"
YOU: dict[str | tuple[str, str], str | tuple[str, str]] = {
    PLAYS_CARD: N_("You play {card}"),
    TAKES_LAST: N_("You take the last trick"),
    TAKES: N_("You take trick {number}"),
    PASSES: N_plural("You pass 1 card face down to the left", "You pass {count} cards face down to the left"),
    PASSES_CARDS: N_("You pass {cards} face down to the left"),
    DEALS: N_plural(
        "You deal for deal {number}: {hand} cards to each player, and keep the {count} left over",
        "You deal for deal {number}: {hand} cards to each player, and keep the {count} left over",
    ),
    PAYS: N_plural(
        "You lose the deal: you pay 1 chip to each player (P-8, P-9)",
        "You lose the deal: you pay {count} chips to each player (P-8, P-9)",
    ),
    COLLECTS: N_plural(
        "You took all eight tricks and win the deal: you collect 1 chip from each player (P-8, P-9)",
        "You took all eight tricks and win the deal: you collect {count} chips from each player (P-8, P-9)",
    ),
    SCORES: N_plural(
        "You lose the deal: 1 penalty point (P-8, P-10)",
        "You lose the deal: {count} penalty points (P-8, P-10)",
    ),
    SCORES_DEALER: N_plural(
        "You lose the deal: 1 penalty point as the dealer (P-8, P-10)",
        "You lose the deal: {count} penalty points as the dealer (P-8, P-10)",
    ),
    OTHERS_SCORE: N_(
        "You took all eight tricks and win the deal: every other player scores 1 penalty point (P-8, P-10)"
    ),
}

_EVENT_TEXT: dict[tuple[int, ...], LogEntry] = {}


def say(message: str | tuple[str, str], **values: Any) -> Said:
    """A message of Последний's catalog with its values (seats, cards, counts), and its second-person
    form where it has one (``YOU``: the entry's seat reads "You play 10♥")."""
    text = said(POSLEDNIY, message, **values)
    yours = YOU.get(message)
    return text if yours is None else text.to_you(yours)


def entry(event: Any) -> LogEntry | PrivateText:
    """One event as an entry: the same for everyone, or a pass its giver and receiver read in full."""
    if type(event) is LogEntry:
        return event
    if event[0] == PASSED:  # a pass face down: its giver and receiver read the cards (P-5, I-1)
        _, giver, count, cards, receiver = event
        private = say(PASSES_CARDS, cards=tuple(CARDS[c] for c in cards))
        return PrivateText(giver, say(PASSES, count=count), ((giver, private), (receiver, private)))
    words = _EVENT_TEXT.get(event)
    if words is None:  # the same play by the same seat is one entry for every game
        words = _EVENT_TEXT[event] = LogEntry(event[1], _event_said(*event))
    return words


def _event_said(kind: int, seat: int, value: int, extra: int = 0) -> Said:
    if kind == PLAYED:
        return say(PLAYS_CARD, card=CARDS[value])
    if kind == WON:
        return say(TAKES_LAST) if value == TRICKS else say(TAKES, number=value)
    if kind == DEALT:
        return say(DEALS, number=value, hand=HAND, count=extra)
    if kind == LOST_CHIPS:
        return say(PAYS, count=value)
    if kind == SWEEP_CHIPS:
        return say(COLLECTS, count=value)
    if kind == LOST_POINTS:
        return say(SCORES_DEALER if extra else SCORES, count=value)
    return say(OTHERS_SCORE)


def is_message(entry: LogEntry, *messages: str | tuple[str, str]) -> bool:
    """Whether ``entry`` says one of ``messages`` (the keys above)."""
    return entry.said.message in messages


def draw_entry(draw: SeatDraw) -> LogEntry:
    """The seat draw in the log (P-3): seats are named after it, so the ace's drawer is P1."""
    return LogEntry(None, draw_said(draw))


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
