"""What lies on the table as one seat sees it: the model every front end draws.

A game gives it through :meth:`cardgames.core.game.Game.tabletop` from one seat's view and the
players' names; the browser draws it as a card table, the terminal as its full-screen table and
as lines. Every text in it is written for people: seats by name, never by index. The ``seat``
numbers it keeps are for the program (whose place is where), not for showing.
"""

from __future__ import annotations

import enum

from attrs import field, frozen

from cardgames.primitives.cards import Card, Suit


class Mark(enum.Enum):
    """A role a seat has now, drawn as a sign beside its name."""

    DEALER = "dealer"
    TO_ACT = "to_act"
    LEADER = "leader"
    LAST_CALL = "last_call"
    """The seat has called its last card (a shedding game's "last card!")."""
    OUT = "out"
    """The seat is out of the game (or of the hand) and plays no more."""


@frozen
class PlacedCard:
    """A card lying face up in a centre zone, with who put it there."""

    card: Card
    seat: int | None = None
    """Who played or turned it (None: the deal put it there)."""
    note: str = ""
    """What it means here, in words ("stands for 7♥", "trump")."""


class ZoneKind(enum.Enum):
    """What a zone is, so that a front end can put it in its place."""

    HAND = "hand"
    """The cards a seat holds (a declared zone every seat has; not a centre zone)."""
    TAKEN = "taken"
    """The cards a seat has won (tricks taken), kept by that seat."""
    TRICK = "trick"
    DISCARD = "discard"
    STOCK = "stock"
    TRUMP = "trump"
    PASSED = "passed"
    """Cards passed face down between seats (an exchange)."""
    OTHER = "other"


@frozen
class CentreZone:
    """One zone in the middle of the table: the trick, the discard pile, the stock, a turned-up trump."""

    kind: ZoneKind
    label: str
    """Its name in words ("Trick", "Discard pile")."""
    cards: tuple[PlacedCard, ...] = ()
    """The face-up cards, in the order they were put down (the last is on top)."""
    backs: int = 0
    """How many cards lie face down in it."""
    note: str = ""
    """A fact about it in words ("suit in force: ♥", "2 to draw")."""


@frozen
class SeatPlace:
    """One seat at the table as the viewer sees it."""

    seat: int
    name: str
    marks: frozenset[Mark] = frozenset()
    cards: int | None = None
    """How many cards it holds (shown as backs for the others), or None where the game shows none."""
    tricks: int | None = None
    """Tricks taken in this deal, for a trick game."""
    score: str = ""
    """Its score in the match, in words ("11 points", "−3 chips")."""
    note: str = ""
    """A short line of its own ("passed 3 cards to Anna")."""
    known: tuple[Card, ...] = ()
    """The cards of its hand the viewer sees, face up beside its count: those everyone saw go there
    (a defender's picked-up cards, ``Zone.known``); never the viewer's own (its hand shows them)."""


@frozen
class Decision:
    """The decision awaited now, in words."""

    seats: tuple[int, ...]
    """The seats asked (several at a simultaneous decision)."""
    text: str
    """What is asked, in a few words: to the viewer when it is asked ("pass 3 cards face down to
    Boris", the words of its input prompt), else who is asked ("Boris to play")."""
    detail: str = ""
    """What the rules allow now, in a sentence ("Play a heart or a 7, or draw.")."""
    picks: int | None = None
    """How many cards a choice takes, where it takes several at once."""
    to_seat: int | None = None
    """The seat the chosen cards go to, where they go to one."""
    seconds: float | None = None
    """How long is left, where a timer runs."""
    race: bool = False
    """Whether the question is open to all of ``seats`` at once (a race): the first claim wins."""


@frozen
class Tabletop:
    """One seat's table: the seats around, the centre, its own hand, the decision and the last event."""

    viewer: int | None
    """The seat whose view this is (None: a spectator)."""
    heading: str
    """One line: the game, the deal, what holds for the whole table."""
    seats: tuple[SeatPlace, ...]
    """Every seat, in seat order (play goes up the order unless ``direction`` says otherwise)."""
    centre: tuple[CentreZone, ...] = ()
    hand: tuple[Card, ...] = ()
    """The viewer's own cards, in the order the game shows them."""
    playable: frozenset[Card] = frozenset()
    """The cards of ``hand`` the viewer may play now."""
    decision: Decision | None = None
    last: CentreZone | None = None
    """The last finished trick or event, kept until the next one (a front end may show it only
    until the next lead, or beside the trick in progress)."""
    direction: int = 1
    """+1 when play goes up the seat order (clockwise on the page), -1 when it is reversed."""
    suit_in_force: Suit | None = None
    """The suit to follow or match, drawn as a sign (a suit named with a jack, a trick's led suit)."""
    trump: Suit | None = None
    result: tuple[str, ...] = field(default=())
    """At a hand's end, its result in words with names ("Anna took the last trick: 5 chips")."""
    mark_words: tuple[tuple[Mark, str], ...] = ()
    """The game's own words for a mark, where its players say something else than a front end's
    ((Mark.LAST_CALL, "Uno!") in a game whose players call that); a mark not named here reads in
    the front end's words."""

    def mark_word(self, mark: Mark) -> str | None:
        """The game's word for ``mark``, or None where it leaves it to the front end."""
        return next((word for named, word in self.mark_words if named is mark), None)

    def texts(self) -> tuple[str, ...]:
        """Every text in it (the heading, names, labels, notes, the decision, the result), for checks."""
        zones = (*self.centre, *([self.last] if self.last is not None else []))
        out = [self.heading, *self.result, *(word for _, word in self.mark_words)]
        for place in self.seats:
            out += [place.name, place.score, place.note]
        for zone in zones:
            out += [zone.label, zone.note, *(c.note for c in zone.cards)]
        if self.decision is not None:
            out += [self.decision.text, self.decision.detail]
        return tuple(t for t in out if t)

    def cards(self) -> tuple[Card, ...]:
        """Every card in it, face up: the hand, the seats' known cards, the centre's and the last trick's."""
        zones = (*self.centre, *([self.last] if self.last is not None else []))
        known = (c for place in self.seats for c in place.known)
        return (*self.hand, *known, *(c.card for zone in zones for c in zone.cards))
