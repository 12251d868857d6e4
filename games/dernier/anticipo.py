"""Dernier's anticipo (rule D-20): who is asked, a claim, and passing on it.

Functions on the engine's state (games/dernier/state.py), kept apart as one rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.games.dernier.actions import Anticipo
from cardgames.games.dernier.checks import EARLY_CALL, suit_error
from cardgames.games.dernier.log import say
from cardgames.games.dernier.tables import ANTICIPO, PLAY_PHASE
from cardgames.primitives.cards import CARDS
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.language import N_

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState


def window(state: DernierState) -> list[int]:
    """Who is asked about an anticipo, in order of play after the player to move (D-20).

    Only public facts decide it, never who holds the card (I-2): everyone but the
    player who played it and the player to move, except a player under Dernier; and
    nobody when the twin of the card already lies on the discard pile.
    """
    c, n, d, cur = state.offer_card, state.n, state.direction, state.current
    if state.discard.count(c) > 1:
        return []
    order = [(cur + d * k) % n for k in range(1, n)]
    return [p for p in order if p != state.offer_from and state.sizes[p] > 1]


def offer(state: DernierState, seat: int, c: int) -> None:
    state.offer_card, state.offer_from = c, seat
    asking = state._window()
    if asking:
        state.asking = asking  # replaced, never changed in place: clones share it
        state.phase = ANTICIPO


def claim(state: DernierState, action: Anticipo) -> None:
    seat = state.asking[0]
    c = state.offer_card
    if not state.counts[seat * 53 + c]:
        raise IllegalActionError(say(N_("you do not hold {card}: answer 'no'"), card=CARDS[c]).words())
    suit = -1 if action.suit is None else int(action.suit)
    wrong = suit_error(c, suit)
    if wrong is not None:
        raise IllegalActionError(wrong.words())
    if action.dernier and state.sizes[seat] != 2:
        reason = say(EARLY_CALL)
        if state.options.misplay == "forgiving":
            raise IllegalActionError(reason.words())
        got = state._draw(seat, state.options.misplay_penalty)
        state.log.append(("misplay", seat, got, 0, (c, reason)))
        state.face_up += 1
        decline(state)
        return
    state.phase = PLAY_PHASE
    state.asking = []
    state.log.append(("anticipo", seat))
    state._play(seat, c, bool(action.dernier), suit, -1)


def decline(state: DernierState) -> None:
    """The asked player makes no claim; silence is not logged, it shows nothing (D-20, I-2)."""
    state.asking = state.asking[1:]  # replaced, never changed in place: clones share it
    if not state.asking:
        state.phase = PLAY_PHASE
