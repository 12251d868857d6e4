"""The rules of Crazy Eights: match the top card's suit or rank; an eight is wild and calls a suit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from cardgames.core.options import in_range, option
from cardgames.core.state import GameState, HandResult, LogEntry, Outcome
from cardgames.core.tabletop import ZoneKind
from cardgames.core.zones import Visibility, Zone
from cardgames.primitives.cards import Card, Rank, Suit, format_card, sort_key
from cardgames.primitives.chance import Chance
from cardgames.primitives.copying import NESTED, SHALLOW, SHARED, Copied, Fields
from cardgames.primitives.dealing import deal, shuffled
from cardgames.primitives.decks import deck_52
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.language import N_, catalog
from cardgames.primitives.said import Said, said
from cardgames.primitives.scoring import Transfer, balances
from cardgames.primitives.seating import SeatNumber
from cardgames.primitives.shedding import next_seat


@frozen
class CrazyEightsOptions:
    """The options of Crazy Eights."""

    hand_size: int = option(0, "cards dealt to each (0: 7 for two players, 5 for more)", in_range(0, 7))


@frozen
class Play:
    """Play a card on the discard pile."""

    card: Card


@frozen
class Call:
    """Name the suit to follow, after playing an eight."""

    suit: Suit


@frozen
class Draw:
    """Draw the top card of the stock (allowed while the stock lasts)."""


@frozen
class Pass:
    """Pass: the stock is empty and no card in the hand can be played."""


def penalty(card: Card) -> int:
    """What a card left in hand costs: an eight 50, a picture 10, an ace 1, any other its pips."""
    assert card.rank is not None  # the 52-card deck has no jokers
    if card.rank == Rank.EIGHT:
        return 50
    return 1 if card.rank == Rank.ACE else min(int(card.rank), 10)


class CrazyEightsState(GameState):
    """One hand of Crazy Eights in progress."""

    zones = (
        Zone("hands", ZoneKind.HAND, Visibility.OWNER, per_seat=True),
        Zone("stock", ZoneKind.STOCK, Visibility.HIDDEN),
        Zone("discard", ZoneKind.DISCARD, Visibility.PUBLIC, label="Discard pile"),
    )
    public_fields = ("suit", "calling")
    fields = Fields(
        turn=SHARED, suit=SHARED, calling=SHARED, passes=SHARED, hands=NESTED, stock=SHALLOW,
        discard=SHALLOW, log=SHALLOW, rng=Copied(Chance.fork),
    )  # fmt: skip

    def __init__(self, players: int, seed: int, hand_size: int) -> None:
        self.rng, self.turn, self.passes, self.calling = Chance(seed), 0, 0, False
        self.hands, self.stock = deal(shuffled(deck_52(), self.rng.rng()), players, hand_size)
        while (starter := self.stock.pop()).rank == Rank.EIGHT:  # an eight turned up is buried in the stock
            self.stock.insert(self.rng.rng().randrange(len(self.stock) + 1), starter)
        self.discard = [starter]
        self.suit = starter.suit  # the suit to follow: the top card's, or the one called with an eight
        self.log = [LogEntry(None, said(CRAZYEIGHTS, TURNED_UP, card=starter))]

    def _over(self) -> bool:
        return any(not h for h in self.hands) or self.passes == self.players

    def to_act(self) -> int | None:
        return None if self._over() else self.turn

    def legal_actions(self) -> list[Any]:
        if self._over():
            return []
        if self.calling:
            return [Call(s) for s in Suit]
        top = self.discard[-1]
        out: list[Any] = [
            Play(c)
            for c in sorted(set(self.hands[self.turn]), key=sort_key)
            if c.rank in (Rank.EIGHT, top.rank) or c.suit == self.suit  # any eight, or a match
        ]
        if self.stock:
            out.append(Draw())
        elif not out:
            out.append(Pass())
        return out

    def apply(self, action: Any) -> None:
        if action not in self.legal_actions():  # checked before anything changes
            raise IllegalActionError(f"you cannot {_words(action)} now")
        seat = self.turn
        self.log.append(LogEntry(seat, _logged(action, seat)))
        if isinstance(action, Draw):
            self.hands[seat].append(self.stock.pop())
            return  # the same player plays or draws again
        if isinstance(action, Play):
            self.hands[seat].remove(action.card)
            self.discard.append(action.card)
            self.suit, self.passes = action.card.suit, 0
            self.calling = action.card.rank == Rank.EIGHT and bool(self.hands[seat])
            if self.calling:
                return  # the same player names the suit to follow
        elif isinstance(action, Call):
            self.suit, self.calling = action.suit, False
        else:
            self.passes += 1
        self.turn = next_seat(seat, 1, self.players)

    def _counts(self) -> list[int]:
        return [sum(map(penalty, h)) for h in self.hands]

    def _result(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The lowest count wins; every other player pays each winner the difference."""
        counts = self._counts()
        low = min(counts)
        winners = tuple(s for s in range(self.players) if counts[s] == low)
        pay = [
            Transfer(s, w, counts[s] - low) for s in range(self.players) if s not in winners for w in winners
        ]
        return winners, balances(self.players, pay)

    def outcome(self) -> Outcome | None:
        if not self._over():
            return None
        winners, chips = self._result()
        how = GOES_OUT if not self.hands[winners[0]] else BLOCKED
        return Outcome(winners, chips, said(CRAZYEIGHTS, how, winners=tuple(SeatNumber(w) for w in winners)))

    def hand_results(self) -> Sequence[HandResult]:
        if not self._over():
            return ()
        winners, chips = self._result()
        losers = tuple(s for s in range(self.players) if s not in winners)
        return (
            HandResult(
                1, self.players - 1, winners, losers, tuple(self._counts()), chips, said(CRAZYEIGHTS, LOWEST)
            ),
        )


def _words(action: Any) -> str:
    """An action as it is typed: "play 7H", "call hearts", "draw"."""
    verb = type(action).__name__.lower()  # play, call, draw or pass
    if isinstance(action, Draw | Pass):
        return verb
    what = format_card(action.card) if isinstance(action, Play) else action.suit.english
    return f"{verb} {what}"


# The log: what happened as data, said in each reader's language through the game's own catalog
CRAZYEIGHTS = catalog("crazyeights")
TURNED_UP = N_("{card} is turned up")
PLAYS = N_("{who} plays {card}")
CALLS = N_("{who} calls {suit}")
DRAWS = N_("{who} draws a card")
PASSES = N_("{who} passes")
GOES_OUT = N_("{winners} goes out")
BLOCKED = N_("{winners} has the lowest count; the game is blocked")
LOWEST = N_("lowest count wins")


def _logged(action: Any, seat: int) -> Said:
    """A move for the log: a seat as a seat, a card as a card, a suit as a suit."""
    who = SeatNumber(seat)
    if isinstance(action, Play):
        return said(CRAZYEIGHTS, PLAYS, who=who, card=action.card)
    if isinstance(action, Call):
        return said(CRAZYEIGHTS, CALLS, who=who, suit=action.suit)
    return said(CRAZYEIGHTS, DRAWS if isinstance(action, Draw) else PASSES, who=who)
