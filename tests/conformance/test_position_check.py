"""The position protocol: the kit's read(write(state)) check catches notations that do not read back."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgames.conformance import ConformanceError, check_random_game
from cardgames.core.position import PositionError, fields, notation_of, seat
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.dernier.position import DernierPosition
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.position import PosledniyPosition

OPTIONS = DernierOptions(turn_limit=60, hands_to_win=1)


class SortedStock(DernierPosition):
    """Writes the stock sorted: it reads back and writes the same text, but the draws to come differ."""

    def write(self, state: Any) -> str:
        text = super().write(state)
        head, _, tail = text.partition("; stock=")
        stock, _, rest = tail.partition("; ")
        return f"{head}; stock={' '.join(sorted(stock.split()))}; {rest}"


class NoPenalty(DernierPosition):
    """Forgets a pending penalty: the seat to act would be allowed other moves."""

    def write(self, state: Any) -> str:
        return "; ".join(p for p in super().write(state).split("; ") if not p.startswith("penalty="))


class ForgetsTricks(PosledniyPosition):
    """Forgets who took which tricks of the deal so far (writes them, reads none back)."""

    def read(self, text: str, options: Any, seed: int) -> Any:
        state = super().read(text, options, seed)
        state.taken = [0] * state.n
        return state


def _dernier_with(notation: DernierPosition) -> Dernier:
    class Broken(Dernier):
        position = notation

    return Broken()


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        (SortedStock(), ("holds other cards or in another order",)),
        (NoPenalty(), ("lists other legal actions", "differs in penalty_kind, pending_penalty")),
    ],
)
def test_the_kit_catches_a_dernier_notation_that_does_not_read_back(
    notation: DernierPosition, message: tuple[str, ...]
) -> None:
    game = _dernier_with(notation)
    failures = []
    for seed in range(6):
        try:
            check_random_game(game, OPTIONS, 3, seed, random.Random(seed), silence=False, refusals=False)
        except ConformanceError as exc:
            failures.append(str(exc))
    assert len(failures) >= 3 and all(any(m in f for m in message) for f in failures), failures


def test_the_kit_catches_a_posledniy_notation_that_loses_the_tricks_taken() -> None:
    class Broken(Posledniy):
        position = ForgetsTricks()

    with pytest.raises(ConformanceError, match="view of seat 0 read back differs in taken"):
        check_random_game(Broken(), PosledniyOptions(), 4, 1, random.Random(1), silence=False, refusals=False)


def test_a_game_without_a_notation_has_none_and_passes() -> None:
    from framework_highcard import HighCard  # a protocol-1 plugin that declares nothing

    assert notation_of(HighCard()) is None
    assert notation_of(Dernier()) is not None


def test_the_field_layout_refuses_what_it_cannot_read() -> None:
    assert fields("a=1; b = x y ;", ("a", "b")) == {"a": "1", "b": "x y"}
    for text, why in [
        ("a", "is not a field"),
        ("a=1; a=2", "given twice"),
        ("c=1", "unknown field 'c'"),
        ("  ", "the position is empty"),
    ]:
        with pytest.raises(PositionError, match=why):
            fields(text, ("a", "b"))
    assert seat("p3", 4, "turn") == 2
    with pytest.raises(PositionError, match="write P1 to P4"):
        seat("P0", 4, "turn")
