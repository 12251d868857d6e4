"""What a file, a position or a record holds reads the same in every language; only the prompt follows it."""

from __future__ import annotations

import pytest

from cardgames.core.position import start_state, write_position
from cardgames.plugins.registry import find_game
from cardgames.primitives.cards import Rank, Suit, card, parse_card, parse_suit
from cardgames.primitives.language import speaking, typed_by_player


@pytest.mark.parametrize("code", ["en", "it", "ru"])
def test_a_card_in_notation_is_the_same_card_in_every_language(code: str) -> None:
    with speaking(code):
        assert parse_card("3C") == card(Rank(3), Suit.CLUBS)
        assert parse_card("QD") == card(Rank.QUEEN, Suit.DIAMONDS)
        assert parse_suit("s") == Suit.SPADES


def test_only_what_the_player_types_is_read_in_their_language() -> None:
    with speaking("it"), typed_by_player():
        assert parse_card("3C") == card(Rank(3), Suit.HEARTS)  # c is cuori at the Italian prompt
        assert parse_card("Dq") == card(Rank.QUEEN, Suit.DIAMONDS)
    with speaking("it"):
        assert parse_card("3C") == card(Rank(3), Suit.CLUBS)  # but not outside it


@pytest.mark.parametrize("name", ["dernier", "posledniy"])
@pytest.mark.parametrize("code", ["it", "ru"])
def test_a_position_reads_back_the_same_game_in_every_language(name: str, code: str) -> None:
    game = find_game(name)
    options = game.options_type()
    state = game.new_game(options, 3, 11)
    text = write_position(game, state)
    with speaking(code):
        again = start_state(game, options, 3, 11, text)
        assert write_position(game, again) == text
