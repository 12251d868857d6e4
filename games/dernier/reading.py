"""How the heuristic Dernier player reads the table: what each card is worth and what each play scores.

:class:`Table` is read from one seat's view and scores every legal action, roughly in cards
gained for the seat (see :mod:`cardgames.games.dernier.heuristic` for the reasoning).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence
from itertools import islice, repeat, starmap
from typing import Any

from attrs import frozen

from cardgames.games.dernier.actions import (
    ACE,
    JACK,
    JOKER_INDEX,
    JOKER_PLAYS,
    KING,
    QUEEN,
    RANK_OF,
    SEVEN,
    SUIT_OF,
    Anticipo,
    Decline,
    Draw,
    Pass,
    Play,
    play_info,
)
from cardgames.games.dernier.checks import matches
from cardgames.games.dernier.tables import (
    ACE_CARDS,
    RANK_CARDS,
    SUIT_CARDS,
    index_bits,
    play_facts,
)
from cardgames.games.dernier.view import HAND_BITS, Seen
from cardgames.primitives.cards import CARDS, Card

JOKER = JOKER_INDEX
_INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
_INDEX_OF_ID: dict[int, int] = {id(c): i for i, c in enumerate(CARDS)}
WIN = 1000.0
FORGET = -100.0  # a play without the due "Dernier!" call (or with a call out of place)
STUCK = -3.0  # only jokers left: no way out before drawing (D-16)
PRUNE_MARGIN = 1e-5  # more than choose's tie-breaking noise (1e-6) and any rounding
_EFFECTS = frozenset((QUEEN, SEVEN, KING))  # the specials whose effect on the others play_score counts
ACES_IN_DECK = 8 / 108
JOKERS_IN_DECK = 4 / 108


@frozen
class Weights:
    """The bot's tunable judgement, in cards."""

    keep_ace: float = 0.5
    keep_jack: float = 0.6
    keep_queen: float = 0.3
    keep_king: float = 0.2
    keep_seven: float = 0.6
    keep_joker: float = 2.0  # wild mode: a sure play later, and the card it stands for chosen then
    keep_joker_draw5: float = 1.5
    skip: float = 0.6  # a lost turn, in cards its player would have shed
    routine: float = 0.5  # a card drawn by an opponent far from going out, shared among the opponents
    follow: float = 0.15  # per card of the rest that matches what the play leaves in force
    last_match: float = 0.8  # the last card matches what was just played
    sure_win: float = 5.0  # two players: a queen skips the opponent and the last card matches it

    def keep_by_rank(self) -> dict[int, float]:
        """What holding a special is worth, by rank (plain cards: nothing)."""
        return {
            ACE: self.keep_ace,
            JACK: self.keep_jack,
            QUEEN: self.keep_queen,
            KING: self.keep_king,
            SEVEN: self.keep_seven,
        }


def shed_by_rank(keep: dict[int, float]) -> tuple[float, ...]:
    """What shedding a card is worth, by rank (``1.0 - keep``, 0 for a plain card)."""
    return tuple(1.0 - keep.get(rank, 0.0) for rank in range(15))


def follow_bonus(weights: Weights) -> tuple[float, ...]:
    """``follow_bonus[m]``: what ``m`` cards left matching a play's suit and rank add (at most 4 count)."""
    return tuple(weights.follow * (m if m < 4 else 4) for m in range(109))  # a hand holds at most 108 cards


def _chance_answered(cards: int, share: float) -> float:
    """The chance that ``cards`` unknown cards hold one of a kind making up ``share`` of the deck."""
    return 1.0 - (1.0 - share) ** cards


def hand_bits(hand: Sequence[Card]) -> tuple[Sequence[Card], int, int, int]:
    """``(hand, once, twice, jokers)`` as ``tables.index_bits`` has them, from the cards themselves.

    For a hand ``view.HAND_BITS`` does not know (a view not made by ``build_view``).
    """
    try:
        indices = list(map(_INDEX_OF_ID.__getitem__, map(id, hand)))
    except KeyError:  # cards not interned (a view rebuilt from its data): by value
        indices = list(map(_INDEX.__getitem__, hand))
    return (hand, *index_bits(indices))


class Table:
    """What the bot reads off its view once per decision."""

    __slots__ = (
        "ace_penalty",
        "counts",
        "draw5",
        "follow",
        "jokers",
        "keep_joker",
        "keep_rank",
        "once",
        "pending",
        "players",
        "shed",
        "size",
        "twice",
        "view",
        "w",
    )

    def __init__(
        self,
        view: Seen | None,
        weights: Weights,
        keep: dict[int, float],
        shed: tuple[float, ...] | None = None,
        follow: tuple[float, ...] | None = None,
    ) -> None:
        self.w = weights
        self.keep_rank = keep
        self.shed = shed_by_rank(keep) if shed is None else shed  # (the bot works these out once)
        self.follow = follow_bonus(weights) if follow is None else follow
        if view is not None:
            self.read(view)

    def read(self, view: Seen) -> Table:
        """Read a decision's view: its hand, counts, penalty and mode (the bot's own table, re-read)."""
        self.view = view
        # The hand as two bit masks (card indices held at least once, twice) and its jokers, which
        # build_view worked out with the hand's tuple (HAND_BITS, read for this view's own tuple
        # only): how many cards match a suit and rank in force is then a popcount or two.
        hand = view.hand
        self.size = len(hand)
        bits: tuple[Sequence[Card], int, int, int] | None = HAND_BITS.get(id(hand))
        if bits is None or bits[0] is not hand:
            bits = hand_bits(hand)
        _, self.once, self.twice, self.jokers = bits
        self.players = view.players
        self.counts = view.card_counts
        if view.joker_mode == "draw5":
            self.draw5, self.ace_penalty, self.keep_joker = True, 3, self.w.keep_joker_draw5
        else:
            self.draw5, self.ace_penalty, self.keep_joker = False, 2, self.w.keep_joker
        self.pending = view.pending_penalty
        return self

    @property
    def next(self) -> int:
        """The seat after this bot's in the direction of play."""
        view = self.view
        return (view.seat + view.direction) % self.players

    @property
    def prev(self) -> int:
        """The seat before this bot's."""
        view = self.view
        return (view.seat - view.direction) % self.players

    # --- rules of thumb -------------------------------------------------------------------

    def forced(self, legal: Sequence[Any]) -> Any | None:
        """Answer a pending penalty with the right card if possible (D-13, D-15)."""
        if not self.pending or self.view.phase != "play":
            return None
        plays = [a for a in legal if type(a) is Play]
        if not plays:
            return None
        if self.view.penalty_kind == "ace":
            aces = [a for a in plays if not a.card.is_joker]
            plays = aces or plays
        return max(plays, key=self.score)

    def weight(self, seat: int) -> float:
        """How much a card drawn by ``seat`` is worth to this bot: more the closer they are to going out."""
        base = self.w.routine / (self.players - 1)
        left = self.counts[seat]
        return base + (1.0 if left <= 1 else 0.6 if left == 2 else 0.3 if left == 3 else 0.0)

    def keep(self, c: int) -> float:
        """What holding card ``c`` is worth."""
        return self.keep_joker if c == JOKER else self.keep_rank.get(RANK_OF[c], 0.0)

    def penalty_value(self, amount: int, c: int, *, joker: bool) -> float:
        """An ace (or draw5 joker) penalty of ``amount`` for the next player, less the risk of a return."""
        target = self.next
        answered = _chance_answered(self.counts[target], JOKERS_IN_DECK if joker else ACES_IN_DECK)
        value = (1.0 - answered) * amount * self.weight(target)
        if self.players == 2:
            jokers_left = self.jokers - (c == JOKER)  # what is left once ``c`` is played
            if joker:
                can_answer = jokers_left > 0
                step = 5
            else:
                aces = self.once & ACE_CARDS
                if c != JOKER and RANK_OF[c] == ACE and not self.twice >> c & 1:
                    aces &= ~(1 << c)  # the only copy of that ace is played
                can_answer = bool(aces) or (self.draw5 and jokers_left > 0)
                step = self.ace_penalty
            if not can_answer:  # answered, the chain comes straight back to this bot
                value -= answered * (amount + step)
        return value

    def scores(
        self, legal: Sequence[Any], *, prune: bool = False, noise: Callable[[], float] = float
    ) -> list[float]:
        """:meth:`score` of every action of ``legal``, with what a play's score needs read once, not per play.

        The same values as :meth:`score` (tests/games/dernier/test_heuristic.py holds them to it).
        With ``prune``, the wild joker's plays (dozens: one for every card it may stand for) score
        ``-inf`` when none of them can come within ``PRUNE_MARGIN`` of the best score found
        before them, more than the tie-breaking noise: the best action stays the same.
        ``noise() * 1e-6`` is added to every score, one draw an action in order (``choose``'s
        tie-breaking; the default ``float()`` is 0.0).
        """
        if self.draw5:
            return [self.score(a) + noise() * 1e-6 for a in legal]
        size = self.size
        two = size == 2
        jokers = self.jokers
        stuck = jokers == size - 1
        once, twice = self.once, self.twice
        shed, keep_joker = self.shed, self.keep_joker
        w = self.w
        follow, last_match = self.follow, w.last_match
        queen_win = w.sure_win if self.players == 2 else last_match
        # the effect of an ace (by card), a queen, a seven, a king (by rank), worked out when first played
        effects: dict[int, float] = {}
        out: list[float] = []  # (out.append: the interpreter appends to a list in line)
        skip_jokers = None  # whether no joker play can reach the best score so far (decided at the first)
        pending = self.pending
        draw = -float(pending) if pending else -1.0  # score's value of a Draw
        actions = iter(legal)
        for action in actions:
            if type(action) is not Play:
                out.append((draw if type(action) is Draw else self.score(action)) + noise() * 1e-6)
                continue
            c, called, c_rank, effect, match, leaves = action._facts or play_facts(action)  # interned: on it
            if called != two:
                value = FORGET
            elif size == 1:
                value = WIN
            elif stuck and c != JOKER:
                value = STUCK
            else:
                if c != JOKER:
                    value = shed[c_rank]
                else:
                    if skip_jokers is None:
                        skip_jokers = prune and bool(out) and self.joker_ceiling() + PRUNE_MARGIN < max(out)
                    if skip_jokers:
                        out.append(-math.inf + noise())  # (still one draw)
                        block = JOKER_PLAYS[0][two]  # the wild joker's plays, as legal_actions lists them
                        rest = len(block) - 1
                        if action is block[0] and tuple(legal[len(out) - 1 : len(out) + rest]) == block:
                            # the rest of them skipped at once, still one draw each (in C)
                            next(islice(actions, rest, rest), None)
                            deque(starmap(noise, repeat((), rest)), maxlen=0)
                            out.extend(repeat(-math.inf, rest))
                        continue
                    value = 1.0 - keep_joker
                if effect:  # the rank left in force is an ace, a queen, a seven or a king
                    key = 100 + c if effect == ACE else effect
                    hit = effects.get(key)
                    if hit is None:
                        if effect == ACE:
                            hit = self.penalty_value(pending + self.ace_penalty, c, joker=False)
                        else:
                            hit = self.effect(effect)
                        effects[key] = hit
                    value += hit
                # the cards left that match what the play leaves in force (the card itself leaves the hand)
                matching = jokers + (once & match).bit_count() - leaves
                if twice:  # (most hands hold no card twice)
                    matching += (twice & match).bit_count()
                value += follow[matching]
                if two and matching:
                    value += queen_win if effect == QUEEN else last_match
            out.append(value + noise() * 1e-6)
        return out

    def joker_ceiling(self) -> float:
        """A score no wild joker's play can beat: the most its effect, the rest and the last card add."""
        w = self.w
        hit = max(
            0.0,
            self.effect(QUEEN),
            self.effect(SEVEN),
            self.effect(KING),
            self.penalty_value(self.pending + self.ace_penalty, JOKER, joker=False),
        )
        last = max(w.sure_win if self.players == 2 else 0.0, w.last_match) if self.size == 2 else 0.0
        return 1.0 - self.keep_joker + hit + w.follow * 4 + last

    def effect(self, rank: int) -> float:
        """What playing a queen, a seven or a king does to the others, in cards (see :meth:`play_score`)."""
        if rank == QUEEN:
            return self.w.skip * self.weight(self.next)
        if rank == SEVEN:
            return self.weight(self.prev)
        if rank == KING and self.players > 2:
            return self.w.skip * (self.weight(self.next) - self.weight(self.prev))
        return 0.0

    # --- scores -----------------------------------------------------------------------------

    def score(self, action: Any) -> float:
        """How good ``action`` looks, in cards gained."""
        t = type(action)
        if t is Play:
            _, c, called, suit, as_c = play_info(action)
            return self.play_score(c, suit, as_c, called)
        if t is Anticipo:
            offered = self.view.offered
            if offered is None:
                return FORGET
            suit = -1 if action.suit is None else int(action.suit)
            return self.play_score(_INDEX[offered], suit, -1, action.dernier)
        if t is Draw:
            return -float(self.pending) if self.pending else -1.0
        if t is Pass or t is Decline:
            return 0.0
        return FORGET  # SlowPlay and anything else: never chosen while something else is legal

    def matching(self, c: int, new_suit: int, new_rank: int) -> int:
        """How many cards of the hand but ``c`` match a new suit and rank in force (jokers always do)."""
        match = SUIT_CARDS[new_suit] | RANK_CARDS[new_rank]  # a draw5 joker: rank 0, none
        count = self.jokers + (self.once & match).bit_count() + (self.twice & match).bit_count()
        if matches(c, new_suit, new_rank):
            count -= 1  # ``c`` itself leaves the hand
        return count

    def play_score(self, c: int, suit: int, as_c: int, called: bool) -> float:
        """The score of putting card ``c`` on the pile (``suit`` named or -1, standing for ``as_c`` or -1)."""
        size = self.size
        if called != (size == 2):
            return FORGET
        if size == 1:
            return WIN
        if c != JOKER and self.jokers == size - 1:
            return STUCK  # the last real card gone, only jokers left
        value = 1.0 - self.keep(c)
        again = False  # whether this bot moves again at once
        if c == JOKER and self.draw5:
            new_suit, new_rank = suit, 0
            value += self.penalty_value(self.pending + 5, c, joker=True)
        else:
            eff = c if as_c < 0 else as_c
            rank = RANK_OF[eff]
            new_rank = rank
            new_suit = suit if rank == JACK else SUIT_OF[eff]
            if rank == ACE:
                value += self.penalty_value(self.pending + self.ace_penalty, c, joker=False)
            elif rank in _EFFECTS:
                value += self.effect(rank)
                again = rank == QUEEN and self.players == 2
        matching = self.matching(c, new_suit, new_rank)
        value += self.w.follow * min(matching, 4)
        if size == 2 and matching:
            value += self.w.sure_win if again else self.w.last_match
        return value
