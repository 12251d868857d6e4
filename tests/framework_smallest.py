"""The smallest playable plugin: a two-player trick game written with the ten required members only.

Each player gets three cards of a 24-card deck; the rest stays face down. The leader plays
any card, the other follows suit if able; the higher card of the led suit takes the trick
and leads next. Whoever takes more tricks wins a chip from the other.
Everything else (name, player range, options, notation, view, re-deals, the cards in play,
the decision bound) is the framework's default.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from cardgames.core.game import Game
from cardgames.core.state import GameState, LogEntry, Outcome
from cardgames.core.tabletop import ZoneKind
from cardgames.core.zones import Visibility, Zone
from cardgames.primitives.cards import Card
from cardgames.primitives.copying import NESTED, SHALLOW, SHARED, Fields
from cardgames.primitives.dealing import deal, new_rng, shuffled
from cardgames.primitives.decks import deck_24
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.tricks import follow_suit_options


@frozen
class Play:
    """Play a card to the trick."""

    card: Card


class TwoTricksState(GameState):
    """A game of Two Tricks in progress."""

    fields = Fields(hands=NESTED, stock=SHALLOW, trick=SHALLOW, taken=NESTED, leader=SHARED, log=SHALLOW)
    __slots__ = fields.names
    zones = (
        Zone("hands", ZoneKind.HAND, Visibility.OWNER, per_seat=True),
        Zone("stock", ZoneKind.STOCK, Visibility.HIDDEN),
        Zone("trick", ZoneKind.TRICK),
        Zone("taken", ZoneKind.TAKEN, per_seat=True),
    )

    def __init__(self, hands: list[list[Card]], stock: list[Card]) -> None:
        self.hands, self.stock, self.trick, self.taken = hands, stock, [], [[], []]
        self.leader, self.log = 0, []

    def to_act(self) -> int | None:
        if not self.hands[0] and not self.hands[1]:
            return None
        return (self.leader + len(self.trick)) % 2

    def legal_actions(self) -> list[Play]:
        seat = self.to_act()
        if seat is None:
            return []
        led = self.trick[0].suit if self.trick else None
        return [Play(c) for c in follow_suit_options(self.hands[seat], led)]

    def apply(self, action: Any) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not allowed now")
        seat = (self.leader + len(self.trick)) % 2
        self.hands[seat].remove(action.card)
        self.trick.append(action.card)
        self.log.append(LogEntry(seat, f"P{seat + 1} plays {action.card}"))
        if len(self.trick) == 2:
            lead, answer = self.trick
            self.leader = (self.leader + (answer.suit == lead.suit and answer.rank > lead.rank)) % 2
            self.taken[self.leader] += self.trick
            self.trick = []

    def outcome(self) -> Outcome | None:
        if self.to_act() is not None:
            return None
        winner = 0 if len(self.taken[0]) > len(self.taken[1]) else 1
        return Outcome((winner,), (1, -1) if winner == 0 else (-1, 1), f"P{winner + 1} took more tricks")


class TwoTricks(Game[Any, TwoTricksState]):
    """Two Tricks: take more tricks than the other player."""

    id = "twotricks"
    min_players = 2
    action_types = (Play,)

    def new_game(self, options: Any, players: int, seed: int) -> TwoTricksState:
        hands, stock = deal(shuffled(deck_24(), new_rng(seed)), players, 3)
        return TwoTricksState(hands, stock)
