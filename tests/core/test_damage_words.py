"""A damaged record says what is wrong in the reader's words: which action, which field, what it holds.

Never a converter's type path (``cardgames.primitives.cards.Rank | None @ $.action.card.rank``); and a
move that does not replay names who made it, "you" only for the seat the program named You.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardgames.core.actiondata import action_from_data
from cardgames.core.record import Seat, new_record, record_from_json, record_to_data, replay
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.actions import Play
from cardgames.primitives.cards import CARDS
from cardgames.primitives.errors import ReplayError, SaveFileError
from cardgames.primitives.language import speaking

GAME = Dernier()
PLAY = {"type": "Play", "card": {"rank": 12, "suit": 2}, "dernier": False, "suit": None, "as_card": None}
MOVES = "Play, Draw, Pass, Anticipo, Decline, SlowPlay"


def _damaged(data: Any, code: str) -> str:
    with speaking(code), pytest.raises(SaveFileError) as refused:
        action_from_data(GAME, data)
    return str(refused.value)


@pytest.mark.parametrize(
    ("data", "english", "russian", "italian"),
    [
        (
            {**PLAY, "card": {"rank": 99, "suit": 0}},
            "the field card.rank is 99, not a rank from 2 to 14 (11 jack, 12 queen, 13 king, 14 ace), "
            "or null",
            "поле card.rank равно 99, а нужно достоинство от 2 до 14 (11 валет, 12 дама, 13 король, 14 туз) "
            "или null",
            "il campo card.rank vale 99, non un valore da 2 a 14 (11 fante, 12 donna, 13 re, 14 asso), "
            "oppure null",
        ),
        (
            {**PLAY, "suit": 9},
            "the field suit is 9, not a suit from 0 to 3 (0 clubs, 1 diamonds, 2 hearts, 3 spades), or null",
            "поле suit равно 9, а нужно масть от 0 до 3 (0 трефы, 1 бубны, 2 черви, 3 пики) или null",
            "il campo suit vale 9, non un seme da 0 a 3 (0 fiori, 1 quadri, 2 cuori, 3 picche), oppure null",
        ),
        (
            {**PLAY, "card": {"rank": 5}},
            "the field card.suit is missing",
            "нет поля card.suit",
            "manca il campo card.suit",
        ),
        (
            {**PLAY, "card": "QH"},
            'the field card is "QH", not a card (an object with a rank and a suit, both null for a joker)',
            'поле card равно "QH", а нужно карта (объект с rank и suit, оба null для джокера)',
            'il campo card vale "QH", non una carta (un oggetto con rank e suit, entrambi null per il jolly)',
        ),
        (
            {**PLAY, "extra": 1},
            "it has a field no Play has: extra",
            "в нём есть поле, которого нет ни у одного Play: extra",
            "ha un campo che nessun Play ha: extra",
        ),
        (
            {"type": "Nope"},
            f'its type "Nope" is no move of Dernier; the moves are {MOVES}',
            f'его тип "Nope" — не ход игры Dernier; ходы такие: {MOVES}',
            f'il suo tipo "Nope" non è una mossa di Dernier; le mosse sono {MOVES}',
        ),
        (
            "Draw",
            f'it is "Draw", not a move (an object whose field type is one of {MOVES})',
            f'это "Draw", а не ход (объект, у которого поле type — одно из {MOVES})',
            f'vale "Draw", non è una mossa (un oggetto il cui campo type è uno tra {MOVES})',
        ),
    ],
)
def test_a_damaged_action_names_its_field_and_value_in_words(
    data: Any, english: str, russian: str, italian: str
) -> None:
    for code, said in (("en", english), ("ru", russian), ("it", italian)):
        words = _damaged(data, code)
        assert words == said
        assert "cardgames." not in words and "@ $" not in words and "None" not in words


def test_a_damaged_record_says_which_action_in_the_reader_s_language() -> None:
    data = record_to_data(GAME, new_record(GAME, GAME.options_type(), [Seat("Ann"), Seat("Boris")], 5))
    data["actions"] = [PLAY, {**PLAY, "card": {"rank": 99, "suit": 0}}]
    with speaking("ru"), pytest.raises(SaveFileError) as refused:
        record_from_json(json.dumps(data), lambda name: GAME)
    assert str(refused.value).startswith("ход 2 повреждён: поле card.rank равно 99, а нужно достоинство")
    data["seed"] = 2**256
    with speaking("it"), pytest.raises(SaveFileError) as seed:
        record_from_json(json.dumps(data), lambda name: GAME)
    assert str(seed.value) == (
        "il campo seed deve essere un numero intero da 0 in su, sotto 2²⁵⁶ (al massimo 78 cifre), "
        "non un numero di 78 cifre"
    )


@pytest.mark.parametrize("you", [True, False])
def test_a_move_that_does_not_replay_names_who_made_it(you: bool) -> None:
    options = GAME.options_type()
    record = new_record(
        GAME, options, [Seat("Bot 1 (heuristic)", "heuristic"), Seat("Bot 2 (random)", "random")], 5
    )
    state = replay(GAME, record)
    actor = state.to_act()
    if you:
        record.seats[actor] = Seat("You")
    card = next(c for c in CARDS if c.rank is not None and c not in state.view(actor).hand)
    record.actions = [Play(card)]
    said = {}
    for code in ("en", "ru", "it"):
        with speaking(code), pytest.raises(ReplayError) as refused:
            replay(GAME, record)
        said[code] = str(refused.value)
    glyph = f"{card.rank}{card.suit.glyph}"
    if you:  # the seat the program named You: the person at the terminal
        assert said["en"] == f"action 1 does not replay: you may not make the move {glyph} there"
        assert said["ru"] == f"ход 1 не воспроизводится: вам там нельзя сделать ход {glyph}"
        return
    name = record.seats[actor].name
    assert said["en"] == f"action 1 does not replay: {name} may not make the move {glyph} there"
    assert said["ru"] == f"ход 1 не воспроизводится: Бот {name[4:]} не может там сделать ход {glyph}"
    assert said["it"] == f"la mossa 1 non si può rigiocare: lì {name} non può fare la mossa {glyph}"
