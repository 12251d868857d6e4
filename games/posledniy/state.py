"""The Последний engine: one game in progress (RULES.md P-1 to P-11).

Cards are kept as small integers (``cardgames.cards`` indices: suit * 13 + rank - 2), so
a hand sorted as integers is sorted by suit then rank and ``card // 13`` is its suit.
Public events are stored as compact tuples in an ``EventLog`` (O(1) to copy) and put into
words only when somebody reads a view's log.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import Any

from cardgames.cards import CARDS, Card, format_card
from cardgames.chance import Chance
from cardgames.choosing import Pick
from cardgames.copying import NESTED, SHALLOW, SHARED, Copied, Derived, Fields
from cardgames.dealing import deal, shuffled_in_one_draw
from cardgames.decks import deck_24, deck_32
from cardgames.errors import IllegalActionError
from cardgames.eventlog import EventLog, LogWords
from cardgames.exchange import Pass, pass_chain
from cardgames.game import GameState, HandResult, LogEntry, Outcome, PrivateText
from cardgames.games.posledniy import hidden
from cardgames.games.posledniy.actions import PICK, PLAY, PLAY_INDEX, PassCards, PlayCard
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.phases import EXCHANGE as EXCHANGE
from cardgames.games.posledniy.phases import OVER as OVER
from cardgames.games.posledniy.phases import PHASE_NAMES as PHASE_NAMES
from cardgames.games.posledniy.phases import PLAY_PHASE as PLAY_PHASE
from cardgames.games.posledniy.scoring import deal_chips, deal_points
from cardgames.games.posledniy.view import build_view
from cardgames.scoring import ChipLedger, PenaltySheet, Transfer, balances, settle_penalties
from cardgames.seating import SeatDraw, describe_draw, seat_draw
from cardgames.tricks import Trick, follow_suit_span, winning_position

TRICKS = 8  # every player ends the exchange with eight cards (P-5)
HAND = 7  # cards dealt to each player (P-4)
DECKS: dict[int, tuple[int, ...]] = {
    4: tuple(c.index for c in deck_32()),
    3: tuple(c.index for c in deck_24()),
}
PASS_COUNTS: dict[int, tuple[int, ...]] = {4: (3, 2, 1), 3: (2, 1)}  # P-5
CHAINS: dict[tuple[int, int], tuple[Pass, ...]] = {
    (n, dealer): pass_chain(dealer, n, PASS_COUNTS[n]) for n in PASS_COUNTS for dealer in range(n)
}

# Compact public events (kind, seat, value, …), put into words only when a view asks;
# events that happen once a game are stored as LogEntry directly.
_PLAYED, _WON, _PASSED, _DEALT, _LOST_CHIPS, _SWEEP_CHIPS, _LOST_POINTS, _SWEEP_POINTS = range(1, 9)
# _PLAYS[seat][card]: the event of a play, built once (one is logged at every play)
_PLAYS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((_PLAYED, seat, c) for c in range(52)) for seat in range(4)
)


shuffle = shuffled_in_one_draw  # every deal is shuffled in one draw of the generator


def seat_name(seat: int) -> str:
    """How seats are called in words: P1, P2, … (seat 0 is P1)."""
    return f"P{seat + 1}"


def card_text(index: int) -> str:
    """A card index as short text with its suit glyph: 10♥."""
    return format_card(CARDS[index], glyphs=True)


_EVENT_TEXT: dict[tuple[int, ...], LogEntry] = {}


def _entry(event: Any) -> LogEntry | PrivateText:
    if type(event) is LogEntry:
        return event
    if event[0] == _PASSED:  # a pass face down: its giver and receiver read the cards (P-5, I-1)
        _, giver, count, cards, receiver = event
        public = _event_text(_PASSED, giver, count)
        private = f"passes {' '.join(card_text(c) for c in cards)} face down to the left"
        return PrivateText(giver, public, ((giver, private), (receiver, private)))
    entry = _EVENT_TEXT.get(event)
    if entry is None:
        entry = _EVENT_TEXT[event] = LogEntry(event[1], _event_text(*event))
    return entry


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _event_text(kind: int, seat: int, value: int, extra: int = 0) -> str:
    if kind == _PLAYED:
        return f"plays {card_text(value)}"
    if kind == _WON:
        return "takes the last trick" if value == TRICKS else f"takes trick {value}"
    if kind == _PASSED:
        return f"passes {_plural(value, 'card')} face down to the left"
    if kind == _DEALT:
        return f"deals for deal {value}: {HAND} cards to each player, and keeps the {extra} left over"
    # "takes the last trick" comes just before "loses the deal", so the loss does not repeat it
    lost, swept = "loses the deal", "took all eight tricks and wins the deal"
    if kind == _LOST_CHIPS:
        return f"{lost}: pays {_plural(value, 'chip')} to each player (P-8, P-9)"
    if kind == _SWEEP_CHIPS:
        return f"{swept}: collects {_plural(value, 'chip')} from each player (P-8, P-9)"
    if kind == _LOST_POINTS:
        return f"{lost}: {_plural(value, 'penalty point')}{' as the dealer' * extra} (P-8, P-10)"
    return f"{swept}: every other player scores 1 penalty point (P-8, P-10)"


def _draw_text(draw: SeatDraw) -> str:
    """The seat draw in the log (P-3): seats are named after it, so the ace's drawer is P1."""
    return describe_draw(draw, [seat_name(s) for s in range(len(draw.drawn))])


def _copy_sheet(sheet: PenaltySheet) -> PenaltySheet:
    return PenaltySheet(sheet.players, sheet.target, sheet.points[:])


# The state's fields, declared once: clone and __eq__ are compiled from this (cardgames.copying).
FIELDS = Fields(
    # compared first: the cheap ones that differ most often
    actor=SHARED,
    phase=SHARED,
    step=SHARED,
    leader=SHARED,
    dealer=SHARED,
    deal_no=SHARED,
    n=SHARED,
    trick=SHALLOW,
    taken=SHALLOW,
    hands=NESTED,  # each sorted
    passes=SHALLOW,  # this deal's exchange passes so far, in the chain's order
    picked=SHALLOW,  # the cards the giver to act has set aside so far (a pass chosen card by card)
    tricks=SHALLOW,  # this deal's finished tricks: (leader, cards, taker)
    # the sheet and the results are replaced once a deal, never changed in place: copies share them
    sheet=SHARED,
    settlement=SHARED,  # set once, at the end
    results=SHARED,
    options=SHARED,
    draw=SHARED,
    events=Copied(EventLog.copy),
    rng=Copied(Chance.fork),
    # derived from the others, or caches: not compared
    acts=Derived(NESTED),  # in play, each hand's interned actions
    chain=Derived(SHARED),
    deck=Derived(SHARED),
    counts=Derived(SHARED),
    chips_mode=Derived(SHARED),
    deals_total=Derived(SHARED),
    chips_seen=Derived(SHARED),
    tricks_seen=Derived(SHARED),
    draw_seen=Derived(SHARED),
    public_seen=Derived(SHARED),
)


class PosledniyState(GameState):
    """A game of Последний: seat draw, then deals until the game ends (P-11).

    Its fields are declared once, in ``FIELDS``: ``clone`` and ``__eq__`` are compiled from
    that declaration (``cardgames.copying.Fields``), and a field left out of it cannot be set.
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
        self.events: EventLog[Any] = EventLog([LogEntry(None, _draw_text(self.draw))])
        self.chips_seen: tuple[tuple[int, int], tuple[int, ...]] = ((-1, -1), ())  # final_chips cache
        self.dealer = 0  # the ace sits at seat 0 (P-3)
        self.deal_no = 0
        self.phase = EXCHANGE
        self.actor: int | None = 0
        self.hands: list[list[int]] = []
        self.acts: list[list[PlayCard]] = []  # in play, each hand's interned actions (derived)
        self.chain: tuple[Pass, ...] = ()
        self.step = 0
        self.passes: list[tuple[int, ...]] = []
        self.picked: list[int] = []  # the cards the giver to act has set aside so far (hidden)
        self.leader = 0
        self.trick: list[int] = []
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.tricks_seen: tuple[Any, tuple[Trick, ...]] = (None, ())  # the last trick, views' Trick values
        # determinize's memo: the log it was read from, who played what, the voids, each seat's Redeal
        self.public_seen: tuple[tuple[Any, ...], dict[int, int], list[set[int]], dict[int, hidden.Redeal]] = (
            (None, -1),
            {},
            [],
            {},
        )
        self.taken: list[int] = []
        self.start_deal()

    # -- the deal ---------------------------------------------------------------------

    def start_deal(self) -> None:
        """Shuffle and deal 7 each, the rest to the dealer (P-4); the exchange begins (P-5)."""
        n, dealer = self.n, self.dealer
        deck = shuffle(self.deck, self.rng.rng())
        hands, rest = deal(deck, n, HAND, start=(dealer + 1) % n)
        hands[dealer].extend(rest)
        for h in hands:
            h.sort()
        self.hands = hands
        self.deal_no += 1
        self.chain = CHAINS[n, dealer]
        self.step = 0
        self.passes = []
        self.picked = []
        self.trick = []
        self.tricks = []
        self.taken = [0] * n
        self.phase = EXCHANGE
        self.actor = dealer
        self.events.append((_DEALT, dealer, self.deal_no, len(rest)))

    def seat_draw(self) -> SeatDraw:
        """The seat draw (P-3): who of the players, as named, sits at each seat; the ace deals first."""
        return self.draw

    def sync_actions(self) -> None:
        """Rebuild each hand's list of play actions (after the hands were set from outside)."""
        self.acts = [[PLAY[c] for c in h] for h in self.hands]

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
            # cardgames.tricks.follow_suit_span, inline: a call at every decision costs about 5 % of a
            # random playout. test_p7_engine_agrees_with_the_framework_trick_rules holds this list to
            # follow_suit_options along random games, and apply checks a play through follow_suit_span.
            low = trick[0] - trick[0] % 13
            lo = bisect_left(hand, low)
            hi = bisect_left(hand, low + 13, lo)
            return self.acts[seat][lo:hi] if lo < hi else self.acts[seat][:]
        if self.phase == PLAY_PHASE:
            return self.acts[self.actor][:]  # type: ignore[index]
        if self.phase == EXCHANGE:
            picked = self.picked  # one pick per card not set aside yet, not every combination
            return [PICK[c] for c in self.hands[self.chain[self.step].giver] if c not in picked]
        return []

    def apply(self, action: Any) -> None:
        """Apply a pass or a play of the seat to act; IllegalActionError leaves all unchanged."""
        if self.phase == PLAY_PHASE:
            idx = PLAY_INDEX.get(id(action))
            if idx is None:
                idx = _play_index(action)
            seat: int = self.actor  # type: ignore[assignment]
            hand = self.hands[seat]
            try:
                pos = hand.index(idx)
            except ValueError:
                raise IllegalActionError(f"you do not hold {card_text(idx)}") from None
            trick = self.trick
            if trick and idx // 13 != trick[0] // 13:  # a card of the suit led is always allowed
                lo, hi = follow_suit_span(hand, trick[0])
                if not lo <= pos < hi:
                    raise IllegalActionError(
                        f"you must follow suit: {CARDS[trick[0]].suit.english} were led "  # type: ignore[union-attr]
                        f"and you hold {card_text(hand[lo])} (P-7)"
                    )
            del hand[pos]
            del self.acts[seat][pos]
            trick.append(idx)
            self.events.append(_PLAYS[seat][idx])
            if len(trick) == self.n:
                self._finish_trick()
            else:
                seat += 1
                self.actor = seat if seat < self.n else 0
        elif self.phase == EXCHANGE:
            self._pass(action)
        else:
            raise IllegalActionError("the game is over")

    def _pass(self, action: Any) -> None:
        step = self.chain[self.step]
        if isinstance(action, Pick):
            idx = _pick_index(action)
            if idx not in self.hands[step.giver] or idx in self.picked:
                raise IllegalActionError(f"you cannot set {card_text(idx)} aside to pass now")
            if len(self.picked) + 1 < step.count:
                self.picked.append(idx)
                return
            cards = tuple(sorted([*self.picked, idx]))
            self.picked = []
        else:
            if self.picked:
                raise IllegalActionError("choose the rest of the pass you began, card by card")
            cards = _pass_indices(action)
        if len(cards) != step.count:
            raise IllegalActionError(
                f"pass exactly {step.count} card{'s' * (step.count != 1)}, not {len(cards)} (P-5)"
            )
        hand = self.hands[step.giver]
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalActionError(f"you do not hold {' '.join(card_text(c) for c in missing)}")
        for c in cards:
            hand.remove(c)
        receiver = self.hands[step.receiver]
        receiver.extend(cards)
        receiver.sort()  # the receiver takes the cards in before passing on (P-5)
        self.passes.append(cards)
        self.events.append((_PASSED, step.giver, step.count, cards, step.receiver))
        self.step += 1
        if self.step < len(self.chain):
            self.actor = self.chain[self.step].giver
        else:
            self.phase = PLAY_PHASE
            self.leader = self.actor = (self.dealer - 1) % self.n  # the dealer's right leads (P-6)
            self.sync_actions()

    def _finish_trick(self) -> None:
        trick = self.trick
        winner = (self.leader + winning_position(trick)) % self.n  # no trumps (P-7)
        self.tricks.append((self.leader, tuple(trick), winner))
        self.taken[winner] += 1
        self.events.append((_WON, winner, len(self.tricks)))
        self.trick = []
        if len(self.tricks) == TRICKS:
            self._finish_deal(winner)
        else:
            self.leader = self.actor = winner  # the winner leads the next trick (P-7)

    def _finish_deal(self, last: int) -> None:
        """Score the deal (P-8 to P-10), then end the game or pass the deal left (P-11)."""
        n, dealer = self.n, self.dealer
        all_tricks = last if self.taken[last] == TRICKS else None
        event: tuple[int, ...]
        if self.chips_mode:  # the chips follow from the results (see ledger): nothing to add up now
            points = (0,) * n
            kind = _LOST_CHIPS if all_tricks is None else _SWEEP_CHIPS
            event = (kind, last, self.options.stake)
        else:
            points = deal_points(n, dealer, last, all_tricks)
            self.sheet = _copy_sheet(self.sheet)  # replaced, never changed in place: clones share it
            self.sheet.add(points)
            if all_tricks is None:
                event = (_LOST_POINTS, last, points[last], int(last == dealer))
            else:
                event = (_SWEEP_POINTS, last, 0)
        self.results = [*self.results, (self.deal_no, dealer, last, all_tricks, points)]  # replaced: shared
        self.events.append(event)
        over = self.deal_no >= (self.deals_total or 0) if self.chips_mode else self.sheet.finished()
        if over:
            if not self.chips_mode:
                self.settlement = settle_penalties(self.sheet.points, self.options.target, self.options.unit)
            self.phase = OVER
            self.actor = None
            outcome = self.outcome()
            assert outcome is not None
            self.events.append(LogEntry(None, outcome.summary))
            return
        self.dealer = (dealer + 1) % n  # the deal passes to the left (P-11)
        self.start_deal()

    # -- results ----------------------------------------------------------------------

    def deal_chips(self, last: int, all_tricks: int | None) -> list[Transfer]:
        """The chip transfers of a deal in chips mode (P-9); none in points mode."""
        if not self.chips_mode:
            return []
        return deal_chips(self.n, self.options.stake, last, all_tricks)

    def ledger(self) -> ChipLedger:
        """Every chip transfer so far: the deals' (chips mode) or the settlement (points mode)."""
        ledger = ChipLedger(self.n)
        for _, _, last, all_tricks, _ in self.results:
            ledger.record(self.deal_chips(last, all_tricks))
        ledger.record(self.settlement)
        return ledger

    def final_chips(self) -> tuple[int, ...]:
        """Chips won or lost so far: deal transfers (chips mode) or the settlement (points mode)."""
        key = (len(self.results), len(self.settlement))
        if self.chips_seen[0] != key:  # a view asks at every move: add up only after a deal
            self.chips_seen = (key, self.ledger().balances())
        return self.chips_seen[1]

    def outcome(self) -> Outcome | None:
        """Final chips per seat; the winners are the seats with the most chips (fewest points)."""
        if self.phase != OVER:
            return None
        scores = self.final_chips()
        if self.chips_mode:
            best = max(scores)
            winners = tuple(s for s in range(self.n) if scores[s] == best)
            what = f"after {self.deal_no} deals"
        else:
            low = min(self.sheet.points)
            winners = tuple(s for s in range(self.n) if self.sheet.points[s] == low)
            pts = ", ".join(f"{seat_name(s)} {p}" for s, p in enumerate(self.sheet.points))
            what = f"with penalty points {pts}"
        chips = ", ".join(f"{seat_name(s)} {c:+d}" for s, c in enumerate(scores))
        seats = [seat_name(w) for w in winners]
        names = ", ".join(seats[:-1]) + " and " + seats[-1] if len(seats) > 1 else seats[0]
        return Outcome(winners, scores, f"game over {what}; chips {chips}; {names} won")

    def hand_results(self) -> list[HandResult]:
        """One result per finished deal."""
        out = []
        for number, dealer, last, all_tricks, points in self.results:
            chips = balances(self.n, self.deal_chips(last, all_tricks))
            if all_tricks is not None:
                winners: tuple[int, ...] = (all_tricks,)
                losers = tuple(p for p in range(self.n) if p != all_tricks)
                summary = f"{seat_name(all_tricks)} took all eight tricks"
            else:
                winners, losers = (), (last,)
                summary = f"{seat_name(last)} took the last trick"
            out.append(HandResult(number, dealer, winners, losers, points, chips, summary))
        return out

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
        """What ``seat`` knows of the hidden cards (``hidden.Redeal``), worked out again once the log grows.

        A search determinizes the same state again and again; the memo is shared by clones, read only.
        """
        key = (self.events, len(self.events), len(self.tricks), len(self.trick))
        seen, plays, voids, known = self.public_seen
        if seen[0] is not key[0] or seen[1:] != key[1:]:
            plays, voids, known = {c: p for p, c in self.plays()}, self.voids(), {}
            self.public_seen = (key, plays, voids, known)
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
        new.hands, new.passes = self._redeal(seat).deal(rng)
        new.sync_actions()
        new.events.conceal(seat, self.n)  # the passes others saw are dealt again: their texts are not shown
        if self.picked and self.chain[self.step].giver != seat:  # another's pending choice is hidden too
            new.picked = rng.sample(new.hands[self.chain[self.step].giver], len(self.picked))
        return new

    def log(self, seat: int | None = None) -> LogWords:
        """The log in words as ``seat`` reads it (None: the public log); an entry is written when read."""
        return self.events.words(_entry, seat)

    def deal_tricks(self) -> list[tuple[tuple[int, tuple[int, ...], int], ...]]:
        """The tricks of every finished deal, each (leader, cards in order of play, taker), from the log."""
        out: list[tuple[tuple[int, tuple[int, ...], int], ...]] = []
        deal: list[tuple[int, tuple[int, ...], int]] = []
        cards: list[int] = []
        leader = -1
        for event in self.events.records():
            if type(event) is not tuple:
                continue
            if event[0] == _PLAYED:
                if not cards:
                    leader = event[1]
                cards.append(event[2])
            elif event[0] == _WON:
                deal.append((leader, tuple(cards), event[1]))
                cards = []
                if len(deal) == TRICKS:
                    out.append(tuple(deal))
                    deal = []
        return out

    def log_trick(self, leader: int, cards: Sequence[int], winner: int | None) -> None:
        """Log the plays of a trick (and who took it, if it is finished), for a position set up by hand."""
        for k, c in enumerate(cards):
            self.events.append(_PLAYS[(leader + k) % self.n][c])
        if winner is not None:
            self.events.append((_WON, winner, len(self.tricks)))

    def view(self, seat: int) -> Any:
        """What ``seat`` may know (see ``cardgames.games.posledniy.view``)."""
        return build_view(self, seat)


def _shell(cls: type[PosledniyState]) -> PosledniyState:
    """An empty instance made by __init__ (a class compiled by mypyc can be made no other way)."""
    return cls(None)


# A class compiled by mypyc gets no methods after it is made: clone and __eq__ call these.
_clone = FIELDS.clone_function(PosledniyState, compiled=_shell)
_equal = FIELDS.eq_function(PosledniyState)


def _play_index(action: Any) -> int:
    if not isinstance(action, PlayCard):
        if isinstance(action, (PassCards, Pick)):
            raise IllegalActionError("the exchange is over: play a card")
        raise IllegalActionError(f"{action!r} is not a Последний action")
    c = action.card
    if not isinstance(c, Card) or c.rank is None:
        raise IllegalActionError(f"{c!r} is not a card of this deck")
    return c.index


def _pick_index(action: Pick) -> int:
    c = action.card
    if not isinstance(c, Card) or c.rank is None:
        raise IllegalActionError(f"{c!r} is not a card of this deck")
    return c.index


def _pass_indices(action: Any) -> tuple[int, ...]:
    if not isinstance(action, PassCards):
        if isinstance(action, PlayCard):
            raise IllegalActionError("it is the exchange: pass cards to your left neighbour first (P-5)")
        raise IllegalActionError(f"{action!r} is not a Последний action")
    cards = action.cards
    if any(not isinstance(c, Card) or c.rank is None for c in cards):
        raise IllegalActionError("only cards of this deck can be passed")
    out = tuple(c.index for c in cards)
    if len(set(out)) != len(out):
        raise IllegalActionError("a card can be passed only once")
    return out
