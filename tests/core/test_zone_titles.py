"""A zone is named on the table in the player's language: its kind's word, or the game's own label."""

from __future__ import annotations

import pytest

from cardgames.core.options import make_options
from cardgames.core.record import Seat
from cardgames.core.table import Table
from cardgames.core.tabletop import ZoneKind
from cardgames.core.zones import Zone
from cardgames.play.table import tabletop_for
from cardgames.plugins.registry import find_game
from cardgames.primitives.language import speaking


def _titles(game_id: str, lang: str) -> set[str]:
    game = find_game(game_id)
    options = make_options(game.options_type, game.presets, game.default_preset)
    table = Table.start(game, options, [Seat("Anna"), Seat("Boris"), Seat("Vera")], 7)
    with speaking(lang):
        return {zone.label for zone in tabletop_for(table, 0).centre}


@pytest.mark.parametrize(
    ("game_id", "lang", "title"),
    [
        ("crazyeights", "en", "Discard pile"),  # no label: the framework's word for a discard pile
        ("crazyeights", "it", "Scarti"),
        ("crazyeights", "ru", "Сброс"),
        ("ohhell", "en", "Stock, trump turned up"),  # the game's own label, from its own catalog
        ("ohhell", "it", "Mazzo, briscola scoperta"),
        ("ohhell", "ru", "Колода, козырь открыт"),
    ],
)
def test_a_zone_is_named_in_the_player_s_language(game_id: str, lang: str, title: str) -> None:
    assert title in _titles(game_id, lang)


def test_a_plain_label_is_said_as_it_is_and_an_other_zone_by_its_attribute() -> None:
    with speaking("ru"):
        assert Zone("beats", ZoneKind.TRICK, label="Beaten by").title == "Beaten by"
        assert Zone("kitty_cards", ZoneKind.OTHER).title == "Kitty cards"
        assert Zone("talon", ZoneKind.STOCK).title == "Колода"
