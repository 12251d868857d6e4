"""The Последний engine: one game in progress (rules P-1 to P-11).

Cards are kept as small integers (``cardgames.primitives.cards`` indices: suit * 13 + rank - 2), so
a hand sorted as integers is sorted by suit then rank and ``card // 13`` is its suit.
Public events are stored as compact tuples in an ``EventLog`` (O(1) to copy) and put into
words only when somebody reads a view's log.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import Any

from cardgames.core.eventlog import EventLog, LogWords
from cardgames.core.state import GameState, HandResult, Outcome
from cardgames.games.posledniy import ending, hidden
from cardgames.games.posledniy.actions import PICK, PLAY, PLAY_INDEX, PlayCard, play_index
from cardgames.games.posledniy.exchange import CHAINS as CHAINS
from cardgames.games.posledniy.exchange import PASS_COUNTS as PASS_COUNTS
from cardgames.games.posledniy.exchange import pass_cards
from cardgames.games.posledniy.log import DEALT, PLAYS, WON, card_text, draw_entry
from cardgames.games.posledniy.log import HAND as HAND
from cardgames.games.posledniy.log import TRICKS as TRICKS
from cardgames.games.posledniy.log import entry as _entry
from cardgames.games.posledniy.log import seat_name as seat_name
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.phases import EXCHANGE as EXCHANGE
from cardgames.games.posledniy.phases import OVER as OVER
from cardgames.games.posledniy.phases import PHASE_NAMES as PHASE_NAMES
from cardgames.games.posledniy.phases import PLAY_PHASE as PLAY_PHASE
from cardgames.games.posledniy.view import build_view
from cardgames.primitives.cards import CARDS, Card
from cardgames.primitives.chance import Chance
from cardgames.primitives.copying import SHALLOW, SHARED, Copied, Derived, Fields
from cardgames.primitives.dealing import deal, shuffled_in_one_draw
from cardgames.primitives.decks import deck_24, deck_32
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.exchange import Pass
from cardgames.primitives.language import catalog
from cardgames.primitives.scoring import ChipLedger, PenaltySheet, Transfer
from cardgames.primitives.seating import SeatDraw, seat_draw
from cardgames.primitives.tricks import Trick, follow_suit_span, winning_position

_ = catalog("cardgames.games.posledniy").gettext

DECKS: dict[int, tuple[int, ...]] = {
    4: tuple(c.index for c in deck_32()),
    3: tuple(c.index for c in deck_24()),
}

shuffle = shuffled_in_one_draw  # every deal is shuffled in one draw of the generator
_PLAY_OF = PLAY.__getitem__


def _actions(hands: Sequence[tuple[int, ...]]) -> list[tuple[PlayCard, ...]]:
    """Each hand's play actions, the interned ones (the state's ``acts``, derived from its hands)."""
    return [tuple(map(_PLAY_OF, h)) for h in hands]


# The state's fields, declared once: clone and __eq__ are compiled from this (cardgames.primitives.copying).
FIELDS = Fields(
    # compared first: the cheap ones that differ most often
    actor=SHARED,
    phase=SHARED,
    step=SHARED,
    leader=SHARED,
    dealer=SHARED,
    deal_no=SHARED,
    n=SHARED,
    # the parts of a deal are immutable tuples, replaced when they change: copies share them
    trick=SHARED,
    taken=SHARED,
    hands=SHALLOW,  # each a sorted tuple
    passes=SHARED,  # this deal's exchange passes so far, in the chain's order
    picked=SHARED,  # the cards the giver to act has set aside so far (a pass chosen card by card)
    tricks=SHARED,  # this deal's finished tricks: (leader, cards, taker)
    # the sheet and the results are replaced once a deal, never changed in place: copies share them
    sheet=SHARED,
    settlement=SHARED,  # set once, at the end
    results=SHARED,
    options=SHARED,
    draw=SHARED,
    ends_with_hand=SHARED,  # a search's world: the game stops when the deal in play ends (last_hand)
    events=Copied(EventLog.copy),
    rng=Copied(Chance.fork),
    # derived from the others, or caches: not compared
    acts=Derived(SHALLOW),  # in play, each hand's interned actions (a tuple)
    chain=Derived(SHARED),
    deck=Derived(SHARED),
    counts=Derived(SHARED),
    chips_mode=Derived(SHARED),
    deals_total=Derived(SHARED),
    chips_seen=Derived(SHARED),
    results_seen=Derived(SHARED),  # hand_results' memo: the results list it was made from, and them
    tricks_seen=Derived(SHARED),
    draw_seen=Derived(SHARED),
    public_seen=Derived(SHARED),
    view_seen=Derived(SHARED),
)


class PosledniyState(GameState):
    """A game of Последний: seat draw, then deals until the game ends (P-11).

    Its fields are declared once, in ``FIELDS``: ``clone`` and ``__eq__`` are compiled from
    that declaration (``cardgames.primitives.copying.Fields``), and a field left out of it cannot be set.
    The parts of a deal (each hand, the trick, the tricks, the passes, the tricks taken) are
    immutable tuples, replaced when they change: a clone copies one list and shares the rest,
    and a view keeps them as they are. A position set up by hand calls ``sync_actions`` last.
    """

    fields = FIELDS
    __slots__ = FIELDS.names

    def __init__(self, options: PosledniyOptions | None, players: int = 0, seed: int = 0) -> None:
        """A game dealt from ``seed``; with ``options`` None an empty shell for ``clone`` to fill in
        (a class compiled by mypyc cannot be created without its ``__init__``)."""
        if options is None:
            return
        self.options = options
        self.n = players
        self.rng = Chance(seed)
        self.draw = seat_draw(players, self.rng.rng())  # P-3: a visible random event
        self.draw_seen = (self.draw.seat_cards(), self.draw.order())  # as views show it, made once
        self.deck = DECKS[players]
        self.counts = PASS_COUNTS[players]
        self.chips_mode = options.scoring == "chips"
        self.deals_total = options.rounds * players if self.chips_mode else None
        self.sheet = PenaltySheet(players, options.target)
        self.settlement: list[Transfer] = []
        # per finished deal: number, dealer, last-trick taker, all-tricks taker, penalty points
        self.results: list[tuple[int, int, int, int | None, tuple[int, ...]]] = []
        self.events: EventLog[Any] = EventLog([draw_entry(self.draw)])
        self.chips_seen: tuple[tuple[int, int], tuple[int, ...]] = ((-1, -1), ())  # final_chips cache
        self.results_seen: tuple[Any, tuple[HandResult, ...]] = (None, ())
        self.dealer = 0  # the ace sits at seat 0 (P-3)
        self.ends_with_hand = False
        self.deal_no = 0
        self.phase = EXCHANGE
        self.actor: int | None = 0
        self.hands: list[tuple[int, ...]] = []
        self.acts: list[tuple[PlayCard, ...]] = []  # in play, each hand's interned actions (derived)
        self.chain: tuple[Pass, ...] = ()
        self.step = 0
        self.passes: tuple[tuple[int, ...], ...] = ()
        self.picked: tuple[int, ...] = ()  # the cards the giver to act has set aside so far (hidden)
        self.leader = 0
        self.trick: tuple[int, ...] = ()
        self.tricks: tuple[tuple[int, tuple[int, ...], int], ...] = ()
        self.tricks_seen: tuple[Any, tuple[Trick, ...]] = (None, ())  # the last trick, views' Trick values
        # determinize's memo: the tricks it was read from, who played what, the voids, each seat's Redeal
        self.public_seen: tuple[tuple[Any, ...], dict[int, int], list[set[int]], dict[int, hidden.Redeal]] = (
            (None, None),
            {},
            [],
            {},
        )
        self.taken: tuple[int, ...] = ()
        self.view_seen: tuple[Any, ...] = (None,) * 6  # the view's fields that change once a deal (view.py)
        self.start_deal()

    # -- the deal ---------------------------------------------------------------------

    def start_deal(self) -> None:
        """Shuffle and deal 7 each, the rest to the dealer (P-4); the exchange begins (P-5)."""
        n, dealer = self.n, self.dealer
        deck = shuffle(self.deck, self.rng.rng())
        hands, rest = deal(deck, n, HAND, start=(dealer + 1) % n)
        hands[dealer].extend(rest)
        self.hands = [tuple(sorted(h)) for h in hands]
        self.deal_no += 1
        self.chain = CHAINS[n, dealer]
        self.step = 0
        self.passes = ()
        self.picked = ()
        self.trick = ()
        self.tricks = ()
        self.taken = (0,) * n
        self.phase = EXCHANGE
        self.actor = dealer
        self.events.append((DEALT, dealer, self.deal_no, len(rest)))

    def seat_draw(self) -> SeatDraw:
        """The seat draw (P-3): who of the players, as named, sits at each seat; the ace deals first."""
        return self.draw

    def sync_actions(self) -> None:
        """Rebuild each hand's play actions and make the deal's parts tuples (after they were set by hand)."""
        self.hands = hands = [tuple(h) for h in self.hands]
        self.acts = _actions(hands)
        self.passes, self.picked, self.trick = tuple(self.passes), tuple(self.picked), tuple(self.trick)
        self.tricks, self.taken = tuple(self.tricks), tuple(self.taken)

    @property
    def players(self) -> int:
        """How many seats there are."""
        return self.n

    def to_act(self) -> int | None:
        """The seat that must decide now, or None once the game is over."""
        return self.actor

    def legal_actions(self) -> Sequence[Any]:
        """Every action of the seat to act: a pass of the right size, or a card it may play."""
        trick = self.trick
        if trick:  # cards on the table: the play phase, and what may be played is one slice of the hand (P-7)
            seat: int = self.actor  # type: ignore[assignment]
            hand = self.hands[seat]
            # primitives.tricks.follow_suit_span, inline: a call at every decision costs about 5 % of a
            # random playout. test_p7_engine_agrees_with_the_framework_trick_rules holds this list to
            # follow_suit_options along random games, and apply checks a play through follow_suit_span.
            low = trick[0] - trick[0] % 13
            lo = bisect_left(hand, low)
            hi = bisect_left(hand, low + 13, lo)
            return self.acts[seat][lo:hi] if lo < hi else self.acts[seat]
        if self.phase == PLAY_PHASE:
            return self.acts[self.actor]  # type: ignore[index]
        if self.phase == EXCHANGE:
            picked = self.picked  # one pick per card not set aside yet, not every combination
            return [PICK[c] for c in self.hands[self.chain[self.step].giver] if c not in picked]
        return []

    def apply(self, action: Any) -> None:
        """Apply a pass or a play of the seat to act; IllegalActionError leaves all unchanged."""
        if self.phase == PLAY_PHASE:
            idx = PLAY_INDEX.get(id(action))
            if idx is None:
                idx = play_index(action)
            seat: int = self.actor  # type: ignore[assignment]
            hand = self.hands[seat]
            try:
                pos = hand.index(idx)
            except ValueError:
                raise IllegalActionError(_("you do not hold {card}").format(card=card_text(idx))) from None
            trick = self.trick
            if trick and idx // 13 != trick[0] // 13:  # a card of the suit led is always allowed
                lo, hi = follow_suit_span(hand, trick[0])
                if not lo <= pos < hi:
                    led = CARDS[trick[0]].suit.spoken  # type: ignore[union-attr]
                    said = _("you must follow suit: {suit} were led and you hold {card} (P-7)")
                    raise IllegalActionError(said.format(suit=led, card=card_text(hand[lo])))
            self.hands[seat] = hand[:pos] + hand[pos + 1 :]
            acts = self.acts[seat]
            self.acts[seat] = acts[:pos] + acts[pos + 1 :]
            # concatenated, not unpacked as (*trick, idx): unpacking builds a list first, and
            # made random playouts about 10 % slower
            self.trick = trick = trick + (idx,)  # noqa: RUF005
            self.events.append(PLAYS[seat][idx])
            if len(trick) == self.n:
                self._finish_trick()
            else:
                seat += 1
                self.actor = seat if seat < self.n else 0
        elif self.phase == EXCHANGE:
            self._pass(action)
        else:
            raise IllegalActionError(_("the game is over"))

    def _pass(self, action: Any) -> None:
        """A pass, or one card of it (games/posledniy/exchange.py); a method, so a test's broken variant can
        override it."""
        pass_cards(self, action)

    def _finish_trick(self) -> None:
        trick = self.trick
        winner = (self.leader + winning_position(trick)) % self.n  # no trumps (P-7)
        self.tricks = tricks = self.tricks + ((self.leader, trick, winner),)  # noqa: RUF005 (see apply)
        taken = self.taken
        self.taken = taken[:winner] + (taken[winner] + 1,) + taken[winner + 1 :]  # noqa: RUF005
        self.events.append((WON, winner, len(tricks)))
        self.trick = ()
        if len(tricks) == TRICKS:
            ending.finish_deal(self, winner)
        else:
            self.leader = self.actor = winner  # the winner leads the next trick (P-7)

    # -- results (games/posledniy/ending.py) ----------------------------------------------

    def deal_chips(self, last: int, all_tricks: int | None) -> list[Transfer]:
        """The chip transfers of a deal in chips mode (P-9); none in points mode."""
        return ending.deal_chips(self, last, all_tricks)

    def ledger(self) -> ChipLedger:
        """Every chip transfer so far: the deals' (chips mode) or the settlement (points mode)."""
        return ending.ledger(self)

    def final_chips(self) -> tuple[int, ...]:
        """Chips won or lost so far: deal transfers (chips mode) or the settlement (points mode)."""
        key = (len(self.results), len(self.settlement))
        if self.chips_seen[0] != key:  # a view asks at every deal: add up only after a deal
            self.chips_seen = (key, self.ledger().balances())
        return self.chips_seen[1]

    def outcome(self) -> Outcome | None:
        """Final chips per seat; the winners are the seats with the most chips (fewest points)."""
        return ending.outcome(self)

    def hand_results(self) -> tuple[HandResult, ...]:
        """One result per finished deal (made once a deal: a search asks at every iteration)."""
        if self.results_seen[0] is not self.results:  # replaced, never changed, when a deal ends
            self.results_seen = (self.results, tuple(ending.hand_results(self)))
        return self.results_seen[1]

    def last_hand(self) -> bool:
        """The game stops when the deal in play ends (a search's world: the next deal is not dealt)."""
        self.ends_with_hand = True
        return True

    # -- hidden information ---------------------------------------------------------------

    def clone(self) -> PosledniyState:
        """An independent copy, generator included (compiled from ``FIELDS``)."""
        return _clone(self)

    def __eq__(self, other: object) -> bool:
        """Full equality of every field ``FIELDS`` compares, generator state included."""
        return _equal(self, other)

    __hash__ = None  # type: ignore[assignment]

    def all_cards(self) -> list[Card]:
        """The deck: every hand, the trick on the table and this deal's finished tricks."""
        out = [CARDS[c] for h in self.hands for c in h]
        out += [CARDS[c] for c in self.trick]
        out += [CARDS[c] for t in self.tricks for c in t[1]]
        return out

    def plays(self) -> list[tuple[int, int]]:
        """(player, card) for every card played this deal, in order."""
        out = []
        for leader, cards, _ in self.tricks:
            out += [((leader + k) % self.n, c) for k, c in enumerate(cards)]
        out += [((self.leader + k) % self.n, c) for k, c in enumerate(self.trick)]
        return out

    def voids(self) -> list[set[int]]:
        """The suits each player showed they lack by not following (public knowledge)."""
        out: list[set[int]] = [set() for _ in range(self.n)]
        tricks = [*((t[0], t[1]) for t in self.tricks), (self.leader, tuple(self.trick))]
        for leader, cards in tricks:
            if not cards:
                continue
            led = cards[0] // 13
            for k in range(1, len(cards)):
                if cards[k] // 13 != led:
                    out[(leader + k) % self.n].add(led)
        return out

    def _redeal(self, seat: int) -> hidden.Redeal:
        """What ``seat`` knows of the hidden cards (``hidden.Redeal``), worked out again after a play.

        A search determinizes the same state again and again. The memo is shared by clones, and a clone
        may write its seat's entry there: an entry serves only the same tricks, hands and passes (tuples).
        Who played what and the voids follow from the tricks and the trick on the table, immutable
        tuples replaced at every play: the same two tuples, the same knowledge.
        """
        seen, plays, voids, known = self.public_seen
        if seen[0] is not self.tricks or seen[1] is not self.trick:
            plays, voids, known = {c: p for p, c in self.plays()}, self.voids(), {}
            self.public_seen = ((self.tricks, self.trick), plays, voids, known)
        redeal = known.get(seat)
        if redeal is None or redeal.hands is not self.hands or redeal.passes is not self.passes:  # (re)set
            n, dealer, counts, passes, hands = self.n, self.dealer, self.counts, self.passes, self.hands
            redeal = known[seat] = hidden.Redeal(n, dealer, counts, passes, hands, plays, voids, seat)
        return redeal

    def determinize(self, seat: int, rng: random.Random) -> PosledniyState:
        """A copy with the cards hidden from ``seat`` (and future shuffles) dealt again."""
        new = self.clone()
        new.rng = Chance(rng.getrandbits(64))  # the deals to come are hidden too
        if self.phase == OVER:
            return new
        new.hands, new.passes = hands, _ = self._redeal(seat).deal(rng)
        new.acts = _actions(hands)
        new.events.conceal(seat, self.n)  # the passes others saw are dealt again: their texts are not shown
        if self.picked and self.chain[self.step].giver != seat:  # another's pending choice is hidden too
            new.picked = tuple(rng.sample(hands[self.chain[self.step].giver], len(self.picked)))
        return new

    def log(self, seat: int | None = None) -> LogWords:
        """The log in words as ``seat`` reads it (None: the public log); an entry is written when read."""
        return self.events.words(_entry, seat)

    def view(self, seat: int) -> Any:
        """What ``seat`` may know (see ``cardgames.games.posledniy.view``)."""
        return build_view(self, seat)


def _shell(cls: type[PosledniyState]) -> PosledniyState:
    """An empty instance made by __init__ (a class compiled by mypyc can be made no other way)."""
    return cls(None)


# A class compiled by mypyc gets no methods after it is made: clone and __eq__ call these.
_clone = FIELDS.clone_function(PosledniyState, compiled=_shell)
_equal = FIELDS.eq_function(PosledniyState)
