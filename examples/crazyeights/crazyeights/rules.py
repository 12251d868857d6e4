"""The rules of Crazy Eights: match the top card's suit or rank; an eight is wild and calls a suit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

import cardgames.api as cg


@frozen
class CrazyEightsOptions:
    """The options of Crazy Eights."""

    hand_size: int = cg.option(
        0, cg.N_("cards dealt to each (0: 7 for two players, 5 for more)"), cg.in_range(0, 7)
    )


@frozen
class Play:
    """Play a card on the discard pile."""

    card: cg.Card


@frozen
class Call:
    """Name the suit to follow, after playing an eight."""

    suit: cg.Suit


@frozen
class Draw:
    """Draw the top card of the stock (allowed while the stock lasts)."""


@frozen
class Pass:
    """Pass: the stock is empty and no card in the hand can be played."""


def penalty(card: cg.Card) -> int:
    """What a card left in hand costs: an eight 50, a picture 10, an ace 1, any other its pips."""
    assert card.rank is not None  # the 52-card deck has no jokers
    if card.rank == cg.Rank.EIGHT:
        return 50
    return 1 if card.rank == cg.Rank.ACE else min(int(card.rank), 10)


class CrazyEightsState(cg.GameState):
    """One hand of Crazy Eights in progress."""

    zones = (
        cg.Zone("hands", cg.ZoneKind.HAND, cg.Visibility.OWNER, per_seat=True),
        cg.Zone("stock", cg.ZoneKind.STOCK, cg.Visibility.HIDDEN),
        cg.Zone("discard", cg.ZoneKind.DISCARD, cg.Visibility.PUBLIC),
    )
    public_fields = ("suit", "calling")
    fields = cg.Fields(
        turn=cg.SHARED, suit=cg.SHARED, calling=cg.SHARED, passes=cg.SHARED, hands=cg.NESTED,
        stock=cg.SHALLOW, discard=cg.SHALLOW, log=cg.SHALLOW, rng=cg.Copied(cg.Chance.fork),
    )  # fmt: skip

    def __init__(self, players: int, seed: int, hand_size: int) -> None:
        self.rng, self.turn, self.passes, self.calling = cg.Chance(seed), 0, 0, False
        self.hands, self.stock = cg.deal(cg.shuffled(cg.deck_52(), self.rng.rng()), players, hand_size)
        while (starter := self.stock.pop()).rank == cg.Rank.EIGHT:  # an eight turned up goes back in
            self.stock.insert(self.rng.rng().randrange(len(self.stock) + 1), starter)
        self.discard = [starter]
        self.suit = starter.suit  # the suit to follow: the top card's, or the one called with an eight
        self.log = [cg.LogEntry(None, cg.said(CRAZYEIGHTS, TURNED_UP, card=starter))]

    def _over(self) -> bool:
        return any(not h for h in self.hands) or self.passes == self.players

    def to_act(self) -> int | None:
        return None if self._over() else self.turn

    def legal_actions(self) -> list[Any]:
        if self._over():
            return []
        if self.calling:
            return [Call(s) for s in cg.Suit]
        top = self.discard[-1]
        out: list[Any] = [
            Play(c)
            for c in sorted(set(self.hands[self.turn]), key=cg.sort_key)
            if c.rank in (cg.Rank.EIGHT, top.rank) or c.suit == self.suit  # any eight, or a match
        ]
        if self.stock:
            out.append(Draw())
        elif not out:
            out.append(Pass())
        return out

    def apply(self, action: Any) -> None:
        if action not in self.legal_actions():  # checked before anything changes
            raise cg.IllegalActionError(
                CRAZYEIGHTS.gettext("you cannot {move} now").format(move=_words(action))
            )
        seat = self.turn
        self.log.append(cg.LogEntry(seat, _logged(action, seat)))
        if isinstance(action, Draw):
            self.hands[seat].append(self.stock.pop())
            return  # the same player plays or draws again
        if isinstance(action, Play):
            self.hands[seat].remove(action.card)
            self.discard.append(action.card)
            self.suit, self.passes = action.card.suit, 0
            self.calling = action.card.rank == cg.Rank.EIGHT and bool(self.hands[seat])
            if self.calling:
                return  # the same player names the suit to follow
        elif isinstance(action, Call):
            self.suit, self.calling = action.suit, False
        else:
            self.passes += 1
        self.turn = cg.next_seat(seat, 1, self.players)

    def _counts(self) -> list[int]:
        return [sum(map(penalty, h)) for h in self.hands]

    def _result(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The lowest count wins; every other player pays each winner the difference."""
        counts = self._counts()
        low = min(counts)
        winners = tuple(s for s in range(self.players) if counts[s] == low)
        pay = [
            cg.Transfer(s, w, counts[s] - low)
            for s in range(self.players)
            if s not in winners
            for w in winners
        ]
        return winners, cg.balances(self.players, pay)

    def outcome(self) -> cg.Outcome | None:
        if not self._over():
            return None
        winners, chips = self._result()
        how = GOES_OUT if not self.hands[winners[0]] else BLOCKED
        return cg.Outcome(winners, chips, say(how, winners=tuple(cg.SeatNumber(w) for w in winners)))

    def hand_results(self) -> Sequence[cg.HandResult]:
        if not self._over():
            return ()
        winners, chips = self._result()
        losers = tuple(s for s in range(self.players) if s not in winners)
        return (
            cg.HandResult(
                number=1,  # a game is one hand
                dealer=self.players - 1,  # the last seat deals, so the first plays first
                winners=winners,
                losers=losers,
                points=tuple(self._counts()),
                chips=chips,
                summary=cg.said(CRAZYEIGHTS, LOWEST),
            ),
        )


def _words(action: Any) -> str:
    """An action as it is typed: "play 7H", "call hearts", "draw"."""
    verb = type(action).__name__.lower()  # play, call, draw or pass
    if isinstance(action, Draw | Pass):
        return verb
    what = cg.format_card(action.card) if isinstance(action, Play) else action.suit.english
    return f"{verb} {what}"


# The log: what happened as data, said in each reader's language through the game's own catalog
CRAZYEIGHTS = cg.catalog("crazyeights")
TURNED_UP = cg.N_("{card} is turned up")
PLAYS = cg.N_("{who} plays {card}")
CALLS = cg.N_("{who} calls {suit}")
DRAWS = cg.N_("{who} draws a card")
PASSES = cg.N_("{who} passes")
GOES_OUT = cg.N_("{winners} goes out")
BLOCKED = cg.N_("{winners} has the lowest count; the game is blocked")
LOWEST = cg.N_("lowest count wins")
# The same, said to the player it is about ("You play 8♠"), as the terminal says it to the person there
YOU = {
    PLAYS: cg.N_("You play {card}"),
    CALLS: cg.N_("You call {suit}"),
    DRAWS: cg.N_("You draw a card"),
    PASSES: cg.N_("You pass"),
    GOES_OUT: cg.N_("You go out"),
    BLOCKED: cg.N_("You have the lowest count; the game is blocked"),
}


def say(message: str, **values: Any) -> cg.Said:
    """A message of the game's catalog with its values, said to its player in the second person (``YOU``)."""
    said = cg.said(CRAZYEIGHTS, message, **values)
    about = "winners" if "winners" in values else "who"
    return said.to_you(YOU[message], about=about) if message in YOU else said


def _logged(action: Any, seat: int) -> cg.Said:
    """A move for the log: a seat as a seat, a card as a card, a suit as a suit."""
    who = cg.SeatNumber(seat)
    if isinstance(action, Play):
        return say(PLAYS, who=who, card=action.card)
    if isinstance(action, Call):
        return say(CALLS, who=who, suit=action.suit)
    return say(DRAWS if isinstance(action, Draw) else PASSES, who=who)
