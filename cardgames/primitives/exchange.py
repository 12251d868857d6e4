"""Card-passing exchanges: a chain of passes, each giver picking after receiving."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from attrs import frozen

from cardgames.primitives.cards import Card, format_cards
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.language import FRAMEWORK


@frozen
class Pass:
    """``giver`` passes ``count`` cards face down to ``receiver`` (seats)."""

    giver: int
    receiver: int
    count: int


def pass_chain(first: int, players: int, counts: Sequence[int]) -> tuple[Pass, ...]:
    """Passes to the left along the table: ``first`` gives ``counts[0]``, the next seat ``counts[1]``, …

    A chain is played one pass after another, and every giver but the first chooses after
    receiving, so may pass on cards just received. With four players and counts (3, 2, 1)
    from the dealer this is the Russian "снос" of a last-trick game.

    Args:
        first: the seat that gives first.
        players: the number of seats.
        counts: how many cards each giver passes, in order: pass ``i`` goes from seat
            ``first + i`` to its left neighbour ``first + i + 1`` (mod ``players``).

    Raises:
        ValueError: if there are as many passes as seats or more. The chain would come
            back to ``first``, who gave before receiving anything: that is not a chain any
            more but an exchange in which everyone gives at once. For one of those (Hearts
            passes left, right and across) build the passes directly, such as
            ``tuple(Pass(s, (s + 2) % n, 3) for s in range(n))`` for across, take every
            giver's choice from the hands as dealt, and only then move the cards of
            each pass, so that nobody passes on a card received in the same exchange.
    """
    if len(counts) >= players:
        raise ValueError("a pass chain must stop before it comes back to its first giver")
    return tuple(Pass((first + i) % players, (first + i + 1) % players, n) for i, n in enumerate(counts))


def contains(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds all of ``cards`` (as a multiset: two decks may repeat cards)."""
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= n for c, n in need.items())


def remove_cards(hand: list[Card], cards: Sequence[Card]) -> None:
    """Remove ``cards`` from ``hand`` in place; IllegalActionError (hand unchanged) if absent."""
    if not contains(hand, cards):
        raise IllegalActionError(
            FRAMEWORK.gettext("you do not hold {cards}").format(cards=format_cards(cards))
        )
    for c in cards:
        hand.remove(c)
