"""What `help` says a plugin game reads is one Russian sentence: "напишите карту", not "карта" (finding 5)."""

from __future__ import annotations

from cardgames.play.turn import accepted_forms
from cardgames.plugins.registry import find_game
from cardgames.primitives.language import speaking


def test_the_default_notation_asks_for_a_card_in_the_accusative() -> None:
    game = find_game("crazyeights")
    view = game.new_game(game.options_type(), 3, 1).view(0)
    with speaking("ru"):
        said = accepted_forms(game, view)
    assert said.startswith("Напишите карту (достоинство, затем масть: ") and "или её номер в руке" in said
