"""A heuristic player for Последний: shed high cards, keep a low one for the last trick.

It sees only its view and the legal actions (never the state), so it cannot cheat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardgames.cards import Card
from cardgames.decks import deck_24, deck_32
from games.posledniy.actions import PassCards, pass_action
from games.posledniy.view import PosledniyView

_DECKS = {4: frozenset(deck_32()), 3: frozenset(deck_24())}


def rank(c: Card) -> int:
    """The card's rank as a number (ace 14)."""
    return int(c.rank or 0)


def unseen(view: PosledniyView) -> set[Card]:
    """Cards this seat has not seen: neither in its hand nor played in this deal."""
    seen = set(view.hand) | set(view.trick)
    for t in view.tricks:
        seen.update(t.cards)
    return set(_DECKS[view.players]) - seen


def higher_unseen(c: Card, hidden: set[Card]) -> int:
    """How many unseen cards of the same suit beat ``c``."""
    return sum(1 for h in hidden if h.suit == c.suit and rank(h) > rank(c))


def is_top(c: Card, hidden: set[Card]) -> bool:
    """Whether no unseen card of its suit beats ``c``."""
    return higher_unseen(c, hidden) == 0


def trick_best(trick: Sequence[Card]) -> Card | None:
    """The card winning the trick so far (no trumps: highest of the led suit)."""
    if not trick:
        return None
    best = trick[0]
    for c in trick[1:]:
        if c.suit == best.suit and rank(c) > rank(best):
            best = c
    return best


class HeuristicBot:
    """Passes its highest cards (never a sweep to the first leader), sheds high cards early,
    ducks trick 7, keeps a low card last."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Pick one of ``legal`` from what the view shows."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if isinstance(legal[0], PassCards):
            return self._pass(view, legal)
        return self._play(view, legal)

    # -- the exchange (P-5) --------------------------------------------------------------

    def _pass(self, view: PosledniyView, legal: Sequence[Any]) -> Any:
        k = len(legal[0].cards)
        hand = list(view.hand)
        hidden = set(_DECKS[view.players]) - set(hand)
        by_height = sorted(hand, key=lambda c: (rank(c), -_suit_len(hand, c)), reverse=True)
        keep = by_height[: len(hand) - k]
        if _can_take_all(keep, hidden):  # going for all eight tricks: give away the lowest cards
            chosen = by_height[len(hand) - k :]
        elif (view.seat + 1) % view.players == (view.dealer - 1) % view.players:
            chosen = _to_leader(by_height, k, hidden)
        else:  # the seed's advice: pass high cards, keep the low ones for the last trick
            chosen = by_height[:k]
        return pass_action(tuple(sorted(c.index for c in chosen)))  # the listed (interned) action

    # -- the play (P-7, P-8) -------------------------------------------------------------

    def _play(self, view: PosledniyView, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        by_card = {a.card: a for a in legal}
        cards = list(by_card)
        # Shedding the highest cards first also plays for all eight tricks when every card
        # is a winner, so play needs no separate mode for a sweep.
        hidden = unseen(view)
        best = trick_best(view.trick)
        hand = list(view.hand)
        # the card most likely to lose the last trick: many unseen cards above it
        keeper = max(hand, key=lambda c: (higher_unseen(c, hidden), -rank(c)))
        choices = [c for c in cards if c != keeper] or cards
        if len(hand) == 2 and best is not None:
            losing = [c for c in choices if c.suit != best.suit or rank(c) < rank(best)]
            if losing:  # duck trick 7: its winner must lead the last trick
                return by_card[max(losing, key=rank)]
        return by_card[max(choices, key=lambda c: (rank(c), -higher_unseen(c, hidden)))]


def _to_leader(by_height: list[Card], k: int, hidden: set[Card]) -> list[Card]:
    """The cards to pass to the player who leads first (P-6): high ones, but none that helps a sweep.

    The receiver leads every trick it takes, so each card it is given that nobody can
    beat is one more trick towards all eight (P-8). Best are the highest cards this player
    itself still beats with a card it keeps (a stopper), then high cards some unseen card
    beats, and only when there are too few of those the lowest cards.
    """
    chosen: list[Card] = []
    for c in by_height:
        if len(chosen) < k and any(
            h.suit == c.suit and rank(h) > rank(c) and h not in chosen for h in by_height
        ):
            chosen.append(c)
    chosen += [c for c in by_height if c not in chosen and not is_top(c, hidden)][: k - len(chosen)]
    return chosen + [c for c in reversed(by_height) if c not in chosen][: k - len(chosen)]


def _suit_len(hand: list[Card], c: Card) -> int:
    return sum(1 for h in hand if h.suit == c.suit)


def _can_take_all(hand: list[Card], hidden: set[Card]) -> bool:
    """Whether every card is unbeatable and every suit is covered, so all tricks can be won."""
    if not hand or not all(is_top(c, hidden) for c in hand):
        return False
    suits = {c.suit for c in hand}
    hidden_suits = {c.suit for c in hidden}
    return hidden_suits <= suits
