"""The table model read from any view: what :meth:`cardgames.core.game.Game.tabletop` gives by default.

A game that declares nothing still gets a table: the seats by name with the marks and
counts its view holds under the usual field names (``to_act``, ``dealer``, ``leader``,
``hand_sizes`` or ``card_counts``, ``taken`` or ``tricks`` as counts, ``points``, ``scores``
or ``chips``), the trick on the table (``trick`` with ``leader``), the last finished trick
(``tricks`` as :class:`~cardgames.primitives.tricks.Trick` values), a discard's ``top``, a
``stock_size``, a ``trump`` (a suit or a turned-up card) and the view's ``hand``. A game
with more to say overrides the hook and may use the helpers here (``seat_names``,
``say``, ``score_text``). Every player-facing text of this default is in ``TEXTS``, one sentence each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.core.choosing import Pick
from cardgames.core.tabletop import CentreZone, Decision, Mark, PlacedCard, SeatPlace, Tabletop, ZoneKind
from cardgames.primitives.cards import Card, Suit
from cardgames.primitives.language import N_, N_plural, Texts, catalog
from cardgames.primitives.seating import seat_text
from cardgames.primitives.tricks import Trick, TrickInPlay

TEXTS = Texts(
    catalog("cardgames"),
    {
        "your_move": N_("your move"),
        "to_move": N_("{name} to move"),
        "several_to_move": N_("{names} to choose"),
        "race_yours": N_("your move if you want it: the first one in wins"),
        "race_open": N_("open to {names}: the first one in wins"),
        "trick": N_("Trick"),
        "last_trick": N_("Last trick"),
        "last_trick_taken": N_("{name} took it"),
        "discard": N_("Discard pile"),
        "stock": N_("Stock"),
        "trump": N_("Trump"),
        "trump_suit": N_("trumps: {suit}"),
        "score": N_plural("1 point", "{count} points"),
        "chips": N_plural("{count:+d} chip", "{count:+d} chips"),
    },
)
"""The default's texts, by key: whole sentences or phrases with ``{placeholders}``."""

COUNT_FIELDS = ("hand_sizes", "card_counts", "hand_counts", "cards_held")
TAKEN_FIELDS = ("taken", "tricks_taken", "tricks")
SCORE_FIELDS = ("points", "scores", "score")


def seat_names(names: Sequence[str], players: int) -> tuple[str, ...]:
    """Every seat's name (``seat_text``): the players' names, or "P1", "P2" … where none is given."""
    return tuple(seat_text(s, names) for s in range(players))


def _field(view: Any, name: str) -> Any:
    return getattr(view, name, None)


def _seat_field(view: Any, name: str, players: int) -> int | None:
    value = _field(view, name)
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players else None


def _per_seat(view: Any, candidates: Sequence[str], players: int) -> tuple[int, ...] | None:
    """The first of ``candidates`` that holds one whole number per seat."""
    for name in candidates:
        value = _field(view, name)
        if (
            isinstance(value, tuple)
            and len(value) == players
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            return value
    return None


def score_text(count: int, chips: bool = False) -> str:
    """A seat's score in words: "1 point", "11 points", or in chips "+3 chips"."""
    if chips:
        return TEXTS.say("chips", count=count)
    return TEXTS.say("score", count=count)


def trick_zone(
    label: str, leader: int, cards: Sequence[Card], players: int, direction: int = 1
) -> CentreZone:
    """A trick as a centre zone: each card with the seat that played it, from ``leader`` on."""
    placed = tuple(PlacedCard(c, (leader + k * direction) % players) for k, c in enumerate(cards))
    return CentreZone(ZoneKind.TRICK, label, placed)


def _trick(view: Any, players: int) -> CentreZone | None:
    trick = _field(view, "trick")
    if isinstance(trick, TrickInPlay):
        return trick_zone(TEXTS["trick"], trick.leader, trick.cards, players)
    leader = _seat_field(view, "leader", players)
    if isinstance(trick, tuple) and all(isinstance(c, Card) for c in trick) and leader is not None:
        return trick_zone(TEXTS["trick"], leader, trick, players)
    return None


def _last_trick(view: Any, players: int, names: Sequence[str]) -> CentreZone | None:
    tricks = _field(view, "tricks")
    if not (isinstance(tricks, tuple) and tricks and isinstance(tricks[-1], Trick)):
        return None
    last = tricks[-1]
    zone = trick_zone(TEXTS["last_trick"], last.leader, last.cards, players)
    return attrs.evolve(zone, note=TEXTS.say("last_trick_taken", name=names[last.winner]))


def _trump(view: Any) -> tuple[Suit | None, CentreZone | None]:
    trump = _field(view, "trump")
    if isinstance(trump, Card) and trump.suit is not None:
        return trump.suit, CentreZone(ZoneKind.TRUMP, TEXTS["trump"], (PlacedCard(trump),))
    if isinstance(trump, Suit):
        return trump, None
    return None, None


def asked_seats(view: Any, players: int, asked: Sequence[int] | None) -> tuple[int, ...]:
    """The seats asked now: ``asked`` when the table says, else the view's ``to_act``."""
    if asked is not None:
        return tuple(asked)
    to_act = _seat_field(view, "to_act", players)
    return () if to_act is None else (to_act,)


def read_tabletop(
    title: str,
    view: Any,
    names: Sequence[str],
    *,
    playable: frozenset[Card] = frozenset(),
    asked: Sequence[int] | None = None,
    seconds: float | None = None,
) -> Tabletop:
    """The table as ``view``'s seat sees it, read from the view's usual fields (see the module)."""
    players = _field(view, "players")
    if not isinstance(players, int) or isinstance(players, bool) or players <= 0:
        players = len(names)
    shown = seat_names(names, players)
    viewer = _seat_field(view, "seat", players)
    seats_asked = asked_seats(view, players, asked)
    dealer = _seat_field(view, "dealer", players)
    leader = _seat_field(view, "leader", players)
    counts = _per_seat(view, COUNT_FIELDS, players)
    taken = _per_seat(view, TAKEN_FIELDS, players)
    scores = _per_seat(view, SCORE_FIELDS, players)
    chips = _per_seat(view, ("chips",), players) if scores is None else None
    seats = []
    for s in range(players):
        marks = {Mark.TO_ACT} if s in seats_asked else set()
        if s == dealer:
            marks.add(Mark.DEALER)
        if s == leader:
            marks.add(Mark.LEADER)
        score = score_text(scores[s]) if scores else score_text(chips[s], True) if chips else ""
        seats.append(
            SeatPlace(
                s,
                shown[s],
                frozenset(marks),
                cards=counts[s] if counts else None,
                tricks=taken[s] if taken else None,
                score=score,
            )
        )
    suit, trump_zone = _trump(view)
    centre = [z for z in (trump_zone, _trick(view, players)) if z is not None]
    top = _field(view, "top")
    if isinstance(top, Card):
        centre.append(CentreZone(ZoneKind.DISCARD, TEXTS["discard"], (PlacedCard(top),)))
    stock = _field(view, "stock_size")
    if isinstance(stock, int) and not isinstance(stock, bool):
        centre.append(CentreZone(ZoneKind.STOCK, TEXTS["stock"], backs=stock))
    hand = _field(view, "hand")
    hand = tuple(c for c in hand if isinstance(c, Card)) if isinstance(hand, tuple) else ()
    return Tabletop(
        viewer=viewer,
        heading=title,
        seats=tuple(seats),
        centre=tuple(centre),
        hand=hand,
        playable=frozenset(c for c in playable if c in hand),
        decision=default_decision(viewer, seats_asked, shown, seconds),
        last=_last_trick(view, players, shown),
        trump=suit,
    )


def default_decision(
    viewer: int | None,
    asked: Sequence[int],
    names: Sequence[str],
    seconds: float | None = None,
    race: bool = False,
) -> Decision | None:
    """ "your move" for the viewer asked, else who is to move, by name (None: nobody is asked).

    In a race (``race``) the question is open to every seat asked, and it says so.
    """
    if not asked:
        return None
    if race:
        key = "race_yours" if viewer in asked else "race_open"
        text = TEXTS.say(key, names=", ".join(names[s] for s in asked))
        return Decision(tuple(asked), text, seconds=seconds, race=True)
    if viewer in asked:
        text = TEXTS.say("your_move")
    elif len(asked) == 1:
        text = TEXTS.say("to_move", name=names[asked[0]])
    else:
        text = TEXTS.say("several_to_move", names=", ".join(names[s] for s in asked))
    return Decision(tuple(asked), text, seconds=seconds)


def played_card(action: Any) -> Card | None:
    """The card an action plays from the hand, its ``card`` (None for a pick: a card chosen, not played)."""
    card = getattr(action, "card", None)
    return card if isinstance(card, Card) and not isinstance(action, Pick) else None


def playable_cards(legal: Sequence[Any]) -> frozenset[Card]:
    """The cards of the hand that some legal action plays now, for ``Game.tabletop``'s ``playable``."""
    return frozenset(c for c in map(played_card, legal) if c is not None)


def tabletop_or_default(
    game: Any,
    view: Any,
    names: Sequence[str],
    *,
    playable: frozenset[Card] = frozenset(),
    asked: Sequence[int] | None = None,
    seconds: float | None = None,
) -> Tabletop:
    """The game's table (``Game.tabletop``), or, where its hook fails, the default read from the view.

    A plugin's broken hook must not break a front end: the terminal and the browser both ask here.
    """
    try:
        return game.tabletop(view, names, playable=playable, asked=asked, seconds=seconds)  # type: ignore[no-any-return]
    except Exception:
        return read_tabletop(game.name, view, names, playable=playable, asked=asked, seconds=seconds)
