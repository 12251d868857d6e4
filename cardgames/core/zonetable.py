"""The table model (``cardgames.core.tabletop``) of a game that declares its card zones, from its view.

A :class:`~cardgames.core.zones.ZoneView` says what one seat sees of every zone, so the table
follows from it: the seats by name with their card counts and roles (a public seat field
named ``dealer`` or ``leader`` is a mark, any other, such as ``attacker``, a note in words),
every zone that is not a seat's as a centre zone with its face-up cards and its backs, a
zone every seat has (cards passed, cards taken) wherever the viewer sees some of its cards,
the viewer's hand, a ``trump`` suit, and who is to move. Every text is in ``TEXTS``.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.tableread import default_decision
from cardgames.core.tabletop import CentreZone, Mark, PlacedCard, SeatPlace, Tabletop, ZoneKind
from cardgames.core.zones import SeenZone, ZoneView
from cardgames.primitives.cards import Card, Suit
from cardgames.primitives.seating import SeatNumber, seat_text

TEXTS = {
    "seat_zone": "{zone}: {name}",
    "role": "{role}",
}
"""The texts of the zones' table, by key: whole phrases with ``{placeholders}``."""

MARKS = {"dealer": Mark.DEALER, "leader": Mark.LEADER}
"""Public seat fields drawn as a mark beside the seat; any other is a note in words."""


def _roles(view: ZoneView) -> dict[int, tuple[set[Mark], list[str]]]:
    roles: dict[int, tuple[set[Mark], list[str]]] = {s: (set(), []) for s in range(view.players)}
    for fact in view.facts:
        seats = fact.value if isinstance(fact.value, tuple) else (fact.value,)
        for seat in seats:
            if isinstance(seat, SeatNumber) and seat in roles:
                if fact.name in MARKS:
                    roles[seat][0].add(MARKS[fact.name])
                else:
                    roles[seat][1].append(TEXTS["role"].format(role=fact.name.replace("_", " ")))
    return roles


def _centre(zone: SeenZone, names: Sequence[str]) -> list[CentreZone]:
    """A zone as the centre shows it: itself, or for a zone every seat has, each seat's part it sees."""
    if zone.kind is ZoneKind.HAND:
        return []
    if not zone.per_seat:
        cards = zone.faces[0]
        return [
            CentreZone(zone.kind, zone.title, tuple(PlacedCard(c) for c in cards), zone.count - len(cards))
        ]
    return [
        CentreZone(
            zone.kind,
            TEXTS["seat_zone"].format(zone=zone.title, name=names[s]),
            tuple(PlacedCard(c, s) for c in cards),
            zone.counts[s] - len(cards),
        )
        for s, cards in enumerate(zone.faces)
        if cards
    ]


def zone_tabletop(
    title: str,
    view: ZoneView,
    names: Sequence[str],
    *,
    playable: frozenset[Card] = frozenset(),
    asked: Sequence[int] | None = None,
    seconds: float | None = None,
) -> Tabletop:
    """The table as the seat of ``view`` sees it; ``asked``: the seats to move (None: ``view.to_act``)."""
    shown = tuple(seat_text(s, names) for s in range(view.players))
    asked = tuple(asked) if asked is not None else (() if view.to_act is None else (view.to_act,))
    hands = next((z for z in view.zones if z.kind is ZoneKind.HAND and z.per_seat), None)
    roles = _roles(view)
    seats = tuple(
        SeatPlace(
            s,
            shown[s],
            frozenset(roles[s][0] | ({Mark.TO_ACT} if s in asked else set())),
            cards=None if hands is None else hands.counts[s],
            note=", ".join(roles[s][1]),
        )
        for s in range(view.players)
    )
    trump = next((f.value for f in view.facts if f.name == "trump" and isinstance(f.value, Suit)), None)
    return Tabletop(
        viewer=int(view.seat),
        heading=title,
        seats=seats,
        centre=tuple(c for z in view.zones for c in _centre(z, shown)),
        hand=view.hand,
        playable=frozenset(c for c in playable if c in view.hand),
        decision=default_decision(int(view.seat), asked, shown, seconds),
        trump=trump,
    )
