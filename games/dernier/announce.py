"""Announcements of the effects that change who plays next or who draws (D-10 to D-15).

Read from two views of one seat, before and after a move, using public information only:
the next player is worked out from the card and the direction, never from ``to_act``
(which, during an anticipo offer, would show who holds the card: I-2).
"""

from __future__ import annotations

import re

from cardgames.games.dernier.tabletop import played_by
from cardgames.games.dernier.view import DernierView
from cardgames.primitives.cards import Rank

_PLAYED = re.compile(r"^P\d+ (plays|calls Anticipo)")


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def announce(before: DernierView, after: DernierView) -> tuple[str, ...]:
    """One line per effect of the card just played, or nothing for a move without one."""
    if after.hand_number != before.hand_number or after.phase == "over":
        return ()
    fresh = after.log[len(before.log) :] if after.log[: len(before.log)] == before.log else after.log[-3:]
    if not any(_PLAYED.match(e.text) for e in fresh):
        return ()
    player = played_by(after)
    if player is None:
        return ()
    n, d = after.players, after.direction
    card = after.stands_for or after.top
    if card.is_joker:  # draw5: a joker names the suit and passes a penalty on
        return (
            f"JOKER: {_p((player + d) % n)} draws {after.pending_penalty} unless they answer with a joker.",
        )
    rank = card.rank
    if rank is Rank.QUEEN:
        return (f"Q: {_p((player + d) % n)} is skipped; {_p((player + 2 * d) % n)} plays next.",)
    if rank is Rank.KING:
        way = "clockwise" if d > 0 else "counter-clockwise"
        return (f"K: play now goes {way}; {_p((player + d) % n)} plays next.",)
    if rank is Rank.ACE:
        answer = "an ace or a joker" if after.joker_mode == "draw5" else "an ace"
        return (f"A: {_p((player + d) % n)} draws {after.pending_penalty} unless they answer with {answer}.",)
    if rank is Rank.SEVEN:
        return (f"7: {_p((player - d) % n)}, seated before {_p(player)}, draws 1.",)
    if rank is Rank.JACK:
        return (f"J: the suit in force is now {after.suit_in_force.english}.",)
    return ()
