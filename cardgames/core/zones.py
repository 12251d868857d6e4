"""Declared card zones: where a game's cards live and who may see them, said once per state class.

A state lists its zones at class level (``zones = (Zone("hands", per_seat=True, ...), ...)``);
each names an attribute holding a list of cards, or for a zone every seat has, a list of such
lists by seat. Lists run from the bottom up: the last card is the top (what ``pop()`` draws).
From the declaration the framework derives ``all_cards``, ``determinize`` and a generic
``view``, and the table model draws the zones (``cardgames.core.tabletop``).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from cardgames.core.state import LogEntry, PrivateText
from cardgames.core.tabletop import ZoneKind
from cardgames.primitives.cards import Card, sort_key
from cardgames.primitives.language import FRAMEWORK, N_, Texts
from cardgames.primitives.said import Said
from cardgames.primitives.seating import SeatNumber


class Visibility(enum.Enum):
    """Who may see the cards of a zone; everyone may always count them."""

    PUBLIC = "public"
    """Face up: everyone sees every card (the trick, a discard pile spread out)."""
    OWNER = "owner"
    """Seen by the seat it belongs to only (a hand); a zone every seat has."""
    HIDDEN = "hidden"
    """Face down: nobody sees the cards (the stock). Not for cards everyone saw go there (tricks
    taken): a re-deal would put them back in the others' hands; declare those PUBLIC."""
    TOP = "top"
    """Face down but for the top card, which everyone sees (a discard pile)."""
    BOTTOM = "bottom"
    """Face down but for the bottom card, which everyone sees (a trump turned under the stock)."""


@frozen
class Zone:
    """One place cards lie in a game: its attribute on the state, what it is, and who sees it."""

    name: str
    """The state's attribute holding the cards (dotted for one inside another: ``"trick.cards"``)."""
    kind: ZoneKind
    """What it is on the table (a hand, the trick, the stock...), for the table model."""
    visibility: Visibility = Visibility.PUBLIC
    per_seat: bool = False
    """Whether every seat has one: the attribute is then a list of card lists, by seat."""
    shared_with: str | None = None
    """For a zone every seat has: the state's attribute giving, by seat, the one other seat that
    also sees that seat's cards there, or None (cards passed face down: giver and receiver see them)."""
    known: str | None = None
    """For a zone every seat has, seen by its owner: the state's attribute giving, by seat, the cards
    of that seat's list that everyone has seen go there (cards a defender picked up from the table).
    Every seat sees them, and a re-deal leaves them where they are."""
    label: str | Said = ""
    """Its name in words: a ``Said`` of the game's catalog to be read in each player's language, or
    a plain text said as it is; empty: the framework's word for its kind ("Stock", "Discard pile",
    in the player's language), else the attribute's name, capitalised."""
    played_by: str | None = None
    """For a public zone that is not per seat: the state's attribute giving the seat that put each
    of its cards there, in the same order (a trick's ``seats``), so that the table says who played
    each card."""

    def __attrs_post_init__(self) -> None:
        """Refuse a declaration that cannot mean anything."""
        for path in (self.name, self.shared_with or "x", self.known or "x"):
            if not all(part.isidentifier() for part in path.split(".")):
                raise ValueError(
                    f"zone {self.name!r}: {path!r} is not an attribute name (dotted for one inside another)"
                )
        if self.visibility is Visibility.OWNER and not self.per_seat:
            raise ValueError(f"zone {self.name!r}: a zone seen by its owner needs per_seat")
        if (
            self.shared_with is not None or self.known is not None
        ) and self.visibility is not Visibility.OWNER:
            raise ValueError(f"zone {self.name!r}: shared_with and known need a zone seen by its owner")
        if self.played_by is not None and (self.per_seat or self.visibility is not Visibility.PUBLIC):
            raise ValueError(f"zone {self.name!r}: played_by needs a public zone that is not per seat")

    @property
    def title(self) -> str:
        """Its name in words, in the language in force."""
        if isinstance(self.label, Said):
            return self.label.words()
        if self.label:
            return self.label
        word = KIND_TITLES.get(self.kind)
        if word is not None:
            return FRAMEWORK.gettext(word)
        return self.name.rsplit(".", 1)[-1].replace("_", " ").capitalize()


KIND_TITLES = {
    ZoneKind.HAND: N_("Hand"),
    ZoneKind.TAKEN: N_("Tricks taken"),
    ZoneKind.TRICK: N_("Trick"),
    ZoneKind.DISCARD: N_("Discard pile"),
    ZoneKind.STOCK: N_("Stock"),
    ZoneKind.TRUMP: N_("Trump"),
    ZoneKind.PASSED: N_("Passed cards"),
}
"""A zone's name by its kind when the game gives none (an OTHER zone is named by its attribute)."""


@frozen
class SeenZone:
    """A zone as one seat sees it: how many cards lie there and which of them it may see."""

    name: str
    """The zone's attribute on the state (``Zone.name``)."""
    kind: ZoneKind
    title: str
    per_seat: bool
    counts: tuple[int, ...]
    """How many cards lie there: one count per seat for a zone every seat has, else one count."""
    faces: tuple[tuple[Card, ...], ...]
    """The cards the seat sees there, bottom first: per seat for a zone every seat has (empty where
    it sees none), else one tuple (for a TOP or BOTTOM zone only that card, while there is one)."""
    played_by: tuple[int, ...] = ()
    """Who put each card there, in the order of ``cards``, where the zone declares it (``Zone.played_by``)."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The face-up cards of a zone that is not per seat (every seat's, in seat order, if it is)."""
        return tuple(c for f in self.faces for c in f)

    @property
    def count(self) -> int:
        """How many cards lie there in all."""
        return sum(self.counts)


@frozen
class Fact:
    """A public field of the state, by name, as the view shows it."""

    name: str
    value: Any
    words: Said | None = None
    """How a seat field is said on the table (``GameState.public_seat_words``); None: by its name."""


@frozen
class ZoneView:
    """What one seat may know of a game that declares its zones: the view derived from them.

    Its own cards, the others' counts, the public cards, the public fields the state names and
    the log; a seat in a field is a :class:`~cardgames.primitives.seating.SeatNumber`.
    """

    seat: SeatNumber
    players: int
    to_act: SeatNumber | None
    """The seat to act; None once the game is over or in a race, whose passes it would show."""
    hand: tuple[Card, ...]
    """The seat's own cards in its first hand zone, sorted."""
    zones: tuple[SeenZone, ...]
    facts: tuple[Fact, ...]
    log: tuple[LogEntry, ...]
    race: bool = False
    """Whether a race is open (``GameState.race``): the question goes to several seats at once."""

    def zone(self, name: str) -> SeenZone:
        """The zone declared under ``name``."""
        for z in self.zones:
            if z.name == name:
                return z
        raise KeyError(f"no zone {name!r}; the zones are {', '.join(z.name for z in self.zones)}")

    def fact(self, name: str) -> Any:
        """The public field ``name``."""
        for f in self.facts:
            if f.name == name:
                return f.value
        raise KeyError(
            f"no public field {name!r}; the public fields are {', '.join(f.name for f in self.facts)}"
        )


def getattr_path(state: object, path: str) -> Any:
    """The attribute at a dotted ``path`` of ``state``."""
    value: Any = state
    for part in path.split("."):
        value = getattr(value, part)
    return value


def zone_lists(state: object, zone: Zone) -> list[list[Card]]:
    """The card lists of a zone: one per seat for a zone every seat has, else its one list."""
    value = getattr_path(state, zone.name)
    return list(value) if zone.per_seat else [value]


def shared_seat(state: object, zone: Zone, owner: int) -> int | None:
    """The other seat that sees ``owner``'s cards in ``zone`` (``Zone.shared_with``), if any."""
    return None if zone.shared_with is None else getattr_path(state, zone.shared_with)[owner]


def seen_cards(state: object, zone: Zone, owner: int, seat: int | None) -> list[int]:
    """The places in the list (of seat ``owner``'s, for a zone every seat has) that ``seat`` sees."""
    cards = zone_lists(state, zone)[owner]
    vis = zone.visibility
    if vis is Visibility.PUBLIC:
        return list(range(len(cards)))
    if vis is Visibility.OWNER:
        if seat is not None and seat in (owner, shared_seat(state, zone, owner)):
            return list(range(len(cards)))
        return known_places(cards, [] if zone.known is None else getattr_path(state, zone.known)[owner])
    if not cards or vis is Visibility.HIDDEN:
        return []
    return [len(cards) - 1] if vis is Visibility.TOP else [0]


def known_places(cards: Sequence[Card], known: Sequence[Card]) -> list[int]:
    """The places in ``cards`` of the ``known`` cards, each copy once (a known card not there is ignored)."""
    left = list(known)
    out = []
    for i, c in enumerate(cards):
        if c in left:
            left.remove(c)
            out.append(i)
    return out


def all_zone_cards(state: object, zones: Sequence[Zone]) -> list[Card]:
    """Every card of every zone, zone by zone in declaration order (and seat by seat)."""
    return [c for z in zones for cards in zone_lists(state, z) for c in cards]


def redeal_hidden(state: object, copy: object, zones: Sequence[Zone], seat: int, rng: random.Random) -> None:
    """Deal every card hidden from ``seat`` again at random into the places hidden from it, in ``copy``.

    ``copy`` is a clone of ``state``; a zone list it shares with ``state`` is refused (a re-deal in it
    would change the game itself): declare such a field SHALLOW or NESTED, not SHARED.
    """
    places: list[tuple[list[Card], int]] = []
    for z in zones:
        for owner, (cards, original) in enumerate(
            zip(zone_lists(copy, z), zone_lists(state, z), strict=True)
        ):
            if cards is original and cards:
                raise TypeError(
                    f"{type(state).__name__}.clone() shares the list of zone {z.name!r} with the original"
                )
            seen = set(seen_cards(copy, z, owner, seat))
            places.extend((cards, i) for i in range(len(cards)) if i not in seen)
    pool = [cards[i] for cards, i in places]
    rng.shuffle(pool)
    for (cards, i), c in zip(places, pool, strict=True):
        cards[i] = c


def seen_zones(state: object, zones: Sequence[Zone], seat: int | None) -> tuple[SeenZone, ...]:
    """Every zone as ``seat`` sees it (None: a spectator)."""
    out = []
    for z in zones:
        lists = zone_lists(state, z)
        faces = tuple(tuple(cards[i] for i in seen_cards(state, z, o, seat)) for o, cards in enumerate(lists))
        counts = tuple(len(cards) for cards in lists)
        by: tuple[int, ...] = ()
        if z.played_by is not None:
            by = tuple(getattr_path(state, z.played_by))
            if len(by) != counts[0]:
                problem = f"{z.played_by!r} names {len(by)} seats for {counts[0]} cards"
                raise ValueError(f"zone {z.name!r}: {problem}")
        out.append(SeenZone(z.name, z.kind, z.title, z.per_seat, counts, faces, by))
    return tuple(out)


def public_value(value: Any, seat: bool) -> Any:
    """A state field's value frozen for a view: lists as tuples, a dict as its (key, value) pairs in
    key order (a seat field ``{giver: receiver}`` maps seats to seats), a seat as a SeatNumber."""
    if isinstance(value, dict):
        return tuple((public_value(k, seat), public_value(v, seat)) for k, v in sorted(value.items()))
    if isinstance(value, list | tuple):
        return tuple(public_value(v, seat) for v in value)
    if seat and isinstance(value, int) and not isinstance(value, bool):
        return SeatNumber(value)
    return value


def zone_view(
    state: Any,
    zones: Sequence[Zone],
    seat: int,
    public: Sequence[str] = (),
    seats: Sequence[str] = (),
    seat_words: Texts | None = None,
) -> ZoneView:
    """The view of ``seat`` derived from the zones, with the public fields ``public`` and ``seats``.

    ``seat_words`` says the ``seats`` fields it names in the plugin's catalog (``public_seat_words``).
    """
    seen = seen_zones(state, zones, seat)
    hand_zone = next((z for z in seen if z.kind is ZoneKind.HAND and z.per_seat), None)
    hand = tuple(sorted(hand_zone.faces[seat], key=sort_key)) if hand_zone is not None else ()
    facts = [Fact(n, public_value(getattr_path(state, n), False)) for n in public]
    facts += [Fact(n, public_value(getattr_path(state, n), True), _words(seat_words, n)) for n in seats]
    race = state.race()
    to_act = None if race else state.to_act()
    return ZoneView(
        SeatNumber(seat),
        state.players,
        None if to_act is None else SeatNumber(to_act),
        hand,
        seen,
        tuple(facts),
        tuple(_entry_for(e, seat) for e in getattr(state, "log", ())),
        race,
    )


def _words(seat_words: Texts | None, name: str) -> Said | None:
    """The words of seat field ``name`` in the plugin's catalog, None if it gives none."""
    if seat_words is None or name not in seat_words.texts:
        return None
    return Said(seat_words.texts[name], (), seat_words.catalog)


def _entry_for(entry: LogEntry | PrivateText, seat: int) -> LogEntry:
    """A state's log entry as ``seat`` reads it: a LogEntry's ``text`` is its own seat's only."""
    if isinstance(entry, PrivateText):
        return entry.entry_for(seat)
    return entry if entry.seat == seat else entry.public_entry
