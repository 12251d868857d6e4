"""The table model of a zone-declaring game (core/zonetable.py), held along played games of Durak."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from framework_durak import Durak, Play
from framework_speaking.durak import SpeakingDurak

from cardgames.conformance.texts import cards_in
from cardgames.core.options import NoOptions
from cardgames.core.tabletop import Mark, ZoneKind
from cardgames.core.zonetable import zone_tabletop
from cardgames.primitives.cards import Card, parse_card
from cardgames.primitives.language import speaking

NAMES = ("Anna", "Boris", "Vera", "Gleb")


def _texts(top: object) -> list[str]:
    """Every text of a table model, nested values included."""
    out: list[str] = []
    for value in attrs.asdict(top, recurse=False).values():  # type: ignore[arg-type]
        items = value if isinstance(value, tuple | frozenset) else (value,)
        for v in items:
            if isinstance(v, str):
                out.append(v)
            elif attrs.has(type(v)):
                out += _texts(v)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_every_seat_sees_only_its_own_cards_and_the_face_up_ones_by_name(seed: int) -> None:
    game, rng = Durak(), random.Random(seed)
    state = game.new_game(NoOptions(), 4, seed)
    while not state.is_over():
        for seat in range(4):
            view = state.view(seat)
            top = zone_tabletop(game.name, view, NAMES)
            assert cards_in(top) <= cards_in(view)  # which holds no other seat's card (the kit checks views)
            assert [p.name for p in top.seats] == list(NAMES)
            assert [p.cards for p in top.seats] == [len(h) for h in state.hands]
            assert not any(w in t for t in _texts(top) for w in ("P1", "P2", "P3", "P4", "SeatNumber"))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_the_table_shows_the_bout_the_stock_and_the_roles() -> None:
    game = Durak()
    state = game.new_game(NoOptions(), 3, 1)
    attacker = state.attacker
    card = state.legal_actions()[0].card
    state.apply(Play(card))
    top = zone_tabletop(game.name, state.view(0), NAMES[:3], playable=frozenset({card, parse_card("AS")}))
    attack = next(z for z in top.centre if z.label == "Attack")
    assert [p.card for p in attack.cards] == [card] and attack.kind is ZoneKind.TRICK
    stock = next(z for z in top.centre if z.kind is ZoneKind.STOCK)
    assert [p.card for p in stock.cards] == [state.trump_card] and stock.backs == len(state.stock) - 1
    assert top.seats[attacker].note == "attacker" and top.seats[state.defender].note == "defender"
    assert Mark.TO_ACT in top.seats[state.defender].marks and top.trump == state.trump
    assert top.decision is not None and top.decision.text in ("your move", f"{NAMES[state.defender]} to move")
    assert top.playable <= frozenset(top.hand)


def test_a_zone_declaring_game_gets_this_table_from_game_tabletop() -> None:
    game = Durak()
    state = game.new_game(NoOptions(), 2, 4)
    view = state.view(1)
    assert game.tabletop(view, NAMES[:2]) == zone_tabletop(game.name, view, NAMES[:2])
    assert [z.label for z in game.tabletop(view, NAMES[:2]).centre] == [
        "Stock",
        "Attack",
        "Beaten by",
        "Beaten off",
    ]


def _play_until(game: Durak, players: int, seed: int, done: Callable[[Any], bool]) -> Any:
    """A state of a random game of Durak once ``done(state)`` holds."""
    state, rng = game.new_game(NoOptions(), players, seed), random.Random(seed)
    while not done(state):
        assert not state.is_over(), "the game ended first"
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_the_bout_just_over_stays_on_the_table_as_the_last_bout_with_who_beat_what() -> None:
    game = Durak()
    seen: list[tuple[Card, ...]] = []

    def over(state: Any) -> bool:  # a bout was beaten off or taken: its cards left the table
        seen.append(tuple(state.attacks))
        return len(seen) > 1 and bool(seen[-2]) and not seen[-1]

    state = _play_until(game, 3, 4, over)
    for seat in range(3):
        top = zone_tabletop(game.name, state.view(seat), NAMES[:3])
        assert top.last is not None and top.last.label == "Last bout"
        assert [p.card for p in top.last.cards] == [
            c if isinstance(c, Card) else c[1] for c in state.last_bout
        ]
        beaters = {p.seat for p in top.last.cards if p.seat is not None}
        assert len(beaters) <= 1 and all(p.card in cards_in(state.view(seat)) for p in top.last.cards)
    assert set(seen[-2]) <= {p.card for p in top.last.cards}  # every attack card of the bout is in it


def test_a_discard_pile_shows_its_top_card_and_how_many_lie_under_it() -> None:
    game = Durak()
    state = _play_until(game, 3, 2, lambda s: len(s.discard) >= 3)
    pile = next(
        z for z in zone_tabletop(game.name, state.view(0), NAMES[:3]).centre if z.kind is ZoneKind.DISCARD
    )
    assert [p.card for p in pile.cards] == [state.discard[-1]] and pile.backs == 0
    assert pile.note == f"{len(state.discard) - 1} more cards under it"


def test_a_seat_without_a_name_is_written_as_every_table_writes_it() -> None:
    """One rule for a nameless seat (``seat_text``): the zones' table and the read one agree."""
    from cardgames.core.tableread import seat_names

    game = Durak()
    view = game.new_game(NoOptions(), 2, 4).view(1)
    top = zone_tabletop(game.name, view, ("", "Boris"))
    assert [p.name for p in top.seats] == ["P1", "Boris"] == list(seat_names(("", "Boris"), 2))


def test_a_plugin_says_its_seat_notes_through_its_own_catalog() -> None:
    """Issue 29: ``public_seat_words`` says the notes in the reader's language; else the field's name."""
    game = SpeakingDurak()
    state = game.new_game(NoOptions(), 3, 1)
    notes = {}
    for lang in ("en", "it", "ru"):
        with speaking(lang):
            top = game.tabletop(state.view(0), NAMES[:3])
        notes[lang] = (top.seats[state.attacker].note, top.seats[state.defender].note)
    assert notes == {
        "en": ("attacker", "defender"),
        "it": ("attaccante", "difensore"),
        "ru": ("ходящий", "отбивающийся"),
    }
    plain = Durak().new_game(NoOptions(), 3, 1)
    with speaking("it"):  # the plain game gives no words: the field's name
        assert Durak().tabletop(plain.view(0), NAMES[:3]).seats[plain.attacker].note == "attacker"
