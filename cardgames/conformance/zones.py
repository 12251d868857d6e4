"""The kit's checks of declared card zones: the declaration fits the state, its views and its re-deals.

A state that declares ``zones`` gets its view, ``determinize`` and card list derived from them,
and the table every front end draws reads them. Where it writes one of those itself, the
declaration must still agree with it, or the table would show what the view hides (or the
reverse). With every part derived, the kit's other checks already hold the declaration.
"""

from __future__ import annotations

import random
from collections import Counter

from cardgames.conformance.common import failure
from cardgames.conformance.texts import cards_in
from cardgames.core.record import GameRecord
from cardgames.core.state import GameState
from cardgames.core.zones import (
    all_zone_cards,
    getattr_path,
    redeal_hidden,
    seen_zones,
    shared_seat,
    zone_lists,
    zone_view,
)
from cardgames.primitives.cards import Card


def _own(state: GameState, name: str) -> bool:
    return getattr(type(state), name) is not getattr(GameState, name)


def _check_public_cards(state: GameState, seat: int, record: GameRecord) -> None:
    """Every card a public field names lies face up for ``seat`` somewhere (a re-deal cannot move a copy)."""
    zones = type(state).zones
    seen = {c for z in seen_zones(state, zones, seat) for f in z.faces for c in f}
    for name in type(state).public_fields:
        hidden = cards_in(getattr_path(state, name)) - seen
        if hidden:
            cards = " ".join(sorted(str(c) for c in hidden))
            raise failure(
                f"the public field {name!r} names {cards}, which lies where seat {seat} cannot see it: "
                "the view would show it (declare where it lies face up, or keep it out of public_fields)",
                record,
            )


def check_zones(state: GameState, rng: random.Random, record: GameRecord) -> None:
    """A state's declared zones fit it: their shapes, the cards it lists, what its view and re-deals hide."""
    zones = type(state).zones
    if not zones:
        return
    n = state.players
    for zone in zones:
        lists = zone_lists(state, zone)
        if not all(isinstance(cards, list) for cards in lists) or (zone.per_seat and len(lists) != n):
            shape = f"a list of {n} card lists" if zone.per_seat else "a list of cards"
            raise failure(f"zone {zone.name!r} must hold {shape}", record)
        for owner in range(n if zone.shared_with is not None else 0):
            other = shared_seat(state, zone, owner)
            if other is not None and (not isinstance(other, int) or not 0 <= other < n or other == owner):
                raise failure(f"zone {zone.name!r}: {zone.shared_with}[{owner}] is not another seat", record)
        for owner in range(n if zone.known is not None else 0):
            known: Counter[Card] = Counter(getattr_path(state, str(zone.known))[owner])
            if known - Counter(lists[owner]):
                raise failure(
                    f"zone {zone.name!r}: {zone.known}[{owner}] names cards not there (they left the hand)",
                    record,
                )
    if _own(state, "all_cards") and Counter(state.all_cards()) != Counter(all_zone_cards(state, zones)):
        raise failure("the declared zones do not hold the cards all_cards() lists", record)
    for seat in range(n):
        _check_public_cards(state, seat, record)
        if _own(state, "view"):
            copy = state.clone()
            redeal_hidden(state, copy, zones, seat, rng)
            if copy.view(seat) != state.view(seat):
                raise failure(
                    f"the view of seat {seat} shows cards its declared zones hide: the view changed when "
                    "they were dealt again",
                    record,
                )
        if _own(state, "determinize"):
            public, seats = type(state).public_fields, type(state).public_seats
            before = zone_view(state, zones, seat, public, seats)
            after = zone_view(state.determinize(seat, rng), zones, seat, public, seats)
            if before != after:
                raise failure(
                    f"the declared zones show seat {seat} cards that determinize deals again: the table "
                    f"would show what the game hides\nbefore: {before.zones!r}\nafter:  {after.zones!r}",
                    record,
                )
