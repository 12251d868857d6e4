"""The protocol's defaults and the error types, seen from a plugin author's side."""

from __future__ import annotations

import io
import random

import pytest
from framework_highcard import Draw, HighCard, HighCardOptions, HighCardView, Play
from rich.console import Console

from cardgames.core.game import Game
from cardgames.core.state import HandResult, LogEntry, Outcome
from cardgames.primitives.cards import parse_card
from cardgames.primitives.errors import (
    CardgamesError,
    IllegalActionError,
    IncompleteAction,
    OptionError,
    ParseError,
    PluginError,
    SaveFileError,
    SaveWriteError,
)

GAME = HighCard()


def test_incomplete_action_is_a_question_with_choices() -> None:
    exc = IncompleteAction("Which suit?", ("clubs", "hearts"))
    assert isinstance(exc, ParseError)
    assert str(exc) == exc.question == "Which suit?"
    assert exc.choices == ("clubs", "hearts")
    assert IncompleteAction("Which card?").choices == ()


def test_each_kind_of_mistake_has_its_own_error() -> None:
    kinds = [ParseError, IllegalActionError, OptionError, SaveFileError, PluginError]
    for i, a in enumerate(kinds):
        assert issubclass(a, CardgamesError) and issubclass(a, ValueError)
        for b in kinds[i + 1 :]:
            assert not issubclass(a, b) and not issubclass(b, a)
    assert issubclass(SaveWriteError, SaveFileError) and issubclass(SaveWriteError, OSError)


def test_default_check_refuses_player_counts_outside_the_range() -> None:
    GAME.check(HighCardOptions(), 2)
    GAME.check(HighCardOptions(), 4)
    for n in (0, 1, 5):
        with pytest.raises(OptionError, match=f"High Card is played by 2 to 4 players, not {n}"):
            GAME.check(HighCardOptions(), n)


def test_defaults_of_a_plugin_without_a_timer_or_renderer() -> None:
    class Plain(HighCard):
        render = Game.render  # the protocol's default renderer

    view = GAME.new_game(HighCardOptions(), 3, 1).view(0)
    assert GAME.move_seconds(HighCardOptions()) is None
    with pytest.raises(NotImplementedError, match="High Card has no move timer"):
        GAME.timeout_action(view)
    assert Plain().render(view) is None  # no drawing of its own: the terminal draws its table model
    table = Plain().tabletop(view, ("Anna", "Boris", "Clara"))
    assert [p.name for p in table.seats] == ["Anna", "Boris", "Clara"] and table.hand == view.hand


def test_state_defaults_and_outcome_shapes() -> None:
    state = GAME.new_game(HighCardOptions(hand_size=1), 2, 5)
    assert not state.is_over() and state.outcome() is None and state.hand_results() == ()
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    assert state.to_act() is None and state.legal_actions() == []
    (hand,) = state.hand_results()
    assert isinstance(hand, HandResult)
    assert hand.chips == outcome.scores and set(hand.winners) == set(outcome.winners)
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(Draw())


def test_views_carry_a_public_log_in_words() -> None:
    state = GAME.new_game(HighCardOptions(), 3, 2)
    state.apply(Draw())
    card = state.legal_actions()[0]
    assert isinstance(card, Play)
    state.apply(card)
    views = [state.view(s) for s in range(3)]
    assert all(isinstance(v, HighCardView) for v in views)
    assert views[0].log == views[1].log == views[2].log
    assert views[0].log == (LogEntry(0, "P1 draws a card"), LogEntry(0, f"P1 plays {card.card}"))


def test_render_colours_cards_and_has_an_ascii_fallback() -> None:
    state = GAME.new_game(HighCardOptions(), 3, 2)
    state.apply(Play(state.view(0).hand[0]))
    view = state.view(1)
    plain = io.StringIO()
    Console(file=plain, width=100, color_system=None).print(GAME.render(view, ascii_only=True))
    assert plain.getvalue().isascii()
    assert str(state.view(0).log[0].text.split()[-1]) in plain.getvalue()
    fancy = io.StringIO()
    Console(file=fancy, width=100, color_system=None).print(GAME.render(view))
    assert any(g in fancy.getvalue() for g in "♣♦♥♠")


def test_states_from_one_seed_are_equal_and_clones_independent() -> None:
    a = GAME.new_game(HighCardOptions(), 3, 8)
    b = GAME.new_game(HighCardOptions(), 3, 8)
    assert a == b
    c = a.clone()
    c.apply(c.legal_actions()[0])
    assert a == b != c
    c.rng.random()
    d = a.clone()
    d.rng.random()
    assert d != a  # equality sees the generator's state
    assert a != GAME.new_game(HighCardOptions(), 3, 9)


def test_determinize_keeps_the_seat_view_and_the_cards() -> None:
    state = GAME.new_game(HighCardOptions(), 4, 3)
    other = state.determinize(2, random.Random(1))
    assert other.view(2) == state.view(2)
    assert sorted(map(str, other.all_cards())) == sorted(map(str, state.all_cards()))
    assert other.hands[2] == state.hands[2]
    assert other != state
    assert parse_card("9S") in other.all_cards()
