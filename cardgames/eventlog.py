"""An append-only event log whose copies and snapshots cost O(1), and its words, written on demand.

A game keeps its public history as compact records and a view shows it in words. Copying
the whole history at every ``clone`` and writing all of it again for the first view of a
resumed game would cost time in proportion to the game's length, so copies of an
:class:`EventLog` share one store: a copy that appends where the store has no record yet
extends it in place, and a copy whose next place another copy took already starts a
private store (a one-off copy of its own records). Records below a log's length never
change, so :class:`LogWords`, a snapshot of a log in words, is immutable and puts into
words only the entries somebody reads (each once, kept in the store for every copy).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

from cardgames.game import LogEntry

R = TypeVar("R")


class _Store(Generic[R]):
    """The records of every copy of one log (they agree on a common prefix) and their words so far."""

    __slots__ = ("records", "words")

    def __init__(self, records: list[R], words: list[LogEntry]) -> None:
        self.records = records
        self.words = words


class EventLog(Sequence[R]):
    """The public history of a game as raw records: append, read, copy in O(1)."""

    __slots__ = ("_n", "_store")

    def __init__(self, records: Sequence[R] = (), _store: _Store[R] | None = None, _n: int = -1) -> None:
        self._store: _Store[R] = _Store(list(records), []) if _store is None else _store
        self._n = len(self._store.records) if _n < 0 else _n

    def append(self, record: R) -> None:
        """Add a record at the end."""
        store = self._store
        n = self._n
        if len(store.records) != n:  # another copy appended here first: continue in a store of our own
            store = self._store = _Store(store.records[:n], store.words[:n])
        store.records.append(record)
        self._n = n + 1

    def extend(self, records: Iterable[R]) -> None:
        """Add records at the end, in order."""
        for record in records:
            self.append(record)

    def copy(self) -> EventLog[R]:
        """An independent copy (sharing the store until the two differ)."""
        return EventLog((), self._store, self._n)  # positional: a state's clone calls this

    def records(self) -> list[R]:
        """The records, as a new list (reading many at once is faster from a list)."""
        return self._store.records[: self._n]

    def words(self, write: Callable[[R], LogEntry]) -> LogWords:
        """The log so far in words, ``write`` putting one record into words when it is read."""
        return LogWords(self._store, self._n, write)

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> R: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[R, ...]: ...

    def __getitem__(self, i: int | slice) -> R | tuple[R, ...]:
        n = self._n
        if isinstance(i, slice):
            return tuple(self._store.records[:n][i])
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("log index out of range")
        return self._store.records[i]

    def __iter__(self) -> Iterator[R]:
        records = self._store.records
        return (records[i] for i in range(self._n))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventLog):
            return NotImplemented
        if self._n != other._n:
            return False
        return (
            self._store is other._store or self._store.records[: self._n] == other._store.records[: self._n]
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventLog({self._store.records[: self._n]!r})"


class LogWords(Sequence[LogEntry]):
    """An immutable snapshot of an event log in words; an entry is written when first read."""

    __slots__ = ("_n", "_store", "_write")

    def __init__(self, store: _Store[Any], n: int, write: Callable[[Any], LogEntry]) -> None:
        self._store = store
        self._n = n
        self._write = write

    def _upto(self, stop: int) -> list[LogEntry]:
        """The store's words, written at least up to ``stop`` entries."""
        store = self._store
        words = store.words
        if len(words) < stop:
            write, records = self._write, store.records
            words.extend(write(records[i]) for i in range(len(words), stop))
        return words

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> LogEntry: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[LogEntry, ...]: ...

    def __getitem__(self, i: int | slice) -> LogEntry | tuple[LogEntry, ...]:
        n = self._n
        if isinstance(i, slice):
            return tuple(self._upto(n)[:n][i])
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("log index out of range")
        return self._upto(i + 1)[i]

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._upto(self._n)[: self._n])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogWords):
            if self._store is other._store and self._n == other._n:
                return True
            return tuple(self) == tuple(other)
        if isinstance(other, tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LogWords({tuple(self)!r})"
