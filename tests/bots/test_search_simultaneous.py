"""The search at a simultaneous decision: the other seats choose without seeing the searcher's choice.

A tiny game, Guess: two seats choose A or B at once. If P1 chose A it wins exactly when P2
chose A too; if P1 chose B it wins by a draw of chance, 4 times in 10. P2 cannot see P1's
choice, and its own choice (at random, or by a bot from its view) gives A a value of 1/2
for P1: better than B's 0.4. A search whose tree let P2 answer P1's choice (as if it could
see it) would learn that A always loses, and take B.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

from attrs import define, field, frozen

from cardgames.bots.ismcts import Search, Settings
from cardgames.bots.simultaneous import others_choose, others_to_choose
from cardgames.bots.worlds import Worlds
from cardgames.core.state import Choice, GameState, Outcome
from cardgames.primitives.cards import Card

SAFE = 0.4  # P1's chance of winning with B


@frozen
class GuessView:
    """A seat's own choice, and whether each seat has chosen (never what)."""

    seat: int
    mine: str | None
    chosen: tuple[bool, bool]
    winner: int | None


@define(eq=False)
class GuessState(GameState):
    """Guess in progress (see the module's docstring)."""

    rng: random.Random
    picks: list[str | None] = field(factory=lambda: [None, None])
    winner: int | None = None

    @property
    def players(self) -> int:
        """Two seats."""
        return 2

    def to_decide(self) -> tuple[int, ...]:
        """The seats that have not chosen yet."""
        return () if self.winner is not None else tuple(s for s in (0, 1) if self.picks[s] is None)

    def simultaneous(self) -> bool:
        """Both choose at once."""
        return self.winner is None

    def to_act(self) -> int | None:
        """The first seat still choosing."""
        seats = self.to_decide()
        return seats[0] if seats else None

    def legal_actions_for(self, seat: int) -> Sequence[Any]:
        """A or B, for a seat that has not chosen."""
        return ["A", "B"] if seat in self.to_decide() else []

    def legal_actions(self) -> Sequence[Any]:
        """The choices of the seat to act."""
        seat = self.to_act()
        return [] if seat is None else self.legal_actions_for(seat)

    def apply(self, action: Any) -> None:
        """A seat's choice; the second reveals both."""
        seat = action.seat if isinstance(action, Choice) else self.to_act()
        action = action.action if isinstance(action, Choice) else action
        assert seat is not None and action in self.legal_actions_for(seat)
        self.picks[seat] = action
        if None not in self.picks:
            if self.picks[0] == "A":
                self.winner = 0 if self.picks[1] == "A" else 1
            else:
                self.winner = 0 if self.rng.random() < SAFE else 1

    def outcome(self) -> Outcome | None:
        """Who won."""
        if self.winner is None:
            return None
        scores = (1, -1) if self.winner == 0 else (-1, 1)
        return Outcome((self.winner,), scores, f"P{self.winner + 1} wins")

    def view(self, seat: int) -> GuessView:
        """Its own choice; of the other only whether it has chosen."""
        chosen = (self.picks[0] is not None, self.picks[1] is not None)
        return GuessView(seat, self.picks[seat], chosen, self.winner)

    def clone(self) -> Self:
        """An independent copy."""
        new = type(self)(random.Random(), list(self.picks), self.winner)
        new.rng.setstate(self.rng.getstate())
        return new

    def all_cards(self) -> list[Card]:
        """No cards."""
        return []

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """The other seat's pending choice, and chance to come, drawn again."""
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        other = 1 - seat
        if self.winner is None and self.picks[other] is not None:
            new.picks[other] = rng.choice(["A", "B"])
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GuessState) and (self.picks, self.winner) == (other.picks, other.winner)


class Always:
    """A playout bot that always chooses one answer (from its view, as any bot)."""

    def __init__(self, answer: str) -> None:
        self.answer = answer

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return self.answer if self.answer in legal else legal[0]


def _search(seat: int, state: GuessState, policy: Any = None, iterations: int = 600) -> tuple[Any, Search]:
    search = Search(Settings(iterations=iterations, bias=0.0), random.Random(5), policy)
    return search.run(Worlds(state, seat), state.view(seat), list(state.legal_actions_for(seat))), search


def _means(search: Search) -> dict[str, float]:
    return {action: mean for action, _, mean in search.report().actions}


def test_the_other_seat_does_not_answer_the_searchers_pending_choice() -> None:
    choice, search = _search(0, GuessState(random.Random(1)))
    means = _means(search)
    assert choice == "A", means  # peeking, P2 would always answer B and A would look lost
    assert abs(means["A"] - 0.5) < 0.08 and abs(means["B"] - SAFE) < 0.08, means
    for child in search.root.children.values():  # no node of P2's choice below the searcher's
        assert not child.children


def test_the_other_seat_chooses_from_its_own_view_with_the_playout_bot() -> None:
    # P2's playout bot always answers B (from its view): then A loses and B, 0.4, is right
    choice, search = _search(0, GuessState(random.Random(1)), policy=lambda rng: Always("B"))
    assert choice == "B" and _means(search)["A"] == 0.0
    # and one that always answers A: A wins every time
    choice, search = _search(0, GuessState(random.Random(1)), policy=lambda rng: Always("A"))
    assert choice == "A" and _means(search)["A"] == 1.0


def test_a_searcher_second_to_choose_is_not_told_the_first_choice() -> None:
    state = GuessState(random.Random(1))
    state.apply(Choice(0, "A"))  # P1 chose A; P2 searches: its worlds re-deal P1's hidden choice
    choice, search = _search(1, state)
    means = _means(search)
    # P1's A or B, each half the time: A wins only by chance against B (0.6), B wins against A too
    assert abs(means["A"] - 0.3) < 0.08 and abs(means["B"] - 0.8) < 0.08, means
    assert choice == "B"


def test_others_choose_outside_the_tree_once_the_searcher_has_chosen() -> None:
    world = GuessState(random.Random(2))
    assert not others_to_choose(world, 0)  # the searcher still chooses
    world.apply(Choice(0, "A"))
    assert others_to_choose(world, 0)
    seen: list[Any] = []

    class Spy:
        def choose(self, view: Any, legal: Sequence[Any]) -> Any:
            seen.append(view)
            return "A"

    others_choose(world, 0, [Spy(), Spy()], random.Random(0))
    assert world.winner == 0 and seen == [GuessView(1, None, (True, False), None)]  # P1's A unseen
