"""The rules of Oh Hell: bid the exact number of tricks you will take, with a trump turned up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

import cardgames.api as cg

# The log, as data said in the reader's language through the plugin's own catalog (ohhell/locale)
OHHELL = cg.catalog("ohhell")
DEALS = cg.N_("hand {number}: {who} deals, {trump} is trumps")
BIDS = cg.N_plural("{who} bids {count} trick", "{who} bids {count} tricks")
PLAYS = cg.N_("{who} plays {card}")
TAKES = cg.N_("{who} takes the trick")
MADE = cg.N_("made their bids: {seats}")
NOBODY_MADE = cg.N_("made their bids: nobody")
STOCK = cg.N_("Stock, trump turned up")
WON = cg.N_plural("{winners} won with {count} point", "{winners} won with {count} points")
# The same, said to the player it is about ("You bid 2 tricks"), as the terminal says it to that person
YOU: dict[str | tuple[str, str], str | tuple[str, str]] = {
    DEALS: cg.N_("hand {number}: you deal, {trump} is trumps"),
    BIDS: cg.N_plural("You bid {count} trick", "You bid {count} tricks"),
    PLAYS: cg.N_("You play {card}"),
    TAKES: cg.N_("You take the trick"),
    WON: cg.N_plural("You won with {count} point", "You won with {count} points"),
}


def say(message: str | tuple[str, str], **values: Any) -> cg.Said:
    """A message of Oh Hell's catalog with its values, and its second-person form (``YOU``)."""
    said = cg.said(OHHELL, message, **values)
    if message not in YOU:
        return said
    return said.to_you(YOU[message], about="winners" if "winners" in values else "who")


@frozen
class OhHellOptions:
    """The options of Oh Hell."""

    cards: int = cg.option(
        7, cg.N_("cards dealt in the first hand; each hand after has one fewer"), cg.in_range(1, 12)
    )
    bonus: int = cg.option(
        10, cg.N_("points for making a bid exactly, besides one per trick"), cg.in_range(0, 100)
    )


@frozen
class Bid:
    """Say how many tricks you will take."""

    tricks: int


@frozen
class Play:
    """Play a card to the trick."""

    card: cg.Card


class OhHellState(cg.GameState):
    """A match of Oh Hell in progress: hands of ``cards`` cards down to one."""

    zones = (
        cg.Zone("hands", cg.ZoneKind.HAND, cg.Visibility.OWNER, per_seat=True),
        cg.Zone("stock", cg.ZoneKind.TRUMP, cg.Visibility.TOP, label=say(STOCK)),
        cg.Zone("trick.cards", cg.ZoneKind.TRICK, played_by="trick.seats"),
        cg.Zone("won", cg.ZoneKind.TAKEN, per_seat=True),
    )
    public_fields = ("bids", "tricks", "scores")
    public_seats = ("dealer",)
    fields = cg.Fields(
        trick=cg.Copied(cg.TrickInPlay.copy), rng=cg.Copied(cg.Chance.fork), options=cg.SHARED,
        bids=cg.SHALLOW, results=cg.SHALLOW, stock=cg.SHALLOW, log=cg.SHALLOW, hands=cg.NESTED, won=cg.NESTED,
        last=cg.SHARED,
    )  # fmt: skip

    def __init__(self, options: OhHellOptions, players: int, seed: int) -> None:
        self.options, self.rng = options, cg.Chance(seed)
        self.last = options.cards  # the number of the game's last hand
        self.log: list[cg.LogEntry] = []
        self.results: list[cg.HandResult] = []
        self._deal(players)

    def _deal(self, players: int) -> None:
        """Deal the next hand, turn up the trump, and open the bidding at the dealer's left."""
        number, dealer = len(self.results) + 1, len(self.results) % players
        self.hands, self.stock = cg.deal(
            cg.shuffled(cg.deck_52(), self.rng.rng()), players, self.options.cards + 1 - number
        )
        self.bids: list[int | None] = [None] * players
        self.won: list[list[cg.Card]] = [[] for _ in range(players)]
        self.trick = cg.TrickInPlay((dealer + 1) % players, players)
        self.log.append(
            cg.LogEntry(dealer, say(DEALS, number=number, who=cg.SeatNumber(dealer), trump=self.trump))
        )

    @property
    def dealer(self) -> int:
        return len(self.results) % self.players

    @property
    def trump(self) -> cg.Card:
        return self.stock[-1]  # turned up on the stock

    @property
    def tricks(self) -> tuple[int, ...]:
        """How many tricks each seat has taken this hand."""
        return tuple(len(w) // self.players for w in self.won)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's points in the hands finished so far."""
        return tuple(sum(r.points[s] for r in self.results) for s in range(self.players))

    def to_act(self) -> int | None:
        if len(self.results) == self.last:
            return None
        if None in self.bids:  # bidding goes round from the dealer's left, who also leads first
            return next(
                s % self.players
                for s in range(self.dealer + 1, self.dealer + 1 + self.players)
                if self.bids[s % self.players] is None
            )
        return self.trick.next_seat()

    def legal_actions(self) -> list[Any]:
        seat = self.to_act()
        if seat is None:
            return []
        if None not in self.bids:
            cards = cg.follow_suit_options(self.hands[seat], self.trick.led_suit)
            return [Play(c) for c in sorted(set(cards), key=cg.sort_key)]
        size = len(self.hands[seat])
        hook = size - sum(b for b in self.bids if b is not None) if seat == self.dealer else None
        return [Bid(t) for t in range(size + 1) if t != hook]  # the dealer may not make the bids add up

    def apply(self, action: Any) -> None:
        seat = self.to_act()
        if seat is None or action not in self.legal_actions():  # checked before anything changes
            raise cg.IllegalActionError(OHHELL.gettext("you cannot {move} now").format(move=_words(action)))
        if isinstance(action, Bid):
            self.log.append(cg.LogEntry(seat, say(BIDS, who=cg.SeatNumber(seat), count=action.tricks)))
        else:
            self.log.append(cg.LogEntry(seat, say(PLAYS, who=cg.SeatNumber(seat), card=action.card)))
        if isinstance(action, Bid):
            self.bids[seat] = action.tricks
            return
        self.hands[seat].remove(action.card)
        self.trick.cards.append(action.card)
        if not self.trick.is_complete():
            return
        done = self.trick.finish(self.trump.suit)
        self.won[done.winner] += done.cards
        self.log.append(cg.LogEntry(done.winner, say(TAKES, who=cg.SeatNumber(done.winner))))
        self.trick = cg.TrickInPlay(done.winner, self.players)
        if not self.hands[done.winner]:
            self._score_hand()

    def _score_hand(self) -> None:
        """Each player who took exactly the tricks bid scores the bonus plus one per trick."""
        took = self.tricks
        made = tuple(s for s in range(self.players) if took[s] == self.bids[s])
        points = tuple(self.options.bonus + took[s] if s in made else 0 for s in range(self.players))
        missed = tuple(s for s in range(self.players) if s not in made)
        words = say(MADE, seats=tuple(cg.SeatNumber(s) for s in made)) if made else say(NOBODY_MADE)
        self.results.append(
            cg.HandResult(
                len(self.results) + 1, self.dealer, made, missed, points, (0,) * self.players, words
            )
        )
        if len(self.results) < self.last:
            self._deal(self.players)

    def outcome(self) -> cg.Outcome | None:
        if self.to_act() is not None:
            return None
        scores = self.scores
        winners = tuple(s for s in range(self.players) if scores[s] == max(scores))
        return cg.Outcome(
            winners, scores, say(WON, winners=tuple(cg.SeatNumber(w) for w in winners), count=max(scores))
        )

    def hand_results(self) -> Sequence[cg.HandResult]:
        return tuple(self.results)

    def last_hand(self) -> bool:
        """End with the hand in play (a search's world need not deal the next)."""
        self.last = len(self.results) + 1
        return True


def _words(action: Any, public: bool = False) -> str:
    """An action in words: "bid 2", or for the log "bids 2"."""
    what = str(action.tricks) if isinstance(action, Bid) else cg.format_card(action.card)
    return f"{type(action).__name__.lower()}{'s' if public else ''} {what}"
