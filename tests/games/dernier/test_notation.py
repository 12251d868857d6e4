"""Typed notation, the table in words and views of Dernier."""

from __future__ import annotations

import io
import random
from typing import Any

import cattrs
import pytest
from dernier_helpers import GAME, act, opts, position
from rich.console import Console

from cardgames.games.dernier.actions import DECLINE, DRAW, PASS, SLOW, Anticipo, Play
from cardgames.games.dernier.log import log_entry
from cardgames.games.dernier.view import DernierView
from cardgames.play.tabletext import table_lines
from cardgames.primitives.cards import JOKER, Suit, parse_card
from cardgames.primitives.errors import IncompleteAction, ParseError


def view_of(hand: str, top: str = "9h", **kw: object) -> DernierView:
    state = position([hand, "2c 3c 4c", "5c 6c 7c"], top, direction=1, **kw)  # type: ignore[arg-type]
    return state.view(0)


def test_card_names_with_letters_glyphs_and_ten() -> None:
    view = view_of("7h 10s qd")
    assert GAME.parse_action("7h", view) == Play(parse_card("7h"))
    assert GAME.parse_action("10♠", view) == Play(parse_card("10s"))
    assert GAME.parse_action("Q♦", view) == Play(parse_card("qd"))


def test_a_rank_alone_when_unambiguous_in_the_hand() -> None:
    view = view_of("7h 10s qd")
    assert GAME.parse_action("q", view) == Play(parse_card("qd"))
    two = view_of("kh ks qd")
    with pytest.raises(ParseError, match="kh, ks"):
        GAME.parse_action("k", two)
    assert GAME.parse_action("k s", two) == Play(parse_card("ks"))


def test_a_number_is_the_position_in_the_sorted_hand() -> None:
    view = view_of("qd 7h 10s")  # sorted as rendered: QD 7H 10S
    assert [str(c) for c in view.hand] == ["QD", "7H", "10S"]
    assert GAME.parse_action("2", view) == Play(parse_card("7h"))
    assert GAME.parse_action("3!", view) == Play(parse_card("10s"), dernier=True)
    with pytest.raises(ParseError, match="no card number 4"):
        GAME.parse_action("4", view)


def test_draw_pass_and_the_dernier_call() -> None:
    view = view_of("7h 8h")
    assert GAME.parse_action("draw", view) == DRAW
    assert GAME.parse_action("pass", view) == PASS
    assert GAME.parse_action("7h!", view) == Play(parse_card("7h"), dernier=True)
    assert GAME.parse_action("7h dernier", view) == Play(parse_card("7h"), dernier=True)
    assert GAME.parse_action("timeout", view) == SLOW


def test_a_jack_played_as_the_last_card_is_not_asked_for_a_suit() -> None:
    state = position(["jh", "2c 3c 4c", "5c 6c 7c"], "9h", direction=1)
    view = state.view(0)
    action = GAME.parse_action("jh", view)
    assert action == Play(parse_card("jh"), suit=Suit.HEARTS) and action in state.legal_actions()
    assert GAME.parse_action("jh s", view) == Play(parse_card("jh"), suit=Suit.SPADES)  # naming still works


def test_a_jack_needs_a_suit_asked_as_a_follow_up_question() -> None:
    view = view_of("jh 8h 2c")
    with pytest.raises(IncompleteAction) as asked:
        GAME.parse_action("jh", view)
    assert asked.value.question == "Name the suit in force (c, d, h or s)"
    assert GAME.parse_action("jh" + " " + "s", view) == Play(parse_card("jh"), suit=Suit.SPADES)
    assert GAME.parse_action("jh spades", view) == Play(parse_card("jh"), suit=Suit.SPADES)
    assert GAME.parse_action("j ♣!", view) == Play(parse_card("jh"), dernier=True, suit=Suit.CLUBS)


def test_a_wild_joker_asks_what_it_stands_for() -> None:
    view = view_of("joker 8h 2c")
    with pytest.raises(IncompleteAction, match="stand for"):
        GAME.parse_action("joker", view)
    assert GAME.parse_action("joker as 7h", view) == Play(JOKER, as_card=parse_card("7h"))
    assert GAME.parse_action("joker 7h", view) == Play(JOKER, as_card=parse_card("7h"))
    assert GAME.parse_action("joker as jc d", view) == Play(
        JOKER, suit=Suit.DIAMONDS, as_card=parse_card("jc")
    )
    with pytest.raises(IncompleteAction, match="suit"):
        GAME.parse_action("joker as jc", view)


def test_a_draw5_joker_names_a_suit() -> None:
    view = view_of("joker 8h 2c", preset="scala40")
    with pytest.raises(IncompleteAction, match="suit"):
        GAME.parse_action("joker", view)
    assert GAME.parse_action("joker s", view) == Play(JOKER, suit=Suit.SPADES)


def test_anticipo_answers() -> None:
    state = position(["8h 2c 3c", "5c 6c", "8h 7c 9s"], "9h", direction=1, anticipo=True)
    act(state, "8h")
    view = state.view(2)
    assert GAME.parse_action("anticipo", view) == Anticipo()
    assert GAME.parse_action("no", view) == DECLINE
    with pytest.raises(ParseError, match="anticipo"):
        GAME.parse_action("7c", view)


def test_unreadable_text_names_the_accepted_forms() -> None:
    view = view_of("7h 8h")
    for text in ("", "xyz", "7x", "draw now"):
        with pytest.raises(ParseError, match="draw"):
            GAME.parse_action(text, view)


@pytest.mark.parametrize("preset", ["quick", "scala40"])
def test_every_legal_action_round_trips_through_text(preset: str) -> None:
    options = opts(preset, anticipo=True, play_after_draw=True, turn_limit=100, hands_to_win=1)
    state = GAME.new_game(options, 3, 5)
    rng = random.Random(5)
    seen = 0
    while not state.is_over():
        seat = state.to_act()
        assert seat is not None
        view = state.view(seat)
        legal = list(state.legal_actions())
        for action in legal:
            assert GAME.parse_action(GAME.format_action(action), view) == action
            seen += 1
        state.apply(legal[rng.randrange(len(legal))])
    assert seen > 100


def _text(view: DernierView, ascii_only: bool) -> str:
    """The table as line mode prints it: the table model in words."""
    console = Console(file=io.StringIO(), width=100, color_system=None)
    table = GAME.tabletop(view, ("Anna", "Boris", "Clara"), playable=frozenset(view.hand[:1]))
    for line in table_lines(table, ascii_only):
        console.print(line)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def test_the_table_shows_a_numbered_hand_a_joker_and_a_last_card() -> None:
    state = position(
        ["8h 2c 3c", "5c 6c", "8h"], "joker", stands_for="9h", direction=1, penalty=0, below="4s"
    )
    text = _text(state.view(0), ascii_only=False)
    assert "1:2♣*" in text and "3:8♥" in text
    assert "JOKER (stands for 9♥)" in text
    assert "suit in force: ♥ hearts" in text
    assert "counter-clockwise" not in text  # play goes clockwise here
    assert "  Clara · Dernier! · 1 card · 0 hands won" in text  # Clara holds one card
    plain = _text(state.view(0), ascii_only=True)
    assert plain.isascii()
    assert "1:2C" in plain and "hearts" in plain


def test_the_table_does_not_repeat_the_log() -> None:
    state = GAME.new_game(opts(), 4, 5)
    view = state.view(0)
    assert view.log  # the session prints the log; the table must not repeat it
    text = _text(view, ascii_only=False)
    assert "Discard pile" in text
    for entry in view.log:
        assert entry.text not in text


def test_the_table_says_what_wins_the_match() -> None:
    state = GAME.new_game(opts(hands_to_win=2), 3, 1)
    assert "first to win 2 hands" in _text(state.view(0), ascii_only=True)
    state = GAME.new_game(opts(scoring="cards", target_points=30), 3, 1)
    assert "30 card points ends the match" in _text(state.view(0), ascii_only=True)


def test_the_table_shows_a_pending_penalty() -> None:
    state = position(["8h 2c 3c", "5c 6c", "8h"], "ah", direction=1, penalty=4, penalty_kind="ace")
    assert "4 to draw, unless answered with an ace" in _text(state.view(0), ascii_only=True)


def test_views_hide_other_hands_and_serialise() -> None:
    state = position(["8h 2c 3c", "5c 6c", "8h"], "9h", direction=1)
    view = state.view(1)
    assert [str(c) for c in view.hand] == ["5C", "6C"]
    assert view.card_counts == (3, 2, 1)
    data = cattrs.Converter().unstructure(view)
    assert "8H" not in repr(data["hand"])
    assert set(data) >= {"hand", "top", "suit_in_force", "direction", "pending_penalty", "card_counts", "log"}


def asked(state: Any, seat: int) -> str:
    """What the seat's table asks it (the prompt's words)."""
    decision = GAME.tabletop(state.view(seat), ("Anna", "Boris", "Clara", "Dmitri"))
    assert decision.decision is not None and decision.decision.seats == (seat,)
    return decision.decision.text


def test_d20_an_anticipo_offer_prompts_for_a_yes_or_no_not_a_move() -> None:
    """D-20: an anticipo offer prompts for a yes or no not a move."""
    state = position(["8h 2c 3c", "5c 6c", "4c 7c", "8h 9s 9d"], "9h", direction=1, anticipo=True)
    assert asked(state, 0) == "your move"
    act(state, "8h")
    assert state.to_act() == 2  # asked though holding no 8H (D-20, I-2): the same question
    assert asked(state, 2) == "anticipo or no"
    act(state, "no")
    assert state.to_act() == 3
    assert asked(state, 3) == "anticipo or no"
    detail = GAME.tabletop(state.view(3), ("Anna", "Boris", "Clara", "Dmitri")).decision
    assert detail is not None and detail.detail == "You hold 8♥ too: say anticipo to play it now, or no."
    other = GAME.tabletop(state.view(0), ("Anna", "Boris", "Clara", "Dmitri")).decision
    assert other is not None and other.text == "Dmitri is asked about an anticipo on 8♥"


def test_d17_the_log_reads_well_when_a_jack_names_a_suit_and_calls_dernier() -> None:
    """D-17: the log reads well when a jack names a suit and calls dernier."""
    jack = parse_card("jh").index
    assert log_entry(("play", 0, jack, -1, int(Suit.DIAMONDS), True)).text.endswith(
        ", naming diamonds, and calls Dernier!"
    )
    assert log_entry(("play", 0, jack, -1, -1, True)).text.endswith(" and calls Dernier!")
