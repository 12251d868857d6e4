"""One rule for the cards a seat may play now (core/tableread.py), shared by the terminal and the browser."""

from __future__ import annotations

from typing import Any

import pytest
from attrs import frozen

from cardgames.core.choosing import Pick
from cardgames.core.options import make_options
from cardgames.core.record import Seat
from cardgames.core.table import Table
from cardgames.core.tableread import playable_cards, played_card
from cardgames.play.table import tabletop_for
from cardgames.plugins.registry import find_game
from cardgames.primitives.cards import Card, format_card, parse_card
from cardgames.web.live import LiveTable, Settings
from cardgames.web.payload import actions_data
from cardgames.web.screen import screen
from cardgames.web.seats import new_keys
from cardgames.web.store import TableMeta


@frozen
class Cover:
    """A defence naming the attacking card first: the card played is still ``card``."""

    over: Card
    card: Card


@frozen
class Bid:
    card: int  # a field named card that holds no card


def test_the_card_played_is_the_action_s_card_and_a_pick_plays_none() -> None:
    seven, eight = parse_card("7H"), parse_card("8H")
    assert played_card(Cover(seven, eight)) == eight
    assert played_card(Pick(seven)) is None
    assert played_card(Bid(3)) is None
    assert playable_cards([Cover(seven, eight), Pick(seven), Bid(3), "draw"]) == frozenset({eight})


async def _no_save(_: LiveTable) -> None:
    return None


def _live(game_id: str, players: int, seed: int) -> LiveTable:
    game = find_game(game_id)
    options = make_options(game.options_type, game.presets, game.default_preset)
    seats = [Seat(name) for name in ("Anna", "Boris", "Vera", "Gleb")[:players]]
    table = Table.start(game, options, seats, seed)
    return LiveTable(TableMeta("t", new_keys(players)[0]), table, Settings(), _no_save, lambda *_: None)


@pytest.mark.parametrize(("game_id", "players", "picking"), [("posledniy", 4, True), ("dernier", 3, False)])
def test_the_terminal_and_the_browser_mark_the_same_cards(game_id: str, players: int, picking: bool) -> None:
    live = _live(game_id, players, 3)
    table = live.table
    seat = table.state.to_act()
    assert seat is not None
    legal: list[Any] = list(table.state.legal_actions())
    assert all(isinstance(a, Pick) for a in legal) is picking
    marked = tabletop_for(table, seat).playable
    assert marked == playable_cards(legal)
    assert bool(marked) is not picking  # a pass made of picks marks no card as playable
    assert screen(live, seat, set(range(players)))["playable"] == sorted(map(format_card, marked))
    buttons, _ = actions_data(table.game, legal)
    assert {b["card"] for b in buttons if b["card"]} == {format_card(c) for c in marked}
