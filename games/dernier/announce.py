"""Announcements of the effects that change who plays next or who draws (D-10 to D-15).

Read from two views of one seat, before and after a move, using public information only:
the next player is worked out from the card and the direction, never from ``to_act``
(which, during an anticipo offer, would show who holds the card: I-2).
"""

from __future__ import annotations

from cardgames.games.dernier.log import MESSAGES, is_message, played, say
from cardgames.games.dernier.tabletop import played_by
from cardgames.games.dernier.view import DernierView
from cardgames.primitives.cards import Rank
from cardgames.primitives.language import N_
from cardgames.primitives.said import Said
from cardgames.primitives.seating import SeatNumber

ANTICIPO = MESSAGES["anticipo"][0]

# Each line with the form said to the player it names (Said.to_you), by the seat it addresses
JOKER = (
    N_("JOKER: {next} draws {n} unless they answer with a joker."),
    {
        "next": N_("JOKER: you draw {n} unless you answer with a joker."),
    },
)
QUEEN = (
    N_("Q: {skipped} is skipped; {next} plays next."),
    {
        "skipped": N_("Q: you are skipped; {next} plays next."),
        "next": N_("Q: {skipped} is skipped; you play next."),
    },
)
KING_CLOCKWISE = (
    N_("K: play now goes clockwise; {next} plays next."),
    {
        "next": N_("K: play now goes clockwise; you play next."),
    },
)
KING_COUNTER = (
    N_("K: play now goes counter-clockwise; {next} plays next."),
    {
        "next": N_("K: play now goes counter-clockwise; you play next."),
    },
)
ACE_OR_JOKER = (
    N_("A: {next} draws {n} unless they answer with an ace or a joker."),
    {
        "next": N_("A: you draw {n} unless you answer with an ace or a joker."),
    },
)
ACE = (
    N_("A: {next} draws {n} unless they answer with an ace."),
    {
        "next": N_("A: you draw {n} unless you answer with an ace."),
    },
)
SEVEN = (
    N_("7: {before}, seated before {player}, draws 1."),
    {
        "before": N_("7: you draw 1, as the player seated before {player}."),
        "player": N_("7: {before}, seated before you, draws 1."),
    },
)
JACK = N_("J: the suit in force is now {suit}.")


def _line(text: tuple[str, dict[str, str]], n: int | None = None, **seats: int) -> Said:
    """One line with its seats (said as the players' names), ``n`` cards, and its second-person forms."""
    values: dict[str, object] = {name: SeatNumber(seat) for name, seat in seats.items()}
    if n is not None:
        values["n"] = n
    line = say(text[0], **values)
    for about, form in text[1].items():
        line = line.to_you(form, about=about)
    return line


def announce(before: DernierView, after: DernierView) -> tuple[Said, ...]:
    """One line per effect of the card just played, or nothing for a move without one.

    Lines are :class:`~cardgames.primitives.said.Said` values, so that the player a line names reads
    it in the second person ("A: you draw 2 unless you answer with an ace.").
    """
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
        return (_line(JOKER, next=(player + d) % n, n=after.pending_penalty),)
    rank = card.rank
    if rank is Rank.QUEEN:
        return (_line(QUEEN, skipped=(player + d) % n, next=(player + 2 * d) % n),)
    if rank is Rank.KING:
        return (_line(KING_CLOCKWISE if d > 0 else KING_COUNTER, next=(player + d) % n),)
    if rank is Rank.ACE:
        text = ACE_OR_JOKER if after.joker_mode == "draw5" else ACE
        return (_line(text, next=(player + d) % n, n=after.pending_penalty),)
    if rank is Rank.SEVEN:
        return (_line(SEVEN, before=(player - d) % n, player=player),)
    if rank is Rank.JACK:
        return (say(JACK, suit=after.suit_in_force),)
    return ()
