"""The conformance kit's check that no text shown to a seat names a card it cannot know (rule I-1).

Along a game, :class:`TextWatch` keeps what each seat may know of the cards: every card
its views have shown it since the hand began (its hand, the table, the cards it passed and
received, the seat draw) and the cards of every move it saw (``Game.action_seen_by``).
Every text a seat is shown must name only those: the new entries of its view's log, each
move as ``Game.describe_action`` writes it for that seat, the view's own text fields, and
its table (``Game.tabletop``): every card it lays face up and every text in it. What is
written for everyone (an entry's public text, a move
as a spectator reads it) must name only cards every seat knows. Cards are read from the
text in the notations the framework writes (``7H``, ``10♠``); a joker has no identity and
is not counted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardgames.core.game import Game
from cardgames.core.state import Choice, GameState, LogEntry
from cardgames.primitives.cards import Card, cards_named

NAMES = tuple(f"Player {n}" for n in range(1, 65))
"""The names the kit seats its players under, to read their tables."""
SEAT_LABEL = re.compile(r"\bP\d+\b|\bseat \d")
"""A seat written as a number ("P2", "seat 1") where the table should name its player."""


def cards_in(value: Any, *, skip: frozenset[str] = frozenset({"log"})) -> set[Card]:
    """Every card (not a joker) inside a value: a view's fields, a move, their tuples and attrs values."""
    out: set[Card] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Card):
            if v.rank is not None:
                out.add(v)
        elif isinstance(v, tuple | list | frozenset | set):
            stack.extend(v)
        elif attrs.has(type(v)):
            fields = attrs.fields(type(v))  # a private field (a cache) is no part of the value
            stack.extend(getattr(v, f.name) for f in fields if f.name not in skip and f.name[:1] != "_")
    return out


def _texts(view: Any) -> list[str]:
    """A view's own text fields (its top-level strings), apart from the log."""
    if not attrs.has(type(view)):
        return []
    return [v for f in attrs.fields(type(view)) if isinstance(v := getattr(view, f.name), str)]


class TextWatch:
    """What each seat may know of the cards so far, and the check of every text shown to it."""

    def __init__(self, game: Game[Any, Any], state: GameState, fail: Callable[[str], Exception]) -> None:
        self.game = game
        self.fail = fail
        views = [state.view(s) for s in range(state.players)]
        self.known = [cards_in(v) for v in views]
        self.before: list[set[Card]] = [set() for _ in views]  # what each seat knew of the hand before
        self.read = [0] * state.players  # log entries of each seat checked so far
        self.hands = len(state.hand_results())
        for seat, view in enumerate(views):
            self._check_view(seat, view, state)

    def _common(self) -> set[Card]:
        return set.intersection(*self.known) if self.known else set()

    def _check(self, seat: int | None, what: str, text: str, known: set[Card]) -> None:
        hidden = cards_named(text) - known
        if hidden:
            who = "a spectator" if seat is None else f"seat {seat}"
            names = " ".join(sorted(str(c) for c in hidden))
            raise self.fail(
                f"{what} shown to {who} names {names}, which it cannot know: {text!r} (a hidden card leaks)"
            )

    def _check_view(self, seat: int, view: Any, state: GameState) -> None:
        known = self.known[seat]
        for text in _texts(view):
            self._check(seat, "a text field of the view", text, known)
        table = self.game.tabletop(view, NAMES[: state.players], asked=state.to_decide())
        # the last trick and a hand's result may be the hand just ended: what the seat knew of it counts
        last = attrs.evolve(table, centre=(), hand=(), seats=(), decision=None, heading="")
        now = attrs.evolve(table, last=None, result=())
        for part, may_know in ((now, known), (last, known | self.before[seat])):
            shown = {c for c in part.cards() if c.rank is not None} - may_know
            if shown:
                cards = " ".join(sorted(str(c) for c in shown))
                raise self.fail(f"the table shown to seat {seat} lays {cards} face up, which it cannot know")
            for text in part.texts():
                self._check(seat, "a text of its table", text, may_know)
                if SEAT_LABEL.search(text):
                    named = f"names a seat by its number, not its player's name: {text!r}"
                    raise self.fail(f"the table shown to seat {seat} {named}")

    def _check_log(self, seat: int, log: Sequence[LogEntry], public: set[Card]) -> None:
        start = self.read[seat] if len(log) >= self.read[seat] else 0
        for entry in log[start:]:
            self._check(seat, "a log entry", entry.text, self.known[seat])
            self._check(None, "the public text of a log entry", entry.public_text, public)
        self.read[seat] = len(log)

    def _closing(self, actor: int, view: Any) -> None:
        """What the actor saw in the moment between its move and the end of the hand it closed.

        One move may both bring the actor cards and end the hand (a turn limit that stops
        the hand after a draw): the next view shows the new deal, so no view shows the card
        drawn, yet the actor's own log rightly names it. The actor may know the cards named
        by the private text of its own entries of that move beyond their public text (with
        two decks, another seat's knowing the same card says nothing); every other seat's
        texts and every public text are checked as always.
        """
        log = getattr(view, "log", ())
        for entry in log[self.read[actor] if len(log) >= self.read[actor] else 0 :]:
            if entry.public is not None and entry.seat == actor:
                self.known[actor] |= cards_named(entry.text) - cards_named(entry.public)

    def step(self, before: GameState, action: Any, after: GameState) -> None:
        """Check the texts of one move (``before`` is a copy of the state before it, ``after`` the state).

        ``action`` may be a ``Choice`` (protocol 2): one seat's choice at a simultaneous
        decision, which is that seat's move; a bare action is the move of ``to_act()``.
        """
        game = self.game
        seat_to_act = action.seat if isinstance(action, Choice) else before.to_act()
        if isinstance(action, Choice):
            action = action.action
        assert seat_to_act is not None
        actor: int = seat_to_act
        seats = range(before.players)
        views_before = [before.view(s) for s in seats]
        views_after = [after.view(s) for s in seats]
        moved = cards_in(action, skip=frozenset())
        hands = len(after.hand_results())
        if hands != self.hands:
            self._closing(actor, views_after[actor])
        for seat in seats:
            saw = seat == actor or game.action_seen_by(action, actor, views_before[seat]) == action
            self.known[seat] |= cards_in(views_after[seat]) | (moved if saw else set())
        public = self._common()
        for seat in seats:
            text = game.describe_action(action, actor, views_before[seat])
            self._check(seat, "the move as described", text, self.known[seat])
        self._check(None, "the move as described", game.describe_action(action, actor, None), public)
        for seat in seats:
            self._check_log(seat, getattr(views_after[seat], "log", ()), public)
            self._check_view(seat, views_after[seat], after)
        if hands != self.hands:  # a new hand: cards known from the last one may lie anywhere now
            self.hands = hands
            self.before = self.known
            self.known = [cards_in(v) for v in views_after]
