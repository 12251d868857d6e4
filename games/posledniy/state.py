"""The Последний engine: one game in progress (RULES.md P-1 to P-11).

Cards are kept as small integers (``cardgames.cards`` indices: suit * 13 + rank - 2), so
a hand sorted as integers is sorted by suit then rank and ``card // 13`` is its suit.
Public events are stored as compact tuples and put into words only when a view asks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Self

from cardgames.cards import CARDS, Card, format_card
from cardgames.dealing import deal, new_rng
from cardgames.decks import deck_24, deck_32
from cardgames.errors import IllegalActionError
from cardgames.exchange import Pass, pass_chain
from cardgames.game import GameState, HandResult, LogEntry, Outcome
from cardgames.scoring import ChipLedger, PenaltySheet, Transfer, balances, settle_penalties
from cardgames.seating import SeatDraw, seat_draw
from games.posledniy import hidden
from games.posledniy.actions import PASS_INDEX, PLAY, PLAY_INDEX, PassCards, PlayCard, pass_actions
from games.posledniy.options import PosledniyOptions
from games.posledniy.scoring import deal_chips, deal_points

EXCHANGE, PLAY_PHASE, OVER = 0, 1, 2
PHASE_NAMES = ("exchange", "play", "over")
TRICKS = 8  # every player ends the exchange with eight cards (P-5)
HAND = 7  # cards dealt to each player (P-4)
DECKS: dict[int, tuple[int, ...]] = {
    4: tuple(c.index for c in deck_32()),
    3: tuple(c.index for c in deck_24()),
}
PASS_COUNTS: dict[int, tuple[int, ...]] = {4: (3, 2, 1), 3: (2, 1)}  # P-5

# Compact public events (kind, seat, value); rarer events are stored as LogEntry directly.
_PLAYED, _WON, _PASSED = 1, 2, 3


_ORDERINGS = {n: math.factorial(n) for n in (24, 32)}


def shuffle(cards: Sequence[int], rng: random.Random) -> list[int]:
    """A uniformly shuffled copy, from one draw of the generator.

    The draw is a number below n!, read as the mixed-radix digits of a Fisher-Yates
    shuffle: exactly uniform, and several times faster than ``random.shuffle``, which
    draws once per card.
    """
    out = list(cards)
    n = len(out)
    r = rng.randrange(_ORDERINGS.get(n) or math.factorial(n))
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def seat_name(seat: int) -> str:
    """How seats are called in words: P1, P2, … (seat 0 is P1)."""
    return f"P{seat + 1}"


def card_text(index: int) -> str:
    """A card index as short text with its suit glyph: 10♥."""
    return format_card(CARDS[index], glyphs=True)


_EVENT_TEXT: dict[tuple[int, int, int], LogEntry] = {}


def _entry(event: Any) -> LogEntry:
    if type(event) is LogEntry:
        return event
    entry = _EVENT_TEXT.get(event)
    if entry is None:
        kind, seat, value = event
        if kind == _PLAYED:
            text = f"plays {card_text(value)}"
        elif kind == _WON:
            text = "takes the last trick" if value == TRICKS else f"takes trick {value}"
        else:
            text = f"passes {value} card{'s' * (value != 1)} face down to the left"
        entry = LogEntry(seat, text)
        _EVENT_TEXT[event] = entry
    return entry


def _draw_text(draw: SeatDraw) -> str:
    picks = ", ".join(format_card(c, glyphs=True) for c in draw.drawn)
    order = ", ".join(
        f"{seat_name(seat)} {format_card(draw.drawn[who], glyphs=True)}"
        for seat, who in enumerate(draw.seating)
    )
    return (
        f"seat draw: the high cards were shuffled face down and picked in turn ({picks}); "
        f"the ace deals and the others sit clockwise by rank: {order}"
    )


class PosledniyState(GameState):
    """A game of Последний: seat draw, then deals until the game ends (P-11)."""

    def __init__(self, options: PosledniyOptions, players: int, seed: int) -> None:
        self.options = options
        self.n = players
        self.rng = new_rng(seed)
        self.draw = seat_draw(players, self.rng)  # P-3: a visible random event
        self.deck = DECKS[players]
        self.counts = PASS_COUNTS[players]
        self.chips_mode = options.scoring == "chips"
        self.deals_total = options.rounds * players if self.chips_mode else None
        self.ledger = ChipLedger(players)
        self.sheet = PenaltySheet(players, options.target)
        self.settlement: list[Transfer] = []
        self.results: list[tuple[int, int, int, int | None, tuple[int, ...], tuple[int, ...]]] = []
        self.events: list[Any] = [LogEntry(None, _draw_text(self.draw))]
        self.log_cache: list[LogEntry] = []  # the events put into words so far (not compared)
        self.dealer = 0  # the ace sits at seat 0 (P-3)
        self.deal_no = 0
        self.phase = EXCHANGE
        self.actor: int | None = 0
        self.hands: list[list[int]] = []
        self.chain: tuple[Pass, ...] = ()
        self.step = 0
        self.passes: list[tuple[int, ...]] = []
        self.leader = 0
        self.trick: list[int] = []
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.taken: list[int] = []
        self.start_deal()

    # -- the deal ---------------------------------------------------------------------

    def start_deal(self) -> None:
        """Shuffle and deal 7 each, the rest to the dealer (P-4); the exchange begins (P-5)."""
        n, dealer = self.n, self.dealer
        deck = shuffle(self.deck, self.rng)
        hands, rest = deal(deck, n, HAND, start=(dealer + 1) % n)
        hands[dealer].extend(rest)
        for h in hands:
            h.sort()
        self.hands = hands
        self.deal_no += 1
        self.chain = pass_chain(dealer, n, self.counts)
        self.step = 0
        self.passes = []
        self.trick = []
        self.tricks = []
        self.taken = [0] * n
        self.phase = EXCHANGE
        self.actor = dealer
        self.events.append(
            LogEntry(
                dealer,
                f"deals deal {self.deal_no}: {HAND} cards each and the {len(rest)} left over to themself",
            )
        )

    @property
    def players(self) -> int:
        """How many seats there are."""
        return self.n

    def to_act(self) -> int | None:
        """The seat that must decide now, or None once the game is over."""
        return self.actor

    def legal_actions(self) -> Sequence[Any]:
        """Every action of the seat to act: a pass of the right size, or a card it may play."""
        if self.phase == PLAY_PHASE:
            hand = self.hands[self.actor]  # type: ignore[index]
            trick = self.trick
            play = PLAY
            if trick:
                led = trick[0] // 13
                out = [play[c] for c in hand if c // 13 == led]
                if out:
                    return out
            return [play[c] for c in hand]
        if self.phase == EXCHANGE:
            step = self.chain[self.step]
            return pass_actions(self.hands[step.giver], step.count)
        return []

    def apply(self, action: Any) -> None:
        """Apply a pass or a play of the seat to act; IllegalActionError leaves all unchanged."""
        if self.phase == PLAY_PHASE:
            idx = PLAY_INDEX.get(id(action))
            if idx is None:
                idx = _play_index(action)
            seat: int = self.actor  # type: ignore[assignment]
            hand = self.hands[seat]
            if idx not in hand:
                raise IllegalActionError(f"you do not hold {card_text(idx)}")
            trick = self.trick
            if trick:
                led = trick[0] // 13
                if idx // 13 != led:
                    for c in hand:
                        if c // 13 == led:
                            raise IllegalActionError(
                                f"you must follow suit: {CARDS[trick[0]].suit.english} were led "  # type: ignore[union-attr]
                                f"and you hold {card_text(c)} (P-7)"
                            )
            hand.remove(idx)
            trick.append(idx)
            self.events.append((_PLAYED, seat, idx))
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
        cards = PASS_INDEX.get(id(action))
        if cards is None:
            cards = _pass_indices(action)
        step = self.chain[self.step]
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
        self.events.append((_PASSED, step.giver, step.count))
        self.step += 1
        if self.step < len(self.chain):
            self.actor = self.chain[self.step].giver
        else:
            self.phase = PLAY_PHASE
            self.leader = self.actor = (self.dealer - 1) % self.n  # the dealer's right leads (P-6)

    def _finish_trick(self) -> None:
        trick = self.trick
        led = trick[0] // 13
        best = trick[0]
        pos = 0
        for i in range(1, self.n):
            c = trick[i]
            if c > best and c // 13 == led:  # no trumps: the highest of the led suit (P-7)
                best = c
                pos = i
        winner = (self.leader + pos) % self.n
        self.tricks.append((self.leader, tuple(trick), winner))
        self.taken[winner] += 1
        self.trick = []
        self.events.append((_WON, winner, len(self.tricks)))
        if len(self.tricks) == TRICKS:
            self._finish_deal(winner)
        else:
            self.leader = self.actor = winner  # the winner leads the next trick (P-7)

    def _finish_deal(self, last: int) -> None:
        """Score the deal (P-8 to P-10), then end the game or pass the deal left (P-11)."""
        n, dealer = self.n, self.dealer
        all_tricks = last if self.taken[last] == TRICKS else None
        zeros = (0,) * n
        if self.chips_mode:
            transfers = deal_chips(n, self.options.stake, last, all_tricks)
            self.ledger.record(transfers)
            chips, points = balances(n, transfers), zeros
        else:
            points = deal_points(n, dealer, last, all_tricks)
            self.sheet.add(points)
            chips = zeros
        self.results.append((self.deal_no, dealer, last, all_tricks, points, chips))
        self.events.append(LogEntry(last, _deal_text(self, last, all_tricks, points)))
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

    def final_chips(self) -> tuple[int, ...]:
        """Chips won or lost so far: deal transfers (chips mode) or the settlement (points mode)."""
        if self.chips_mode:
            return self.ledger.balances()
        return balances(self.n, self.settlement)

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
        names = " and ".join(seat_name(w) for w in winners)
        return Outcome(winners, scores, f"game over {what}; chips {chips}; {names} won")

    def hand_results(self) -> list[HandResult]:
        """One result per finished deal."""
        out = []
        for number, dealer, last, all_tricks, points, chips in self.results:
            if all_tricks is not None:
                winners: tuple[int, ...] = (all_tricks,)
                losers = tuple(p for p in range(self.n) if p != all_tricks)
                summary = f"{seat_name(all_tricks)} took all eight tricks"
            else:
                winners, losers = (), (last,)
                summary = f"{seat_name(last)} took the last trick"
            out.append(HandResult(number, dealer, winners, losers, points, chips, summary))
        return out

    # -- copies, hidden information, equality --------------------------------------------

    def clone(self) -> Self:
        """An independent copy, generator included."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        new.rng = rng
        new.ledger = ChipLedger(self.n, list(self.ledger.transfers))
        new.sheet = PenaltySheet(self.n, self.sheet.target, list(self.sheet.points))
        new.settlement = list(self.settlement)
        new.results = list(self.results)
        new.events = list(self.events)
        new.log_cache = list(self.log_cache)
        new.hands = [list(h) for h in self.hands]
        new.passes = list(self.passes)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.taken = list(self.taken)
        return new

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

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy with the cards hidden from ``seat`` (and future shuffles) dealt again."""
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))  # the deals to come are hidden too
        if self.phase == OVER:
            return new
        plays = {c: p for p, c in self.plays()}
        new.hands, new.passes = hidden.redeal(
            self.n, self.dealer, self.counts, self.passes, self.hands, plays, self.voids(), seat, rng
        )
        return new

    def _key(self) -> tuple[Any, ...]:
        return (
            self.options,
            self.n,
            self.draw,
            self.dealer,
            self.deal_no,
            self.phase,
            self.actor,
            self.hands,
            self.step,
            self.passes,
            self.leader,
            self.trick,
            self.tricks,
            self.taken,
            self.ledger.transfers,
            self.sheet.points,
            self.settlement,
            self.results,
            self.events,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PosledniyState):
            return NotImplemented
        return self._key() == other._key() and self.rng.getstate() == other.rng.getstate()

    __hash__ = None  # type: ignore[assignment]

    def log(self) -> tuple[LogEntry, ...]:
        """The public log in words."""
        cache, events = self.log_cache, self.events
        if len(cache) < len(events):
            cache.extend(map(_entry, events[len(cache) :]))
        return tuple(cache)

    def view(self, seat: int) -> Any:
        """What ``seat`` may know (see ``games.posledniy.view``)."""
        from games.posledniy.view import build_view

        return build_view(self, seat)


def _deal_text(state: PosledniyState, last: int, all_tricks: int | None, points: tuple[int, ...]) -> str:
    o = state.options
    if all_tricks is not None:
        if state.chips_mode:
            return f"took all eight tricks and wins the deal: collects {o.stake} chips from each (P-8, P-9)"
        return (
            "took all eight tricks and wins the deal: every other player scores 1 penalty point (P-8, P-10)"
        )
    if state.chips_mode:
        return f"took the last trick and loses the deal: pays {o.stake} chips to each player (P-8, P-9)"
    dealer = " as the dealer" if last == state.dealer else ""
    pts = points[last]
    return (
        f"took the last trick and loses the deal: {pts} penalty point{'s' * (pts != 1)}{dealer} (P-8, P-10)"
    )


def _play_index(action: Any) -> int:
    if not isinstance(action, PlayCard):
        if isinstance(action, PassCards):
            raise IllegalActionError("the exchange is over: play a card")
        raise IllegalActionError(f"{action!r} is not a Последний action")
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
