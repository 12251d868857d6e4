"""The plausible worlds of Dernier: hidden cards dealt as the hints of ``beliefs`` suggest.

``DernierState.plausible_world`` comes here (through ``world``). ``beliefs`` reads from the
hand's public records what each opponent's draws and plays suggest it lacked or holds;
``believed_redeal`` deals the hidden cards so that each hand's older places avoid what its
believed hints say it lacked (each hint believed with probability ``1 - doubt``), the
places aged by the hand's history played again at random (``_ages``); ``plausible_world``
reads the log once per state, deals one such world, or keeps one of a few candidates by
how well each explains the opponents' plays since each last drew (``likelihood``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardgames.games.dernier.beliefs import ALL, PLAYED_DRAWN, Hint, _read
from cardgames.games.dernier.hidden import hidden_pool, redeal
from cardgames.games.dernier.likelihood import weigh_plays
from cardgames.primitives.dealing import shuffled_in_one_draw

AGES = 1  # 1: a place's age from the hand's history played again at random (``_ages``); 0: the youngest first
HISTORY = 1  # 1: worlds weighed by each play since the player last drew (likelihood.weigh_plays); 0: the last


def believed_redeal(
    counts: bytes | bytearray,
    sizes: Sequence[int],
    stock: Sequence[int],
    seat: int,
    pinned: Sequence[dict[int, int]],
    suggested: Sequence[Sequence[Hint]],
    rng: random.Random,
    leans: Sequence[Sequence[Hint]] = (),
    histories: Sequence[Sequence[int]] = (),
) -> tuple[list[list[int]], list[int]]:
    """Like ``hidden.redeal``, but each hand's older cards avoid what its believed hints suggest it lacked.

    A hand's free places (all but its pinned cards) each have an age, the cards its player
    drew after it: a place at least as old as a hint's ``since`` avoids the hint's cards, a
    younger one may be anything. Without ``histories`` the ages are 0, 1, 2, … (as if every
    card played since a draw was an older one: the drawn cards all still held); with them
    (``histories``), each world plays the seat's history of the hand again, each card played
    a random one of those held (the drawn one, when it was played at once), so that older
    cards are still held in the proportion chance gives. Each hint is believed with
    probability ``1 - doubt``. A lean (``read_hand``) draws each of its older places into its
    cards with its chance (where the hints leave such a card). The most constrained places
    are filled first, each with the first card of one shuffle of the pool that it allows (any
    card if none does); the stock and the other places get the rest in the shuffle's order.
    """
    players = len(sizes)
    places: list[tuple[int, int, int]] = []  # (allowed cards, seat, age from the youngest)
    for p in range(players):
        lean = leans[p] if leans else ()
        if p == seat or not (suggested[p] or lean):
            continue
        believed = [(since, lacked) for since, lacked, doubt in suggested[p] if rng.random() >= doubt]
        free = sizes[p] - sum(pinned[p].values())
        ages = _ages(histories[p], sizes[p], free, rng) if histories else range(free)
        for age in ages:
            allowed = ALL
            for since, lacked in believed:
                if age >= since:
                    allowed &= ~lacked
            for since, towards, chance in lean:
                if age >= since and rng.random() < chance and allowed & towards:
                    allowed &= towards
            if allowed != ALL:
                places.append((allowed, p, age))
    if not places:
        hands, new_stock, _ = redeal(counts, sizes, stock, seat, pinned, rng)
        return hands, new_stock
    # the pool as ``redeal`` builds it: the stock and every card of the other hands but pinned ones
    others = [p for p in range(players) if p != seat]
    pool, free_places = hidden_pool(counts, sizes, stock, others, pinned)
    cards = shuffled_in_one_draw(pool, rng)
    used = [False] * len(cards)
    new_hands: list[list[int]] = [[] for _ in sizes]
    places.sort(key=lambda x: (x[0].bit_count(), x[1], x[2]))
    for allowed, p, _ in places:
        pick = -1
        for j, c in enumerate(cards):
            if not used[j]:
                if allowed >> c & 1:
                    pick = j
                    break
                if pick < 0:
                    pick = -2 - j  # the first free card, if none is allowed
        j = pick if pick >= 0 else -2 - pick
        used[j] = True
        new_hands[p].append(cards[j])
    rest = iter([c for j, c in enumerate(cards) if not used[j]])
    new_stock = [next(rest) for _ in stock]
    for p, free in zip(others, free_places, strict=True):
        hand = new_hands[p]
        hand += [next(rest) for _ in range(free - len(hand))]
        hand += [c for c, copies in pinned[p].items() for _ in range(copies)]
    return new_hands, new_stock


def _ages(history: Sequence[int], size: int, free: int, rng: random.Random) -> list[int]:
    """The ages (cards drawn after each) of a hand's ``free`` places, its history played again at random."""
    drawn = sum(k for k in history if k > 0)
    held = [drawn] * max(0, size - drawn + sum(k < 0 for k in history))  # the dealt cards: all drawn after
    later = drawn  # cards drawn after the next one to be drawn, plus one
    for k in history:
        if k > 0:
            held += range(later - 1, later - 1 - k, -1)
            later -= k
        elif held:
            j = len(held) - 1 if k == PLAYED_DRAWN else rng.randrange(len(held))
            held[j] = held[-1]
            held.pop()
    held.sort()  # the youngest first; a shown card is taken to be the youngest
    return held[len(held) - free :] if free < len(held) else held + [drawn] * (free - len(held))


# the last state's hints: its log (kept by identity), the log's length, the hand sizes, the hints
_MEMO: list[tuple[Any, int, list[int], Any] | None] = [None]


def plausible_world(
    state: Any, seat: int, rng: random.Random, *, after_draw: bool, candidates: int = 1
) -> Any:
    """``state.determinize(seat, rng)``, but with the hands that the opponents' draws suggest.

    ``after_draw``: the player to act has just drawn (``play_after_draw``); its drawn card
    may be any hidden card, which only ``determinize`` deals, so that world is uniform.
    ``candidates``: the deals one is kept from by how well it explains the opponents' plays
    since each last drew (``likelihood.weigh_plays``; 1: no weighing).
    """
    log = state.log
    memo = _MEMO[0]
    if memo is not None and memo[0] is log and memo[1] == len(log) and memo[2] == state.sizes:
        # a search deals many worlds from one state: read its log once
        suggested, leans, lasts, played, since = memo[3]
    else:
        effects = state.options.starter_effects
        records = log.records()
        suggested, leans, lasts, played, since = _read(records, state.sizes, state.jmode, effects)
        _MEMO[0] = (log, len(log), list(state.sizes), (suggested, leans, lasts, played, since))
    if (after_draw and state.current != seat) or not any(
        suggested[p] or leans[p] for p in range(len(suggested)) if p != seat
    ):
        return state.determinize(seat, rng)  # nothing suggested: the uniform world
    chance = rng.getrandbits(64)  # drawn first, as in determinize
    shown = state._shown()
    args = (
        state.counts,
        state.sizes,
        state.stock,
        seat,
        shown,
        suggested,
        rng,
        leans,
        played if AGES else (),
    )
    if not HISTORY:  # the last play alone, read with the sizes and direction of now
        since = [[(last.card, last)] if last is not None else [] for last in lasts]
    weighed = [
        p for p, plays in enumerate(since) if p != seat and state.sizes[p] and any(c for _, c in plays)
    ]
    if not weighed or candidates <= 1:
        hands, stock = believed_redeal(*args)
        return state._world(seat, chance, hands, stock)
    mode = state.options.joker_mode
    deals, weights = [], []
    # importance resampling: a few deals, one kept by how well each explains the plays
    for _ in range(candidates):
        hands, stock = believed_redeal(*args)
        w = 1.0
        for p in weighed:
            w *= weigh_plays(hands[p], since[p], p, state.sizes, state.direction, mode)
        deals.append((hands, stock))
        weights.append(w)
    hands, stock = deals[rng.choices(range(candidates), weights if any(weights) else None)[0]]
    return state._world(seat, chance, hands, stock)
