"""Podkidnoy Durak, written against the narrow protocol: declared zones, derived view and notation.

2 to 6 players, 36 cards (``deck_36``), six each. The stock's bottom card is turned face up
and its suit is trumps (with six players no stock is left: the last card dealt shows the
trump). The holder of the lowest trump attacks first, the player to the left defends. The
attacker leads a card; the defender beats it (a higher card of its suit, or a trump when it
is not one) or takes. Whenever every card on the table is beaten, the throw-in is a race:
every other player holding cards may throw in a card of a rank already on the table (at
most six attacking cards in a bout, and no more than the defender held); the first card in
counts, and the defender must beat it. When all of them pass (silence is a pass) the bout
ends and the table goes to the discard. A defender who takes may still be given throw-ins,
in a race of the same kind (each card in uses up the limit), and picks up everything. Then
everyone draws back to six, attacker first, defender last; the next attacker is the
defender, or the player after a defender who took. With the stock empty, a player with no
cards is out; the last one holding cards is the fool (durak), who pays every other player a
chip. Everyone remembers the cards a defender picked up.
"""

from __future__ import annotations

from itertools import zip_longest
from typing import Any, ClassVar

from attrs import frozen

from cardgames.core.game import Game
from cardgames.core.state import Choice, GameState, LogEntry, Outcome
from cardgames.core.tabletop import ZoneKind
from cardgames.core.zones import Visibility, Zone
from cardgames.primitives.cards import Card, Suit, format_card, sort_key
from cardgames.primitives.copying import NESTED, SHALLOW, SHARED, Fields
from cardgames.primitives.dealing import deal, new_rng, shuffled
from cardgames.primitives.decks import deck_36
from cardgames.primitives.errors import IllegalActionError

HAND = 6
MOST_ATTACKS = 6


@frozen
class Play:
    """Lead, beat or throw in a card, as the bout asks."""

    card: Card


@frozen
class Take:
    """The defender picks up the table (after any throw-ins)."""


@frozen
class Pass:
    """A player throws in nothing now (silence in the race)."""


def beats(defence: Card, attack: Card, trump: Suit | None) -> bool:
    """Whether ``defence`` beats ``attack``: higher in its suit, or a trump on a plain card."""
    if defence.suit == attack.suit:
        return bool(defence.rank > attack.rank)  # type: ignore[operator]
    return defence.suit == trump


class DurakState(GameState):
    """A game of Durak in progress."""

    fields = Fields(
        hands=NESTED, stock=SHALLOW, attacks=SHALLOW, beats=SHALLOW, discard=SHALLOW, trump=SHARED,
        trump_card=SHARED, attacker=SHARED, defender=SHARED, passed=SHARED, taking=SHARED,
        limit=SHARED, last_bout=SHARED, log=SHALLOW, picked_up=NESTED,
    )  # fmt: skip
    __slots__ = fields.names
    zones = (
        Zone("hands", ZoneKind.HAND, Visibility.OWNER, per_seat=True, known="picked_up"),
        Zone("stock", ZoneKind.STOCK, Visibility.BOTTOM),
        Zone("attacks", ZoneKind.TRICK, label="Attack"),
        Zone("beats", ZoneKind.TRICK, label="Beaten by"),
        Zone("discard", ZoneKind.DISCARD, label="Beaten off"),
    )
    public_fields = ("trump", "trump_card", "taking", "limit", "last_bout")  # last_…: the table's last bout
    public_seats = ("attacker", "defender")

    def __init__(self, hands: list[list[Card]], stock: list[Card], trump_card: Card) -> None:
        self.hands, self.stock, self.trump_card, self.trump = hands, stock, trump_card, trump_card.suit
        self.attacks: list[Card] = []
        self.beats: list[Card] = []
        self.discard: list[Card] = []
        self.log: list[LogEntry] = []
        self.picked_up: list[list[Card]] = [[] for _ in hands]  # cards everyone saw a defender take
        self.last_bout: tuple[Any, ...] = ()  # the cards of the bout just over: attacks, and (defender, beat)
        if not stock:  # no stock: the last card dealt was turned up for trumps, in its holder's hand
            self.picked_up[next(s for s, h in enumerate(hands) if trump_card in h)].append(trump_card)
        self.attacker = self.defender = self.limit = 0
        self.passed: tuple[int, ...] = ()  # the seats that passed in the race now (nobody else knows)
        self.taking = False
        self._start_bout(_lowest_trump_holder(hands, self.trump))

    # -- who is in, and who acts --

    def _in(self, seat: int) -> bool:
        return bool(self.hands[seat]) or bool(self.stock)

    def _next_in(self, seat: int) -> int:
        n = len(self.hands)
        return next((s % n for s in range(seat + 1, seat + n + 1) if self._in(s % n)), seat)

    def _throwers(self) -> list[int]:
        """The players still in the throw-in race, from the attacker on, clockwise, without the defender."""
        n = len(self.hands)
        order = [(self.attacker + k) % n for k in range(n)]
        return [s for s in order if s != self.defender and self.hands[s] and s not in self.passed]

    def _start_bout(self, attacker: int) -> None:
        self.attacker, self.defender = attacker, self._next_in(attacker)
        self.passed, self.taking = (), False
        self.limit = min(MOST_ATTACKS, len(self.hands[self.defender]))

    def _defending(self) -> bool:
        return not self.taking and len(self.beats) < len(self.attacks)

    def to_act(self) -> int | None:
        if not self.attacks and sum(1 for s in range(len(self.hands)) if self._in(s)) < 2:
            return None  # a bout in progress is played out: the last card may yet be beaten
        if self._defending():
            return self.defender
        return self._throwers()[0] if self.attacks else self.attacker

    def race(self) -> bool:
        return bool(self.attacks) and not self._defending()

    def to_decide(self) -> tuple[int, ...]:
        return tuple(self._throwers()) if self.race() else super().to_decide()

    def race_pass(self, seat: int) -> Pass:
        return Pass()

    # -- the moves --

    def legal_actions(self) -> list[Any]:
        seat = self.to_act()
        return [] if seat is None else self.legal_actions_for(seat)

    def legal_actions_for(self, seat: int) -> list[Any]:
        if seat not in self.to_decide():
            return []
        hand = sorted(self.hands[seat], key=sort_key)
        if self._defending():
            return [Play(c) for c in hand if beats(c, self.attacks[-1], self.trump)] + [Take()]
        if not self.attacks:
            return [Play(c) for c in hand]
        ranks = {c.rank for c in self.attacks + self.beats}
        room = len(self.attacks) < self.limit
        return [Play(c) for c in hand if room and c.rank in ranks] + [Pass()]

    def apply(self, action: Any) -> None:
        seat, action = (action.seat, action.action) if isinstance(action, Choice) else (self.to_act(), action)
        if seat is None or action not in self.legal_actions_for(seat):
            raise IllegalActionError(f"{_word(action)} is not allowed now")
        if isinstance(action, Take):
            self.taking, self.passed = True, ()
            self.log.append(LogEntry(seat, "takes"))
            self._after_pass_or_beat()
        elif isinstance(action, Pass):  # silence: not logged, seen by nobody
            self.passed = tuple(sorted((*self.passed, seat)))  # the order of passes tells nothing
            self._after_pass_or_beat()
        else:
            self.hands[seat].remove(action.card)
            if action.card in self.picked_up[seat]:
                self.picked_up[seat].remove(action.card)
            defending = self._defending()
            (self.beats if defending else self.attacks).append(action.card)
            verb = "beats with" if defending else "plays"
            self.log.append(LogEntry(seat, f"{verb} {format_card(action.card)}"))
            if defending:  # a new rank on the table: everyone is in the race again
                self.passed = ()
            if defending or self.taking:
                self._after_pass_or_beat()

    def _after_pass_or_beat(self) -> None:
        """End the bout when nobody may or will throw in any more."""
        full = len(self.attacks) >= self.limit or (not self.taking and not self.hands[self.defender])
        if full or not self._throwers():
            self._end_bout()

    def _end_bout(self) -> None:
        table = self.attacks + self.beats
        beaten = [(self.defender, c) for c in self.beats]
        self.last_bout = tuple(x for pair in zip_longest(self.attacks, beaten) for x in pair if x is not None)
        self.attacks, self.beats = [], []
        if self.taking:
            self.hands[self.defender] += table
            self.picked_up[self.defender] += table
            self.log.append(LogEntry(self.defender, f"picks up {len(table)} card{'s' * (len(table) > 1)}"))
        else:
            self.discard += table
            self.log.append(LogEntry(None, f"{len(table)} cards beaten off"))
        n = len(self.hands)
        order = [(self.attacker + k) % n for k in range(n)]
        for seat in [s for s in order if s != self.defender] + [self.defender]:  # attacker first
            drawn = 0
            while self.stock and len(self.hands[seat]) < HAND:
                self.hands[seat].append(self.stock.pop())
                drawn += 1
                if not self.stock:  # the trump turned face up under the stock: everyone saw who drew it
                    self.picked_up[seat].append(self.hands[seat][-1])
            if drawn:
                self.log.append(LogEntry(seat, f"draws {drawn}"))
        took, defender = self.taking, self.defender
        nxt = self._next_in(defender) if took or not self._in(defender) else defender
        self._start_bout(nxt)

    def outcome(self) -> Outcome | None:
        if self.to_act() is not None:
            return None
        n = len(self.hands)
        fools = [s for s in range(n) if self.hands[s]]
        if not fools:
            return Outcome(tuple(range(n)), (0,) * n, "nobody is left holding cards: a draw")
        fool = fools[0]
        scores = tuple(-(n - 1) if s == fool else 1 for s in range(n))
        return Outcome(tuple(s for s in range(n) if s != fool), scores, f"P{fool + 1} is the fool")


def _lowest_trump_holder(hands: list[list[Card]], trump: Suit | None) -> int:
    held = [(c.rank, s) for s, h in enumerate(hands) for c in h if c.suit == trump]
    return min(held)[1] if held else 0


def _word(action: Any) -> str:
    return format_card(action.card) if isinstance(action, Play) else type(action).__name__.lower()


class Durak(Game[Any, DurakState]):
    """Podkidnoy Durak: do not be the last one holding cards."""

    id = "durak"
    aliases: ClassVar[tuple[str, ...]] = ("podkidnoy", "Дурак")
    summary = "Beat off every attack; the last player holding cards is the fool."
    min_players, max_players = 2, 6
    action_types = (Play, Take, Pass)
    protocol = 2  # the throw-in is a race
    state_class: ClassVar[type[DurakState]] = DurakState  # a variant may play with a subclass

    def new_game(self, options: Any, players: int, seed: int) -> DurakState:
        cards = shuffled(deck_36(), new_rng(seed))
        hands, stock = deal(cards, players, HAND)
        return self.state_class(hands, stock, stock[0] if stock else cards[-HAND * players])
