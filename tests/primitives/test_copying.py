"""slot_copier: a shallow copy of every slot, through the class's own empty instance when given one."""

from __future__ import annotations

from functools import partial

import pytest

from cardgames.primitives.copying import slot_copier


class Base:
    __slots__ = ("a",)


class Child(Base):
    __slots__ = ("b", "c")

    def __init__(self, b: list[int] | None = None) -> None:
        if b is None:
            return
        self.a, self.b, self.c = 1, b, "c"


def test_every_slot_of_every_class_is_copied_shallowly() -> None:
    original = Child([1, 2])
    copy = slot_copier(Child)(original)
    assert copy is not original and (copy.a, copy.b, copy.c) == (1, [1, 2], "c")
    assert copy.b is original.b  # shallow: the caller copies what is mutable


def test_names_and_an_empty_instance_can_be_given() -> None:
    copy = slot_copier(Child, ["b"], new=partial(Child, None))(Child([3]))
    assert copy.b == [3] and not hasattr(copy, "a")


def test_a_class_without_slots_is_refused() -> None:
    class Plain:
        pass

    with pytest.raises(TypeError, match="no plain __slots__"):
        slot_copier(Plain)


# --- Fields: clone and __eq__ compiled from one declaration ---------------------------------

import random  # noqa: E402
from typing import Any  # noqa: E402

from cardgames.conformance import ConformanceError, check_random_game  # noqa: E402
from cardgames.core.game import GameState  # noqa: E402
from cardgames.games.posledniy import Posledniy  # noqa: E402
from cardgames.games.posledniy.options import PosledniyOptions  # noqa: E402
from cardgames.games.posledniy.state import FIELDS as POSLEDNIY_FIELDS  # noqa: E402
from cardgames.games.posledniy.state import PosledniyState  # noqa: E402
from cardgames.primitives.copying import NESTED, SHALLOW, SHARED, Copied, Derived, Fields  # noqa: E402


class Box:
    def __init__(self, value: int) -> None:
        self.value = value

    def copy(self) -> Box:
        return Box(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Box) and other.value == self.value


class Declared(GameState):
    """The protocol's other methods are not needed to copy and compare."""

    fields = Fields(name=SHARED, cards=SHALLOW, hands=NESTED, box=Copied(Box.copy), memo=Derived(SHARED))
    __slots__ = fields.names

    def __init__(self) -> None:
        self.name, self.cards, self.hands, self.box, self.memo = "x", [1, 2], [[3], [4]], Box(5), None

    players = property(lambda self: 2)

    def to_act(self) -> int | None: ...
    def legal_actions(self) -> list[Any]: ...
    def apply(self, action: Any) -> None: ...
    def outcome(self) -> Any: ...
    def view(self, seat: int) -> Any: ...
    def all_cards(self) -> list[Any]: ...
    def determinize(self, seat: int, rng: random.Random) -> Any: ...


def test_declared_fields_give_a_clone_copying_each_field_as_declared() -> None:
    state = Declared()
    copy = state.clone()
    assert type(copy) is Declared and copy == state and copy is not state
    assert copy.name is state.name and copy.memo is state.memo  # shared
    assert copy.cards is not state.cards and copy.hands[0] is not state.hands[0]  # copied
    assert copy.box is not state.box and copy.box == state.box  # by its own function
    copy.hands[0].append(9)
    copy.box.value = 6
    assert state.hands == [[3], [4]] and state.box.value == 5


def test_declared_fields_give_an_equality_of_every_field_but_the_derived() -> None:
    for name, value in [("name", "y"), ("cards", [1]), ("hands", [[3], []]), ("box", Box(0))]:
        copy = Declared().clone()
        setattr(copy, name, value)
        assert copy != Declared(), name
    copy = Declared().clone()
    copy.memo = "a cache"
    assert copy == Declared()
    assert Declared.__hash__ is None


def test_an_undeclared_field_cannot_be_set() -> None:
    with pytest.raises(AttributeError):
        Declared().forgotten = 1  # type: ignore[attr-defined]


def test_a_subclass_gets_its_own_clone_and_its_extra_fields() -> None:
    class Wider(Declared):
        fields = Declared.fields.extend(extra=SHALLOW)
        __slots__ = ("extra",)

        def __init__(self) -> None:
            super().__init__()
            self.extra = [7]

    state = Wider()
    copy = state.clone()
    assert type(copy) is Wider and copy.extra == [7] and copy.extra is not state.extra
    copy.extra.append(8)
    assert copy != state


def test_a_bad_declaration_is_refused() -> None:
    with pytest.raises(TypeError, match="is not SHARED"):
        Fields(hands="deep")
    with pytest.raises(TypeError, match="cannot be a field name"):
        Fields(**{"__dict__": SHARED})  # noqa: PIE804


class TakenBlindState(PosledniyState):
    """Its hand-written equality forgets the tricks each seat has taken (the bug)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PosledniyState):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in POSLEDNIY_FIELDS.compared if n != "taken")

    __hash__ = None  # type: ignore[assignment]


class TakenBlind(Posledniy):
    id = "takenblind"

    def new_game(self, options: PosledniyOptions, players: int, seed: int) -> PosledniyState:
        return TakenBlindState(options, players, seed)


def test_the_kit_fails_an_equality_that_ignores_a_field_that_changes_in_play() -> None:
    state = TakenBlindState(PosledniyOptions(), 4, 1)
    other = state.clone()
    other.taken = [1, 0, 0, 0]
    assert other == state  # what the broken equality does
    with pytest.raises(ConformanceError, match="equality ignores the field 'taken'"):
        check_random_game(TakenBlind(), PosledniyOptions(target=3), 4, 1, random.Random(1), silence=False)
    check_random_game(Posledniy(), PosledniyOptions(target=3), 4, 1, random.Random(1), silence=False)
