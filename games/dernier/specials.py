"""A card played in Dernier and what it does (rules D-9 to D-17): going out, the special cards, jokers.

Functions on the engine's state (games/dernier/state.py), kept apart as one rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.games.dernier.actions import ACE, JACK, KING, QUEEN, RANK_OF, SEVEN, SUIT_OF
from cardgames.games.dernier.anticipo import offer
from cardgames.games.dernier.ending import finish_hand
from cardgames.games.dernier.penalties import forgot_call
from cardgames.games.dernier.stock import draw_cards
from cardgames.games.dernier.tables import JOKER, PLAY_PHASE, RBIT, SPECIAL_RANKS
from cardgames.primitives.shedding import next_seat

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState


def play_card(state: DernierState, seat: int, c: int, called: bool, suit: int, as_c: int) -> None:
    """Put ``c`` on the discard pile and apply its effect (D-9 to D-17); the play is allowed."""
    cnt = state.counts
    k = seat * 53 + c
    cnt[k] -= 1
    if not cnt[k]:
        state.masks[seat] &= ~RBIT[c]
    size = state.sizes[seat] = state.sizes[seat] - 1
    state.discard.append(c)
    state.log.append(("play", seat, c, as_c, suit, called))
    if not size:
        finish_hand(state, seat, stopped=False)
        return
    if size == 1 and not called:
        forgot_call(state, seat)
    d = state.direction
    n = state.n
    steps = 1
    if c == JOKER:
        if state.jmode == 1:
            state.top_rank, state.suit, state.top_as = 0, suit, -1
            state.penalty.add(state.options.joker_penalty, "joker")
            state.current = (seat + d) % n
            state.phase = PLAY_PHASE
            return
        e = as_c
        state.top_as = as_c
    else:
        e = c
        state.top_as = -1
    r = RANK_OF[e]
    state.top_rank = r
    if r not in SPECIAL_RANKS:
        state.suit = SUIT_OF[e]
    elif r == JACK:
        state.suit = suit
    else:
        state.suit = SUIT_OF[e]
        if r == QUEEN:
            steps = 2
        elif r == KING:
            d = state.direction = -d
        elif r == ACE:
            state.penalty.add(state.options.ace_penalty, "ace")
        elif r == SEVEN:
            prev = (seat - d) % n
            state.log.append(("seven", prev, draw_cards(state, prev, 1)))
    state.current = (seat + d * steps) % n
    state.phase = PLAY_PHASE
    if state.anticipo and c != JOKER:
        offer(state, seat, c)


def starter_effect(state: DernierState, c: int) -> None:
    """The starter acts as if the dealer had played it (D-4, option ``starter_effects``)."""
    r, dealer, n = RANK_OF[c], state.dealer, state.n
    if r == QUEEN:
        state.current = next_seat(dealer, state.direction, n, 2)
    elif r == KING:
        state.direction = -state.direction
        state.current = next_seat(dealer, state.direction, n)
    elif r == ACE:
        state.penalty.add(state.options.ace_penalty, "ace")
    elif r == SEVEN:
        prev = next_seat(dealer, -state.direction, n)
        state.log.append(("seven", prev, draw_cards(state, prev, 1)))
