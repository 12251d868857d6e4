"""The kit's race checks (cardgames.conformance.race) pass Durak's throw-in and catch each broken variant."""

from __future__ import annotations

import random
from typing import Any

import pytest
from framework_durak import Durak, DurakState, Pass, Play, Take

from cardgames.conformance import ConformanceError, check_race, check_random_game
from cardgames.core.options import NoOptions
from cardgames.core.state import Choice, LogEntry
from cardgames.primitives.cards import parse_card, parse_cards


def _taking(state_type: type[DurakState] = DurakState) -> DurakState:
    """P1 leads 7H, P2 takes: a race of P1 (7D to throw in) and P3 (7S), and P4 (nothing to throw in)."""
    state = Durak().new_game(NoOptions(), 4, 0)
    state.__class__ = state_type
    state.hands = [parse_cards(h) for h in ("7H 7D 10C", "8C AC 9H QD", "9S 7S", "KD JC")]
    state.stock, state.discard = [], []
    state.trump_card = parse_card("6S")
    state.trump = state.trump_card.suit
    state._start_bout(0)
    state.apply(Play(parse_card("7H")))
    state.apply(Take())
    assert state.race() and state.to_decide() == (0, 2, 3)
    return state


def _fail(message: str) -> AssertionError:
    return ConformanceError(message)


def test_durak_throw_in_passes_every_race_check() -> None:
    state = _taking()
    check_race(Durak(), state, random.Random(0), _fail)
    state.apply(Choice(3, Pass()))
    check_race(Durak(), state, random.Random(1), _fail)


class LoudPass(DurakState):
    """Says aloud who passed: the others learn it before the race closes."""

    __slots__ = ()

    def apply(self, action: Any) -> None:
        super().apply(action)
        if isinstance(action, Choice) and action.action == Pass() and self.race():
            self.log.append(LogEntry(action.seat, "passes"))


class NoPassWithACard(DurakState):
    """Offers no pass to a seat that could throw in: whoever is offered a pass has nothing."""

    __slots__ = ()

    def legal_actions_for(self, seat: int) -> list[Any]:
        legal = super().legal_actions_for(seat)
        return [a for a in legal if a != Pass()] if len(legal) > 1 and self.race() else legal


class ClaimAsksAgain(DurakState):
    """A throw-in asks again everyone who had passed: a claim that widens the race."""

    __slots__ = ()

    def apply(self, action: Any) -> None:
        super().apply(action)
        if isinstance(action, Choice) and action.action != Pass():
            self.passed = ()


class PassesInOrder(DurakState):
    """Keeps the passes in the order they came: the same passes in another order differ."""

    __slots__ = ()

    def apply(self, action: Any) -> None:
        passed = self.passed
        super().apply(action)
        if isinstance(action, Choice) and action.action == Pass() and self.race():
            self.passed = (*passed, action.seat)


class ClosesEarly(DurakState):
    """Ends the throw-in at a pass once nobody left could throw in: the close tells who held nothing."""

    __slots__ = ()

    def apply(self, action: Any) -> None:
        super().apply(action)
        passed = isinstance(action, Choice) and action.action == Pass() and self.race()
        if passed and all(self.legal_actions_for(s) == [Pass()] for s in self.to_decide()):
            self._end_bout()


def test_a_pass_that_closes_the_race_before_the_others_answer_fails() -> None:
    """I-2: P1 passes; then P3's pass would close the race at once, telling P3 that P4 holds no 7."""
    state = _taking(ClosesEarly)
    state.apply(Choice(0, Pass()))
    assert state.race() and state.to_decide() == (2, 3)
    with pytest.raises(ConformanceError, match="closes the race"):
        check_race(Durak(), state, random.Random(0), _fail)


@pytest.mark.parametrize(
    ("broken", "said", "first_pass"),
    [
        (LoudPass, "pass in a race changes the view of seat", False),
        (NoPassWithACard, "may not pass", False),
        (ClaimAsksAgain, "widens the race", True),
        (PassesInOrder, "in another order lead to a different state", False),
    ],
)
def test_each_race_check_fails_on_a_broken_variant(
    broken: type[DurakState], said: str, first_pass: bool
) -> None:
    state = _taking(broken)
    if first_pass:  # P3 passes; then P1's throw-in must not ask P3 again
        state.apply(Choice(2, Pass()))
    with pytest.raises(ConformanceError, match=said):
        check_race(Durak(), state, random.Random(0), _fail)


class LoudDurak(Durak):
    """Durak whose passes are said aloud."""

    def new_game(self, options: Any, players: int, seed: int) -> DurakState:
        state = super().new_game(options, players, seed)
        state.__class__ = LoudPass
        return state


def test_a_random_playout_catches_a_pass_said_aloud() -> None:
    with pytest.raises(ConformanceError, match="silence must give nothing away"):
        for seed in range(5):
            check_random_game(LoudDurak(), NoOptions(), 3, seed, random.Random(seed), view_every=1)
