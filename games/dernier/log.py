"""The Dernier log as data: the engine keeps compact records and a view says them (cardgames.primitives.said).

Each record becomes an entry whose message is marked here for Dernier's catalog and whose
values are seats, cards, suits and counts, so the log reads in whoever reads it's language.
"""

from __future__ import annotations

from typing import Any

from cardgames.core.state import LogEntry, PrivateText
from cardgames.primitives.cards import CARDS, Card, Suit, format_card
from cardgames.primitives.language import N_, N_plural, catalog
from cardgames.primitives.said import Said, said
from cardgames.primitives.seating import SeatNumber

DERNIER = catalog("cardgames.games.dernier")

# Records said by one message: {who} is the acting seat; the others are named after the record's fields.
# Each has its second-person form, which the player at that seat reads (Said.to_you): "You play 7♥".
MESSAGES: dict[str, tuple[str | tuple[str, str], str | tuple[str, str], tuple[str, ...]]] = {
    "deal": (N_("hand {number}: {who} deals"), N_("hand {number}: you deal"), ("number",)),
    "anticipo": (N_("{who} calls Anticipo!"), N_("You call Anticipo!"), ()),
    "forgot": (
        N_("{who} forgot to call Dernier! and draws {count}"),
        N_("You forgot to call Dernier! and draw {count}"),
        ("count",),
    ),
    "seven": (N_("{who} draws {count} for the seven"), N_("You draw {count} for the seven"), ("count",)),
    "nodraw": (
        N_("{who} cannot draw (no cards left) and passes"),
        N_("You cannot draw (no cards left) and pass"),
        (),
    ),
    "take": (
        N_("{who} takes the penalty of {penalty} and draws {count}"),
        N_("You take the penalty of {penalty} and draw {count}"),
        ("penalty", "count"),
    ),
    "pass": (N_("{who} keeps the card drawn and passes"), N_("You keep the card drawn and pass"), ()),
    "slow": (
        N_("{who} ran out of time: draws {count} and loses the turn"),
        N_("You ran out of time: you draw {count} and lose the turn"),
        ("count",),
    ),
    "stop": (
        N_plural(
            "the hand stops after {count} decision; {who} has the fewest card points",
            "the hand stops after {count} decisions; {who} has the fewest card points",
        ),
        N_plural(
            "the hand stops after {count} decision; you have the fewest card points",
            "the hand stops after {count} decisions; you have the fewest card points",
        ),
        ("count",),
    ),
    "win": (N_("{who} wins hand {number}"), N_("You win hand {number}"), ("number",)),
}
PLAYS = N_("{who} plays {card}")
PLAYS_AS = N_("{who} plays {card} as {stands_for}")
NAMING = N_("{play}, naming {suit}")
CALLING = N_("{play} and calls Dernier!")
CALLING_AFTER_SUIT = N_("{play}, and calls Dernier!")
DRAWS = N_("{who} draws a card")
DRAWS_CARD = N_("{who} draws {card}")
MISPLAYS = N_("{who} misplays {card} ({reason}): draws {count} and loses the turn")
STARTER = N_("the starter is {card}")
JOKER_BACK = N_("a joker turned as starter goes back into the stock")
RESHUFFLE = N_("the discard pile is shuffled into a new stock")
MATCH_OVER = N_("the match is over: {winners} won")
# The same, said to the player who made the move (or who won)
YOU = {
    PLAYS: N_("You play {card}"),
    PLAYS_AS: N_("You play {card} as {stands_for}"),
    NAMING: N_("{play} and name {suit}"),
    CALLING: N_("{play} and call Dernier!"),
    CALLING_AFTER_SUIT: N_("{play}, and call Dernier!"),
    DRAWS: N_("You draw a card"),
    DRAWS_CARD: N_("You draw {card}"),
    MISPLAYS: N_("You misplay {card} ({reason}): you draw {count} and lose the turn"),
    MATCH_OVER: N_("the match is over: you won"),
}


def describe(index: int) -> str:
    """A card index in short notation: '7H', 'JOKER'."""
    return format_card(CARDS[index])


def say(message: str | tuple[str, str], **values: Any) -> Said:
    """A message of Dernier's catalog with its values (seats, cards, suits, counts), with its
    second-person form where it has one (``YOU``)."""
    text = said(DERNIER, message, **values)
    yours = YOU.get(message) if isinstance(message, str) else None
    if yours is None:
        return text
    return text.to_you(yours, about="winners" if message == MATCH_OVER else "who")


def log_entry(raw: tuple[Any, ...]) -> LogEntry | PrivateText:
    """One raw log record as an entry (a turn's draw names the card to the drawer only)."""
    kind, seat = raw[0], raw[1]
    who = None if seat is None else SeatNumber(seat)
    if kind == "draw":
        drawn = say(DRAWS_CARD, who=who, card=CARDS[raw[2]])
        return PrivateText(seat, say(DRAWS, who=who), ((seat, drawn),))
    found = MESSAGES.get(kind)
    if found is not None:
        message, yours, names = found
        text = say(message, who=who, **dict(zip(names, raw[2:], strict=False)))
        return LogEntry(seat, text.to_you(yours))
    if kind == "play":
        _, _, c, as_c, suit, called = raw
        text = say(PLAYS, who=who, card=CARDS[c])
        if as_c >= 0:
            text = say(PLAYS_AS, who=who, card=CARDS[c], stands_for=CARDS[as_c])
        if suit >= 0:
            text = say(NAMING, play=text, suit=Suit(suit))
        if called:
            text = say(CALLING_AFTER_SUIT if suit >= 0 else CALLING, play=text)
        return LogEntry(seat, text)
    if kind == "misplay":
        c, reason = raw[4]
        return LogEntry(seat, say(MISPLAYS, who=who, card=CARDS[c], reason=reason, count=raw[2]))
    if kind == "starter":
        return LogEntry(seat, say(STARTER, card=CARDS[raw[2]]))
    if kind == "joker_back":
        return LogEntry(None, say(JOKER_BACK))
    if kind == "reshuffle":
        return LogEntry(None, say(RESHUFFLE))
    # "match"
    return LogEntry(None, say(MATCH_OVER, winners=tuple(SeatNumber(w) for w in raw[2])))


def played(entry: LogEntry) -> tuple[int, Card] | None:
    """The seat and card of a play in the log (None for any other entry)."""
    what = entry.said
    while what.message in (NAMING, CALLING, CALLING_AFTER_SUIT):
        what = what.value("play")
    if what.message in (PLAYS, PLAYS_AS) and entry.seat is not None:
        return entry.seat, what.value("card")
    return None


def is_message(entry: LogEntry, *messages: str | tuple[str, str]) -> bool:
    """Whether ``entry`` says one of ``messages`` (the keys above)."""
    return entry.said.message in messages
