"""A Dernier turn (rules D-6 to D-8, D-18): the plays listed, a play checked, a draw.

Functions on the engine's state (games/dernier/state.py), kept apart as one rule. The
engine's ``apply`` takes the commonest plays and draws inline before it comes here;
``tests/games/dernier/test_fast_forms.py`` holds that inline form to these functions and
the listed plays to ``checks.misplay_reason``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardgames.games.dernier.actions import DRAW, JACK, JOKER_PLAYS, PLAYS, RANK_OF, SUIT_OF, Play, play_info
from cardgames.games.dernier.checks import shape_error
from cardgames.games.dernier.log import say
from cardgames.games.dernier.penalties import lose_turn, reason_now
from cardgames.games.dernier.specials import play_card
from cardgames.games.dernier.stock import draw_cards, refill
from cardgames.games.dernier.tables import (
    ACES,
    AFTER_DRAW,
    DRAW_LOG,
    JOKER,
    PLAY_PHASE,
    RANK_OTHERS,
    RBIT,
    SUIT_BITS,
    SUIT_PLAYS,
    SUIT_SHIFT,
    suit_plays,
)
from cardgames.primitives.cards import CARDS
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.language import N_

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState

# The plays of a turn with no penalty pending (D-6, D-16): the cards of the suit in force, the
# other cards of the rank in force, a joker (never as the last card), then the draw. The list
# depends only on which of those cards the hand holds, the hand's size class and the joker
# mode, so the engine's legal_actions looks it up in TURNS, and ``turn_list`` builds it from
# that key alone (nothing else can change it) the first time it is asked for.
# MATCHING[suit * 15 + rank]: the bits (tables.RBIT) of the cards that may follow that suit and rank.
MATCHING: Final[tuple[int, ...]] = tuple(
    SUIT_BITS << SUIT_SHIFT[s] | sum(RBIT[c] for c in RANK_OTHERS[s * 15 + r]) | RBIT[JOKER]
    for s in range(4)
    for r in range(15)
)
# SIZE_CLASS[hand size]: 1 for one card (no joker, D-16), 2 for two (the plays calling
# "Dernier!" too, D-17), 3 for more.
SIZE_CLASS: Final[tuple[int, ...]] = (0, 1, 2, *(3,) * 106)
# TURNS[(jmode * 4 + size class) * 4 + suit][held & MATCHING[suit * 15 + rank]]: the list. The
# other cards of the rank in force, if any is held, tell the rank; if none is, it does not matter.
TURNS: Final[tuple[dict[int, tuple[Any, ...]], ...]] = tuple({} for _ in range(32))
TURNS_KEPT: Final = 1 << 13  # lists kept a table at most (past that they are built each time)
NOT_HELD: Final = N_("you do not hold {card}")


def turn_list(table: int, key: int) -> tuple[Any, ...]:
    """The plays of a turn with no penalty pending, then the draw, for a key of ``TURNS[table]`` (kept)."""
    jmode, size_class, suit = table >> 4, table >> 2 & 3, table & 3
    two = size_class == 2  # indexes PLAYS as 0 or 1
    out: list[Any] = []
    mask = key >> SUIT_SHIFT[suit] & SUIT_BITS
    if mask:
        plays = SUIT_PLAYS[two * 4 + suit].get(mask)
        out.extend(plays if plays is not None else suit_plays(two, suit, mask))
    others = key & ~(SUIT_BITS << SUIT_SHIFT[suit]) & ~RBIT[JOKER]
    while others:  # the cards of the rank in force in the other suits, lowest index first
        low = others & -others
        out.extend(PLAYS[low.bit_length() - 1][two])
        others ^= low
    if key >> JOKER and size_class >= 2:
        out.extend(JOKER_PLAYS[jmode][two])
    out.append(DRAW)
    plays = tuple(out)
    kept = TURNS[table]
    if len(kept) < TURNS_KEPT:
        kept[key] = plays
    return plays


def penalty_list(state: DernierState, seat: int, size: int) -> list[Any]:
    """The plays that answer the pending penalty (D-13, D-15), then the draw that takes it."""
    cnt = state.counts
    base = seat * 53
    two = size == 2  # indexes PLAYS as 0 or 1
    out: list[Any] = []
    if state.penalty.kind == "ace":
        for c in ACES:
            if cnt[base + c]:
                out.extend(PLAYS[c][two])
        if state.jmode == 1 and cnt[base + JOKER] and size > 1:
            out.extend(JOKER_PLAYS[1][two])
    elif cnt[base + JOKER] and size > 1:
        out.extend(JOKER_PLAYS[1][two])
    out.append(DRAW)
    return out


def play_turn(state: DernierState, action: Play) -> None:
    """Play a card in turn: refused if it is no play at all, penalised if it breaks a rule (D-18)."""
    info = action._info
    if info is None:
        info = play_info(action)
    _, c, called, suit, as_c = info
    seat = state.current
    if not 0 <= c <= JOKER:
        raise IllegalActionError(f"card number {c} is not in the deck")  # a program's mistake, not a player's
    if not state.counts[seat * 53 + c]:
        raise IllegalActionError(say(NOT_HELD, card=CARDS[c]).words())
    if (
        c != JOKER
        and not called
        and state.phase == PLAY_PHASE
        and not state.penalty.pending
        and as_c < 0
        and (suit >= 0) == (RANK_OF[c] == JACK)
        and (SUIT_OF[c] == state.suit or RANK_OF[c] == state.top_rank)
    ):
        play_card(state, seat, c, False, suit, -1)  # the common case, checked in one go
        return
    shape = shape_error(c, suit, as_c, state.jmode)
    if shape is not None:
        raise IllegalActionError(shape.words())
    reason = reason_now(state, state.sizes[seat], c, called)
    if reason is not None:
        if state.options.misplay == "forgiving":
            raise IllegalActionError(reason.words())
        state.face_up += 1
        lose_turn(state, seat, state.options.misplay_penalty, "misplay", (c, reason))
        return
    play_card(state, seat, c, called, suit, as_c)


def draw_turn(state: DernierState) -> None:
    """Draw instead of playing (D-7): the whole pending penalty, else one card (or nothing, D-8)."""
    seat = state.current
    pen = state.penalty
    if pen.pending:
        total = pen.take()
        state.log.append(("take", seat, total, draw_cards(state, seat, total)))
        return  # the player now plays a normal turn (D-13)
    stock = state.stock
    if not stock and not refill(state):
        state.log.append(("nodraw", seat))
    else:
        c = stock.pop()
        k = seat * 53 + c
        state.counts[k] += 1
        state.masks[seat] |= RBIT[c]
        state.sizes[seat] += 1
        state.log.append(DRAW_LOG[k])
        if state.play_after_draw:  # matching or not: the others must not tell which (D-7, I-2)
            state.phase = AFTER_DRAW
            state.drawn = c
            return
    state.current = (seat + state.direction) % state.n


def end_turn(state: DernierState, seat: int) -> None:
    """The turn passes on from ``seat``."""
    state.phase = PLAY_PHASE
    state.drawn = -1
    state.current = (seat + state.direction) % state.n
