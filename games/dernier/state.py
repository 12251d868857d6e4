"""The Dernier rules engine: one match in progress (RULES.md D-1 to D-21).

Cards are kept as small integers (``Card.index``: 0-51, 52 for a joker) in plain lists
and actions are interned, so that legal_actions and apply allocate little: the random
playout benchmark depends on it. Cards become ``Card`` values only in views.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardgames.cards import CARDS, Card
from cardgames.chance import Chance
from cardgames.copying import SHALLOW, SHARED, Copied, Derived, Fields, slot_copier
from cardgames.dealing import deal, shuffle
from cardgames.errors import IllegalActionError
from cardgames.eventlog import EventLog, LogWords
from cardgames.game import GameState, HandResult, Outcome
from cardgames.games.dernier.actions import (
    ACE,
    ANTICIPOS,
    DECLINE,
    DRAW,
    JACK,
    JOKER_PLAYS,
    KING,
    PASS,
    PLAYS,
    QUEEN,
    RANK_OF,
    SEVEN,
    SUIT_OF,
    Anticipo,
    Decline,
    Draw,
    Pass,
    Play,
    SlowPlay,
    play_info,
)
from cardgames.games.dernier.anticipo import claim, decline, offer, window
from cardgames.games.dernier.checks import misplay_reason, shape_error
from cardgames.games.dernier.deck import deck_indices, turn_starter
from cardgames.games.dernier.ending import finish_hand, stop_hand
from cardgames.games.dernier.ending import outcome as match_outcome
from cardgames.games.dernier.heuristic import going_out_chances
from cardgames.games.dernier.hidden import redeal, shown_cards
from cardgames.games.dernier.log import log_entry
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.dernier.seat_view import build_view
from cardgames.games.dernier.tables import (
    ACES,
    AFTER_DRAW,
    ANTICIPO,
    DRAW_LOG,
    JOKER,
    OVER,
    PLAY_LOG,
    PLAY_PHASE,
    RANK_OTHERS,
    RBIT,
    SPECIAL_RANKS,
    SUIT_BITS,
    SUIT_PLAYS,
    SUIT_SHIFT,
    suit_plays,
)
from cardgames.games.dernier.view import DernierView, describe
from cardgames.shedding import PenaltyChain, next_seat, reshuffle_discard

ZERO_COUNTS = bytes(53)


_copy_penalty = slot_copier(PenaltyChain)
# The state's fields, declared once: clone and __eq__ are compiled from this (cardgames.copying).
# Slots keep attribute access fast: past 30 attributes a plain instance dict stops sharing
# its keys and every access becomes a slower dictionary lookup.
FIELDS = Fields(
    # compared first: the cheap ones that differ most often
    current=SHARED,
    phase=SHARED,
    hand_decisions=SHARED,
    top_rank=SHARED,
    suit=SHARED,
    top_as=SHARED,
    direction=SHARED,
    drawn=SHARED,
    offer_card=SHARED,
    offer_from=SHARED,
    dealer=SHARED,
    hand_no=SHARED,
    n=SHARED,
    # counts[seat * 53 + index]: how many of that card the seat holds (one bytearray for every
    # seat: a clone copies it in one go)
    counts=SHALLOW,
    stock=SHALLOW,
    discard=SHALLOW,
    penalty=Copied(_copy_penalty),
    # wins, totals, results and asking are replaced, never changed in place: copies share them
    asking=SHARED,
    wins=SHARED,
    totals=SHARED,
    results=SHARED,
    match_winners=SHARED,
    opts=SHARED,
    log=Copied(EventLog.copy),
    rng=Copied(Chance.fork),
    # derived from the counts (sizes, masks) or the options, or a cache: not compared
    sizes=Derived(SHALLOW),
    masks=Derived(SHALLOW),
    deck=Derived(SHARED),
    jmode=Derived(SHARED),
    start_dir=Derived(SHARED),
    turn_limit=Derived(SHARED),
    anticipo=Derived(SHARED),
    play_after_draw=Derived(SHARED),
    shown_memo=Derived(SHARED),
    face_up=Derived(SHARED),
)


class DernierState(GameState):
    """A Dernier match in progress: the current hand plus the match score."""

    fields = FIELDS
    __slots__ = FIELDS.names

    def __init__(self, options: DernierOptions | None, players: int = 0, seed: int = 0) -> None:
        """A match dealt from ``seed``; with ``options`` None an empty shell for ``clone`` to fill in
        (a class compiled by mypyc cannot be created without its ``__init__``)."""
        if options is None:
            return
        self.opts = options
        self.n = players
        self.rng = Chance(seed)
        self.jmode = 0 if options.joker_mode == "wild" else 1
        self.start_dir = 1 if options.clockwise else -1
        self.turn_limit = options.turn_limit
        self.anticipo = options.anticipo
        self.play_after_draw = options.play_after_draw
        self.deck = deck_indices(options.jokers)
        self.wins: tuple[int, ...] = (0,) * players  # tuples: a view shows them as they are
        self.totals: tuple[int, ...] = (0,) * players
        self.results: list[HandResult] = []
        self.log: EventLog[tuple[Any, ...]] = EventLog()
        # (log, its length, hidden.shown_cards of it): determinize asks at every simulation
        self.shown_memo: tuple[EventLog[tuple[Any, ...]] | None, int, list[dict[int, int]]] = (None, 0, [])
        # misplayed cards put back face up this hand ("misplay" records since the deal): with none,
        # the log shows no card in any hand and determinize need not read it
        self.face_up = 0
        self.dealer = 0
        self.hand_no = 0
        self.match_winners: tuple[int, ...] = ()
        # counts[seat * 53 + index]: how many of that card the seat holds; sizes[seat]: the total
        self.counts = bytearray()
        self.sizes: list[int] = []
        self.masks: list[int] = []  # masks[seat]: bit c set when the seat holds card index c
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.top_rank = 0
        self.suit = 0
        self.top_as = -1
        self.direction = self.start_dir
        self.current = 0
        self.phase = PLAY_PHASE
        self.penalty = PenaltyChain()
        self.drawn = -1
        self.asking: list[int] = []
        self.offer_card = -1
        self.offer_from = -1
        self.hand_decisions = 0
        self._deal()

    # --- set-up -------------------------------------------------------------------------

    def _deal(self) -> None:
        """Shuffle, deal and turn the starter (D-3, D-4, D-5)."""
        opts, n, rng = self.opts, self.n, self.rng.rng()
        self.hand_no += 1
        self.direction = d = self.start_dir
        cards = list(self.deck)
        shuffle(cards, rng)
        first = next_seat(self.dealer, d, n)
        hands, stock = deal(cards, n, opts.hand_size, start=first)
        self.counts = bytearray(53 * n)
        self.sizes = [0] * n
        self.masks = [0] * n
        for seat, dealt in enumerate(hands):
            self.set_hand(seat, dealt)
        self.log.append(("deal", self.dealer, self.hand_no))
        c, back = turn_starter(stock, rng)
        self.log.extend([("joker_back", None)] * back)
        self.stock = stock
        self.discard = [c]
        self.top_rank, self.suit, self.top_as = RANK_OF[c], SUIT_OF[c], -1
        self.penalty = PenaltyChain()
        self.phase = PLAY_PHASE
        self.drawn = -1
        self.asking = []
        self.offer_card = self.offer_from = -1
        self.hand_decisions = 0
        self.face_up = 0
        self.current = first
        self.log.append(("starter", None, c))
        if opts.starter_effects:
            self._starter_effect(c)

    def _starter_effect(self, c: int) -> None:
        """The starter acts as if the dealer had played it (option ``starter_effects``)."""
        r, dealer, n = RANK_OF[c], self.dealer, self.n
        if r == QUEEN:
            self.current = next_seat(dealer, self.direction, n, 2)
        elif r == KING:
            self.direction = -self.direction
            self.current = next_seat(dealer, self.direction, n)
        elif r == ACE:
            self.penalty.add(self.opts.ace_penalty, "ace")
        elif r == SEVEN:
            prev = next_seat(dealer, -self.direction, n)
            self.log.append(("seven", prev, self._draw(prev, 1)))

    def hand(self, seat: int) -> list[int]:
        """The card indices a seat holds, sorted (by suit, then rank, jokers last)."""
        # read from the mask, lowest bit first: a hand of a few cards costs a few steps, not 53
        cnt = self.counts
        base = seat * 53
        out: list[int] = []
        mask = self.masks[seat]
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            out.append(i)
            if cnt[base + i] > 1:
                out.extend([i] * (cnt[base + i] - 1))
            mask ^= low
        return out

    def held(self, seat: int) -> bytearray:
        """How many of each card index (0-52) a seat holds: a copy, 53 counts."""
        return self.counts[seat * 53 : seat * 53 + 53]

    @property
    def hands(self) -> list[list[int]]:
        """Every seat's sorted card indices (a copy; assigning a list of hands sets them all)."""
        return [self.hand(p) for p in range(self.n)]

    @hands.setter
    def hands(self, hands: Sequence[Sequence[int]]) -> None:
        for seat, cards in enumerate(hands):
            self.set_hand(seat, cards)

    def set_hand(self, seat: int, cards: Sequence[int]) -> None:
        """Give a seat exactly these card indices."""
        cnt = self.counts
        base = seat * 53
        cnt[base : base + 53] = ZERO_COUNTS
        mask = 0
        for c in cards:
            cnt[base + c] += 1
            mask |= RBIT[c]
        self.masks[seat] = mask
        self.sizes[seat] = len(cards)

    # --- protocol -----------------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats there are."""
        return self.n

    def to_act(self) -> int | None:
        """The player to move, the player asked about an anticipo, or None when the match is over."""
        ph = self.phase
        if ph <= AFTER_DRAW:
            return self.current
        return self.asking[0] if ph == ANTICIPO else None

    def legal_actions(self) -> Sequence[Any]:
        """Exactly the actions allowed now (misplays and SlowPlay are accepted but never listed)."""
        # The plays are read off suit bit masks and tables, for speed; the rule they follow is
        # checks.misplay_reason, and tests/dernier/test_dernier_fast_forms.py holds them to it.
        ph = self.phase
        if ph == PLAY_PHASE:
            seat = self.current
            cnt = self.counts
            base = seat * 53
            size = self.sizes[seat]
            two = size == 2  # indexes the tables as 0 or 1
            out: list[Any] = []
            pen = self.penalty
            if pen.pending:
                if pen.kind == "ace":
                    for c in ACES:
                        if cnt[base + c]:
                            out.extend(PLAYS[c][two])
                    if self.jmode == 1 and cnt[base + JOKER] and size > 1:
                        out.extend(JOKER_PLAYS[1][two])
                elif cnt[base + JOKER] and size > 1:
                    out.extend(JOKER_PLAYS[1][two])
                out.append(DRAW)
                return out
            s = self.suit
            r = self.top_rank
            held = self.masks[seat]
            mask = held >> SUIT_SHIFT[s] & SUIT_BITS
            if mask:
                plays = SUIT_PLAYS[two * 4 + s].get(mask)
                out.extend(plays if plays is not None else suit_plays(two, s, mask))
            for c in RANK_OTHERS[s * 15 + r]:
                if cnt[base + c]:
                    out.extend(PLAYS[c][two])
            if held >> JOKER and size > 1:
                out.extend(JOKER_PLAYS[self.jmode][two])
            out.append(DRAW)
            return out
        if ph == AFTER_DRAW:
            c = self.drawn
            if c != JOKER and SUIT_OF[c] != self.suit and RANK_OF[c] != self.top_rank:
                return [PASS]  # asked all the same, so the others cannot tell a match (D-7, I-2)
            two = self.sizes[self.current] == 2
            plays = JOKER_PLAYS[self.jmode][two] if c == JOKER else PLAYS[c][two]
            return [*plays, PASS]
        if ph == ANTICIPO:
            seat = self.asking[0]
            if not self.counts[seat * 53 + self.offer_card]:
                return [DECLINE]  # asked all the same, so nobody learns who holds the card (D-20, I-2)
            two = self.sizes[seat] == 2
            return [*ANTICIPOS[RANK_OF[self.offer_card] == JACK][two], DECLINE]
        return []

    def apply(self, action: Any) -> None:
        """Apply an action of the seat to act; IllegalActionError leaves the state unchanged."""
        ph = self.phase
        t = type(action)
        if ph == PLAY_PHASE and t is Play:
            # the common case first: an interned, matching play of a plain card without a call
            # (checks.matches, inline; tests/dernier/test_dernier_fast_forms.py holds it to the rule)
            info = action._info
            seat = self.current
            if info is not None and not info[2]:
                c = info[1]
                cnt = self.counts
                k = seat * 53 + c
                r = RANK_OF[c]
                su = SUIT_OF[c]
                if (
                    c == JOKER
                    or not cnt[k]
                    or self.penalty.pending
                    or (su != self.suit and r != self.top_rank)
                ):
                    self._play_turn(action)
                elif r in SPECIAL_RANKS or self.sizes[seat] <= 2 or self.anticipo:
                    self._play(seat, c, False, info[3], -1)
                else:  # a plain card that neither ends the hand nor needs the call: all inline
                    cnt[k] -= 1
                    if not cnt[k]:
                        self.masks[seat] &= ~RBIT[c]
                    self.sizes[seat] -= 1
                    self.discard.append(c)
                    self.log.append(PLAY_LOG[k])
                    self.top_rank = r
                    self.suit = su
                    self.top_as = -1
                    self.current = (seat + self.direction) % self.n
            else:
                self._play_turn(action)
        elif (
            ph == PLAY_PHASE
            and t is Draw
            and self.stock
            and not self.penalty.pending
            and not self.play_after_draw
        ):
            seat = self.current  # the common case, inline: draw one card, end the turn
            c = self.stock.pop()
            k = seat * 53 + c
            self.counts[k] += 1
            self.masks[seat] |= RBIT[c]
            self.sizes[seat] += 1
            self.log.append(DRAW_LOG[k])
            self.current = (seat + self.direction) % self.n
        elif ph <= AFTER_DRAW:
            if t is Play:
                self._play_turn(action)
            elif t is Draw and ph == PLAY_PHASE:
                self._draw_turn()
            elif t is Pass and ph == AFTER_DRAW:
                self.log.append(("pass", self.current))
                self._end_turn(self.current)
            elif t is SlowPlay:
                self._lose_turn(self.current, self.opts.slow_penalty, "slow", None)
            elif t is Draw:
                raise IllegalActionError("you have drawn already: play the card you drew or pass")
            elif t is Pass:
                raise IllegalActionError("you may pass only after drawing; play a card or draw")
            else:
                raise IllegalActionError(f"{_name(action)} is not possible now: play a card or draw")
        elif ph == ANTICIPO:
            if t is Anticipo:
                claim(self, action)
            elif t is Decline or t is SlowPlay:
                decline(self)
            else:
                raise IllegalActionError(
                    f"{_name(action)} is not possible now: answer the anticipo offer (anticipo or no)"
                )
        else:
            raise IllegalActionError("the match is over")
        self.hand_decisions += 1
        if self.hand_decisions >= self.turn_limit and self.phase != OVER:
            stop_hand(self)

    # --- turns --------------------------------------------------------------------------

    def _play_turn(self, action: Play) -> None:
        info = action._info
        if info is None:
            info = play_info(action)
        _, c, called, suit, as_c = info
        seat = self.current
        if not 0 <= c <= JOKER or not self.counts[seat * 53 + c]:
            raise IllegalActionError(f"you do not hold {describe(c)}")
        if (
            c != JOKER
            and not called
            and self.phase == PLAY_PHASE
            and not self.penalty.pending
            and as_c < 0
            and (suit >= 0) == (RANK_OF[c] == JACK)
            and (SUIT_OF[c] == self.suit or RANK_OF[c] == self.top_rank)
        ):
            self._play(seat, c, False, suit, -1)  # the common case, checked in one go
            return
        shape = shape_error(c, suit, as_c, self.jmode)
        if shape is not None:
            raise IllegalActionError(shape)
        reason = self._misplay_reason(self.sizes[seat], c, called)
        if reason is not None:
            if self.opts.misplay == "forgiving":
                raise IllegalActionError(reason)
            self.face_up += 1
            self._lose_turn(seat, self.opts.misplay_penalty, "misplay", (c, reason))
            return
        self._play(seat, c, called, suit, as_c)

    def _misplay_reason(self, size: int, c: int, called: bool) -> str | None:
        """Why playing ``c`` now breaks a rule (``checks.misplay_reason``), or None when it is allowed."""
        pen = self.penalty
        drawn = self.drawn if self.phase == AFTER_DRAW else -1
        return misplay_reason(
            c,
            called,
            size,
            drawn=drawn,
            pending=pen.pending,
            kind=pen.kind,
            jmode=self.jmode,
            suit=self.suit,
            rank=self.top_rank,
        )

    def _play(self, seat: int, c: int, called: bool, suit: int, as_c: int) -> None:
        """Put ``c`` on the discard pile and apply its effect (D-9 to D-17)."""
        cnt = self.counts
        k = seat * 53 + c
        cnt[k] -= 1
        if not cnt[k]:
            self.masks[seat] &= ~RBIT[c]
        size = self.sizes[seat] = self.sizes[seat] - 1
        self.discard.append(c)
        self.log.append(("play", seat, c, as_c, suit, called))
        if not size:
            finish_hand(self, seat, stopped=False)
            return
        if size == 1 and not called:
            self.log.append(("forgot", seat, self._draw(seat, self.opts.dernier_penalty)))
        d = self.direction
        n = self.n
        steps = 1
        if c == JOKER:
            if self.jmode == 1:
                self.top_rank, self.suit, self.top_as = 0, suit, -1
                self.penalty.add(self.opts.joker_penalty, "joker")
                self.current = (seat + d) % n
                self.phase = PLAY_PHASE
                return
            e = as_c
            self.top_as = as_c
        else:
            e = c
            self.top_as = -1
        r = RANK_OF[e]
        self.top_rank = r
        if r not in SPECIAL_RANKS:
            self.suit = SUIT_OF[e]
        elif r == JACK:
            self.suit = suit
        else:
            self.suit = SUIT_OF[e]
            if r == QUEEN:
                steps = 2
            elif r == KING:
                d = self.direction = -d
            elif r == ACE:
                self.penalty.add(self.opts.ace_penalty, "ace")
            elif r == SEVEN:
                prev = (seat - d) % n
                self.log.append(("seven", prev, self._draw(prev, 1)))
        self.current = (seat + d * steps) % n
        self.phase = PLAY_PHASE
        if self.anticipo and c != JOKER:
            offer(self, seat, c)

    def _refill(self) -> bool:
        """Shuffle the discard pile but its top into the empty stock (D-8); False if nothing moved."""
        if len(self.discard) <= 1:  # checked first: rng() may copy a generator shared with a clone
            return False
        reshuffle_discard(self.discard, self.stock, self.rng.rng())
        self.log.append(("reshuffle", None))
        return True

    def _draw(self, seat: int, k: int) -> int:
        """Draw up to ``k`` cards for ``seat``, reshuffling the discard pile when needed (D-8)."""
        stock = self.stock
        cnt = self.counts
        base = seat * 53
        mask = self.masks[seat]
        got = 0
        while got < k:
            if not stock and not self._refill():
                break
            c = stock.pop()
            cnt[base + c] += 1
            mask |= RBIT[c]
            got += 1
        self.masks[seat] = mask
        self.sizes[seat] += got
        return got

    def _draw_turn(self) -> None:
        seat = self.current
        pen = self.penalty
        if pen.pending:
            total = pen.take()
            self.log.append(("take", seat, total, self._draw(seat, total)))
            return  # the player now plays a normal turn (D-13)
        stock = self.stock
        if not stock and not self._refill():
            self.log.append(("nodraw", seat))
        else:
            c = stock.pop()
            k = seat * 53 + c
            self.counts[k] += 1
            self.masks[seat] |= RBIT[c]
            self.sizes[seat] += 1
            self.log.append(DRAW_LOG[k])
            if self.play_after_draw:  # matching or not: the others must not tell which (D-7, I-2)
                self.phase = AFTER_DRAW
                self.drawn = c
                return
        self.current = (seat + self.direction) % self.n

    def _end_turn(self, seat: int) -> None:
        self.phase = PLAY_PHASE
        self.drawn = -1
        self.current = (seat + self.direction) % self.n

    def _lose_turn(self, seat: int, k: int, kind: str, detail: Any) -> None:
        """Draw a penalty (with any pending chain) and lose the turn (D-18, D-19)."""
        pending = self.penalty.take()
        got = self._draw(seat, k + pending)
        self.log.append((kind, seat, got, pending, detail))
        self._end_turn(seat)

    # --- anticipo (D-20) and the end of a hand: games/dernier/anticipo.py and ending.py ----

    def _window(self) -> list[int]:
        """Who is asked about an anticipo (D-20); a method, so that a test's variant can change it."""
        return window(self)

    def outcome(self) -> Outcome | None:
        """Winners and match scores (hands won, or minus card points), once the match is over."""
        return match_outcome(self)

    def evaluate(self) -> tuple[float, ...]:
        """Each player's chance of going out first, guessed from the cards left (for searches).

        A player to move under a pending penalty (D-13, D-15) without a card that answers it
        counts the penalty as cards already drawn.
        """
        pending = self.penalty.pending
        if not pending or self.phase != PLAY_PHASE:
            return going_out_chances(self.sizes)
        seat = self.current
        held = self.hand(seat)
        if any(self._misplay_reason(len(held), c, False) is None for c in held):
            return going_out_chances(self.sizes)
        sizes = list(self.sizes)
        sizes[seat] += pending
        return going_out_chances(sizes)

    def hand_results(self) -> Sequence[HandResult]:
        """One result per finished hand."""
        return tuple(self.results)

    # --- views and copies ---------------------------------------------------------------

    def public_log(self, seat: int | None = None) -> LogWords:
        """The history in words as ``seat`` reads it (None: the public log), written when read (EventLog)."""
        return self.log.words(log_entry, seat)

    def view(self, seat: int) -> DernierView:
        """What ``seat`` may know (``seat_view.build_view``)."""
        return build_view(self, seat)

    def clone(self) -> DernierState:
        """An independent copy, generator included (compiled from ``FIELDS``)."""
        return _clone(self)

    def all_cards(self) -> list[Card]:
        """Every card in hands, stock and discard pile."""
        out = [CARDS[i] for p in range(self.n) for i in self.hand(p)]
        out.extend(CARDS[i] for i in self.stock)
        out.extend(CARDS[i] for i in self.discard)
        return out

    def determinize(self, seat: int, rng: random.Random) -> DernierState:
        """A copy with the other hands and the stock dealt again at random, consistently with the public log.

        Cards shown in public stay with their owners (``hidden.shown_cards``: a misplayed
        card goes back face up). A card another player has just drawn is hidden whether it
        matches or not, so it is any hidden card; an anticipo question, asked of everyone,
        says nothing about who holds the offered card. The generator is re-seeded, so
        later shuffles are unknown too.
        """
        chance = rng.getrandbits(64)
        drawn_by = self.current if self.phase == AFTER_DRAW and self.current != seat else -1
        hands, stock, new_drawn = redeal(
            self.counts, self.sizes, self.stock, seat, self._shown(), rng, drawn_by=drawn_by
        )
        new = self._world(seat, chance, hands, stock)
        if drawn_by >= 0:
            new.drawn = new_drawn
        return new

    def _world(self, seat: int, chance: int, hands: list[list[int]], stock: list[int]) -> DernierState:
        """A copy with the other hands and the stock as dealt (``seat`` keeps its own hand): a search's world.

        The generator is re-seeded with ``chance``, so the shuffles to come are hidden too, and
        the log no longer shows ``seat`` the cards others drew (they are dealt again).
        """
        new = self.clone()
        new.rng = Chance(chance)
        new.stock = stock
        for p, cards in enumerate(hands):
            if p != seat:
                new.set_hand(p, cards)
        new.log.conceal(seat, self.n)
        return new

    def plausible_world(self, seat: int, rng: random.Random) -> DernierState:
        """``determinize``, the older cards of the others avoiding what their draws suggest (beliefs)."""
        from cardgames.games.dernier.beliefs import plausible_world  # searches only: not at start-up

        return plausible_world(self, seat, rng, after_draw=self.phase == AFTER_DRAW)  # type: ignore[no-any-return]

    def _shown(self) -> list[dict[int, int]]:
        """``hidden.shown_cards`` of the log, computed again only once the log has grown (read only)."""
        if not self.face_up:  # no card went back face up this hand: nothing to read
            return [{} for _ in range(self.n)]
        log, length, shown = self.shown_memo
        if log is not self.log or length != len(self.log):
            shown = shown_cards(self.log.records(), self.n)
            self.shown_memo = (self.log, len(self.log), shown)
        return shown

    def __eq__(self, other: object) -> bool:
        """Full equality of every field ``FIELDS`` compares, generator state included."""
        return _equal(self, other)

    __hash__ = None  # type: ignore[assignment]


def _shell(cls: type[DernierState]) -> DernierState:
    """An empty instance made by __init__ (a class compiled by mypyc can be made no other way)."""
    return cls(None)


# A class compiled by mypyc gets no methods after it is made: clone and __eq__ call these.
_clone = FIELDS.clone_function(DernierState, compiled=_shell)
_equal = FIELDS.eq_function(DernierState)


def _name(action: Any) -> str:
    return type(action).__name__
