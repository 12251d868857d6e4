"""A fast shallow copy of objects with ``__slots__``, for engines whose ``clone`` is called by search bots."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

T = TypeVar("T")


def slot_copier(
    cls: type[T], names: Sequence[str] | None = None, new: Callable[[], T] | None = None
) -> Callable[[T], T]:
    """A function returning a shallow copy of an instance of ``cls``, attribute by attribute.

    The attribute names (``names``, by default every class's ``__slots__``) are compiled
    into the function, as attrs compiles ``__init__``: a loop of ``getattr``/``setattr``
    costs several times more, and ``copy.copy`` more still. The caller then replaces the
    mutable attributes by copies. A class compiled by mypyc keeps its attributes but not
    ``__slots__``, and its instances cannot be made without ``__init__``: give it ``names``
    and ``new``, a function returning an empty instance (default ``object.__new__(cls)``).
    """
    if names is None:
        names = [
            name
            for klass in reversed(cls.__mro__)
            for name in getattr(klass, "__slots__", ())
            if name not in ("__dict__", "__weakref__")
        ]
    if not names or any(not name.isidentifier() or name.startswith("__") for name in names):
        raise TypeError(f"{cls.__name__} has no plain __slots__ to copy")
    body = "".join(f"    new.{name} = self.{name}\n" for name in names)
    source = f"def copy(self):\n    new = empty()\n{body}    return new\n"
    namespace: dict[str, object] = {"empty": new or partial(object.__new__, cls)}
    exec(compile(source, f"<slot copier of {cls.__qualname__}>", "exec"), namespace)
    copier: Callable[[T], T] = namespace["copy"]  # type: ignore[assignment]
    copier.__doc__ = f"A shallow copy of a {cls.__qualname__}."
    return copier
