"""slot_copier: a shallow copy of every slot, through the class's own empty instance when given one."""

from __future__ import annotations

from functools import partial

import pytest

from cardgames.copying import slot_copier


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
