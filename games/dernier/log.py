"""The Dernier log in words: the engine keeps compact records and a view writes them out."""

from __future__ import annotations

from typing import Any

from cardgames.core.state import LogEntry, PrivateText
from cardgames.primitives.cards import CARDS, Suit, format_card

# Records written by one template: {who} is the acting seat, {2} and {3} the record's fields.
TEMPLATES = {
    "deal": "hand {2}: {who} deals",
    "anticipo": "{who} calls Anticipo!",
    "forgot": "{who} forgot to call Dernier! and draws {2}",
    "seven": "{who} draws {2} for the seven",
    "nodraw": "{who} cannot draw (no cards left) and passes",
    "take": "{who} takes the penalty of {2} and draws {3}",
    "pass": "{who} keeps the card drawn and passes",
    "slow": "{who} ran out of time: draws {2} and loses the turn",
    "stop": "the hand stops after {2} decisions; {who} has the fewest card points",
    "win": "{who} wins hand {2}",
}


def describe(index: int) -> str:
    """A card index in short notation: '7H', 'JOKER'."""
    return format_card(CARDS[index])


def _p(seat: int | None) -> str:
    return f"P{(seat or 0) + 1}"


def log_entry(raw: tuple[Any, ...]) -> LogEntry | PrivateText:
    """Write one raw log record in words (a turn's draw names the card to the drawer only)."""
    kind, seat = raw[0], raw[1]
    who = _p(seat)
    if kind == "draw":
        return PrivateText(seat, f"{who} draws a card", ((seat, f"{who} draws {describe(raw[2])}"),))
    template = TEMPLATES.get(kind)
    if template is not None:
        return LogEntry(seat, template.format(*raw, who=who))
    if kind == "play":
        _, _, c, as_c, suit, called = raw
        text = f"{who} plays {describe(c)}"
        if as_c >= 0:
            text += f" as {describe(as_c)}"
        if suit >= 0:
            text += f", naming {Suit(suit).english}"
        if called:
            text += ", and calls Dernier!" if suit >= 0 else " and calls Dernier!"
        return LogEntry(seat, text)
    if kind == "misplay":
        c, reason = raw[4]
        return LogEntry(seat, f"{who} misplays {describe(c)} ({reason}): draws {raw[2]} and loses the turn")
    if kind == "starter":
        return LogEntry(seat, f"the starter is {describe(raw[2])}")
    if kind == "joker_back":
        return LogEntry(None, "a joker turned as starter goes back into the stock")
    if kind == "reshuffle":
        return LogEntry(None, "the discard pile is shuffled into a new stock")
    # "match"
    return LogEntry(None, "the match is over: " + " and ".join(_p(w) for w in raw[2]) + " won")
