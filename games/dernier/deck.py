"""The Dernier deck, the starter turned after the deal, and how long a match can last."""

from __future__ import annotations

import random

from cardgames.games.dernier.options import DernierOptions
from cardgames.games.dernier.tables import JOKER
from cardgames.primitives.decks import build_deck
from cardgames.primitives.errors import OptionError

DECKS: dict[int, tuple[int, ...]] = {}


def deck_indices(jokers: int) -> tuple[int, ...]:
    """The card indices of the ordered 104-card deck plus ``jokers`` jokers (built once)."""
    deck = DECKS.get(jokers)
    if deck is None:
        deck = DECKS[jokers] = tuple(c.index for c in build_deck(copies=2, jokers=jokers))
    return deck


def deck_size(options: DernierOptions) -> int:
    """Cards in the Dernier deck: two 52-card decks plus the jokers (D-2)."""
    return 104 + options.jokers


def hands_bound(options: DernierOptions, players: int) -> int:
    """The most hands a match can last (D-21)."""
    if options.scoring == "hands":
        return (options.hands_to_win - 1) * players + 1
    # every loser scores at least one point per hand (a joker counts at least 1)
    return options.target_points


def turn_starter(stock: list[int], rng: random.Random) -> tuple[int, int]:
    """Turn the starter (D-4): the first card off the stock that is not a joker, and the jokers put back.

    A joker turned goes back into the stock at a random place. A stock of jokers alone
    (``Dernier.check`` refuses such deals) is refused here too rather than turned forever.
    """
    if all(c == JOKER for c in stock):
        raise OptionError("no starter can be turned: the cards left after the deal are all jokers (D-3, D-4)")
    back = 0
    while True:
        c = stock.pop()
        if c != JOKER:
            return c, back
        stock.insert(rng.randrange(len(stock) + 1), c)
        back += 1
