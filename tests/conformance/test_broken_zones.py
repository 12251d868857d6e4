"""The kit's zone checks: a game that declares its zones but writes a part itself must agree with them.

Each variant of Podkidnoy Durak (tests/framework_durak.py) below breaks the agreement in one way;
the kit must name it. The honest game passes (tests/plugins/test_durak.py).
"""

from __future__ import annotations

import random
from typing import Any, Self

import attrs
import pytest
from framework_durak import Durak, DurakState

from cardgames.conformance import ConformanceError, check_random_game
from cardgames.core.options import NoOptions
from cardgames.core.tabletop import ZoneKind
from cardgames.core.zones import Visibility, Zone, redeal_hidden, zone_view
from cardgames.primitives.cards import Card
from cardgames.primitives.copying import NESTED, SHALLOW

HONEST = DurakState.zones
SHOWN = tuple(attrs.evolve(z, visibility=Visibility.PUBLIC) if z.name == "stock" else z for z in HONEST)


class ShownStockState(DurakState):
    """Declares the stock face up, while its own view and re-deal hide it (unlike a table drawn from it)."""

    zones = SHOWN

    def view(self, seat: int) -> Any:
        """The honest view."""
        return zone_view(self, HONEST, seat, self.public_fields, self.public_seats)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """The honest re-deal: the stock but its bottom card is hidden."""
        other = self.clone()
        redeal_hidden(self, other, HONEST, seat, rng)
        return other


@attrs.frozen
class PeekView:
    """A view that also shows the next seat's hand."""

    own: Any
    peek: tuple[Card, ...]
    log: tuple[Any, ...]


class PeekingViewState(DurakState):
    """Writes its own view, which shows the next seat's hand that the zones declare hidden."""

    def view(self, seat: int) -> Any:
        """The derived view and the neighbour's cards."""
        own = super().view(seat)
        return PeekView(own, tuple(self.hands[(seat + 1) % self.players]), own.log)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A re-deal that leaves the hands alone (so the kit's own re-deal check cannot see the leak)."""
        return self.clone()


class MissingDiscardState(DurakState):
    """Declares no discard zone, but lists the discard among its cards."""

    zones = tuple(z for z in DurakState.zones if z.name != "discard")

    def all_cards(self) -> list[Card]:
        """Every card, the discard too."""
        return [c for h in self.hands for c in h] + self.stock + self.attacks + self.beats + self.discard


class PassedToSelfState(DurakState):
    """Declares a zone of passed cards whose receiver is the giver itself."""

    fields = DurakState.fields.extend(passed=NESTED, to=SHALLOW)  # type: ignore[union-attr]
    __slots__ = ("passed", "to")
    zones = (
        *DurakState.zones,
        Zone("passed", ZoneKind.PASSED, Visibility.OWNER, per_seat=True, shared_with="to"),
    )


class ForgetfulState(DurakState):
    """Keeps a picked-up card among the known ones after it is played."""

    def apply(self, action: Any) -> None:
        """Plays, then puts a played card back among the known cards (the bug)."""
        seat = self.to_act()
        known = list(self.picked_up[seat]) if seat is not None else []
        super().apply(action)
        if seat is not None and len(self.picked_up[seat]) < len(known):
            self.picked_up[seat] = known


class PublicPeekState(DurakState):
    """Names among its public fields a card it keeps apart: the second seat's first card at the deal."""

    fields = DurakState.fields.extend(peek=SHALLOW)  # type: ignore[union-attr]
    __slots__ = ("peek",)
    public_fields = (*DurakState.public_fields, "peek")


def _variant(state_type: type[DurakState]) -> Durak:
    class Variant(Durak):
        def new_game(self, options: Any, players: int, seed: int) -> DurakState:
            state = super().new_game(options, players, seed)
            other = object.__new__(state_type)
            for name in DurakState.fields.names:  # type: ignore[union-attr]
                setattr(other, name, getattr(state, name))
            if state_type is PassedToSelfState:
                other.passed, other.to = [[] for _ in range(players)], list(range(players))  # type: ignore[attr-defined]
            if state_type is PublicPeekState:
                other.peek = [state.hands[1][0]]  # type: ignore[attr-defined]
            return other

    return Variant()


@pytest.mark.parametrize(
    ("state_type", "message"),
    [
        (ShownStockState, "the declared zones show seat 0 cards that determinize deals again"),
        (PeekingViewState, "the view of seat 0 shows cards its declared zones hide"),
        (MissingDiscardState, "the declared zones do not hold the cards all_cards\\(\\) lists"),
        (PassedToSelfState, "zone 'passed': to\\[0\\] is not another seat"),
        (ForgetfulState, "zone 'hands': picked_up\\[\\d\\] names cards not there"),
        (PublicPeekState, "the public field 'peek' names .+, which lies where seat 0 cannot see it"),
    ],
)
def test_the_kit_catches_zones_that_disagree_with_the_game(
    state_type: type[DurakState], message: str
) -> None:
    with pytest.raises(ConformanceError, match=message):
        for seed in range(3):
            check_random_game(_variant(state_type), NoOptions(), 3, seed, random.Random(seed))
