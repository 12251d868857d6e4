"""Dernier's turn checks written as a referee says them: what a play lacks, and why it breaks a rule.

These are the single statement of when a play is allowed (D-6, D-13, D-15 to D-18). The
engine's legal list is built from suit bit masks and tables for speed, and its ``apply``
takes the common matching play in one test; ``tests/games/dernier/test_fast_forms.py``
holds both to these functions (every held card, along random games).
"""

from __future__ import annotations

from cardgames.games.dernier.actions import ACE, JACK, JOKER_INDEX, RANK_OF, SUIT_OF
from cardgames.games.dernier.log import say
from cardgames.primitives.cards import CARDS, Rank, Suit
from cardgames.primitives.cardwords import suit_letters
from cardgames.primitives.language import N_, language
from cardgames.primitives.said import Said

JOKER = JOKER_INDEX


def matches(c: int, suit: int, rank: int) -> bool:
    """Whether card index ``c`` may follow the suit and rank in force (D-6); a joker always may."""
    return c == JOKER or SUIT_OF[c] == suit or RANK_OF[c] == rank


def shape_error(c: int, suit: int, as_c: int, jmode: int) -> Said | None:
    """What a play of ``c`` naming ``suit``, standing for ``as_c``, lacks or has too much of, anywhere.

    ``jmode`` is 0 for wild jokers, 1 for draw5. Never penalised: the play is refused.
    """
    if c == JOKER:
        if jmode == 0:
            if not 0 <= as_c < 52:
                return say(N_("say which card the joker stands for, as in 'joker as 7h'"))
            if (RANK_OF[as_c] == JACK) != (suit >= 0):
                return say(N_("name the suit in force for a joker standing for a jack, and only then"))
        elif as_c >= 0 or suit < 0:
            return say(N_("a joker names the suit in force (and stands for no card) in draw5 mode"))
        return None
    if as_c >= 0:
        return say(N_("only a joker stands for another card"))
    return suit_error(c, suit)


def suit_error(c: int, suit: int) -> Said | None:
    """What a play of ``c`` naming ``suit`` lacks: a jack names a suit, no other card does."""
    if (RANK_OF[c] == JACK) == (suit >= 0):
        return None
    if suit >= 0:
        return say(N_("only a jack names a suit"))
    c_, d, h, s = suit_letters(language())  # the letters the player types the suit with
    return say(N_("Name the suit in force: {c}, {d}, {h} or {s}"), c=c_, d=d, h=h, s=s)


def misplay_reason(
    c: int,
    called: bool,
    size: int,
    *,
    drawn: int,
    pending: int,
    kind: str | None,
    jmode: int,
    suit: int,
    rank: int,
) -> Said | None:
    """Why playing ``c`` now breaks a rule (a misplay, D-18), or None when it is allowed.

    ``size`` is the player's hand size, ``called`` whether they call Dernier!, ``drawn``
    the card they have just drawn (-1 outside the after-draw decision), ``pending`` and
    ``kind`` the penalty chain, ``suit`` and ``rank`` what is in force (rank 0 after a
    draw5 joker). The reason is data, said in the reader's language (it goes into the log).
    """
    if drawn >= 0 and c != drawn:
        return say(N_("after drawing you may play only the card you drew ({card})"), card=CARDS[drawn])
    if called and size != 2:
        return say(EARLY_CALL)
    if c == JOKER and size == 1:
        return say(N_("a joker can never be your last card (D-16)"))
    if pending:
        if kind == "ace":
            if RANK_OF[c] == ACE or (c == JOKER and jmode == 1):
                return None
            if c == JOKER:
                return say(
                    N_("a wild joker cannot answer an ace: play an ace or draw {count} (D-13)"), count=pending
                )
            return say(N_("answer the ace with an ace or draw {count} (D-13)"), count=pending)
        if c != JOKER:
            return say(N_("answer the joker with a joker or draw {count} (D-15)"), count=pending)
        return None
    if matches(c, suit, rank):
        return None
    if rank:
        return say(
            N_("{card} does not match: play {suit} or any {rank}, or draw (D-6)"),
            card=CARDS[c],
            suit=Suit(suit),
            rank=Rank(rank),
        )
    return say(N_("{card} does not match: play {suit}, or draw (D-6)"), card=CARDS[c], suit=Suit(suit))


EARLY_CALL = N_("Dernier! is called only when playing your second-to-last card (D-17)")
