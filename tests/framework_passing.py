"""Pass Hearts: a Hearts-style test plugin (not shipped) for simultaneous passes and choose-k actions.

3 or 4 players share a 24-card deck (A-9 in four suits), all of it dealt. Each deal opens
with a pass: every seat at once chooses three of its cards, face down, card by card (protocol
2's ``Pick``, typed in one line as ``pass 7H 8S 9C``); once every seat has chosen, the passes
are revealed together and go left in the first deal, right in the second and across in the
third (4 players; 3 players alternate left and right). Then tricks: follow suit, no trumps,
the highest card of the led suit wins and leads next. Every heart taken is a point against
its taker; after ``deals`` deals the fewest points win.

The module also holds deliberately broken variants of the new promises, to prove that the
conformance kit catches them: one whose result depends on the order in which the seats'
choices arrive, one whose views show another seat's pending choice, and three that leak
only through a seat choosing out of turn: its legal actions, a public log line that depends
on a hidden card, and an ``action_seen_by`` that names picks the seat never saw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Self

import attrs
from attrs import define, field, frozen
from rich.text import Text

from cardgames.core.choosing import Pick, Picks, parse_picks, pick_options
from cardgames.core.game import Game
from cardgames.core.options import in_range
from cardgames.core.state import Choice, GameState, HandResult, LogEntry, Outcome
from cardgames.core.tabletop import Tabletop
from cardgames.primitives.cards import Card, Rank, Suit, card_markup, format_card, parse_card, sort_key
from cardgames.primitives.dealing import deal, new_rng, shuffled
from cardgames.primitives.decks import deck_24
from cardgames.primitives.errors import IllegalActionError, ParseError
from cardgames.primitives.exchange import remove_cards
from cardgames.primitives.tricks import Trick, TrickInPlay, follow_suit_options

PASS = 3  # cards each seat passes
PASSING, PLAYING, OVER = "pass", "play", "over"


@frozen
class PassOptions:
    """The options of Pass Hearts."""

    deals: int = field(default=3, validator=in_range(1, 6), metadata={"doc": "deals in a game"})


@frozen
class Play:
    """Play a card to the trick."""

    card: Card


@frozen
class FaceDown:
    """How a pick looks to every seat but its chooser: one card set aside, face down."""


def shift(deal_no: int, players: int) -> int:
    """How many seats to the left the passes of a deal go: left, right, across (4 players)."""
    cycle = (1, players - 1, 2) if players == 4 else (1, players - 1)
    return cycle[(deal_no - 1) % len(cycle)]


def direction(deal_no: int, players: int) -> str:
    """The pass direction in words."""
    return {1: "left", players - 1: "right", 2: "across"}[shift(deal_no, players)]


@frozen
class PassView:
    """What one seat knows: its hand and its own pending choice, how far the others are, the trick."""

    seat: int
    players: int
    phase: str
    deal_no: int
    passing: str
    hand: tuple[Card, ...]
    chosen: tuple[Card, ...]
    """The cards this seat has set aside to pass (its pending choice, hidden from the others)."""
    setting_aside: tuple[int, ...]
    """How many cards each seat has set aside: public, as at a real table."""
    received: tuple[Card, ...]
    trick: tuple[Card, ...]
    leader: int
    points: tuple[int, ...]
    to_act: int | None
    log: tuple[LogEntry, ...]


@define(eq=False)
class PassState(GameState):
    """A game of Pass Hearts in progress."""

    options: PassOptions
    n: int
    rng: random.Random
    deal_no: int = 0
    phase: str = PASSING
    hands: list[list[Card]] = field(factory=list)
    chosen: list[list[Card]] = field(factory=list)  # pending choices, in the order picked
    received: list[tuple[Card, ...]] = field(factory=list)
    given: list[tuple[Card, ...]] = field(factory=list)  # what each seat passed this deal
    trick: TrickInPlay = field(factory=lambda: TrickInPlay(0, 1))
    taken: list[Trick] = field(factory=list)  # this deal's tricks
    points: list[int] = field(factory=list)
    results: list[HandResult] = field(factory=list)
    log: list[LogEntry] = field(factory=list)

    def start_deal(self) -> None:
        """Shuffle, deal every card, and open the pass."""
        self.deal_no += 1
        dealer = (self.deal_no - 1) % self.n
        hands, _ = deal(shuffled(deck_24(), self.rng), self.n, 24 // self.n)
        self.hands = [sorted(h, key=sort_key) for h in hands]
        self.chosen = [[] for _ in range(self.n)]
        self.received = [() for _ in range(self.n)]
        self.given = [() for _ in range(self.n)]
        self.taken = []
        self.trick = TrickInPlay((dealer + 1) % self.n, self.n)
        self.phase = PASSING
        self.log.append(
            LogEntry(None, f"deal {self.deal_no}: pass three cards {direction(self.deal_no, self.n)}")
        )

    @property
    def players(self) -> int:
        """How many seats there are."""
        return self.n

    def to_decide(self) -> tuple[int, ...]:
        """In the pass every seat that has not set three cards aside; in play the seat to play."""
        if self.phase == PASSING:
            return tuple(s for s in range(self.n) if len(self.chosen[s]) < PASS)
        return () if self.phase == OVER else (self.trick.next_seat(),)

    def simultaneous(self) -> bool:
        """The pass is chosen by everyone at once."""
        return self.phase == PASSING

    def to_act(self) -> int | None:
        """The first seat still choosing in the pass, the seat to play in the tricks."""
        seats = self.to_decide()
        return seats[0] if seats else None

    def legal_actions_for(self, seat: int) -> Sequence[Any]:
        """One pick per card not set aside yet (the pass), or the cards that follow suit."""
        if self.phase == PASSING:
            return pick_options(self.hands[seat], self.chosen[seat]) if len(self.chosen[seat]) < PASS else []
        if self.phase == PLAYING and seat == self.trick.next_seat():
            return [Play(c) for c in follow_suit_options(self.hands[seat], self.trick.led_suit)]
        return []

    def legal_actions(self) -> Sequence[Any]:
        """The legal actions of the seat to act."""
        seat = self.to_act()
        return [] if seat is None else self.legal_actions_for(seat)

    def apply(self, action: Any) -> None:
        """A pick (of any choosing seat, as a Choice) or a play; IllegalActionError leaves all unchanged."""
        if isinstance(action, Choice):
            if self.phase != PASSING:
                raise IllegalActionError("nobody chooses at the same time now: it is not the pass")
            seat, action = action.seat, action.action
        else:
            maybe = self.to_act()
            if maybe is None:
                raise IllegalActionError("the game is over")
            seat = maybe
        if self.phase == PASSING:
            self._pick(seat, action)
        else:
            self._play(seat, action)

    def _pick(self, seat: int, action: Any) -> None:
        if not isinstance(action, Pick):
            raise IllegalActionError("it is the pass: choose three cards to pass first")
        if not 0 <= seat < self.n or len(self.chosen[seat]) >= PASS:
            raise IllegalActionError(f"P{seat + 1} has chosen its three cards already")
        if action.card not in self.hands[seat] or action.card in self.chosen[seat]:
            raise IllegalActionError(f"you cannot set {format_card(action.card)} aside")
        self.chosen[seat].append(action.card)
        if all(len(c) == PASS for c in self.chosen):
            self._reveal()

    def _reveal(self) -> None:
        """Every pass at once: the receiver takes them in, hands stay sorted (arrival order is lost)."""
        step = shift(self.deal_no, self.n)
        given = [tuple(sorted(c, key=sort_key)) for c in self.chosen]
        for s in range(self.n):
            remove_cards(self.hands[s], given[s])
        for s in range(self.n):
            to = (s + step) % self.n
            self.hands[to] = sorted(self.hands[to] + list(given[s]), key=sort_key)
            self.received[to] = given[s]
        self.given = given
        self.chosen = [[] for _ in range(self.n)]
        self.log.append(LogEntry(None, f"everyone passes three cards {direction(self.deal_no, self.n)}"))
        self.phase = PLAYING

    def _play(self, seat: int, action: Any) -> None:
        if not isinstance(action, Play):
            raise IllegalActionError("the pass is over: play a card")
        if action.card not in follow_suit_options(self.hands[seat], self.trick.led_suit):
            raise IllegalActionError(f"you cannot play {format_card(action.card)} now")
        remove_cards(self.hands[seat], [action.card])
        self.trick.cards.append(action.card)
        self.log.append(LogEntry(seat, f"P{seat + 1} plays {format_card(action.card)}"))
        if not self.trick.is_complete():
            return
        done = self.trick.finish()
        self.taken.append(done)
        self.log.append(LogEntry(done.winner, f"P{done.winner + 1} takes the trick"))
        self.trick = TrickInPlay(done.winner, self.n)
        if any(self.hands):
            return
        points = [0] * self.n
        for t in self.taken:
            points[t.winner] += sum(1 for c in t.cards if c.suit is Suit.HEARTS)
        self.points = [a + b for a, b in zip(self.points or [0] * self.n, points, strict=True)]
        low = min(points)
        self.results.append(
            HandResult(
                self.deal_no,
                (self.deal_no - 1) % self.n,
                tuple(s for s in range(self.n) if points[s] == low),
                tuple(s for s in range(self.n) if points[s] == max(points) != low),
                tuple(points),
                (0,) * self.n,
                f"hearts taken {points}",
            )
        )
        if self.deal_no >= self.options.deals:
            self.phase = OVER
            self.log.append(LogEntry(None, "the game is over"))
        else:
            self.start_deal()

    def outcome(self) -> Outcome | None:
        """Fewest heart points win; each seat scores minus its points."""
        if self.phase != OVER:
            return None
        low = min(self.points)
        winners = tuple(s for s in range(self.n) if self.points[s] == low)
        return Outcome(winners, tuple(-p for p in self.points), "fewest hearts win")

    def hand_results(self) -> Sequence[HandResult]:
        """The deals finished so far."""
        return tuple(self.results)

    def view(self, seat: int) -> PassView:
        """What ``seat`` may know: its own pending choice, only the count of the others'."""
        return PassView(
            seat=seat,
            players=self.n,
            phase=self.phase,
            deal_no=self.deal_no,
            passing=direction(self.deal_no, self.n),
            hand=tuple(self.hands[seat]),
            chosen=tuple(self.chosen[seat]),
            setting_aside=tuple(len(c) for c in self.chosen),
            received=self.received[seat],
            trick=tuple(self.trick.cards),
            leader=self.trick.leader,
            points=tuple(self.points or [0] * self.n),
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
            chosen=[list(c) for c in self.chosen],
            received=list(self.received),
            given=list(self.given),
            trick=TrickInPlay(self.trick.leader, self.n, list(self.trick.cards)),
            taken=list(self.taken),
            points=list(self.points),
            results=list(self.results),
            log=list(self.log),
        )

    def all_cards(self) -> list[Card]:
        """Hands (pending choices are still in them), the trick and this deal's tricks."""
        out = [c for h in self.hands for c in h] + list(self.trick.cards)
        return out + [c for t in self.taken for c in t.cards]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Deal the cards ``seat`` cannot see again; others' pending choices are chosen again at random.

        The cards ``seat`` passed and its receiver has not played yet stay with the receiver.
        """
        other = self.clone()
        known: dict[int, list[Card]] = {}
        if self.phase == PLAYING and self.given[seat]:
            to = (seat + shift(self.deal_no, self.n)) % self.n
            known[to] = [c for c in self.given[seat] if c in self.hands[to]]
        hidden = [c for s in range(self.n) if s != seat for c in self.hands[s] if c not in known.get(s, [])]
        rng.shuffle(hidden)
        for s in range(self.n):
            if s == seat:
                continue
            k = len(self.hands[s]) - len(known.get(s, []))
            other.hands[s] = sorted(hidden[:k] + known.get(s, []), key=sort_key)
            hidden = hidden[k:]
            other.chosen[s] = rng.sample(other.hands[s], len(self.chosen[s])) if self.chosen[s] else []
        return other

    def __eq__(self, other: object) -> bool:
        """Full equality, including the generator's state."""
        if not isinstance(other, PassState):
            return NotImplemented
        names = [f.name for f in attrs.fields(PassState) if f.name != "rng"]
        return all(getattr(self, a) == getattr(other, a) for a in names) and (
            self.rng.getstate() == other.rng.getstate()
        )


class PassHearts(Game[PassOptions, PassState]):
    """Pass Hearts: pass three cards together, then avoid the hearts."""

    id = "passhearts"
    name = "Pass Hearts"
    summary = "Pass three cards at once, then take as few hearts as you can (a protocol 2 test game)."
    min_players = 3
    max_players = 4
    default_players = 4
    protocol = 2
    options_type = PassOptions
    action_types = (Pick, Play)
    zero_sum = False
    state_type: ClassVar[type[PassState]] = PassState  # the broken variants swap it

    def new_game(self, options: PassOptions, players: int, seed: int) -> PassState:
        """Shuffle with the game's own generator and deal the first hand."""
        state = self.state_type(options, players, new_rng(seed))
        state.start_deal()
        return state

    def max_decisions(self, options: PassOptions, players: int) -> int:
        """Each deal: three picks a seat, then every card played once."""
        return options.deals * (PASS * players + 24)

    def parse_action(self, text: str, view: Any) -> Any:
        """Read "pass 7H 8S 9C" (or fewer cards) in the pass, "play QH" or "QH" in the tricks."""
        words = text.replace(",", " ").split()
        if words and words[0].casefold() in ("pass", "play"):
            words = words[1:]
        if view.phase == PASSING:
            if not text.strip():
                raise ParseError("nothing typed; write pass and three cards, as in pass 7H 8S 9C")
            return parse_picks(words, view.hand, view.chosen, PASS - len(view.chosen))
        if not words:
            raise ParseError("nothing typed; write a card to play, as in play QH")
        if len(words) != 1:
            raise ParseError("play one card, as in play QH")
        return Play(parse_card(words[0]))

    def format_action(self, action: Any) -> str:
        """Write an action the way parse_action reads it."""
        if isinstance(action, Picks):
            return "pass " + " ".join(format_card(p.card) for p in action.picks)
        if isinstance(action, Pick):
            return f"pass {format_card(action.card)}"
        return f"play {format_card(action.card)}"

    def action_seen_by(self, action: Any, actor: int, view: Any) -> Any:
        """A pick is seen face down by all but its chooser, and by its receiver once it completes the pass."""
        if not isinstance(action, Pick) or view.seat == actor:
            return action
        counts = view.setting_aside
        last = counts[actor] == PASS - 1 and all(c == PASS for s, c in enumerate(counts) if s != actor)
        receiver = (actor + shift(view.deal_no, view.players)) % view.players
        return action if last and view.seat == receiver else FaceDown()

    def tabletop(self, view: Any, names: Sequence[str], **more: Any) -> Tabletop:
        """The framework's table, with what a seat still to pass is asked for (how many, which way)."""
        table = super().tabletop(view, names, **more)
        decision = table.decision
        if decision is None or view.seat not in decision.seats:
            return table
        if view.phase != PASSING:
            return attrs.evolve(table, decision=attrs.evolve(decision, text="your card"))
        left = PASS - len(view.chosen)
        text = f"pass {left} card{'s' * (left != 1)} {view.passing}"
        return attrs.evolve(table, decision=attrs.evolve(decision, text=text, picks=left))

    def render(self, view: Any, *, ascii_only: bool = False, **_: Any) -> Any:
        """The trick, the cards set aside, and the hand."""
        trick = " ".join(card_markup(c, ascii_only=ascii_only) for c in view.trick) or "-"
        aside = " ".join(card_markup(c, ascii_only=ascii_only) for c in view.chosen) or "-"
        hand = " ".join(card_markup(c, ascii_only=ascii_only) for c in view.hand)
        return Text.from_markup(f"trick: {trick}\nset aside to pass: {aside}\nhand: {hand}")


# Deliberately broken variants: each breaks one promise of simultaneous decisions.


class ArrivalOrderState(PassState):
    """Keeps each receiver's new cards in the order the passes arrived (the result depends on it)."""

    def _pick(self, seat: int, action: Any) -> None:
        super()._pick(seat, action)
        if self.phase == PASSING and len(self.chosen[seat]) == PASS:
            self.log.append(LogEntry(seat, f"P{seat + 1} has chosen"))  # arrival order, in everyone's log


class ArrivalOrderPassHearts(PassHearts):
    """The log tells in which order the seats finished choosing."""

    id = "arrivalorder"
    state_type = ArrivalOrderState


@frozen
class PeekView(PassView):
    """A view that also shows the left neighbour's pending choice."""

    peek: tuple[Card, ...] = ()


class PeekingState(PassState):
    """Its views show the left neighbour's cards set aside before the reveal."""

    def view(self, seat: int) -> PassView:
        """The honest view plus the neighbour's pending choice."""
        base = super().view(seat)
        return PeekView(**attrs.asdict(base, recurse=False), peek=tuple(self.chosen[(seat + 1) % self.n]))


class PeekingPassHearts(PassHearts):
    """Views reveal a pending choice."""

    id = "peeking"
    state_type = PeekingState


# Broken variants that the kit caught only at the seat to act's choice: each leaks through a seat
# choosing out of turn (not ``to_act()``), which the kit's hidden-information checks now cover too.


class OutOfTurnSuitsState(PassState):
    """A seat choosing out of turn is offered no card of a suit the seat to act has set aside."""

    def legal_actions_for(self, seat: int) -> Sequence[Any]:
        """The honest picks, less the suits of the seat to act's pending choice (for the other seats)."""
        legal = super().legal_actions_for(seat)
        first = self.to_act()
        if self.phase != PASSING or first is None or seat == first:
            return legal
        taken = {c.suit for c in self.chosen[first]}
        return [p for p in legal if p.card.suit not in taken] or legal


class OutOfTurnSuitsPassHearts(PassHearts):
    """The legal actions of a seat tell the suits of another seat's pending pass."""

    id = "outofturnsuits"
    state_type = OutOfTurnSuitsState


QUEEN = Card(Rank.QUEEN, Suit.SPADES)


@frozen
class NoticeView(PassView):
    """A view that also shows which seat the table saw hesitate."""

    hesitating: int | None = None


@define(eq=False)
class HesitatingState(PassState):
    """Shows everyone "P3 hesitates" after a pick out of turn whose receiver holds the queen of spades.

    The notice goes at the next pick of the seat to act and at the reveal, so the end of the
    pass is the same in any order of arrival.
    """

    hesitating: int | None = None

    def apply(self, action: Any) -> None:
        """The honest move, then the notice."""
        seat = action.seat if isinstance(action, Choice) else self.to_act()
        out_of_turn = self.phase == PASSING and seat != self.to_act()
        super().apply(action)
        receiver = None if seat is None else (seat + shift(self.deal_no, self.n)) % self.n
        tell = out_of_turn and self.phase == PASSING and QUEEN in self.hands[receiver or 0]
        self.hesitating = seat if tell else None

    def view(self, seat: int) -> PassView:
        """The honest view plus the notice."""
        base = super().view(seat)
        return NoticeView(**attrs.asdict(base, recurse=False), hesitating=self.hesitating)

    def __eq__(self, other: object) -> bool:
        """The honest equality, and the notice."""
        return super().__eq__(other) is True and self.hesitating == getattr(other, "hesitating", None)


class HesitatingPassHearts(PassHearts):
    """A public notice depends on a card nobody but its holder sees."""

    id = "hesitating"
    state_type = HesitatingState


class SeenOutOfTurnPassHearts(PassHearts):
    """Declares every pick seen by the seat to act (a replay shown for it would name picks it never saw)."""

    id = "seenoutofturn"

    def action_seen_by(self, action: Any, actor: int, view: Any) -> Any:
        """The honest answer, but the seat to act is said to see every other seat's pick."""
        if isinstance(action, Pick) and view.seat == view.to_act:
            return action
        return super().action_seen_by(action, actor, view)


class DecidingOrderState(PassState):
    """Lists last the seats still choosing that have set a heart aside (to_act stays the lowest)."""

    def to_decide(self) -> tuple[int, ...]:
        """The honest seats, in an order that tells who has set a heart aside."""
        seats = super().to_decide()
        if self.phase != PASSING:
            return seats
        return tuple(sorted(seats, key=lambda s: any(c.suit is Suit.HEARTS for c in self.chosen[s])))

    def to_act(self) -> int | None:
        """The lowest seat still choosing, as in the honest game."""
        seats = super().to_decide()
        return min(seats) if seats else None


class DecidingOrderPassHearts(PassHearts):
    """Who still decides, as listed, tells another seat's pending choice."""

    id = "decidingorder"
    state_type = DecidingOrderState


# A move timer (for the web table's clocks at a simultaneous decision).


class TimedPassHearts(PassHearts):
    """Pass Hearts with a move timer: a passer out of time sets aside its lowest card not set aside yet."""

    id = "timedpass"
    name = "Timed Pass Hearts"
    seconds: ClassVar[float] = 0.3

    def move_seconds(self, options: PassOptions) -> float | None:
        """The time a person has for each pick of the pass and each card played."""
        return self.seconds

    def timeout_action(self, view: Any) -> Any:
        """At the pass, the lowest card not set aside yet; the tricks have no default card."""
        if view.phase != PASSING:
            raise IllegalActionError("the tricks have no default card: take your time")
        return Pick(next(c for c in view.hand if c not in view.chosen))


class NoDefaultPassHearts(TimedPassHearts):
    """A move timer, but no default choice at the pass either: a clock that runs out stops."""

    id = "nodefaultpass"
    name = "No-default Pass Hearts"

    def timeout_action(self, view: Any) -> Any:
        """Nothing to choose for a slow player."""
        raise IllegalActionError("there is no default pass: take your time")
