"""A state's fields declared once, and the clone and equality compiled from that declaration.

Search bots clone a state thousands of times a second, and a replay is checked with the
state's ``__eq__``: both must see every field. Written by hand, each lists every field
again, and a field forgotten in ``__eq__`` silently weakens the replay check. A state
instead declares its fields once, each with how a copy gets it::

    from cardgames.primitives.copying import NESTED, SHALLOW, SHARED, Copied, Derived, Fields

    class HeartsState(GameState):
        fields = Fields(
            options=SHARED,             # immutable: the copy shares it
            hands=NESTED,               # a list of lists: each inner list copied
            trick=SHALLOW,              # a list of immutable items: copied with [:]
            rng=Copied(Chance.fork),    # copied by a function
            log=Copied(EventLog.copy),
            memo=Derived(SHARED),       # a cache: copied, but left out of equality
        )
        __slots__ = fields.names

``GameState`` then compiles ``clone`` and ``__eq__`` for the class (and again for each
subclass) from the declaration, once, as attrs compiles ``__init__``: straight-line code
that costs no more than the hand-written methods. A class that must write the two
methods itself (a class compiled by mypyc cannot be given methods after it is made) calls
the functions :meth:`Fields.clone_function` and :meth:`Fields.eq_function` return. The
conformance kit fails a state whose equality ignores a field that changes during play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from attrs import frozen

T = TypeVar("T")


@frozen
class Copied:
    """A field copied by calling ``copy`` on it (``Chance.fork``, ``EventLog.copy``, a value's own copier)."""

    copy: Callable[[Any], Any]


@frozen
class Derived:
    """A field derived from the others (a cache, an index): copied as ``kind``, left out of equality.

    Only what the other fields determine may be declared so; the conformance kit cannot
    tell a cache from a forgotten field.
    """

    kind: str | Copied


SHARED = "shared"
"""Immutable, or replaced and never changed in place: the copy shares the value."""
SHALLOW = "shallow"
"""A list (or ``bytearray``) of immutable items: the copy gets ``value[:]``."""
NESTED = "nested"
"""A list of such lists: the copy gets ``[inner[:] for inner in value]``."""
_KINDS = (SHARED, SHALLOW, NESTED)

Kind = str | Copied | Derived


class Fields:
    """A state's fields in order, each with how a copy gets it; all but the ``Derived`` ones are compared."""

    __slots__ = ("compared", "derived", "kinds", "names")

    def __init__(self, **kinds: Kind) -> None:
        """Fields as ``name=kind``: SHARED, SHALLOW, NESTED, ``Copied(function)`` or ``Derived(kind)``.

        Equality compares them in this order: put the cheap, often different ones first.
        """
        for name, kind in kinds.items():
            inner = kind.kind if isinstance(kind, Derived) else kind
            if not isinstance(inner, Copied) and inner not in _KINDS:
                raise TypeError(f"field {name!r}: {kind!r} is not SHARED, SHALLOW, NESTED or Copied(...)")
            if not name.isidentifier() or name.startswith("__"):
                raise TypeError(f"{name!r} cannot be a field name")
        self.kinds: dict[str, Kind] = dict(kinds)
        self.names: tuple[str, ...] = tuple(kinds)
        """Every field, in order (a class's ``__slots__``, if it wants them)."""
        self.derived: frozenset[str] = frozenset(n for n, k in kinds.items() if isinstance(k, Derived))
        """The fields left out of equality."""
        self.compared: tuple[str, ...] = tuple(n for n in self.names if n not in self.derived)
        """The fields equality compares, in order."""

    def extend(self, **kinds: Kind) -> Fields:
        """These fields and some more (a subclass's): a new declaration."""
        return Fields(**{**self.kinds, **kinds})

    def clone_function(
        self, cls: type[T], compiled: Callable[[type[Any]], Any] | None = None
    ) -> Callable[[T], T]:
        """A function returning an independent copy of an instance of ``cls`` (or of a subclass).

        The copy is an instance of the original's own class, made empty by ``object.__new__``
        (no ``__init__``). A class compiled by mypyc refuses that and needs its ``__init__``:
        ``compiled(cls)`` then makes the empty shell. Instances with an attribute dictionary
        (a subclass without ``__slots__``) have that copied shallowly too.
        """
        empty: Callable[[type[Any]], Any] = object.__new__
        if compiled is not None:
            try:
                object.__new__(cls)
            except TypeError:  # compiled by mypyc
                empty = compiled
        namespace: dict[str, Any] = {"empty": empty}
        lines = ["def clone(self):", "    new = empty(type(self))"]
        for name, kind in self.kinds.items():
            if isinstance(kind, Derived):
                kind = kind.kind
            if kind == SHARED:
                lines.append(f"    new.{name} = self.{name}")
            elif kind == SHALLOW:
                lines.append(f"    new.{name} = self.{name}[:]")
            elif kind == NESTED:
                lines.append(f"    new.{name} = [x[:] for x in self.{name}]")
            else:
                assert isinstance(kind, Copied)
                namespace[f"copy_{name}"] = kind.copy
                lines.append(f"    new.{name} = copy_{name}(self.{name})")
        if getattr(cls, "__dictoffset__", 0):  # attributes outside the declaration (a subclass's)
            lines[2:2] = ["    extra = getattr(self, '__dict__', None)", "    if extra:"]
            lines[4:4] = ["        new.__dict__.update(extra)"]
        lines.append("    return new")
        clone: Callable[[T], T] = _compile(lines, namespace, f"clone of {cls.__qualname__}", "clone")
        clone.__doc__ = "An independent copy, generator included (compiled from the declared fields)."
        return clone

    def eq_function(self, cls: type[Any]) -> Callable[[Any, object], bool]:
        """``__eq__`` for ``cls``: every compared field equal, in the declared order."""
        test = " and ".join(f"self.{n} == other.{n}" for n in self.compared) or "True"
        lines = [
            "def __eq__(self, other):",
            "    if not isinstance(other, cls):",
            "        return NotImplemented",
            f"    return {test}",
        ]
        name = f"__eq__ of {cls.__qualname__}"
        eq: Callable[[Any, object], bool] = _compile(lines, {"cls": cls}, name, "__eq__")
        eq.__doc__ = "Full equality of every declared field but the derived ones, generator included."
        return eq

    def __repr__(self) -> str:
        return f"Fields({', '.join(f'{n}={k!r}' for n, k in self.kinds.items())})"


def _compile(lines: list[str], namespace: dict[str, Any], filename: str, name: str) -> Any:
    exec(compile("\n".join(lines) + "\n", f"<{filename}>", "exec"), namespace)
    return namespace[name]


def slot_copier(
    cls: type[T], names: Sequence[str] | None = None, new: Callable[[], T] | None = None
) -> Callable[[T], T]:
    """A function returning a shallow copy of an instance of ``cls``, attribute by attribute.

    The attribute names (``names``, by default every class's ``__slots__``) are compiled
    into the function, as attrs compiles ``__init__``: a loop of ``getattr``/``setattr``
    costs several times more, and ``copy.copy`` more still. The caller then replaces the
    mutable attributes by copies (:class:`Fields` does both for a game state). A class
    compiled by mypyc keeps its attributes but not ``__slots__``, and its instances cannot
    be made without ``__init__``: give it ``names`` and ``new``, a function returning an
    empty instance (default ``object.__new__(cls)``).
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
