"""What a seat's place shows of a zone game: the cards of its hand everyone has seen, and its own other seat.

Durak (tests/framework_durak.py) keeps the cards a seat was seen to take (``Zone.known``); Pass On
(tests/framework_passon.py) names for each seat the seat it passes to (``passes_to``, a public seat
field mapping seats to seats). Both are drawn by the terminal and sent to the browser.
"""

from __future__ import annotations

import random
import re

import pytest
from framework_durak import Durak, DurakState
from framework_passon import Give, PassOn

from cardgames.conformance import check_random_game
from cardgames.core.options import NoOptions
from cardgames.play.tabletext import table_lines
from cardgames.primitives.cards import format_card
from cardgames.primitives.language import speaking
from cardgames.web.tabletop import card_data, public_tabletop, tabletop_data

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor")


def _plain(lines: list[str]) -> list[str]:
    return [re.sub(r"\[/?[a-z #0-9]*\]", "", line) for line in lines]


def _durak() -> tuple[Durak, DurakState]:
    """Six players share the whole deck: the trump turned up is in Egor's hand, seen by everyone."""
    game = Durak()
    state = game.new_game(NoOptions(), 6, 1)
    assert state.picked_up[5] == [state.trump_card] and state.to_act() == 0
    return game, state


def test_the_terminal_shows_the_cards_everyone_saw_go_into_a_hand_on_its_seat() -> None:
    game, state = _durak()
    trump = format_card(state.trump_card, glyphs=True)
    lines = _plain(table_lines(game.tabletop(state.view(0), NAMES), ascii_only=False))
    egor = next(line for line in lines if "Egor" in line)
    assert f"6 cards · known: {trump}" in egor
    assert not any("known" in line for line in lines if "Egor" not in line)
    own = _plain(table_lines(game.tabletop(state.view(5), NAMES), ascii_only=False))
    assert not any("known" in line for line in own)  # its own hand shows it already
    with speaking("ru"):
        russian = _plain(table_lines(game.tabletop(state.view(0), NAMES), ascii_only=False))
    assert any(f"известны всем: {trump}" in line for line in russian if "Egor" in line)


def test_the_browser_gets_them_on_the_seat_and_a_spectator_too() -> None:
    game, state = _durak()
    tops = [game.tabletop(state.view(s), NAMES) for s in range(6)]
    seats = tabletop_data(tops[0], NAMES)["seats"]
    assert seats[5]["known"] == [card_data(state.trump_card)]
    assert all(s["known"] == [] for s in seats[:5])
    assert tabletop_data(tops[5], NAMES)["seats"][5]["known"] == []
    watched = tabletop_data(public_tabletop(tops), NAMES)["seats"]
    assert watched[5]["known"] == [card_data(state.trump_card)]


def test_a_card_given_on_face_up_is_known_in_its_new_hand_and_no_more_in_the_giver_s() -> None:
    game = PassOn()
    state = game.new_game(NoOptions(), 3, 2)
    to = state.passes_to[0]
    card = state.legal_actions()[0].card
    state.apply(Give(card))
    assert game.tabletop(state.view(1 if to != 1 else 2), NAMES[:3]).seats[to].known == (card,)
    while state.to_act() != to:
        state.apply(state.legal_actions()[0])
    state.apply(Give(card))
    places = game.tabletop(state.view(state.passes_to[to]), NAMES[:3]).seats
    assert card not in places[to].known


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_seat_s_place_says_whom_it_passes_to_by_name(players: int) -> None:
    game = PassOn()
    state = game.new_game(NoOptions(), players, players)
    for viewer in range(players):
        top = game.tabletop(state.view(viewer), NAMES[:players])
        assert [p.note for p in top.seats] == [
            f"passes to {NAMES[state.passes_to[s]]}" for s in range(players)
        ]
        lines = _plain(table_lines(top, ascii_only=True))
        assert (
            sum(f"passes to {NAMES[state.passes_to[s]]}" in line for s in range(players) for line in lines)
            >= players
        )
        data = tabletop_data(top, NAMES[:players])
        assert [s["note"] for s in data["seats"]] == [p.note for p in top.seats]


@pytest.mark.parametrize("players", [3, 5])
def test_pass_on_passes_the_conformance_kit(players: int) -> None:
    check_random_game(PassOn(), NoOptions(), players, players, random.Random(players))
