"""What a player's draws suggest about its hand, read for the search's worlds (``plausible``).

Anyone may draw instead of playing (D-7), so a draw proves nothing; but a player who
plays to shed its cards draws only when nothing it holds would play: a draw with a suit
and rank in force suggests that the cards it held then matched neither (nor was there a
joker to play), and taking a penalty suggests it held nothing to answer the chain with
(D-13); a special played with a choice (plain cards go first) suggests that no plain card
followed, with a doubt by rank (``DOUBT_…``). Cards drawn since are any cards; of the cards
played since, each world supposes a random one of those held (the drawn card, when it was
played at once), so an older card still held carries the hint (``plausible._ages``).
``determinize`` ignores all this and deals the hidden cards uniformly; the worlds that
``plausible`` deals from these hints believe each such draw with probability ``1 - DOUBT``
(a person may draw on purpose) and deal the hidden cards among the deals that agree with
the draws believed (about uniformly: the most constrained places first). With
``starter_effects`` an ace turned as the starter starts a chain (D-4); a misplay or slow
move that draws the pending penalty ends it (D-18, D-19).

Only public facts are read: the kind and seat of each record of the hand, the cards played
and shown, and the sizes of the hands (never which card another player drew).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.games.dernier.actions import ACE, JACK, JOKER_INDEX, KING, QUEEN, RANK_OF, SEVEN, SUIT_OF
from cardgames.games.dernier.hidden import hand_start
from cardgames.games.dernier.likelihood import LastPlay
from cardgames.games.dernier.tables import ACE_CARDS, RANK_CARDS, SPECIAL_RANKS, SUIT_CARDS
from cardgames.games.dernier.turn import MATCHING

JOKER = JOKER_INDEX
DOUBT = 0.05  # the chance that a draw or a penalty taken says nothing about the hand
ALL = (1 << 53) - 1
_DRAWS = {  # the records that draw cards, and the field that counts them
    "forgot": 2,
    "seven": 2,
    "misplay": 2,
    "slow": 2,
    "take": 3,
}
_LOSE_TURN = frozenset(("misplay", "slow"))  # records whose fourth field is the pending penalty drawn
# A special played with a choice (no penalty pending): the plain cards that followed were likely
# not held (plain cards go first). The chance that this says nothing, by rank, with two players and
# with more (dernier_habits.py: the share of such plays made with a plain card that followed; the
# heuristic plays an ace, queen or seven early when its effect hurts a player close to going out).
DOUBT_KING = 0.15  # 3 or more players (two: DOUBT; 2p 6 of 380, 3p 30 of 191, 4p 27 of 216)
DOUBT_QUEEN = 0.25  # 3 or more players (2p 216 of 440, 3p 66 of 218, 4p 47 of 253)
DOUBT_QUEEN_2P = 0.5
DOUBT_ACE = 0.3  # any count (2p 95 of 316, 3p 52 of 169, 4p 65 of 206)
DOUBT_SEVEN = 0.2  # 3 or more players (2p 124 of 413, 3p 45 of 218, 4p 43 of 227)
DOUBT_SEVEN_2P = 0.3
_PLAIN = sum(1 << c for c in range(52) if RANK_OF[c] not in SPECIAL_RANKS)
_SUIT_CARDS = SUIT_CARDS[:4]  # (tables: bit c for card index c, as here)
LEAN_NAMED = 0.6  # the chance that an older place holds the suit a jack or joker named
LEAN_CHANGED = 0.3  # … the suit a plain card of the rank in force changed to
LEAN_KEPT = 0.05  # the chance that a place holds a jack, beyond a uniform deal's (the heuristic keeps them)
_JACKS = RANK_CARDS[JACK]
DOUBT_CHANGED = 0.3  # the chance that a suit changed so says nothing (measured: 80% held no plain card of it)
_PLAIN_OF_SUIT = tuple(cards & _PLAIN for cards in _SUIT_CARDS)


_NO_JOKER = ALL & ~(1 << JOKER)


def _matching(suit: int, rank: int) -> int:
    """The cards (a bit mask of indices, no joker) that follow ``suit`` and ``rank`` in force (D-6).

    ``turn.MATCHING``'s (its bits are card indices, ``tables.RBIT``); nothing before a suit is in force.
    """
    return MATCHING[suit * 15 + rank] & _NO_JOKER if suit >= 0 else 0


Hint = tuple[int, int, float]  # cards drawn since (inclusive), a bit mask of cards, a doubt or a chance
PLAYED, PLAYED_DRAWN = -1, -2  # in a seat's ``histories``: a card played; the drawn one, played at once


def _played_doubts(players: int) -> dict[int, float]:
    """Per rank of a special (and the joker), the chance that playing it with a choice says nothing."""
    two = players == 2
    return {
        JOKER: DOUBT,
        JACK: DOUBT,
        KING: DOUBT if two else DOUBT_KING,
        QUEEN: DOUBT_QUEEN_2P if two else DOUBT_QUEEN,
        ACE: DOUBT_ACE,
        SEVEN: DOUBT_SEVEN_2P if two else DOUBT_SEVEN,
    }


def _in_force(record: tuple[Any, ...], jmode: int) -> tuple[int, int, str | None]:
    """The suit and rank a play leaves in force, and the penalty chain it feeds (D-10, D-13, D-15)."""
    _, _, c, as_c, suit = record[:5]
    if c == JOKER and jmode == 1:
        return suit, 0, "joker"
    e = as_c if c == JOKER else c
    rank = RANK_OF[e]
    return (suit if rank == JACK else SUIT_OF[e]), rank, "ace" if rank == ACE else None


def hints(
    log: Sequence[tuple[Any, ...]], sizes: Sequence[int], jmode: int, *, starter_effects: bool = False
) -> list[list[Hint]]:
    """Per seat, what its draws and plays of this hand suggest it lacked: (cards drawn since, cards, doubt).

    The first counts the cards drawn since, inclusive; the second is a bit mask of card
    indices; the third is the chance that the hint says nothing (``DOUBT``, or more). A
    player who drew voluntarily lacked the cards that follow what was in force (and the
    joker, with more than one card in hand); one who took a penalty lacked what answers the
    chain; one who played a special (a jack, queen, king, ace or seven) or a joker with no
    penalty pending lacked the plain cards that followed (plain cards go first), each with the
    doubt of its rank (``DOUBT_…``, ``_played_doubts``); one who changed the suit with a plain card
    of the rank in force probably lacked the plain cards of the suit it left
    (``DOUBT_CHANGED``).
    """
    return read_hand(log, sizes, jmode, starter_effects=starter_effects)[0]


def read_hand(
    log: Sequence[tuple[Any, ...]], sizes: Sequence[int], jmode: int, *, starter_effects: bool = False
) -> tuple[list[list[Hint]], list[list[Hint]], list[LastPlay | None]]:
    """:func:`hints`; per seat what its latest play suggests it holds (cards drawn since, cards, chance);
    and per seat its last play, when it has drawn nothing since (``likelihood.LastPlay``).

    A player who names a suit (a jack, a draw5 joker) names the one it holds most of; one who
    changes the suit with a plain card of the rank in force leaves a suit that suits the rest
    of its hand. Each of the older places of the hand then holds that suit with the chance
    given (``LEAN_…``), beyond what a uniform deal gives it; and every place holds a jack
    with the chance ``LEAN_KEPT`` (the heuristic keeps them: 12.7% of its hands, 7.8% of a
    uniform deal's).
    """
    return _read(log, sizes, jmode, starter_effects)[:3]


Since = list[tuple[int, LastPlay | None]]  # a seat's cards played since it last drew, and what each chose


def _read(
    log: Sequence[tuple[Any, ...]], sizes: Sequence[int], jmode: int, starter_effects: bool
) -> tuple[list[list[Hint]], list[list[Hint]], list[LastPlay | None], list[list[int]], list[Since]]:
    """:func:`read_hand`'s three, :func:`histories`, and per seat its plays since it last drew
    (``likelihood.weigh_plays``), from one walk through the hand's records."""
    players = len(sizes)
    kings = 0  # the reversals of direction so far (D-12)
    # per seat, since its last draw: (card, the play if chosen, every seat's drawn less played, kings then)
    recent: list[list[tuple[int, LastPlay | None, tuple[int, ...], int]]] = [[] for _ in range(players)]
    history: list[list[int]] = [[] for _ in range(players)]
    doubts = _played_doubts(players)
    drawn = [0] * players  # cards drawn so far this hand, per seat
    played = [0] * players
    suit, rank, chain = -1, -1, None
    # seat, cards drawn and played before, lacked, joker, doubt
    events: list[tuple[int, int, int, int, int, float]] = []
    latest: list[tuple[int, int, float] | None] = [None] * players  # drawn before, suit, chance
    last_kind = ""
    last_seat: int | None = -1  # None after a record of no seat's (the starter)
    for i in range(hand_start(log), len(log)):
        record = log[i]
        kind, seat = record[0], record[1]
        if kind == "play":
            c = record[2]
            fresh = not (last_kind == "draw" and last_seat == seat)  # not the card it has just drawn
            history[seat].append(PLAYED if fresh else PLAYED_DRAWN)
            # chosen among its plays in turn: an anticipo claim, out of turn, could only be the twin (D-20)
            chose = (
                fresh and chain is None and suit >= 0 and not (last_kind == "anticipo" and last_seat == seat)
            )
            if chose:
                special = JOKER if c == JOKER else RANK_OF[c]
                if special in doubts:  # plain cards go first: likely none followed
                    lacked = _matching(suit, rank) & _PLAIN
                    events.append((seat, drawn[seat], played[seat], lacked, 0, doubts[special]))
                elif SUIT_OF[c] != suit and RANK_OF[c] not in SPECIAL_RANKS:  # it changed the suit
                    events.append((seat, drawn[seat], played[seat], _PLAIN_OF_SUIT[suit], 0, DOUBT_CHANGED))
            before = suit
            chosen = LastPlay(drawn[seat], suit, rank, c, record[3], record[4], record[5]) if chose else None
            recent[seat].append((c, chosen, tuple(d - k for d, k in zip(drawn, played, strict=True)), kings))
            played[seat] += 1
            suit, rank, chain = _in_force(record, jmode)
            kings += rank == KING  # (a draw5 joker leaves rank 0 in force)
            if fresh and suit >= 0:
                if record[4] >= 0:  # a suit named: the one it holds most of
                    latest[seat] = (drawn[seat], suit, LEAN_NAMED)
                elif suit != before and before >= 0 and c != JOKER and RANK_OF[c] not in SPECIAL_RANKS:
                    latest[seat] = (drawn[seat], suit, LEAN_CHANGED)
        elif kind == "starter":
            c = record[2]
            if c != JOKER:  # with starter_effects an ace starts a chain, as if the dealer had played it (D-4)
                suit, rank = SUIT_OF[c], RANK_OF[c]
                chain = "ace" if starter_effects and rank == ACE else None
        elif kind == "draw":
            events.append((seat, drawn[seat], played[seat], _matching(suit, rank), 1, DOUBT))
            drawn[seat] += 1
            recent[seat].clear()
            history[seat].append(1)
        elif kind in _DRAWS:
            got = record[_DRAWS[kind]]
            if kind == "take":
                lacked = ACE_CARDS if chain == "ace" else 0
                joker = int(chain == "joker" or jmode == 1)
                events.append((seat, drawn[seat], played[seat], lacked, joker, DOUBT))
                chain = None
            elif kind in _LOSE_TURN and record[3]:  # the pending penalty drawn with it (D-18, D-19)
                chain = None
            drawn[seat] += got
            if got:
                recent[seat].clear()
                history[seat].append(got)
        last_kind, last_seat = kind, seat
    out: list[list[Hint]] = [[] for _ in range(players)]
    for seat, drawn_before, played_before, lacked, joker, doubt in events:
        since = drawn[seat] - drawn_before  # this draw's cards included
        size_then = sizes[seat] - since + (played[seat] - played_before)
        if joker and size_then > 1:  # a joker plays on anything, but is never the last card (D-16)
            lacked |= 1 << JOKER
        if lacked:
            out[seat].append((since, lacked, doubt))
    leans: list[list[Hint]] = [[] for _ in range(players)]
    for seat, lean in enumerate(latest):
        if LEAN_KEPT:
            leans[seat].append((0, _JACKS, LEAN_KEPT))
        if lean is not None:
            leans[seat].append((drawn[seat] - lean[0], _SUIT_CARDS[lean[1]], lean[2]))
    lasts = [seat_plays[-1][1] if seat_plays else None for seat_plays in recent]  # nothing drawn since
    net = [d - k for d, k in zip(drawn, played, strict=True)]  # (the sizes then, from the sizes now)
    plays: list[Since] = [
        [
            (c, None if last is None else _then(last, sizes, net, nets, (kings - kings_then) % 2 == 1))
            for c, last, nets, kings_then in seat_plays
        ]
        for seat_plays in recent
    ]
    return out, leans, lasts, history, plays


def _then(
    last: LastPlay, sizes: Sequence[int], net: Sequence[int], net_then: Sequence[int], turned: bool
) -> LastPlay:
    """``last`` with the sizes of the hands before it, and whether a king has turned play since."""
    then = tuple(size - (now - before) for size, now, before in zip(sizes, net, net_then, strict=True))
    return attrs.evolve(last, sizes=then, turned=turned)


def histories(log: Sequence[tuple[Any, ...]], players: int) -> list[list[int]]:
    """Per seat, its draws and plays of this hand in order: ``k`` for ``k`` cards drawn, ``PLAYED`` for a
    card played, ``PLAYED_DRAWN`` for the card it had just drawn, played at once (D-7: public)."""
    return _read(log, [0] * players, 0, False)[3]
