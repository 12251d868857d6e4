"""Dernier's lookup tables, computed once: the phases, and what the legal list and the log are built from."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from cardgames.games.dernier.actions import (
    ACE,
    JACK,
    JOKER_INDEX,
    JOKER_PLAYS,
    KING,
    PLAYS,
    QUEEN,
    RANK_OF,
    SEVEN,
    SUIT_OF,
    play_info,
)
from cardgames.primitives.cards import Rank, Suit

PLAY_PHASE: Final = 0
AFTER_DRAW: Final = 1
ANTICIPO: Final = 2
OVER: Final = 3
PHASE_NAMES: Final = ("play", "after_draw", "anticipo", "over")
JOKER: Final = JOKER_INDEX
ACES: Final[tuple[int, ...]] = tuple(i for i in range(52) if RANK_OF[i] == ACE)
SPECIAL_RANKS: Final = frozenset({JACK, QUEEN, KING, ACE, SEVEN})
# Log records of the commonest events, built once (the log is written in words lazily).
# DRAW_LOG[seat * 53 + card]: a turn's draw; only the drawer reads which card it was (I-1)
DRAW_LOG: Final[tuple[tuple[str, int, int], ...]] = tuple(
    ("draw", seat, c) for seat in range(8) for c in range(53)
)
PLAY_LOG: Final[tuple[tuple[Any, ...], ...]] = tuple(
    ("play", seat, c, -1, -1, False) for seat in range(8) for c in range(53)
)
# RANK_OTHERS[suit * 15 + rank]: the cards of that rank in the other three suits.
RANK_OTHERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in range(52) if SUIT_OF[i] != s and RANK_OF[i] == r) for s in range(4) for r in range(15)
)
# A seat's hand is also kept as one bit mask: bit c set when it holds card index c (bit 52 a
# joker). RBIT[c] is that bit; the 13 bits of a suit are ``mask >> SUIT_SHIFT[suit] & SUIT_BITS``.
# One int per seat: a clone copies the list of masks in one go, as it does the counts.
RBIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(53))
SUIT_SHIFT: Final[tuple[int, ...]] = (0, 13, 26, 39)
SUIT_BITS: Final = (1 << 13) - 1
# SUIT_PLAYS[two * 4 + suit][mask]: the plays of the cards of one suit held (filled on demand,
# at most 8,192 masks per entry).
SUIT_PLAYS: Final[tuple[dict[int, tuple[Any, ...]], ...]] = tuple({} for _ in range(8))


def suit_plays(two: int, suit: int, mask: int) -> tuple[Any, ...]:
    """The plays of every card of ``suit`` whose bit is in ``mask``, cached."""
    plays = tuple(a for b in range(13) if mask >> b & 1 for a in PLAYS[suit * 13 + b][two])
    SUIT_PLAYS[two * 4 + suit][mask] = plays
    return plays


RANKS: Final[tuple[Rank | None, ...]] = (None, None, *Rank)  # RANKS[2] is Rank.TWO; 0 (no rank in force) None
SUITS: Final[tuple[Suit, ...]] = tuple(Suit)

# The heuristic's view of a hand: bit masks of the card indices held at least once and at
# least twice (a plain card is in the deck twice), the jokers counted apart (index_bits).
# SUIT_CARDS[suit] (SUIT_CARDS[-1], no suit: none) and RANK_CARDS[rank] are the bits of a
# suit's or a rank's cards; MATCH_CARDS[c] those of card c's suit or rank: how many cards of a
# hand match a suit and rank in force is then a popcount or two.
SUIT_CARDS: Final[tuple[int, ...]] = (
    *(sum(1 << i for i in range(52) if SUIT_OF[i] == s) for s in range(4)),
    0,
)
RANK_CARDS: Final[tuple[int, ...]] = tuple(
    sum(1 << i for i in range(52) if RANK_OF[i] == r) for r in range(15)
)
MATCH_CARDS: Final[tuple[int, ...]] = tuple(
    SUIT_CARDS[SUIT_OF[i]] | RANK_CARDS[RANK_OF[i]] for i in range(52)
)
ACE_CARDS: Final = RANK_CARDS[ACE]
PLAIN_BITS: Final = (1 << 52) - 1  # every card index but the joker's


def index_bits(indices: Iterable[int]) -> tuple[int, int, int]:
    """``(once, twice, jokers)`` of a hand given by card indices: the masks of the indices held at
    least once and at least twice (three copies count as two), and how many jokers it holds."""
    once = twice = jokers = 0
    for c in indices:
        if c == JOKER:
            jokers += 1
        else:
            bit = RBIT[c]
            twice |= once & bit
            once |= bit
    return once, twice, jokers


_TWICE: Final = bytes(1 if n >= 2 else 0 for n in range(256))  # (bytes.translate: a count of 2 or more -> 1)


def twice_bits(counts: bytes) -> int:
    """The mask of the card indices (0-51) held at least twice, from a hand's 53 counts (as index_bits)."""
    marks = counts[:JOKER].translate(_TWICE)
    bits = 0
    at = marks.find(1)
    while at >= 0:  # (a hand holds few cards twice: a find each, in C)
        bits |= RBIT[at]
        at = marks.find(1, at + 1)
    return bits


EFFECT_RANKS: Final = frozenset({ACE, QUEEN, SEVEN, KING})


def play_facts(play: Any) -> tuple[int, bool, int, int, int, int]:
    """What a play's score reads (reading.Table.scores): ``(card, called, the card's rank, the
    rank it leaves in force if that has an effect (ace, queen, seven, king) else 0, MATCH_CARDS of
    the suit and rank it leaves in force, 1 if the card itself matches them)``."""
    _, c, called, suit, as_c = play_info(play)
    eff = c if as_c < 0 else as_c
    rank = RANK_OF[eff]
    new_suit = suit if rank == JACK else SUIT_OF[eff]
    match = MATCH_CARDS[new_suit * 13 + rank - 2] if new_suit >= 0 else RANK_CARDS[rank]
    leaves = 1 if c == JOKER or SUIT_OF[c] == new_suit or RANK_OF[c] == rank else 0
    return c, called, RANK_OF[c], rank if rank in EFFECT_RANKS else 0, match, leaves


# every interned play carries its facts (Play._facts): a slot read, where a table would need a lookup
for _plays in (*PLAYS, *JOKER_PLAYS):
    for _listed in _plays:
        for _play in _listed:
            object.__setattr__(_play, "_facts", play_facts(_play))
