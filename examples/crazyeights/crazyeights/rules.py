"""The rules of Crazy Eights: match the top card's suit or rank; an eight is wild and calls a suit."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

from attrs import frozen

from cardgames.core.options import in_range, option
from cardgames.core.state import GameState, HandResult, LogEntry, Outcome
from cardgames.primitives.cards import Card, Rank, Suit, format_card, sort_key
from cardgames.primitives.chance import Chance
from cardgames.primitives.copying import NESTED, SHALLOW, SHARED, Copied, Fields
from cardgames.primitives.dealing import deal, shuffled
from cardgames.primitives.decks import deck_52
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.exchange import remove_cards
from cardgames.primitives.scoring import Transfer, balances
from cardgames.primitives.shedding import Piles, next_seat


@frozen
class CrazyEightsOptions:
    """The options of Crazy Eights."""

    hand_size: int = option(0, "cards dealt to each (0: 7 for two players, 5 for more)", in_range(0, 7))


@frozen
class Play:
    """Play a card; an eight names the suit the next player must follow."""

    card: Card
    suit: Suit | None = None


@frozen
class Draw:
    """Draw the top card of the stock (allowed while the stock lasts)."""


@frozen
class Pass:
    """Pass: the stock is empty and no card in the hand can be played."""


def penalty(card: Card) -> int:
    """What a card left in hand costs: an eight 50, a picture 10, an ace 1, any other its pips."""
    if card.rank == Rank.EIGHT:
        return 50
    return 1 if card.rank == Rank.ACE else min(int(card.rank), 10)


@frozen
class CrazyEightsView:
    """What one seat knows: its hand, the others' hand sizes, the top card and the suit in force."""

    seat: int
    players: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card
    suit: Suit
    stock: int
    to_act: int | None
    log: tuple[LogEntry, ...]


class CrazyEightsState(GameState):
    """One hand of Crazy Eights in progress."""

    fields = Fields(
        turn=SHARED,
        suit=SHARED,
        passes=SHARED,
        hands=NESTED,
        piles=Copied(lambda p: Piles(p.stock[:], p.discard[:])),
        log=SHALLOW,
        rng=Copied(Chance.fork),
        n=SHARED,
    )

    def __init__(self, players: int, seed: int, hand_size: int) -> None:
        self.n, self.rng, self.turn, self.passes, self.log = players, Chance(seed), 0, 0, []
        self.hands, stock = deal(shuffled(deck_52(), self.rng.rng()), players, hand_size)
        self.piles = Piles(stock)
        while (starter := stock.pop()).rank == Rank.EIGHT:  # an eight turned up is buried in the stock
            stock.insert(self.rng.rng().randrange(len(stock) + 1), starter)
        self.piles.discard.append(starter)
        self.suit: Suit = starter.suit  # the suit in force: the top card's, or the one an eight called
        self.log.append(LogEntry(None, f"{format_card(starter)} is turned up"))

    @property
    def players(self) -> int:
        return self.n

    def _over(self) -> bool:
        return any(not h for h in self.hands) or self.passes == self.n

    def to_act(self) -> int | None:
        return None if self._over() else self.turn

    def legal_actions(self) -> list[Any]:
        if self._over():
            return []
        top, out = self.piles.top, []
        for c in sorted(set(self.hands[self.turn]), key=sort_key):
            if c.rank == Rank.EIGHT:
                out += [Play(c, s) for s in Suit]
            elif c.suit == self.suit or (c.rank == top.rank and top.rank != Rank.EIGHT):
                out.append(Play(c))
        if self.piles.stock:
            out.append(Draw())
        elif not out:
            out.append(Pass())
        return out

    def apply(self, action: Any) -> None:
        if action not in self.legal_actions():  # checked before anything changes
            raise IllegalActionError(f"you cannot {_words(action)} now")
        seat = self.turn
        self.log.append(LogEntry(seat, f"P{seat + 1} {_words(action, public=True)}"))
        if isinstance(action, Draw):
            self.hands[seat].append(self.piles.stock.pop())
            return  # the same player plays or draws again
        if isinstance(action, Play):
            remove_cards(self.hands[seat], [action.card])
            self.piles.discard.append(action.card)
            self.suit, self.passes = action.suit or action.card.suit, 0
        else:
            self.passes += 1
        self.turn = next_seat(seat, 1, self.n)

    def view(self, seat: int) -> CrazyEightsView:
        return CrazyEightsView(
            seat,
            self.n,
            tuple(sorted(self.hands[seat], key=sort_key)),
            tuple(len(h) for h in self.hands),
            self.piles.top,
            self.suit,
            len(self.piles.stock),
            self.to_act(),
            tuple(self.log),
        )

    def all_cards(self) -> list[Card]:
        return [c for h in self.hands for c in h] + self.piles.stock + self.piles.discard

    def determinize(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        hidden = [c for s in range(self.n) if s != seat for c in self.hands[s]] + self.piles.stock
        rng.shuffle(hidden)
        for s in range(self.n):
            if s != seat:
                size = len(self.hands[s])
                other.hands[s], hidden = hidden[:size], hidden[size:]
        other.piles.stock = hidden
        return other

    def _counts(self) -> list[int]:
        return [sum(map(penalty, h)) for h in self.hands]

    def _result(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The lowest count wins; every other player pays each winner the difference."""
        counts = self._counts()
        low = min(counts)
        winners = tuple(s for s in range(self.n) if counts[s] == low)
        pay = [Transfer(s, w, counts[s] - low) for s in range(self.n) if s not in winners for w in winners]
        return winners, balances(self.n, pay)

    def outcome(self) -> Outcome | None:
        if not self._over():
            return None
        winners, chips = self._result()
        how = "goes out" if not self.hands[winners[0]] else "has the lowest count; the game is blocked"
        return Outcome(winners, chips, f"{', '.join(f'P{w + 1}' for w in winners)} {how}")

    def hand_results(self) -> Sequence[HandResult]:
        if not self._over():
            return ()
        winners, chips = self._result()
        losers = tuple(s for s in range(self.n) if s not in winners)
        return (
            HandResult(1, self.n - 1, winners, losers, tuple(self._counts()), chips, "lowest count wins"),
        )


def _words(action: Any, public: bool = False) -> str:
    """An action in words ("play 8S, calling hearts", "draw a card")."""
    if isinstance(action, Draw):
        return "draws a card" if public else "draw"
    if isinstance(action, Pass):
        return "passes" if public else "pass"
    played = f"{'plays' if public else 'play'} {format_card(action.card)}"
    return played + (f", calling {action.suit.english}" if action.suit is not None else "")
