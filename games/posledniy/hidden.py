"""Re-dealing what a seat cannot see (for ``determinize``): pure functions on card indices.

A seat knows its hand, every card played, who failed to follow which suit (a void), the
cards it passed and received, and how many cards each player holds. Cards it passed may
have travelled further down the exchange chain (P-5), so they lie with its receiver or,
if that player passed on after receiving, with a later receiver: never more of them
further down than each later pass carried.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import product
from typing import TypeVar

from cardgames.primitives.dealing import shuffled_in_one_draw

T = TypeVar("T")


def suit_of(card: int) -> int:
    """The suit of a card index (the framework numbers cards suit by suit, 13 apiece)."""
    return card // 13


def _place(
    card: int,
    allowed: dict[int, list[int]],
    held: dict[int, list[int]],
    cap: dict[int, int],
    seen: set[int],
    rng: random.Random,
) -> bool:
    """Augmenting path: put ``card`` with some player, moving other cards along if needed."""
    options = shuffled_in_one_draw(allowed[card], rng)  # one draw per shuffle: called for every card
    for p in options:
        if p in seen:
            continue
        seen.add(p)
        if len(held[p]) < cap[p]:
            held[p].append(card)
            return True
        for other in list(held[p]):
            held[p].remove(other)
            if _place(other, allowed, held, cap, seen, rng):
                held[p].append(card)
                return True
            held[p].append(other)
    return False


def assign(
    cards: Sequence[int], allowed: dict[int, list[int]], cap: dict[int, int], rng: random.Random
) -> dict[int, list[int]] | None:
    """A random assignment of cards to players within their capacities, or None if impossible."""
    held: dict[int, list[int]] = {p: [] for p in cap}
    order = shuffled_in_one_draw(cards, rng)
    everyone = len(cap)
    if sum(cap.values()) == len(order):
        # the cards somebody may not hold (a shown void) first, by augmenting paths; then the
        # cards anybody may hold fill the places left, in the shuffled order: with no barred
        # card at all, a shuffled deal by capacity, the uniform answer
        for card in order:
            if len(allowed[card]) != everyone and not _place(card, allowed, held, cap, set(), rng):
                return None
        return _fill(held, cap, [c for c in order if len(allowed[c]) == everyone])
    for card in order:
        if not _place(card, allowed, held, cap, set(), rng):
            return None
    return held


def redeal(
    players: int,
    dealer: int,
    counts: Sequence[int],
    passes: Sequence[tuple[int, ...]],
    hands: Sequence[Sequence[int]],
    plays: dict[int, int],
    voids: Sequence[set[int]],
    seat: int,
    rng: random.Random,
) -> tuple[list[tuple[int, ...]], tuple[tuple[int, ...], ...]]:
    """New hands and exchange passes, consistent with everything ``seat`` knows.

    ``counts`` are the sizes of the chain's passes from the dealer leftwards, ``passes``
    the contents of those made so far, ``plays`` maps each card played this deal to its
    player and ``voids[p]`` holds the suits player p is known to lack.
    """
    return Redeal(players, dealer, counts, passes, hands, plays, voids, seat).deal(rng)


class Redeal:
    """What ``seat`` knows of one position, worked out once; ``deal`` draws a world consistent with it.

    A search determinizes the same position again and again: everything that does not
    depend on the draw is kept here (the state keeps one per seat until a card is played),
    so a repeated call draws and places cards and does nothing else.
    """

    __slots__ = (
        "allowed",
        "cap",
        "chain",
        "counts",
        "done",
        "hands",
        "hidden",
        "j",
        "mine",
        "options",
        "others",
        "passes",
        "played",
        "players",
        "plays",
        "position",
        "seat",
        "travelling",
        "tried",
    )

    def __init__(
        self,
        players: int,
        dealer: int,
        counts: Sequence[int],
        passes: Sequence[tuple[int, ...]],
        hands: Sequence[Sequence[int]],
        plays: dict[int, int],
        voids: Sequence[set[int]],
        seat: int,
    ) -> None:
        self.players, self.counts, self.plays, self.seat = players, counts, plays, seat
        self.played: list[list[int]] = [[] for _ in range(players)]  # each player's plays
        for c, p in plays.items():
            self.played[p].append(c)
        self.passes = passes  # as given, not copied: valid only while they are unchanged (the state
        self.hands = hands  # keeps a Redeal until a play, and checks these are still its hands and passes)
        self.chain = chain = [(dealer + i) % players for i in range(players)]
        self.position = position = {p: i for i, p in enumerate(chain)}
        self.j = j = position[seat]
        self.done = done = len(passes)
        self.mine: tuple[int, ...] = passes[j] if j < done else ()
        self.others = others = [p for p in range(players) if p != seat]
        self.cap = {p: len(hands[p]) for p in others}
        # sorted, not as the cards really lie: the world depends on what ``seat`` knows only
        self.hidden = hidden = sorted([c for p in others for c in hands[p]])
        can_hold = [[p for p in others if suit not in voids[p]] for suit in range(4)]  # by suit
        self.allowed = allowed = {c: can_hold[c // 13] for c in hidden}  # shared lists (c // 13: suit_of)
        self.travelling = travelling = [c for c in self.mine if c not in plays]
        downstream = chain[j + 1 : done + 1]
        choices = [[p for p in downstream if p in allowed[c]] for c in travelling]
        self.options = list(product(*choices))  # where the travelling cards may be: one holder each
        self.tried: dict[int, _Plan | None] = {}

    def _option(self, k: int) -> _Plan | None:
        """Option k: who holds the seat's passed cards, and how a world is drawn; None if it cannot be."""
        if k in self.tried:
            return self.tried[k]
        candidate = self.options[k]
        position, counts, plays = self.position, self.counts, self.plays
        holder = {c: position[plays[c]] for c in self.mine if c in plays}
        holder.update({c: position[p] for c, p in zip(self.travelling, candidate, strict=True)})
        out: _Plan | None = None
        if not any(
            sum(1 for h in holder.values() if h >= m) > counts[m - 1]
            for m in range(self.j + 2, self.done + 1)
        ):
            left = dict(self.cap)
            for p in candidate:
                left[p] -= 1
            if not any(v < 0 for v in left.values()):
                rest = [c for c in self.hidden if c not in holder]
                everyone = len(left)
                barred = {c for c in rest if len(self.allowed[c]) != everyone}  # a shown void keeps them out
                extra = {
                    p: [c for c, q in zip(self.travelling, candidate, strict=True) if q == p] for p in left
                }
                out = _Plan(holder, left, rest, barred, extra, self._pass_plan(holder))
        self.tried[k] = out
        return out

    def _pass_plan(self, holder: dict[int, int]) -> list[tuple[int, int, set[int], int, list[int]]]:
        """The passes ``seat`` did not see, last first: (place, receiver, cards it must hold, cards to draw,
        what the receiver played).

        A pass is rebuilt from the receiver's hand at the end of the exchange (its hand now
        and the cards it played), and what it passed on; cards of the seat's own pass that
        lie further down (``holder``) went through every pass on their way.
        """
        passes, chain, seat, j = self.passes, self.chain, self.seat, self.j
        plan = []
        for i in range(len(passes) - 1, -1, -1):
            giver, receiver = chain[i], chain[i + 1]
            if seat in (giver, receiver):
                continue
            must = {c for c, h in holder.items() if h >= i + 1} if i > j else set()
            plan.append((i, receiver, must, self.counts[i] - len(must), self.played[receiver]))
        return plan

    def deal(self, rng: random.Random) -> tuple[list[tuple[int, ...]], tuple[tuple[int, ...], ...]]:
        """New hands and passes drawn with ``rng``; ValueError if no deal fits what the seat knows.

        The draw: an order of the holders of the seat's passed cards (when several can be),
        then one shuffle of the other hidden cards (``assign``), then the passes it did not see.
        """
        options = self.options
        order = range(1) if len(options) == 1 else _in_random_order(list(range(len(options))), rng)
        for k in order:  # one option (the usual case) draws nothing
            plan = self._option(k)
            if plan is None:
                continue
            held = _assign_planned(plan, self.allowed, rng)
            if held is None:
                continue
            new_hands = list(map(tuple, self.hands))  # tuples already: the seat's own is shared
            extra = plan.extra
            for p, cards in held.items():
                new_hands[p] = tuple(sorted(cards + extra[p]))
            passes = list(self.passes)
            for i, receiver, must, draw, played in plan.passes:
                pool = set(new_hands[receiver])  # what the receiver held when the exchange ended,
                pool.update(played)  # and what it passed on
                if i + 1 < len(passes):
                    pool.update(passes[i + 1])
                free = sorted(pool - must)
                passes[i] = tuple(sorted(must | set(rng.sample(free, draw))))
            return new_hands, tuple(passes)
        raise ValueError(f"no deal of the hidden cards fits what seat {self.seat} knows")


class _Plan:
    """How a world is drawn for one placement of the seat's passed cards (``Redeal._option``)."""

    __slots__ = ("barred", "extra", "holder", "left", "passes", "rest")

    def __init__(
        self,
        holder: dict[int, int],
        left: dict[int, int],
        rest: list[int],
        barred: set[int],
        extra: dict[int, list[int]],
        passes: list[tuple[int, int, set[int], int, list[int]]],
    ) -> None:
        self.holder = holder  # the seat's passed cards: the place in the chain of who holds (or played) each
        self.left = left  # per other player, the places left for the cards of ``rest``
        self.rest = rest  # the hidden cards but the seat's passed ones, sorted
        self.barred = barred  # the cards of ``rest`` some player may not hold (a void shown)
        self.extra = extra  # per other player, the seat's passed cards it holds in this placement
        self.passes = passes  # the passes to rebuild (``Redeal._pass_plan``)


def _assign_planned(
    plan: _Plan, allowed: dict[int, list[int]], rng: random.Random
) -> dict[int, list[int]] | None:
    """``assign(plan.rest, allowed, plan.left, rng)``, with what does not depend on the draw worked out
    beforehand: the same draws, the same result."""
    cap = plan.left
    if sum(cap.values()) != len(plan.rest):
        return assign(plan.rest, allowed, cap, rng)
    order = shuffled_in_one_draw(plan.rest, rng)
    barred = plan.barred
    if not barred:  # nobody showed a void: a shuffled deal by capacity
        held, start = {}, 0
        for p, size in cap.items():
            held[p] = order[start : start + size]
            start += size
        return held
    held = {p: [] for p in cap}
    for card in order:
        if card in barred and not _place(card, allowed, held, cap, set(), rng):
            return None
    return _fill(held, cap, [c for c in order if c not in barred])


def _fill(held: dict[int, list[int]], cap: dict[int, int], free: list[int]) -> dict[int, list[int]]:
    """The places left in each hand, in capacity order, filled from ``free`` as it lies."""
    start = 0
    for p, size in cap.items():
        room = size - len(held[p])
        held[p] += free[start : start + room]
        start += room
    return held


def _in_random_order(items: list[T], rng: random.Random) -> Iterator[T]:
    """The items in a uniformly random order, drawn one at a time: usually the first is all that is needed."""
    order = list(range(len(items)))
    for k in range(len(order)):
        i = k + rng.randrange(len(order) - k) if k + 1 < len(order) else k
        order[k], order[i] = order[i], order[k]
        yield items[order[k]]
