"""The rules of Oh Hell: bid the exact number of tricks you will take, with a trump turned up."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

from attrs import frozen

from cardgames.core.options import in_range, option
from cardgames.core.state import GameState, HandResult, LogEntry, Outcome
from cardgames.primitives.cards import Card, format_card, sort_key
from cardgames.primitives.chance import Chance
from cardgames.primitives.copying import NESTED, SHALLOW, SHARED, Copied, Fields
from cardgames.primitives.dealing import deal, shuffled
from cardgames.primitives.decks import deck_52
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.exchange import remove_cards
from cardgames.primitives.tricks import Trick, TrickInPlay, follow_suit_options, tricks_taken


@frozen
class OhHellOptions:
    """The options of Oh Hell."""

    cards: int = option(
        7, "cards dealt in the first hand; each hand after has one fewer, down to 1", in_range(1, 12)
    )
    bonus: int = option(10, "points for making a bid exactly, besides one per trick", in_range(0, 100))


@frozen
class Bid:
    """Say how many tricks you will take."""

    tricks: int


@frozen
class Play:
    """Play a card to the trick."""

    card: Card


@frozen
class OhHellView:
    """What one seat knows: its hand, the trump card, the bids, the trick and the scores."""

    seat: int
    players: int
    dealer: int
    hand: tuple[Card, ...]
    trump: Card
    bids: tuple[int | None, ...]
    trick: tuple[Card, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    to_act: int | None
    log: tuple[LogEntry, ...]


class OhHellState(GameState):
    """A match of Oh Hell in progress: hands of ``cards`` cards down to one."""

    fields = Fields(
        trick=Copied(lambda t: TrickInPlay(t.leader, t.players, t.cards[:])),
        bids=SHALLOW,
        hands=NESTED,
        taken=SHALLOW,
        results=SHALLOW,
        stock=SHALLOW,
        trump=SHARED,
        log=SHALLOW,
        rng=Copied(Chance.fork),
        options=SHARED,
        n=SHARED,
    )

    def __init__(self, options: OhHellOptions, players: int, seed: int) -> None:
        self.options, self.n, self.rng, self.log = options, players, Chance(seed), []
        self.results: list[HandResult] = []
        self._deal()

    def _deal(self) -> None:
        """Deal the next hand, turn up the trump, and open the bidding at the dealer's left."""
        number, dealer = len(self.results) + 1, len(self.results) % self.n
        self.hands, self.stock = deal(
            shuffled(deck_52(), self.rng.rng()), self.n, self.options.cards + 1 - number
        )
        self.trump: Card = self.stock[-1]  # turned up: public, it stays on the stock
        self.bids: list[int | None] = [None] * self.n
        self.taken: list[Trick] = []
        self.trick = TrickInPlay((dealer + 1) % self.n, self.n)
        self.log.append(
            LogEntry(dealer, f"hand {number}: P{dealer + 1} deals, {format_card(self.trump)} is trumps")
        )

    @property
    def players(self) -> int:
        return self.n

    @property
    def dealer(self) -> int:
        return len(self.results) % self.n

    def to_act(self) -> int | None:
        if len(self.results) == self.options.cards:
            return None
        if None in self.bids:  # bidding goes round from the dealer's left, as the first trick's lead
            return self._bidder()
        return self.trick.next_seat()

    def _bidder(self) -> int:
        return next(
            s % self.n
            for s in range(self.dealer + 1, self.dealer + 1 + self.n)
            if self.bids[s % self.n] is None
        )

    def legal_actions(self) -> list[Any]:
        seat = self.to_act()
        if seat is None:
            return []
        if None not in self.bids:
            return [
                Play(c)
                for c in sorted(set(follow_suit_options(self.hands[seat], self.trick.led_suit)), key=sort_key)
            ]
        size = len(self.hands[seat])
        hook = size - sum(b for b in self.bids if b is not None) if seat == self.dealer else None
        return [Bid(t) for t in range(size + 1) if t != hook]  # the dealer may not make the bids add up

    def apply(self, action: Any) -> None:
        seat = self.to_act()
        if seat is None or action not in self.legal_actions():  # checked before anything changes
            raise IllegalActionError(f"you cannot {_words(action)} now")
        self.log.append(LogEntry(seat, f"P{seat + 1} {_words(action, public=True)}"))
        if isinstance(action, Bid):
            self.bids[seat] = action.tricks
            return
        remove_cards(self.hands[seat], [action.card])
        self.trick.cards.append(action.card)
        if not self.trick.is_complete():
            return
        done = self.trick.finish(self.trump.suit)
        self.taken.append(done)
        self.log.append(LogEntry(done.winner, f"P{done.winner + 1} takes the trick"))
        self.trick = TrickInPlay(done.winner, self.n)
        if not self.hands[done.winner]:
            self._score_hand()

    def _score_hand(self) -> None:
        """Each player who took exactly the tricks bid scores the bonus plus one per trick."""
        took = tricks_taken(self.taken, self.n)
        made = tuple(s for s in range(self.n) if took[s] == self.bids[s])
        points = tuple(self.options.bonus + took[s] if s in made else 0 for s in range(self.n))
        missed = tuple(s for s in range(self.n) if s not in made)
        words = "made their bids: " + (", ".join(f"P{s + 1}" for s in made) or "nobody")
        self.results.append(
            HandResult(len(self.results) + 1, self.dealer, made, missed, points, (0,) * self.n, words)
        )
        self.log.append(LogEntry(None, words))
        if len(self.results) < self.options.cards:
            self._deal()

    def scores(self) -> tuple[int, ...]:
        return tuple(sum(r.points[s] for r in self.results) for s in range(self.n))

    def outcome(self) -> Outcome | None:
        if self.to_act() is not None:
            return None
        scores = self.scores()
        winners = tuple(s for s in range(self.n) if scores[s] == max(scores))
        return Outcome(
            winners, scores, f"{', '.join(f'P{w + 1}' for w in winners)} won with {max(scores)} points"
        )

    def hand_results(self) -> Sequence[HandResult]:
        return tuple(self.results)

    def view(self, seat: int) -> OhHellView:
        took = tricks_taken(self.taken, self.n)
        hand = tuple(sorted(self.hands[seat], key=sort_key))
        return OhHellView(
            seat,
            self.n,
            self.dealer,
            hand,
            self.trump,
            tuple(self.bids),
            tuple(self.trick.cards),
            took,
            self.scores(),
            self.to_act(),
            tuple(self.log),
        )

    def all_cards(self) -> list[Card]:
        return (
            [c for h in self.hands for c in h]
            + self.stock
            + self.trick.cards
            + [c for t in self.taken for c in t.cards]
        )

    def determinize(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        hidden = [c for s in range(self.n) if s != seat for c in self.hands[s]] + self.stock[:-1]
        rng.shuffle(hidden)
        for s in range(self.n):
            if s != seat:
                size = len(self.hands[s])
                other.hands[s], hidden = hidden[:size], hidden[size:]
        other.stock = [*hidden, self.trump]
        return other


def _words(action: Any, public: bool = False) -> str:
    """An action in words ("bid 2", "plays QH")."""
    if isinstance(action, Bid):
        return f"{'bids' if public else 'bid'} {action.tricks}"
    return f"{'plays' if public else 'play'} {format_card(action.card)}"
