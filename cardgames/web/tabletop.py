"""A seat's table (``cardgames.core.tabletop.Tabletop``) as JSON for the page that draws it.

Every text in it is the game's, written for people; the ``seat`` numbers are only where the
page puts things. A spectator's table holds only what every seat's table shows alike.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, TypeVar

from cardgames.core.game import Game
from cardgames.core.tableread import tabletop_or_default
from cardgames.core.tabletop import CentreZone, Decision, SeatPlace, Tabletop
from cardgames.primitives.cards import Card, Suit, card_name, format_card
from cardgames.primitives.language import FRAMEWORK, N_plural, Texts

T = TypeVar("T")

TEXTS = Texts(FRAMEWORK, {"choosing": N_plural("{names} is choosing", "{names} are choosing")})


def card_data(c: Card) -> dict[str, Any]:
    """A card for the page: notation, glyph, words for screen readers, colour, and its face's parts."""
    if c.rank is None or c.suit is None:
        return {"code": "JOKER", "glyph": "🃏", "text": card_name(c), "red": False, "joker": True}
    return {
        "code": format_card(c),
        "glyph": format_card(c, glyphs=True),
        "text": card_name(c),  # for screen readers and the page's notices, in the seat's language
        "red": c.suit.is_red,
        "joker": False,
        "rank": c.rank.symbol,
        "suit": c.suit.glyph,
    }


def suit_data(suit: Suit | None) -> dict[str, Any] | None:
    """A suit drawn as a sign: its glyph, its name for screen readers, its colour."""
    return None if suit is None else {"glyph": suit.glyph, "text": suit.spoken, "red": suit.is_red}


def _name(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else ""


def zone_data(zone: CentreZone, names: Sequence[str]) -> dict[str, Any]:
    """A centre zone: its cards, each with who put it there (by name), its backs and its note."""
    return {
        "kind": zone.kind.value,
        "label": zone.label,
        "cards": [
            {**card_data(p.card), "seat": p.seat, "by": _name(names, p.seat), "note": p.note}
            for p in zone.cards
        ],
        "backs": zone.backs,
        "note": zone.note,
    }


def seat_data(place: SeatPlace) -> dict[str, Any]:
    """A seat around the table: its name, marks, cards held (those all have seen, face up), tricks, score."""
    return {
        "seat": place.seat,
        "name": place.name,
        "marks": sorted(m.value for m in place.marks),
        "cards": place.cards,
        "tricks": place.tricks,
        "score": place.score,
        "note": place.note,
        "known": [card_data(c) for c in place.known],
    }


def tabletop_data(top: Tabletop, names: Sequence[str]) -> dict[str, Any]:
    """The whole table as the page draws it (the hand's playable cards come with the moves)."""
    decision = top.decision
    return {
        "viewer": top.viewer,
        "heading": top.heading,
        "seats": [seat_data(p) for p in top.seats],
        "centre": [zone_data(z, names) for z in top.centre],
        "hand": [card_data(c) for c in top.hand],
        "decision": None
        if decision is None
        else {
            "seats": list(decision.seats),
            "text": decision.text,
            "detail": decision.detail,
            "picks": decision.picks,
            "to": _name(names, decision.to_seat),
            "seconds": decision.seconds,
            "race": decision.race,
        },
        "last": None if top.last is None else zone_data(top.last, names),
        "direction": top.direction,
        "suit_in_force": suit_data(top.suit_in_force),
        "trump": suit_data(top.trump),
        "result": list(top.result),
    }


def tabletop_of(
    game: Game[Any, Any],
    view: Any,
    names: Sequence[str],
    playable: Collection[Card],
    asked: Sequence[int] | None = None,
    seconds: float | None = None,
) -> Tabletop:
    """The game's table from one seat's view (``Game.tabletop``), with the seats the table asks now.

    A plugin whose ``tabletop`` fails still gets the framework's default, read from its view, as
    in the terminal (``cardgames.play.table.tabletop_for``).
    """
    return tabletop_or_default(
        game, view, tuple(names), playable=frozenset(playable), asked=asked, seconds=seconds
    )


def _alike(values: Sequence[T]) -> T | None:
    return values[0] if values and all(v == values[0] for v in values[1:]) else None


def _public_seat(places: Sequence[SeatPlace]) -> SeatPlace:
    """A seat as every seat's table shows it: what differs between them is left out (its known cards
    as the others' tables show them: its own shows its whole hand instead)."""
    first = places[0]
    others = [p for k, p in enumerate(places) if k != first.seat] or list(places)
    return SeatPlace(
        first.seat,
        first.name,
        _alike([p.marks for p in places]) or frozenset(),
        _alike([p.cards for p in places]),
        _alike([p.tricks for p in places]),
        _alike([p.score for p in places]) or "",
        _alike([p.note for p in places]) or "",
        _alike([p.known for p in others]) or (),
    )


def _choosing(decisions: Sequence[Decision | None], names: Sequence[str]) -> Decision | None:
    """The decision as a spectator reads it where the seats' words differ: "Boris is choosing"."""
    seats = _alike([None if d is None else d.seats for d in decisions])
    if not seats or not names:
        return None
    who = ", ".join(_name(names, s) for s in seats)
    return Decision(seats, TEXTS.say("choosing", count=len(seats), names=who))


def public_tabletop(tops: Sequence[Tabletop], names: Sequence[str] = ()) -> Tabletop:
    """A spectator's table: only what every seat's table shows alike (rule I-1), with no hand.

    Where the seats' tables word the decision differently (the seat asked reads its own prompt),
    the spectator reads who is choosing, and nothing of what they choose from.
    """
    first = tops[0]
    return Tabletop(
        viewer=None,
        heading=_alike([t.heading for t in tops]) or "",
        seats=tuple(_public_seat([t.seats[k] for t in tops]) for k in range(len(first.seats))),
        centre=tuple(z for z in first.centre if all(z in t.centre for t in tops[1:])),
        decision=_alike([t.decision for t in tops]) or _choosing([t.decision for t in tops], names),
        last=_alike([t.last for t in tops]),
        direction=first.direction if _alike([t.direction for t in tops]) is not None else 1,
        suit_in_force=_alike([t.suit_in_force for t in tops]),
        trump=_alike([t.trump for t in tops]),
        result=_alike([t.result for t in tops]) or (),
    )
