"""The Dernier deck, the deal of a hand with its starter (D-3, D-4, D-5), and how long a match can last."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardgames.games.dernier.actions import RANK_OF, SUIT_OF
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.dernier.specials import starter_effect
from cardgames.games.dernier.tables import JOKER, PLAY_PHASE
from cardgames.primitives.dealing import deal, shuffle
from cardgames.primitives.decks import build_deck
from cardgames.primitives.errors import OptionError
from cardgames.primitives.shedding import PenaltyChain, next_seat

if TYPE_CHECKING:
    from cardgames.games.dernier.state import DernierState

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


def deal_hand(state: DernierState) -> None:
    """Shuffle, deal and turn the starter (D-3, D-4, D-5): the state's next hand begins."""
    options, n, rng = state.options, state.n, state.rng.rng()
    state.hand_no += 1
    state.direction = d = state.start_dir
    cards = list(state.deck)
    shuffle(cards, rng)
    first = next_seat(state.dealer, d, n)
    hands, stock = deal(cards, n, options.hand_size, start=first)
    state.counts = bytearray(53 * n)
    state.sizes = [0] * n
    state.masks = [0] * n
    for seat, dealt in enumerate(hands):
        state.set_hand(seat, dealt)
    state.log.append(("deal", state.dealer, state.hand_no))
    c, back = turn_starter(stock, rng)
    state.log.extend([("joker_back", None)] * back)
    state.stock = stock
    state.discard = [c]
    state.top_rank, state.suit, state.top_as = RANK_OF[c], SUIT_OF[c], -1
    state.penalty = PenaltyChain()
    state.phase = PLAY_PHASE
    state.drawn = -1
    state.asking = []
    state.offer_card = state.offer_from = -1
    state.hand_decisions = 0
    state.face_up = 0
    state.current = first
    state.log.append(("starter", None, c))
    if options.starter_effects:
        starter_effect(state, c)
