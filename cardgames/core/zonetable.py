"""The table model (``cardgames.core.tabletop``) of a game that declares its card zones, from its view.

A :class:`~cardgames.core.zones.ZoneView` says what one seat sees of every zone, so the table
follows from it: the seats by name with their card counts and roles (a public seat field
named ``dealer`` or ``leader`` is a mark, any other, such as ``attacker``, a note in words, and
one that maps seats to seats, such as ``passes_to``, a note on each seat naming its other seat;
the words are the plugin's ``GameState.public_seat_words``, else the field's name),
a hand's cards every seat has seen go there (``Zone.known``) face up on its seat,
every zone that is not a seat's as a centre zone with its face-up cards and its backs, a
zone every seat has (cards passed, cards taken) wherever the viewer sees some of its cards,
of a discard pile its top card, the last finished trick from a public ``last_…`` field
(``LAST``), the viewer's hand, a ``trump`` suit, and who is to move. Every text is in ``TEXTS``.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.tableread import default_decision
from cardgames.core.tabletop import CentreZone, Mark, PlacedCard, SeatPlace, Tabletop, ZoneKind
from cardgames.core.zones import SeenZone, ZoneView
from cardgames.primitives.cards import Card, Suit
from cardgames.primitives.language import N_, N_plural, Texts, catalog
from cardgames.primitives.seating import SeatNumber, seat_text

TEXTS = Texts(
    catalog("cardgames"),
    {
        "seat_zone": N_("{zone}: {name}"),
        "role": N_("{role}"),
        "role_to": N_("{role} {name}"),
        "under": N_plural("1 more card under it", "{count} more cards under it"),
    },
)
"""The texts of the zones' table, by key: whole phrases with ``{placeholders}``."""

MARKS = {"dealer": Mark.DEALER, "leader": Mark.LEADER}
"""Public seat fields drawn as a mark beside the seat; any other is a note in words."""

LAST = "last_"
"""A public field named ``last_…`` holding cards is the last finished trick or bout (``Tabletop.last``),
labelled by its name ("last_bout": "Last bout"): its cards in play order, each a card or a
(seat, card) pair. The game keeps it until the next one; the zones keep where the cards went."""


def _seat_map(value: object) -> dict[int, int] | None:
    """A public seat field that names one seat for each of some seats (``{giver: receiver}``), else None."""
    if not isinstance(value, tuple) or not value:
        return None
    pairs = [
        p for p in value if isinstance(p, tuple) and len(p) == 2 and all(isinstance(s, SeatNumber) for s in p)
    ]
    return {int(a): int(b) for a, b in pairs} if len(pairs) == len(value) else None


def _roles(view: ZoneView, names: Sequence[str]) -> dict[int, tuple[set[Mark], list[str]]]:
    roles: dict[int, tuple[set[Mark], list[str]]] = {s: (set(), []) for s in range(view.players)}
    for fact in view.facts:
        role = fact.name.replace("_", " ") if fact.words is None else fact.words.words()
        links = _seat_map(fact.value)
        if links is not None:  # each seat's own other seat: "passes to Boris"
            for seat, other in links.items():
                if seat in roles and 0 <= other < view.players:
                    roles[seat][1].append(TEXTS.say("role_to", role=role, name=names[other]))
            continue
        seats = fact.value if isinstance(fact.value, tuple) else (fact.value,)
        for seat in seats:
            if isinstance(seat, SeatNumber) and seat in roles:
                if fact.name in MARKS:
                    roles[seat][0].add(MARKS[fact.name])
                else:
                    roles[seat][1].append(TEXTS.say("role", role=role))
    return roles


def _placed(item: object) -> PlacedCard | None:
    """A card of a last trick: a card, or a (seat, card) pair; None for anything else."""
    if isinstance(item, Card):
        return PlacedCard(item)
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], Card):
        seat = item[0]
        is_seat = isinstance(seat, int) and not isinstance(seat, bool)
        return PlacedCard(item[1], int(seat)) if is_seat else None
    return None


def _last(view: ZoneView) -> CentreZone | None:
    """The last finished trick or bout, from a public field named ``last_…`` that holds cards (``LAST``)."""
    for fact in view.facts:
        if fact.name.startswith(LAST) and isinstance(fact.value, tuple) and fact.value:
            placed = [_placed(item) for item in fact.value]
            if all(p is not None for p in placed):
                label = fact.name.replace("_", " ").capitalize()
                return CentreZone(ZoneKind.TRICK, label, tuple(p for p in placed if p is not None))
    return None


def _centre(zone: SeenZone, names: Sequence[str]) -> list[CentreZone]:
    """A zone as the centre shows it: itself, or for a zone every seat has, each seat's part it sees."""
    if zone.kind is ZoneKind.HAND:
        return []
    if not zone.per_seat:
        cards = zone.faces[0]
        backs = zone.count - len(cards)
        if zone.kind is ZoneKind.DISCARD and len(cards) > 1:  # of a discard pile only the top matters
            under = len(cards) - 1
            note = TEXTS.say("under", count=under)
            top = PlacedCard(cards[-1], zone.played_by[-1] if zone.played_by else None)
            return [CentreZone(zone.kind, zone.title, (top,), backs, note)]
        by = zone.played_by or (None,) * len(cards)
        placed = tuple(PlacedCard(c, s) for c, s in zip(cards, by, strict=True))
        return [CentreZone(zone.kind, zone.title, placed, backs)]
    return [
        CentreZone(
            zone.kind,
            TEXTS.say("seat_zone", zone=zone.title, name=names[s]),
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
    roles = _roles(view, shown)
    seats = tuple(
        SeatPlace(
            s,
            shown[s],
            frozenset(roles[s][0] | ({Mark.TO_ACT} if s in asked else set())),
            cards=None if hands is None else hands.counts[s],
            note=", ".join(roles[s][1]),
            known=() if hands is None or s == view.seat else hands.faces[s],
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
        decision=default_decision(int(view.seat), asked, shown, seconds, race=view.race),
        last=_last(view),
        trump=trump,
    )
