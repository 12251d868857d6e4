"""Announcements of the effects that change who plays next or who draws (D-10 to D-15).

Read from two views of one seat, before and after a move, using public information only:
the next player is worked out from the card and the direction, never from ``to_act``
(which, during an anticipo offer, would show who holds the card: I-2).
"""

from __future__ import annotations

from cardgames.games.dernier.log import MESSAGES, is_message, played
from cardgames.games.dernier.tabletop import played_by
from cardgames.games.dernier.view import DernierView
from cardgames.primitives.cards import Rank
from cardgames.primitives.language import catalog

_ = catalog("cardgames.games.dernier").gettext

ANTICIPO = MESSAGES["anticipo"][0]


def _p(seat: int) -> str:
    return f"P{seat + 1}"


def announce(before: DernierView, after: DernierView) -> tuple[str, ...]:
    """One line per effect of the card just played, or nothing for a move without one."""
    if after.hand_number != before.hand_number or after.phase == "over":
        return ()
    fresh = after.log[len(before.log) :] if after.log[: len(before.log)] == before.log else after.log[-3:]
    if not any(played(e) is not None or is_message(e, ANTICIPO) for e in fresh):
        return ()
    player = played_by(after)
    if player is None:
        return ()
    n, d = after.players, after.direction
    card = after.stands_for or after.top
    if card.is_joker:  # draw5: a joker names the suit and passes a penalty on
        said = _("JOKER: {next} draws {n} unless they answer with a joker.")
        return (said.format(next=_p((player + d) % n), n=after.pending_penalty),)
    rank = card.rank
    if rank is Rank.QUEEN:
        said = _("Q: {skipped} is skipped; {next} plays next.")
        return (said.format(skipped=_p((player + d) % n), next=_p((player + 2 * d) % n)),)
    if rank is Rank.KING:
        said = (
            _("K: play now goes clockwise; {next} plays next.")
            if d > 0
            else _("K: play now goes counter-clockwise; {next} plays next.")
        )
        return (said.format(next=_p((player + d) % n)),)
    if rank is Rank.ACE:
        if after.joker_mode == "draw5":
            said = _("A: {next} draws {n} unless they answer with an ace or a joker.")
        else:
            said = _("A: {next} draws {n} unless they answer with an ace.")
        return (said.format(next=_p((player + d) % n), n=after.pending_penalty),)
    if rank is Rank.SEVEN:
        return (
            _("7: {before}, seated before {player}, draws 1.").format(
                before=_p((player - d) % n),
                player=_p(player),
            ),
        )
    if rank is Rank.JACK:
        return (_("J: the suit in force is now {suit}.").format(suit=after.suit_in_force.spoken),)
    return ()
