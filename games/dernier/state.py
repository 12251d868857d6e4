"""The Dernier rules engine: one match in progress (rules D-1 to D-21).

Cards are kept as small integers (``Card.index``: 0-51, 52 for a joker) in plain lists
and actions are interned, so that legal_actions and apply allocate little: the random
playout benchmark depends on it. Cards become ``Card`` values only in views.

This module holds the state, its hands, the legal list and ``apply`` with the commonest play
and draw inline. Its fields are declared in ``fields``, a hand is dealt by ``deck``, and
every other action goes through ``dispatch`` to the rules, which live one per module: a
turn (``turn``: D-6, D-7, D-18), the stock (``stock``: D-7, D-8), a card played and its
effect (``specials``: D-9 to D-17), calls and penalties (``penalties``: D-17 to D-19), the anticipo
(``anticipo``: D-20), the end of a hand and match (``ending``: D-9, D-21), and a search's
worlds (``world``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardgames.core.eventlog import EventLog, LogWords
from cardgames.core.state import GameState, HandResult, Outcome
from cardgames.games.dernier.actions import (
    ANTICIPOS,
    DECLINE,
    JACK,
    JOKER_PLAYS,
    PASS,
    PLAYS,
    RANK_OF,
    SUIT_OF,
    Draw,
    Play,
)
from cardgames.games.dernier.anticipo import window
from cardgames.games.dernier.deck import deal_hand, deck_indices
from cardgames.games.dernier.dispatch import apply_rule
from cardgames.games.dernier.ending import outcome as match_outcome
from cardgames.games.dernier.ending import stop_hand
from cardgames.games.dernier.fields import FIELDS
from cardgames.games.dernier.leaf import chances
from cardgames.games.dernier.log import log_entry
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.dernier.penalties import reason_now
from cardgames.games.dernier.specials import play_card
from cardgames.games.dernier.stock import draw_cards
from cardgames.games.dernier.tables import (
    AFTER_DRAW,
    ANTICIPO,
    DRAW_LOG,
    JOKER,
    OVER,
    PLAY_LOG,
    PLAY_PHASE,
    RBIT,
    SPECIAL_RANKS,
)
from cardgames.games.dernier.turn import (
    MATCHING,
    SIZE_CLASS,
    TURNS,
    draw_turn,
    end_turn,
    penalty_list,
    turn_list,
)
from cardgames.games.dernier.view import DernierView, build_view
from cardgames.games.dernier.world import determinize, plausible_world, shown, world
from cardgames.primitives.cards import CARDS, Card
from cardgames.primitives.chance import Chance
from cardgames.primitives.said import Said
from cardgames.primitives.shedding import PenaltyChain

ZERO_COUNTS = bytes(53)


class DernierState(GameState):
    """A Dernier match in progress: the current hand plus the match score."""

    fields = FIELDS
    __slots__ = FIELDS.names

    def __init__(self, options: DernierOptions | None, players: int = 0, seed: int = 0) -> None:
        """A match dealt from ``seed``; with ``options`` None an empty shell for ``clone`` to fill in
        (a class compiled by mypyc cannot be created without its ``__init__``)."""
        if options is None:
            return
        self.options = options
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
        self.ends_with_hand = False
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
        """Deal a hand (``deck.deal_hand``); a method, so that ending.py deals the next through the state."""
        deal_hand(self)

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
        # The plays are read off bit masks and tables (turn.turn_list), for speed; the rule they
        # follow is checks.misplay_reason, and tests/games/dernier/test_fast_forms.py holds them to it.
        ph = self.phase
        if ph == PLAY_PHASE:
            seat = self.current
            size = self.sizes[seat]
            if self.penalty.pending:
                return penalty_list(self, seat, size)
            # looked up by which cards can match (turn.turn_list builds each list once)
            s = self.suit
            table = (self.jmode * 4 + SIZE_CLASS[size]) * 4 + s
            key = self.masks[seat] & MATCHING[s * 15 + self.top_rank]
            plays = TURNS[table].get(key)
            return plays if plays is not None else turn_list(table, key)
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
        # The commonest moves of a turn with no penalty pending, inline: a matching interned play
        # of a card without a call (checks.matches), a draw that ends the turn. They are the
        # rule's own steps (dispatch.apply_rule: turn.play_turn, specials.play_card, turn.draw_turn)
        # taken directly; tests/games/dernier/test_fast_forms.py holds apply to apply_rule, state
        # for state, along seeded games.
        if self.phase != PLAY_PHASE or self.penalty.pending:
            apply_rule(self, action)
            return
        t = type(action)
        if t is Play:
            plain = action._plain
            if plain is None:
                apply_rule(self, action)
                return
            c, r, su, named = plain
            seat = self.current
            cnt = self.counts
            k = seat * 53 + c
            if not cnt[k] or (su != self.suit and r != self.top_rank):
                apply_rule(self, action)
                return
            if r in SPECIAL_RANKS or self.sizes[seat] <= 2 or self.anticipo:
                play_card(self, seat, c, False, named, -1)
            else:  # a plain card that neither ends the hand nor needs the call: specials.play_card's steps
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
        elif t is Draw and self.stock and not self.play_after_draw:
            seat = self.current  # turn.draw_turn's steps for one card off the stock
            c = self.stock.pop()
            k = seat * 53 + c
            self.counts[k] += 1
            self.masks[seat] |= RBIT[c]
            self.sizes[seat] += 1
            self.log.append(DRAW_LOG[k])
            self.current = (seat + self.direction) % self.n
        else:
            apply_rule(self, action)
            return
        self.hand_decisions += 1
        if self.hand_decisions >= self.turn_limit and self.phase != OVER:
            stop_hand(self)

    # --- the rules' hooks: games/dernier/turn.py, stock.py, specials.py, penalties.py -------
    # Methods, so that anticipo.py and ending.py reach them through the state and a test's
    # variant can change one (tests/conformance/test_silence.py).

    def _misplay_reason(self, size: int, c: int, called: bool) -> Said | None:
        """Why playing ``c`` now breaks a rule (``checks.misplay_reason``), or None when it is allowed."""
        return reason_now(self, size, c, called)

    def _play(self, seat: int, c: int, called: bool, suit: int, as_c: int) -> None:
        """Put ``c`` on the discard pile and apply its effect (``specials.play_card``)."""
        play_card(self, seat, c, called, suit, as_c)

    def _draw(self, seat: int, k: int) -> int:
        """Draw up to ``k`` cards for ``seat`` (``stock.draw_cards``); how many were drawn."""
        return draw_cards(self, seat, k)

    def _draw_turn(self) -> None:
        draw_turn(self)

    def _end_turn(self, seat: int) -> None:
        end_turn(self, seat)

    # --- anticipo (D-20) and the end of a hand: games/dernier/anticipo.py and ending.py ----

    def _window(self) -> list[int]:
        """Who is asked about an anticipo (D-20); a method, so that a test's variant can change it."""
        return window(self)

    def outcome(self) -> Outcome | None:
        """Winners and match scores (hands won, or minus card points), once the match is over."""
        return match_outcome(self)

    def last_hand(self) -> bool:
        """The match stops when the hand in play ends (a search's world: the next hand is not dealt)."""
        self.ends_with_hand = True
        return True

    def evaluate(self) -> tuple[float, ...]:
        """Each player's chance of going out first, guessed from the cards each holds (``leaf.chances``)."""
        return chances(self)

    def hand_results(self) -> Sequence[HandResult]:
        """One result per finished hand."""
        return tuple(self.results)

    # --- views and copies ---------------------------------------------------------------

    def public_log(self, seat: int | None = None) -> LogWords:
        """The history in words as ``seat`` reads it (None: the public log), written when read (EventLog)."""
        return self.log.words(log_entry, seat)

    def view(self, seat: int) -> DernierView:
        """What ``seat`` may know (``view.build_view``)."""
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
        """A copy with the hidden cards dealt again at random, as the public log allows (``world``)."""
        return determinize(self, seat, rng)

    def _world(self, seat: int, chance: int, hands: list[list[int]], stock: list[int]) -> DernierState:
        """A copy with the other hands and the stock as dealt: a search's world (``world.world``)."""
        return world(self, seat, chance, hands, stock)

    def plausible_world(self, seat: int, rng: random.Random, weigh: int = 1) -> DernierState:
        """``determinize``, the older cards of the others avoiding what their draws suggest (beliefs)."""
        return plausible_world(self, seat, rng, weigh)

    def _shown(self) -> list[dict[int, int]]:
        """``hidden.shown_cards`` of the log, computed again only once the log has grown (read only)."""
        return shown(self)

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
