"""Answering the game's questions: the suit after a jack ends with a separator (finding 20); passing
cards marks those named so far in the hand, and a wrong count says how many to choose (finding 21)."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.options import make_options
from cardgames.core.position import position_players, start_state
from cardgames.core.tabletop import Decision, SeatPlace, Tabletop
from cardgames.games.dernier.game import Dernier
from cardgames.play.lines import ScriptSource
from cardgames.play.tabletext import hand_line
from cardgames.play.turn import MoveReader
from cardgames.primitives.cards import parse_card
from cardgames.primitives.language import speaking


def test_the_suit_asked_after_a_jack_is_a_prompt_with_a_separator() -> None:
    game, text = Dernier(), "P1=JH QD 3C; P2=5H 8D 9S; discard=5H; turn=P1"
    options = make_options(game.options_type)
    state = start_state(game, options, position_players(game, options, text), 1, text)
    out = io.StringIO()
    console = Console(file=out, width=200)
    reader = MoveReader(
        game, console, ScriptSource(console, io.StringIO("jh\ns\n")), lambda: None, lambda: None
    )
    action = reader.read("You", state.view(0), list(state.legal_actions()), None)
    assert action in state.legal_actions()
    assert "Name the suit in force (c, d, h or s): s\n" in out.getvalue()


def test_the_cards_named_so_far_are_marked_chosen_in_the_hand() -> None:
    hand = tuple(parse_card(c) for c in ("8C", "QD", "7H"))
    table = Tabletop(0, "", (SeatPlace(0, "You"),), hand=hand, decision=Decision((0,), "pass", picks=2))
    said = hand_line(table, False, chosen=frozenset({parse_card("QD")}))
    assert said.startswith("Your hand (choose the cards; ✓ chosen): ")
    assert "[dim]2[/]:[reverse][bold red]Q♦[/][/]✓" in said and "8♣[/]✓" not in said
    with speaking("ru"):
        assert hand_line(table, True, chosen=frozenset({parse_card("QD")})).startswith(
            "Ваша рука (выберите карты; + — выбранные): "
        )


def test_passing_one_card_of_two_marks_it_and_a_wrong_count_says_what_was_counted() -> None:
    args = ["play", "posledniy", "--seed", "3", "--lines"]
    with speaking("ru"):
        out = CliRunner().invoke(app, args, input="дама бубен\n1 2 3\n\nquit\nquit\n").output
    asked = out.split("снесите 2 карты игроку Бот 2: дама бубен\n", 1)[1]
    assert asked.startswith("Ваша рука (выберите карты; ✓ — выбранные): ")  # the hand again, Q♦ marked
    assert "5:Q♦✓" in asked.split("\n", 1)[0] and "снести ещё 1: какую? (карты или их номера): 1 2 3" in asked
    assert "вы сносите 2 карты, а названо 4: Q♦ 8♣ J♣ 10♦" in asked  # what was counted, then asked again
    assert asked.count("снести ещё 1: какую?") == 2
