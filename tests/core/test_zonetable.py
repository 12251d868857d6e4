"""The table model of a zone-declaring game (core/zonetable.py), held along played games of Durak."""

from __future__ import annotations

import random

import attrs
import pytest
from framework_durak import Durak, Play

from cardgames.conformance.texts import cards_in
from cardgames.core.options import NoOptions
from cardgames.core.tabletop import Mark, ZoneKind
from cardgames.core.zonetable import zone_tabletop
from cardgames.primitives.cards import parse_card

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


def test_a_seat_without_a_name_is_written_as_every_table_writes_it() -> None:
    """One rule for a nameless seat (``seat_text``): the zones' table and the read one agree."""
    from cardgames.core.tableread import seat_names

    game = Durak()
    view = game.new_game(NoOptions(), 2, 4).view(1)
    top = zone_tabletop(game.name, view, ("", "Boris"))
    assert [p.name for p in top.seats] == ["P1", "Boris"] == list(seat_names(("", "Boris"), 2))
