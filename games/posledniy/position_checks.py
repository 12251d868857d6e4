"""What a Последний position must hold to be read (position.py reads it, this refuses it).

Every card once and in the deck of the player count, each hand of the size the exchange or the
tricks leave it, passes the hands and tricks can have come from, and the open cards (``?``) of a
position written for one seat, dealt as that seat's search would deal them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from cardgames.core.position import PositionError, card_text, seat
from cardgames.games.posledniy import hidden
from cardgames.games.posledniy.phases import EXCHANGE, OVER
from cardgames.games.posledniy.state import CHAINS, DECKS, HAND, PosledniyState
from cardgames.primitives.cards import CARDS
from cardgames.primitives.language import N_, catalog

_ = catalog("cardgames.games.posledniy").gettext
ngettext = catalog("cardgames.games.posledniy").ngettext


def card_names(indices: Any) -> str:
    """Cards by their indices, as the notation writes them."""
    return card_text(CARDS[i] for i in indices)


def seat_label(p: int) -> str:
    """Seat ``p`` (from 0) as the notation writes it: P1, P2, …"""
    return f"P{p + 1}"


def seen_seat(
    got: dict[str, str],
    slots: list[list[int | None]],
    passes: list[tuple[int, ...]],
    picked: list[Any],
    chain: Any,
    n: int,
) -> int | None:
    """The seat whose knowledge the position is (``seen=``): its hand, passes and picks are not open."""
    opened = any(c is None for h in slots for c in h) or any(p and p[0] < 0 for p in passes)
    opened = opened or any(c is None for c in picked)
    if "seen" not in got:
        if opened:
            raise PositionError(
                _("open cards (?) are what one seat cannot see: name that seat, as in seen=P1")
            )
        return None
    who = seat(got["seen"], n, "seen")
    if any(c is None for c in slots[who]):
        said = _("seen: {seat} sees its own hand, so none of its cards is open")
        raise PositionError(said.format(seat=seat_label(who)))
    for p, step in zip(passes, chain, strict=False):
        if p and p[0] < 0 and who in (step.giver, step.receiver):
            said = _("seen: {seat} gave or received pass {number}, so it is not open")
            raise PositionError(said.format(seat=seat_label(who), number=chain.index(step) + 1))
    if any(c is None for c in picked) and (len(passes) < len(chain) and chain[len(passes)].giver == who):
        said = _("seen: {seat} knows the cards it set aside, so they are not open")
        raise PositionError(said.format(seat=seat_label(who)))
    return who


def deal_open(state: PosledniyState, seen: int) -> None:
    """Deal the open cards as ``seen``'s search would: the hands it cannot see, the passes it did not
    make or receive, another giver's picks, consistently with the voids shown and its own pass."""
    rng = state.rng.rng()
    n = state.n
    plays = {c: p for p, c in state.plays()}
    voids = state.voids() if state.phase != EXCHANGE else [set() for _ in range(n)]
    try:
        hands, passes = hidden.redeal(
            n, state.dealer, state.counts, state.passes, state.hands, plays, voids, seen, rng
        )
    except KeyError:  # a card of its own pass is where no pass can have put it
        raise PositionError(_(_MISPLACED)) from None
    except ValueError:
        said = _("no deal of the open cards fits what {seat} knows (the voids shown)")
        raise PositionError(said.format(seat=seat_label(seen))) from None
    state.hands, state.passes = [tuple(h) for h in hands], tuple(passes)
    state.sync_actions()
    if state.picked and state.picked[0] < 0:
        state.picked = tuple(rng.sample(state.hands[state.chain[state.step].giver], len(state.picked)))


_MISPLACED = N_("passed: a card passed is held or played where the exchange cannot have put it (P-5)")


def check_passes(state: PosledniyState) -> None:
    """Refuse passes that contradict the hands and tricks: each seat's search must be able to deal
    the cards it cannot see (a bot at the table determinizes the position read)."""
    if state.phase == OVER:
        return
    for p in range(state.n):
        try:
            state.determinize(p, random.Random(0))
        except (KeyError, ValueError):
            raise PositionError(_(_MISPLACED)) from None


def check_cards(n: int, hands: list[list[int]], tricks: list[tuple[int, ...]], trick: list[int]) -> None:
    deck = Counter(DECKS[n])
    used = Counter(c for h in hands for c in h) + Counter(c for t in tricks for c in t) + Counter(trick)
    for c, k in sorted(used.items()):
        if c not in deck:
            said = _("{card} is not in the deck of {size} cards for {count} players (P-2)")
            raise PositionError(said.format(card=card_names([c]), size=len(deck), count=n))
        if k > 1:
            said = ngettext(
                "{card} appears {count} time; the deck has one of each card (P-2)",
                "{card} appears {count} times; the deck has one of each card (P-2)",
                k,
            )
            raise PositionError(said.format(card=card_names([c]), count=k))
    missing = sorted(set(deck) - set(used))
    if missing:
        said = ngettext(
            "{count} card is nowhere ({cards}…): every card is held or played",
            "{count} cards are nowhere ({cards}…): every card is held or played",
            len(missing),
        )
        raise PositionError(said.format(count=len(missing), cards=card_names(missing[:6])))


def check_exchange(n: int, dealer: int, hands: list[list[int]], passes: list[tuple[int, ...]]) -> None:
    sizes = [HAND] * n
    sizes[dealer] = len(DECKS[n]) - (n - 1) * HAND
    for _cards, step in zip(passes, CHAINS[n, dealer], strict=False):
        sizes[step.giver] -= step.count
        sizes[step.receiver] += step.count
    for p in range(n):
        if len(hands[p]) != sizes[p]:
            said = ngettext(
                "{seat} holds {count} card; at this point of the exchange: {want} (P-5)",
                "{seat} holds {count} cards; at this point of the exchange: {want} (P-5)",
                len(hands[p]),
            )
            raise PositionError(said.format(seat=seat_label(p), count=len(hands[p]), want=sizes[p]))
