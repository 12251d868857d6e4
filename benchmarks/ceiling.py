"""The pure-Python ceiling: the leanest random shedding loop that Python runs, with no framework.

Four players, one 52-card deck, five cards each; a player plays a card matching the top
card's suit or rank or draws one (the discard pile is shuffled back when the stock runs
out); a hand ends when a player sheds the last card or after ``limit`` decisions. Each
decision lists the legal moves and picks one at random, as the framework's loop does,
but cards are bare integers, there is no log, no view, no options and no rule checks. No
engine with real rules can beat it in pure Python: the benchmarks quote it as the ceiling.
"""

from __future__ import annotations

import random
import time

from harness import Tally

SUIT = tuple(c // 13 for c in range(52))
RANK = tuple(c % 13 for c in range(52))


def shedding_play(seconds: float, seed: int, limit: int = 100) -> Tally:
    """(decisions, games, CPU seconds) of random play of the minimal shedding game."""
    rng = random.Random(seed)
    randrange, shuffle = rng.randrange, rng.shuffle
    deck = list(range(52))
    decisions = games = 0
    clock = time.process_time
    spent = 0.0
    while spent < seconds:
        start = clock()
        cards = deck[:]
        shuffle(cards)
        hands = [cards[i * 5 : i * 5 + 5] for i in range(4)]
        stock = cards[20:]
        top = stock.pop()
        discard = [top]
        seat = made = 0
        while made < limit:
            hand = hands[seat]
            suit, rank = SUIT[top], RANK[top]
            legal = [c for c in hand if SUIT[c] == suit or RANK[c] == rank]
            legal.append(-1)  # draw
            c = legal[randrange(len(legal))]
            made += 1
            if c < 0:
                if not stock and len(discard) > 1:
                    stock = discard[:-1]
                    shuffle(stock)
                    discard = [top]
                if stock:
                    hand.append(stock.pop())
            else:
                hand.remove(c)
                discard.append(c)
                top = c
                if not hand:
                    break
            seat = (seat + 1) & 3
        spent += clock() - start
        decisions += made
        games += 1
    return decisions, games, spent
