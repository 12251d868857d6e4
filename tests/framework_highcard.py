"""High Card: a small but complete game plugin used to test the framework and its conformance kit.

2 to 4 players each get ``hand_size`` cards from a 24- or 32-card deck; the rest is a
face-down stock. Tricks follow suit, no trumps, the highest card of the led suit wins and
its taker leads next. After each trick everyone, from the taker clockwise, draws one card
while the stock has a card for each. Instead of leading, the leader may draw one extra card
("draw") while the stock is not empty. The game ends when someone has no card to play at
the start of a trick; most tricks wins, and every other player pays each winner ``stake``.

The module also holds deliberately broken variants, each breaking one promise of the
protocol, to prove that :func:`cardgames.conformance.check_random_game` catches it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal, Self

import attrs
from attrs import define, field, frozen
from rich.text import Text

from cardgames.core.game import Bot, Game
from cardgames.core.options import in_range
from cardgames.core.state import GameState, HandResult, LogEntry, Outcome
from cardgames.core.tabletop import Tabletop
from cardgames.primitives.cards import Card, card_markup, format_card, format_cards, parse_card, sort_key
from cardgames.primitives.dealing import deal, new_rng, shuffled
from cardgames.primitives.decks import deck_24, deck_32
from cardgames.primitives.errors import IllegalActionError, IncompleteAction, ParseError
from cardgames.primitives.exchange import remove_cards
from cardgames.primitives.scoring import balances, pay_each
from cardgames.primitives.tricks import Trick, TrickInPlay, follow_suit_options, tricks_taken


@frozen
class HighCardOptions:
    """The options of High Card."""

    hand_size: int = field(default=3, validator=in_range(1, 5), metadata={"doc": "cards dealt to each"})
    deck: Literal["short", "piquet"] = field(default="short", metadata={"doc": "24 (A-9) or 32 (A-7) cards"})
    stake: int = field(default=1, validator=in_range(0), metadata={"doc": "chips each loser pays a winner"})


@frozen
class Play:
    """Play a card to the trick."""

    card: Card


@frozen
class Draw:
    """The leader draws an extra card from the stock instead of leading now."""


@frozen
class HighCardView:
    """What one seat knows: its own hand, the sizes of the others, the trick and the log."""

    seat: int
    players: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    trick: tuple[Card, ...]
    leader: int
    tricks: tuple[int, ...]
    to_act: int | None
    log: tuple[LogEntry, ...]


@define(eq=False)
class HighCardState(GameState):
    """A game of High Card in progress."""

    options: HighCardOptions
    n: int
    rng: random.Random
    hands: list[list[Card]]
    stock: list[Card]
    trick: TrickInPlay
    taken: list[Trick] = field(factory=list)
    log: list[LogEntry] = field(factory=list)
    over: bool = False

    @property
    def players(self) -> int:
        """How many seats there are."""
        return self.n

    def to_act(self) -> int | None:
        """The seat to play to the trick, or None when the game is over."""
        return None if self.over else self.trick.next_seat()

    def legal_actions(self) -> list[Play | Draw]:
        """The cards that follow suit (once each), and the leader's extra draw."""
        if self.over:
            return []
        seat = self.trick.next_seat()
        cards = sorted(set(follow_suit_options(self.hands[seat], self.trick.led_suit)), key=sort_key)
        out: list[Play | Draw] = [Play(c) for c in cards]
        if not self.trick.cards and self.stock:
            out.append(Draw())
        return out

    def apply(self, action: Any) -> None:
        """Play a card or draw; IllegalActionError (state unchanged) if not allowed now."""
        if self.over:
            raise IllegalActionError("the game is over")
        seat = self.trick.next_seat()
        if isinstance(action, Draw):
            if self.trick.cards or not self.stock:
                raise IllegalActionError("only the leader may draw, and only while the stock lasts")
            self.hands[seat].append(self.stock.pop())
            self.log.append(LogEntry(seat, f"P{seat + 1} draws a card"))
            return
        if not isinstance(action, Play):
            raise IllegalActionError(f"{action!r} is not a High Card action")
        if action.card not in follow_suit_options(self.hands[seat], self.trick.led_suit):
            raise IllegalActionError(f"you cannot play {format_card(action.card)} now")
        remove_cards(self.hands[seat], [action.card])
        self.trick.cards.append(action.card)
        self.log.append(LogEntry(seat, f"P{seat + 1} plays {format_card(action.card)}"))
        if self.trick.is_complete():
            self._close_trick()

    def _close_trick(self) -> None:
        done = self.trick.finish()
        self.taken.append(done)
        self.log.append(LogEntry(done.winner, f"P{done.winner + 1} takes the trick"))
        if len(self.stock) >= self.n:
            for i in range(self.n):
                self.hands[(done.winner + i) % self.n].append(self.stock.pop())
        self.trick = TrickInPlay(done.winner, self.n)
        if any(not h for h in self.hands):
            self.over = True
            self.log.append(LogEntry(None, "the game is over"))

    def _scores(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        counts = tricks_taken(self.taken, self.n)
        best = max(counts)
        winners = tuple(s for s in range(self.n) if counts[s] == best)
        transfers = [
            t
            for loser in range(self.n)
            if loser not in winners
            for t in pay_each(loser, self.n, self.options.stake)
            if t.payee in winners
        ]
        return winners, balances(self.n, transfers)

    def outcome(self) -> Outcome | None:
        """Most tricks wins; every other player pays each winner the stake."""
        if not self.over:
            return None
        winners, scores = self._scores()
        names = ", ".join(f"P{w + 1}" for w in winners)
        return Outcome(winners, scores, f"{names} took the most tricks")

    def hand_results(self) -> Sequence[HandResult]:
        """One hand per game."""
        if not self.over:
            return ()
        winners, scores = self._scores()
        losers = tuple(s for s in range(self.n) if s not in winners)
        points = tricks_taken(self.taken, self.n)
        return (HandResult(1, 0, winners, losers, points, scores, "most tricks wins"),)

    def view(self, seat: int) -> HighCardView:
        """What ``seat`` may know."""
        return HighCardView(
            seat=seat,
            players=self.n,
            hand=tuple(sorted(self.hands[seat], key=sort_key)),
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            trick=tuple(self.trick.cards),
            leader=self.trick.leader,
            tricks=tricks_taken(self.taken, self.n),
            to_act=self.to_act(),
            log=tuple(self.log),
        )

    def clone(self) -> Self:
        """An independent copy, generator included."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return attrs.evolve(
            self,
            rng=rng,
            hands=[list(h) for h in self.hands],
            stock=list(self.stock),
            trick=TrickInPlay(self.trick.leader, self.n, list(self.trick.cards)),
            taken=list(self.taken),
            log=list(self.log),
        )

    def all_cards(self) -> list[Card]:
        """Hands, stock, the trick in play and the tricks taken."""
        out = [c for h in self.hands for c in h] + list(self.stock) + list(self.trick.cards)
        return out + [c for t in self.taken for c in t.cards]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Deal the other hands and the stock again from the cards ``seat`` cannot see."""
        other = self.clone()
        hidden = [c for s, h in enumerate(self.hands) if s != seat for c in h] + list(self.stock)
        rng.shuffle(hidden)
        for s in range(self.n):
            if s != seat:
                k = len(self.hands[s])
                other.hands[s], hidden = hidden[:k], hidden[k:]
        other.stock = hidden
        return other

    def __eq__(self, other: object) -> bool:
        """Full equality, including the generator's state."""
        if not isinstance(other, HighCardState):
            return NotImplemented
        return (
            self.options == other.options
            and self.n == other.n
            and self.hands == other.hands
            and self.stock == other.stock
            and self.trick == other.trick
            and self.taken == other.taken
            and self.log == other.log
            and self.over == other.over
            and self.rng.getstate() == other.rng.getstate()
        )


class HighestBot:
    """Plays its highest legal card and never draws."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The highest card it may play."""
        plays = [a for a in legal if isinstance(a, Play)]
        return max(plays, key=lambda a: sort_key(a.card)[1]) if plays else legal[0]


def _highest(rng: random.Random) -> Bot:
    return HighestBot(rng)


class HighCard(Game[HighCardOptions, HighCardState]):
    """High Card: take the most tricks."""

    id = "highcard"
    name = "High Card"
    aliases: ClassVar[tuple[str, ...]] = ("high-card", "Старшая карта")
    summary = "A small trick game that tests the framework."
    min_players = 2
    max_players = 4
    default_players = 3
    options_type = HighCardOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "quick": {"hand_size": 2},
        "long": {"hand_size": 5, "deck": "piquet"},
    }
    default_preset = "quick"
    action_types = (Play, Draw)
    bots: ClassVar[Mapping[str, Callable[[random.Random], Bot]]] = {"highest": _highest}
    state_type: ClassVar[type[HighCardState]] = HighCardState  # the broken variants swap it

    def deck(self, options: HighCardOptions) -> list[Card]:
        """The cards this game is played with."""
        return deck_24() if options.deck == "short" else deck_32()

    def new_game(self, options: HighCardOptions, players: int, seed: int) -> HighCardState:
        """Shuffle with the game's own generator and deal."""
        rng = new_rng(seed)
        hands, stock = deal(shuffled(self.deck(options), rng), players, options.hand_size)
        return self.state_type(options, players, rng, hands, stock, TrickInPlay(0, players))

    def max_decisions(self, options: HighCardOptions, players: int) -> int:
        """Every card is played at most once and drawn at most once."""
        return 2 * len(self.deck(options))

    def parse_action(self, text: str, view: Any) -> Play | Draw:
        """Read "draw", "play QH" or "QH"; ask which card for a bare "play"."""
        words = text.strip().casefold().split()
        if words == ["draw"]:
            return Draw()
        if words and words[0] == "play":
            words = words[1:]
            if not words:
                raise IncompleteAction("Which card?", tuple(format_card(c) for c in view.hand))
        if not words:
            raise ParseError("write a card to play (as in QH or 10s) or 'draw'")
        return Play(parse_card(" ".join(words)))

    def format_action(self, action: Any) -> str:
        """Write an action the way parse_action reads it."""
        return "draw" if isinstance(action, Draw) else f"play {format_card(action.card)}"

    def render(self, view: Any, *, ascii_only: bool = False) -> Any:
        """The trick and the hand, one line each."""
        trick = " ".join(card_markup(c, ascii_only=ascii_only) for c in view.trick) or "-"
        hand = " ".join(card_markup(c, ascii_only=ascii_only) for c in view.hand)
        return Text.from_markup(f"trick: {trick}\nhand: {hand}")


# Deliberately broken variants: each breaks exactly one promise.


@frozen
class LeakyView(HighCardView):
    """A view that also shows the left neighbour's hand."""

    peek: tuple[Card, ...] = ()


class LeakyState(HighCardState):
    """Its views leak the left neighbour's hand."""

    def view(self, seat: int) -> HighCardView:
        """The honest view plus the neighbour's cards."""
        base = super().view(seat)
        left = tuple(sorted(self.hands[(seat + 1) % self.n], key=sort_key))
        return LeakyView(**attrs.asdict(base, recurse=False), peek=left)


class LeakyHighCard(HighCard):
    """Views reveal a hidden hand."""

    id = "leaky"
    state_type = LeakyState


class LosingState(HighCardState):
    """Loses the last card of every completed trick."""

    def _close_trick(self) -> None:
        super()._close_trick()
        last = self.taken[-1]
        self.taken[-1] = Trick(last.leader, last.cards[:-1], last.winner)


class LosingHighCard(HighCard):
    """Cards go missing."""

    id = "losing"
    state_type = LosingState


class GlobalRandomHighCard(HighCard):
    """Shuffles with the global generator, so a seed does not reproduce the deal."""

    id = "globalrandom"

    def new_game(self, options: HighCardOptions, players: int, seed: int) -> HighCardState:
        """Shuffle with the global random module (the bug)."""
        cards = self.deck(options)
        random.shuffle(cards)
        hands, stock = deal(cards, players, options.hand_size)
        return HighCardState(options, players, new_rng(seed), hands, stock, TrickInPlay(0, players))


class LateGlobalState(HighCardState):
    """Reshuffles the stock with the global generator after every trick."""

    def _close_trick(self) -> None:
        random.shuffle(self.stock)
        super()._close_trick()


class LateGlobalHighCard(HighCard):
    """Deals from the seed, but later chance comes from the global generator."""

    id = "lateglobal"
    state_type = LateGlobalState


class ShortBoundHighCard(HighCard):
    """Declares a bound on its length that it does not keep."""

    id = "shortbound"

    def max_decisions(self, options: HighCardOptions, players: int) -> int:
        """Too small: one trick's worth."""
        return players


class ListsHeldByOthersState(HighCardState):
    """Lists the left neighbour's cards as playable too, then refuses them."""

    def legal_actions(self) -> list[Play | Draw]:
        """The honest list plus cards the player does not hold."""
        out = super().legal_actions()
        if self.over:
            return out
        left = (self.trick.next_seat() + 1) % self.n
        return out + [Play(c) for c in self.hands[left] if c not in self.hands[self.trick.next_seat()]]


class OverListingHighCard(HighCard):
    """Lists actions that apply() refuses."""

    id = "overlisting"
    state_type = ListsHeldByOthersState


class NotZeroSumState(HighCardState):
    """Winners are paid from nowhere."""

    def outcome(self) -> Outcome | None:
        """Scores that do not sum to zero."""
        base = super().outcome()
        if base is None:
            return None
        scores = tuple(1 if s in base.winners else 0 for s in range(self.n))
        return Outcome(base.winners, scores, base.summary)


class NotZeroSumHighCard(HighCard):
    """Claims to be zero-sum but is not."""

    id = "notzerosum"
    state_type = NotZeroSumState


class SharedCloneState(HighCardState):
    """clone() shares the hands with the original, so trying an action on a copy changes the game."""

    def clone(self) -> Self:
        """A copy that is not independent (the bug)."""
        copy = super().clone()
        copy.hands = self.hands
        return copy


class SharedCloneHighCard(HighCard):
    """Its copies are not independent."""

    id = "sharedclone"
    state_type = SharedCloneState


class StocklessEqualityState(HighCardState):
    """__eq__ forgets the stock, so a replay whose stock differs would pass for identical."""

    def __eq__(self, other: object) -> bool:
        """Equality of every field but the stock (the bug)."""
        if not isinstance(other, HighCardState):
            return NotImplemented
        return attrs.evolve(self, stock=[]).eq_all(attrs.evolve(other, stock=[]))

    def eq_all(self, other: HighCardState) -> bool:
        """The correct equality, of every field."""
        return HighCardState.__eq__(self, other)


class StocklessEqualityHighCard(HighCard):
    """Its equality ignores a field that changes during play."""

    id = "stocklesseq"
    state_type = StocklessEqualityState


class BadNotationHighCard(HighCard):
    """Writes actions in a form its own parser does not read back."""

    id = "badnotation"

    def format_action(self, action: Any) -> str:
        """Forgets the card's rank."""
        return "draw" if isinstance(action, Draw) else f"play {format_cards([action.card])[-1]}"


class HalfRefusingState(HighCardState):
    """Takes the card off the trick-taker's hand before it notices the play is not allowed."""

    def apply(self, action: Any) -> None:
        """Changes the state, then refuses (the bug)."""
        seat = self.trick.next_seat()
        if isinstance(action, Play) and action.card not in self.hands[seat]:
            self.log.append(LogEntry(seat, "oops"))
            raise IllegalActionError("you do not hold that card")
        super().apply(action)


class HalfRefusingHighCard(HighCard):
    """Refusing an action leaves a trace in the state."""

    id = "halfrefusing"
    state_type = HalfRefusingState


class CrashingState(HighCardState):
    """Crashes with a KeyError on a card it does not hold instead of refusing it."""

    def apply(self, action: Any) -> None:
        """A crash instead of IllegalActionError (the bug)."""
        seat = self.trick.next_seat()
        if isinstance(action, Play) and action.card not in self.hands[seat]:
            raise KeyError(action.card)
        super().apply(action)


class CrashingHighCard(HighCard):
    """apply crashes on actions that are not allowed now."""

    id = "crashing"
    state_type = CrashingState


@define
class MutableView:
    """A view that can be changed after it is handed out (not frozen)."""

    hand: tuple[Card, ...]
    log: tuple[LogEntry, ...]


class MutableViewState(HighCardState):
    """Hands out views that are not frozen."""

    def view(self, seat: int) -> Any:
        """A mutable view (the bug)."""
        return MutableView(tuple(sorted(self.hands[seat], key=sort_key)), tuple(self.log))


class MutableViewHighCard(HighCard):
    """Views are not frozen."""

    id = "mutableview"
    state_type = MutableViewState


@frozen
class NoLogView:
    """A view without the public log."""

    hand: tuple[Card, ...]


class NoLogState(HighCardState):
    """Hands out views without a log."""

    def view(self, seat: int) -> Any:
        """A view with no log (the bug)."""
        return NoLogView(tuple(sorted(self.hands[seat], key=sort_key)))


class NoLogHighCard(HighCard):
    """Views lack the log."""

    id = "nolog"
    state_type = NoLogState


class SelfDeterminizeState(HighCardState):
    """determinize returns the state itself, so it proves nothing."""

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """The same object (the bug)."""
        return self


class SelfDeterminizeHighCard(HighCard):
    """determinize does not make a copy."""

    id = "selfdeterminize"
    state_type = SelfDeterminizeState


class PeekingWorldState(HighCardState):
    """Its search worlds (``plausible_world``) give the seat its left neighbour's hand."""

    def plausible_world(self, seat: int, rng: random.Random, weigh: int = 1) -> Self:
        """An honest re-deal, then the seat's hand swapped with the neighbour's (the bug)."""
        other = self.determinize(seat, rng)
        left = (seat + 1) % self.n
        other.hands[seat], other.hands[left] = other.hands[left], other.hands[seat]
        return other


class PeekingWorldHighCard(HighCard):
    """Search worlds that change what the seat itself holds."""

    id = "peekingworld"
    state_type = PeekingWorldState


class NumberedTableHighCard(HighCard):
    """Its table says whose turn it is by seat number ("P2 to play"), not by the player's name."""

    id = "numberedtable"

    def tabletop(self, view: Any, names: Sequence[str], **more: Any) -> Tabletop:
        """The framework's table with the decision in seat numbers."""
        table = super().tabletop(view, names, **more)
        if table.decision is None:
            return table
        text = f"P{table.decision.seats[0] + 1} to play"
        return attrs.evolve(table, decision=attrs.evolve(table.decision, text=text))
