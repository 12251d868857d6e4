"""Dernier actions: small frozen values, interned for the common cases so the hot loop allocates nothing."""

from __future__ import annotations

from attrs import field, frozen

from cardgames.primitives.cards import CARDS, Card, Rank, Suit


@frozen
class Play:
    """Play a card from hand (D-6).

    ``dernier`` is the "Dernier!" call (D-17); ``suit`` is the suit named for a jack (or
    for a joker in draw5 mode); ``as_card`` is the card a wild joker stands for (D-15).
    """

    card: Card
    dernier: bool = False
    suit: Suit | None = None
    as_card: Card | None = None
    # Interned plays carry their decoded fields, and what the heuristic's score of them reads
    # (tables.play_facts); never saved, compared or shown.
    _info: tuple[Play, int, bool, int, int] | None = field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    _facts: tuple[int, bool, int, int, int, int] | None = field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    # (card index, its rank, its suit, the suit named or -1) of an interned play of a card, not a
    # joker, without the call: the engine's apply takes these inline; None for any other play.
    _plain: tuple[int, int, int, int] | None = field(
        default=None, init=False, eq=False, hash=False, repr=False
    )


@frozen
class Draw:
    """Draw one card, or take the whole pending penalty (D-7, D-13)."""


@frozen
class Pass:
    """Keep the card just drawn and end the turn (only with ``play_after_draw``, D-7)."""


@frozen
class Anticipo:
    """Play the card identical to the top out of turn (D-20); ``suit`` for a jack."""

    dernier: bool = False
    suit: Suit | None = None


@frozen
class Decline:
    """Do not claim the anticipo offered (D-20)."""


@frozen
class SlowPlay:
    """The move timer ran out: draw ``slow_penalty`` cards and lose the turn (D-19)."""


ACTION_TYPES: tuple[type, ...] = (Play, Draw, Pass, Anticipo, Decline, SlowPlay)

DRAW = Draw()
PASS = Pass()
DECLINE = Decline()
SLOW = SlowPlay()

JOKER_INDEX = 52
JACK = int(Rank.JACK)
ACE = int(Rank.ACE)
SEVEN = int(Rank.SEVEN)
QUEEN = int(Rank.QUEEN)
KING = int(Rank.KING)

# Rank and suit of a card index (0 for a joker's rank, -1 for its suit).
RANK_OF: tuple[int, ...] = (*(i % 13 + 2 for i in range(52)), 0)
SUIT_OF: tuple[int, ...] = (*(i // 13 for i in range(52)), -1)
SUITS: tuple[Suit, ...] = tuple(Suit)


# PLAYS[index][two] lists the plays of a card: two = 1 when it is the second-to-last card,
# so the list holds the play with the call first and the forgetful play second.
PLAYS: list[tuple[tuple[Play, ...], tuple[Play, ...]]] = []
for _i in range(52):
    _c = CARDS[_i]
    if RANK_OF[_i] == JACK:
        _plain = tuple(Play(_c, False, s) for s in SUITS)
        _called = tuple(Play(_c, True, s) for s in SUITS)
    else:
        _plain = (Play(_c),)
        _called = (Play(_c, True),)
    PLAYS.append((_plain, _called + _plain))

_JOKER = CARDS[JOKER_INDEX]


def _wild(dernier: bool) -> tuple[Play, ...]:
    out: list[Play] = []
    for i in range(52):
        if RANK_OF[i] == JACK:
            out.extend(Play(_JOKER, dernier, s, CARDS[i]) for s in SUITS)
        else:
            out.append(Play(_JOKER, dernier, None, CARDS[i]))
    return tuple(out)


_WILD_PLAIN = _wild(False)
_D5_PLAIN = tuple(Play(_JOKER, False, s) for s in SUITS)
# JOKER_PLAYS[mode][two], mode 0 = wild, 1 = draw5.
JOKER_PLAYS: tuple[tuple[tuple[Play, ...], tuple[Play, ...]], ...] = (
    (_WILD_PLAIN, _wild(True) + _WILD_PLAIN),
    (_D5_PLAIN, tuple(Play(_JOKER, True, s) for s in SUITS) + _D5_PLAIN),
)

# ANTICIPOS[jack][two]: the claims of an anticipo.
ANTICIPOS: tuple[tuple[tuple[Anticipo, ...], tuple[Anticipo, ...]], ...] = (
    ((Anticipo(),), (Anticipo(True), Anticipo())),
    (
        tuple(Anticipo(False, s) for s in SUITS),
        tuple(Anticipo(True, s) for s in SUITS) + tuple(Anticipo(False, s) for s in SUITS),
    ),
)

# Each interned play carries (itself, card index, dernier, suit or -1, index it stands for or -1).
for _group in (*PLAYS, *JOKER_PLAYS):
    for _seq in _group:
        for _a in _seq:
            _decoded = (
                _a,
                _a.card.index,
                _a.dernier,
                -1 if _a.suit is None else int(_a.suit),
                -1 if _a.as_card is None else _a.as_card.index,
            )
            object.__setattr__(_a, "_info", _decoded)
            if _decoded[1] != JOKER_INDEX and not _a.dernier:
                _i = _decoded[1]
                object.__setattr__(_a, "_plain", (_i, RANK_OF[_i], SUIT_OF[_i], _decoded[3]))


def play_info(action: Play) -> tuple[Play, int, bool, int, int]:
    """The decoded fields of any play, interned or not."""
    info = action._info
    if info is not None:
        return info
    return (
        action,
        action.card.index,
        bool(action.dernier),
        -1 if action.suit is None else int(action.suit),
        -1 if action.as_card is None else action.as_card.index,
    )
