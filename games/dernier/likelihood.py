"""How likely a player's plays were, had it held a world's hand: the heuristic's own scores, softened.

A player who plays to shed its cards picks, among what it could play, the card that scores
best: plain cards before specials, the suit it leaves in force the one the rest of its hand
follows best (``reading.Table``). So a world in which the same play would have scored far
below the best one is less plausible than one in which it was the best. ``weigh`` gives a
world's hand the weight ``exp(BETA * (score of the play made - best score))``: 1 when the
play made was the heuristic's choice, about 0.2 when it fell one matching card short;
``weigh_plays`` multiplies the weights of every play since the player last drew, each in
the hand it was made from (the hand now and the cards played after it) with the sizes of
the hands and the direction of play then. The search deals a few candidate worlds and
keeps one by these weights (importance resampling), so a person who plays otherwise only
makes its worlds less sharp, never inconsistent.

Only public facts are read: the cards played, the suit and rank in force before each, the
sizes of the hands and the kings played; the hand is the world's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from attrs import frozen

from cardgames.games.dernier.actions import JACK, JOKER_INDEX, RANK_OF
from cardgames.games.dernier.checks import matches
from cardgames.games.dernier.heuristic import DEFAULT
from cardgames.games.dernier.reading import Table, follow_bonus, shed_by_rank
from cardgames.primitives.cards import CARDS, Card

JOKER = JOKER_INDEX
BETA = 10.0  # the weight falls by e for every 0.1 of a card the play made scored below the best
_KEEP = DEFAULT.keep_by_rank()
_SHED = shed_by_rank(_KEEP)  # (what the bot works out once)
_FOLLOW = follow_bonus(DEFAULT)
_JOKER_STANDS = tuple(range(52))


@frozen
class LastPlay:
    """A seat's last play of the hand, made with no penalty pending and nothing drawn since."""

    drawn: int  # the cards it had drawn this hand before the play
    suit: int  # the suit and rank in force before it
    rank: int
    card: int
    as_card: int  # what a wild joker stood for (-1)
    named: int  # the suit a jack or a draw5 joker named (-1)
    called: bool  # "Dernier!"
    sizes: tuple[int, ...] = ()  # every hand's size before the play (empty: the sizes now)
    turned: bool = False  # whether the direction of play was the other way then (a king since, D-12)


class _Then:
    """The fields of a view that ``reading.Table`` reads, as the player saw them before its play."""

    __slots__ = (
        "card_counts",
        "direction",
        "hand",
        "joker_mode",
        "offered",
        "penalty_kind",
        "pending_penalty",
        "phase",
        "players",
        "seat",
    )
    card_counts: tuple[int, ...]
    direction: int
    hand: tuple[Card, ...]
    joker_mode: str
    offered: Card | None
    pending_penalty: int
    penalty_kind: str | None
    phase: str
    players: int
    seat: int


def weigh(
    hand: Sequence[int], last: LastPlay, seat: int, sizes: Sequence[int], direction: int, joker_mode: str
) -> float:
    """The weight of a world in which ``seat`` now holds ``hand`` (its cards after ``last``)."""
    cards = [*hand, last.card]
    then = _Then()
    then.seat = seat
    then.players = len(sizes)
    then.hand = tuple(CARDS[c] for c in cards)
    counts = list(last.sizes or sizes)
    counts[seat] = len(cards)
    then.card_counts = tuple(counts)
    then.joker_mode = joker_mode
    then.pending_penalty = 0
    then.penalty_kind = None
    then.direction = -direction if last.turned else direction
    then.phase = "play"
    then.offered = None
    table = Table(then, DEFAULT, _KEEP, _SHED, _FOLLOW)
    called = len(cards) == 2
    made = table.play_score(last.card, last.named, last.as_card, last.called)
    best = max(made, -1.0)  # a draw scores -1
    suit, rank = last.suit, last.rank
    seen: set[int] = set()
    joker = False
    for c in cards:
        if c in seen or not matches(c, suit, rank):
            continue
        seen.add(c)
        if c == JOKER:
            joker = True
        elif RANK_OF[c] == JACK:
            best = max(best, *(table.play_score(c, s, -1, called) for s in range(4)))
        else:
            best = max(best, table.play_score(c, -1, -1, called))
    if joker and (table.draw5 or table.joker_ceiling() >= best):  # (no wild joker's play can beat best)
        best = max(best, _joker_best(table, suit, rank, called))
    return math.exp(BETA * (made - best))


def weigh_plays(
    hand: Sequence[int],
    plays: Sequence[tuple[int, LastPlay | None]],
    seat: int,
    sizes: Sequence[int],
    direction: int,
    joker_mode: str,
) -> float:
    """The weight of a world in which ``seat`` holds ``hand``, by every play it made since it last drew.

    ``plays`` are its cards played since, in order, each with what it chose from (``None``: no
    choice, such as answering a penalty): with nothing drawn in between, the hand before each
    play is ``hand`` and the cards played after it, so every choice is weighed in the hand it
    was made from (:func:`weigh`), and the weights multiply.
    """
    weight = 1.0
    held = list(hand)
    for card, last in reversed(plays):
        if last is not None:
            weight *= weigh(held, last, seat, sizes, direction, joker_mode)
        held.append(card)
    return weight


def _joker_best(table: Table, suit: int, rank: int, called: bool) -> float:
    """The best score of a joker's plays: naming a suit (draw5), or standing for a card that follows."""
    if table.draw5:
        return max(table.play_score(JOKER, s, -1, called) for s in range(4))
    best = -math.inf
    for e in _JOKER_STANDS:
        if matches(e, suit, rank):
            if RANK_OF[e] == JACK:
                best = max(best, *(table.play_score(JOKER, s, e, called) for s in range(4)))
            else:
                best = max(best, table.play_score(JOKER, -1, e, called))
    return best
