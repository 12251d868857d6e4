"""Dernier's turn checks written as a referee says them: what a play lacks, and why it breaks a rule.

These are the single statement of when a play is allowed (D-6, D-13, D-15 to D-18). The
engine's legal list is built from suit bit masks and tables for speed, and its ``apply``
takes the common matching play in one test; ``tests/games/dernier/test_fast_forms.py``
holds both to these functions (every held card, along random games).
"""

from __future__ import annotations

from cardgames.games.dernier.actions import ACE, JACK, JOKER_INDEX, RANK_OF, SUIT_OF
from cardgames.games.dernier.log import describe
from cardgames.primitives.cards import Rank, Suit, with_article

JOKER = JOKER_INDEX


def matches(c: int, suit: int, rank: int) -> bool:
    """Whether card index ``c`` may follow the suit and rank in force (D-6); a joker always may."""
    return c == JOKER or SUIT_OF[c] == suit or RANK_OF[c] == rank


def shape_error(c: int, suit: int, as_c: int, jmode: int) -> str | None:
    """What a play of ``c`` naming ``suit``, standing for ``as_c``, lacks or has too much of, anywhere.

    ``jmode`` is 0 for wild jokers, 1 for draw5. Never penalised: the play is refused.
    """
    if c == JOKER:
        if jmode == 0:
            if not 0 <= as_c < 52:
                return "say which card the joker stands for, as in 'joker as 7h'"
            if (RANK_OF[as_c] == JACK) != (suit >= 0):
                return "name the suit in force for a joker standing for a jack, and only then"
        elif as_c >= 0 or suit < 0:
            return "a joker names the suit in force (and stands for no card) in draw5 mode"
        return None
    if as_c >= 0:
        return "only a joker stands for another card"
    if (RANK_OF[c] == JACK) != (suit >= 0):
        return "Name the suit in force: c, d, h or s" if suit < 0 else "only a jack names a suit"
    return None


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
) -> str | None:
    """Why playing ``c`` now breaks a rule (a misplay, D-18), or None when it is allowed.

    ``size`` is the player's hand size, ``called`` whether they call Dernier!, ``drawn``
    the card they have just drawn (-1 outside the after-draw decision), ``pending`` and
    ``kind`` the penalty chain, ``suit`` and ``rank`` what is in force (rank 0 after a
    draw5 joker).
    """
    if drawn >= 0 and c != drawn:
        return f"after drawing you may play only the card you drew ({describe(drawn)})"
    if called and size != 2:
        return "Dernier! is called only when playing your second-to-last card (D-17)"
    if c == JOKER and size == 1:
        return "a joker can never be your last card (D-16)"
    if pending:
        if kind == "ace":
            if RANK_OF[c] == ACE or (c == JOKER and jmode == 1):
                return None
            if c == JOKER:
                return f"a wild joker cannot answer an ace: play an ace or draw {pending} (D-13)"
            return f"answer the ace with an ace or draw {pending} (D-13)"
        if c != JOKER:
            return f"answer the joker with a joker or draw {pending} (D-15)"
        return None
    if matches(c, suit, rank):
        return None
    need = Suit(suit).english
    also = f" or {with_article(Rank(rank).english)}" if rank else ""
    return f"{describe(c)} does not match: play {need}{also}, or draw (D-6)"
