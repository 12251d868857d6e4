"""Positions written as one seat may know them (``write_seen``): open cards, read back into that seat's view.

rule I-1..I-3: a seat never learns more than its view, so the in-game ``position`` command
writes what the seat may know, and the kit checks along random games (``check_position``)
that it names no card the text check says the seat cannot know and reads back into the view
the seat had. Broken notations show the checks fail.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgames.conformance import ConformanceError, check_random_game
from cardgames.core.position import PositionError, fill_open, open_cards, seen_text
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.dernier.position import DernierPosition
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.position import POSITION, PosledniyPosition
from cardgames.primitives.cards import parse_cards

OPTIONS = DernierOptions(turn_limit=60, hands_to_win=1)


class LeaksHands(DernierPosition):
    """Writes every hand in full even for one seat: the text names cards that seat cannot know."""

    def write_seen(self, state: Any, seat: int) -> str:
        return self.write(state) + f"; seen=P{seat + 1}"


class OpensOwnPick(PosledniyPosition):
    """Forgets the cards set aside so far in the pass being chosen: read back, a view differs."""

    def write_seen(self, state: Any, seat: int) -> str:
        return "; ".join(
            p for p in super().write_seen(state, seat).split("; ") if not p.startswith("picked=")
        )


def test_the_kit_checks_the_seen_position_of_every_seat_in_both_games() -> None:
    check_random_game(Dernier(), DernierOptions(play_after_draw=True, hands_to_win=1), 3, 4, random.Random(4))
    check_random_game(Posledniy(), PosledniyOptions(), 4, 2, random.Random(2))


def test_the_kit_catches_a_seen_position_that_names_another_seats_cards() -> None:
    class Broken(Dernier):
        position = LeaksHands()

    with pytest.raises(
        ConformanceError, match=r"the position written for seat \d names .* which it cannot know"
    ):
        check_random_game(Broken(), OPTIONS, 3, 1, random.Random(1), silence=False, refusals=False)


def test_the_kit_catches_a_seen_position_that_reads_back_into_another_view() -> None:
    class Broken(Posledniy):
        position = OpensOwnPick()

    with pytest.raises(ConformanceError, match=r"may know (lists other legal actions|differs in)"):
        check_random_game(Broken(), PosledniyOptions(), 3, 1, random.Random(1), silence=False, refusals=False)


def _with_a_void(seed: int) -> tuple[Any, int]:
    """A Последний game played at random until a player other than P1 shows a void."""
    state = Posledniy().new_game(PosledniyOptions(), 4, seed)
    choose = random.Random(seed)
    while not state.is_over():
        if state.tricks and any(state.voids()[p] for p in range(1, 4)) and state.hands[0]:
            return state, next(p for p in range(1, 4) if state.voids()[p])
        state.apply(choose.choice(list(state.legal_actions())))
    raise AssertionError("no void shown")


def test_open_cards_are_dealt_consistently_with_what_the_seat_knows() -> None:
    state, void_seat = _with_a_void(3)
    text = POSITION.write_seen(state, 0)
    mine = state.passes[0] if state.dealer == 0 else None
    for seed in range(30):
        again = POSITION.read(text, PosledniyOptions(), seed)
        for suit in state.voids()[void_seat]:  # never a card of a suit it showed it lacks (P-7)
            assert not [c for c in again.hands[void_seat] if c // 13 == suit], (seed, again.hands)
        assert POSITION.write_seen(again, 0) == text  # P1's knowledge is written again the same
        assert again.view(0).hand == state.view(0).hand and again.view(0).passed == state.view(0).passed
        assert mine is None or again.passes[0] == mine


def test_the_open_layout_reads_and_refuses_in_one_line() -> None:
    known = "P1=KC JD 9H AH 9S QS; P2=?6; P3=?6; dealer=P3; passed=9H 9S / AS; tricks=10H QH KH / KD AD QD"
    seen = known + "; trick=-; results=P1 P2; points=2 2 0; seen=P1"
    assert open_cards("?2 7H ?", "P2") == [None, None, *parse_cards("7H"), None]
    assert seen_text(3, parse_cards("7H")) == "?3 7H" and seen_text(0, []) == "-"
    assert fill_open([[None, 5], [None]], [1, 2, 3]) == ([[1, 5], [2]], [3])
    with pytest.raises(PositionError, match=r"'\?x' is not a number of open cards"):
        open_cards("?x", "P2")
    with pytest.raises(PositionError, match="3 cards are written open"):
        fill_open([[None, None, None]], [1])
    with pytest.raises(PositionError, match="name that seat, as in seen=P1"):
        POSITION.read(seen.removesuffix("; seen=P1"), PosledniyOptions(), 1)
    with pytest.raises(PositionError, match="P2 sees its own hand"):
        POSITION.read(seen.replace("seen=P1", "seen=P2"), PosledniyOptions(), 1)
    with pytest.raises(PositionError, match="gave or received pass 1"):
        POSITION.read(seen.replace("9H 9S /", "? ? /"), PosledniyOptions(), 1)
    dernier = "P1=7H 8H; P2=?2; P3=?; discard=? 9H; turn=P1; direction=cw; seen=P1"
    state = DernierPosition().read(dernier, OPTIONS, 3)
    assert DernierPosition().write_seen(state, 0).startswith("P1=7H 8H; P2=?2; P3=?; discard=? 9H; stock=...")
    with pytest.raises(PositionError, match="only a card another player drew is open"):
        DernierPosition().read(dernier + "; drawn=?", DernierOptions(play_after_draw=True), 3)
