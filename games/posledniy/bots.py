"""A heuristic player for Последний: shed high cards, keep a low one for the last trick.

It sees only its view and the legal actions (never the state), so it cannot cheat.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from typing import Any

from cardgames.cards import CARDS, Card
from cardgames.choosing import Pick
from cardgames.decks import deck_24, deck_32
from cardgames.games.posledniy.actions import PICK
from cardgames.games.posledniy.view import PosledniyView
from cardgames.tricks import winning_position

_DECKS = {4: frozenset(deck_32()), 3: frozenset(deck_24())}
# The bot works on card indices (suit * 13 + rank - 2): a decision compares cards hundreds of
# times, and a Card's rank, suit and even its hash are Python calls, an int's are not. So
# the same suit is the same ``i // 13`` and, within a suit, a higher rank a higher index.
_INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
_DECK_INDICES = {n: frozenset(_INDEX[c] for c in deck) for n, deck in _DECKS.items()}


def rank(i: int) -> int:
    """The rank of card index ``i`` as a number (ace 14)."""
    return i % 13 + 2


def indices(cards: Iterable[Card]) -> list[int]:
    """The indices of these cards, in their order."""
    return [_INDEX[c] for c in cards]


def unseen(view: PosledniyView, hand: Iterable[int] | None = None) -> list[int]:
    """The cards this seat has not seen (neither in its hand nor played in this deal), sorted indices.

    ``hand``: the hand's indices, when the caller has them already.
    """
    seen = set(indices(view.hand) if hand is None else hand)
    seen.update(indices(view.trick))
    for t in view.tricks:
        seen.update(indices(t.cards))
    return sorted(_DECK_INDICES[view.players] - seen)


def higher_unseen(i: int, hidden: list[int]) -> int:
    """How many unseen cards of the suit of card ``i`` beat it (``hidden``: sorted indices).

    The cards of its suit above it have the indices between its own and the suit's end, so
    two bisections count them.
    """
    return bisect_left(hidden, i - i % 13 + 13) - bisect_right(hidden, i)


def is_top(i: int, hidden: list[int]) -> bool:
    """Whether no unseen card of its suit beats card ``i``."""
    return higher_unseen(i, hidden) == 0


def trick_best(trick: Sequence[int]) -> int | None:
    """The card winning the trick so far (no trumps: highest of the led suit)."""
    return trick[winning_position(trick)] if trick else None


class HeuristicBot:
    """Passes its highest cards (never a sweep to the first leader), sheds high cards early,
    ducks trick 7, keeps a low card last."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Pick one of ``legal`` from what the view shows."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if isinstance(legal[0], Pick):
            return self._pass(view, legal)
        return self._play(view, legal)

    # -- the exchange (P-5) --------------------------------------------------------------

    def _pass(self, view: PosledniyView, legal: Sequence[Any]) -> Any:
        """The next card of the pass it would make from the whole hand (picks, one card at a time)."""
        k = view.must_pass + len(view.chosen)
        hand = list(view.hand)
        hidden = sorted(_DECK_INDICES[view.players] - set(indices(hand)))
        suit_len = [0] * 4
        for c in hand:
            suit_len[_INDEX[c] // 13] += 1
        by_height = sorted(hand, key=lambda c: (rank(_INDEX[c]), -suit_len[_INDEX[c] // 13]), reverse=True)
        keep = by_height[: len(hand) - k]
        if _can_take_all(indices(keep), hidden):  # going for all eight tricks: give away the lowest cards
            chosen = by_height[len(hand) - k :]
        elif (view.seat + 1) % view.players == (view.dealer - 1) % view.players:
            chosen = _to_leader(by_height, k, hidden)
        else:  # the seed's advice: pass high cards, keep the low ones for the last trick
            chosen = by_height[:k]
        listed = {a.card for a in legal}
        for c in sorted(chosen, key=lambda c: _INDEX[c]):
            if c in listed:
                return PICK[_INDEX[c]]  # the listed (interned) action
        return legal[0]  # its pass was begun otherwise (a person's hint): complete it

    # -- the play (P-7, P-8) -------------------------------------------------------------

    def _play(self, view: PosledniyView, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        by_card = {_INDEX[a.card]: a for a in legal}
        cards = list(by_card)
        # Shedding the highest cards first also plays for all eight tricks when every card
        # is a winner, so play needs no separate mode for a sweep.
        hand = indices(view.hand)
        hidden = unseen(view, hand)
        best = trick_best(indices(view.trick))
        # the card most likely to lose the last trick: many unseen cards above it
        keeper = max(hand, key=lambda c: (higher_unseen(c, hidden), -rank(c)))
        choices = [c for c in cards if c != keeper] or cards
        if len(hand) == 2 and best is not None:
            losing = [c for c in choices if c // 13 != best // 13 or c < best]
            if losing:  # duck trick 7: its winner must lead the last trick
                return by_card[max(losing, key=rank)]
        return by_card[max(choices, key=lambda c: (rank(c), -higher_unseen(c, hidden)))]


def _to_leader(by_height: list[Card], k: int, hidden: list[int]) -> list[Card]:
    """The cards to pass to the player who leads first (P-6): high ones, but none that helps a sweep.

    The receiver leads every trick it takes, so each card it is given that nobody can
    beat is one more trick towards all eight (P-8). Best are the highest cards this player
    itself still beats with a card it keeps (a stopper), then high cards some unseen card
    beats, and only when there are too few of those the lowest cards.
    """
    chosen: list[Card] = []
    for c in by_height:
        i = _INDEX[c]  # a card of the same suit and higher rank has an index above i in i's suit
        if len(chosen) < k and any(i < _INDEX[h] < i - i % 13 + 13 and h not in chosen for h in by_height):
            chosen.append(c)
    chosen += [c for c in by_height if c not in chosen and not is_top(_INDEX[c], hidden)][: k - len(chosen)]
    return chosen + [c for c in reversed(by_height) if c not in chosen][: k - len(chosen)]


def _can_take_all(hand: list[int], hidden: list[int]) -> bool:
    """Whether every card is unbeatable and every suit is covered, so all tricks can be won."""
    if not hand or not all(is_top(c, hidden) for c in hand):
        return False
    suits = {c // 13 for c in hand}
    hidden_suits = {h // 13 for h in hidden}
    return hidden_suits <= suits
