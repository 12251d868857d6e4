"""An append-only event log whose copies and snapshots cost O(1), and its entries, made on demand.

A game keeps its public history as compact records and a view shows it as log entries.
Copying the whole history at every ``clone`` and making all of it again for the first view
of a resumed game would cost time in proportion to the game's length, so copies of an
:class:`EventLog` share one store: a copy that appends where the store has no record yet
extends it in place, and a copy whose next place another copy took already starts a
private store (a one-off copy of its own records). Records below a log's length never
change, so :class:`LogWords`, a snapshot of a log as entries, is immutable and makes only
the entries somebody reads (each once, kept in the store for every copy).

The entries the store keeps are data in no language (:class:`cardgames.core.state.LogEntry`
holds a :class:`cardgames.primitives.said.Said`), so one store serves seats that read two
languages; each entry's words are written when its ``text`` is read, once per language
(``cardgames.primitives.said`` keeps them).

A record may be written as a :class:`cardgames.core.state.PrivateText` (an event some seats read
in more detail, such as the cards of a face-down pass): the words of the log for seat s
(``words(write, s)``) then show s its own text and everyone else the public one, and the
words for ``None`` (a spectator) show the public text of every entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, cast, overload

from cardgames.core.state import LogEntry, PrivateText

R = TypeVar("R")


class _Store(Generic[R]):
    """The records of every copy of one log (they agree on a common prefix) and their entries so far."""

    __slots__ = ("private", "records", "words")

    def __init__(self, records: list[R], words: list[LogEntry | PrivateText], private: bool = False) -> None:
        self.records = records
        self.words = words
        self.private = private  # whether some record was written as a PrivateText


class EventLog(Sequence[R]):
    """The public history of a game as raw records: append, read, copy in O(1)."""

    __slots__ = ("_concealed", "_n", "_store")

    def __init__(self, records: Sequence[R] = (), _store: _Store[R] | None = None, _n: int = -1) -> None:
        self._store: _Store[R] = _Store(list(records), []) if _store is None else _store
        self._n = len(self._store.records) if _n < 0 else _n
        self._concealed: tuple[int, ...] = ()  # per seat: entries below this show it only public text

    def append(self, record: R) -> None:
        """Add a record at the end."""
        store = self._store
        n = self._n
        if len(store.records) != n:  # another copy appended here first: continue in a store of our own
            store = self._store = _Store(store.records[:n], store.words[:n], store.private)
        store.records.append(record)
        self._n = n + 1

    def extend(self, records: Iterable[R]) -> None:
        """Add records at the end, in order."""
        for record in records:
            self.append(record)

    def copy(self) -> EventLog[R]:
        """An independent copy (sharing the store until the two differ)."""
        new: EventLog[R] = EventLog((), self._store, self._n)  # positional: a state's clone calls this
        new._concealed = self._concealed
        return new

    def conceal(self, keep: int, players: int) -> None:
        """Show every seat but ``keep`` only the public text of the entries so far (for ``determinize``).

        A world dealt again for seat ``keep`` must not tell another seat's view what only
        that seat saw (its private texts name cards that lie elsewhere in the new world).
        """
        # every other seat's mark moves up to the end (a mark never lies past it); keep's stays
        mine = self._concealed[keep] if self._concealed else 0
        n = self._n
        self._concealed = (n,) * keep + (mine,) + (n,) * (players - keep - 1)

    def records(self) -> list[R]:
        """The records, as a new list (reading many at once is faster from a list)."""
        return self._store.records[: self._n]

    def words(self, write: Callable[[R], LogEntry | PrivateText], seat: int | None = None) -> LogWords:
        """The log so far as ``seat`` reads it (None: a spectator), each entry made when read.

        ``write`` makes one record's entry: a ``LogEntry`` (the same for everyone) or a ``PrivateText``.
        """
        concealed = self._concealed
        upto = concealed[seat] if seat is not None and seat < len(concealed) else 0
        return LogWords(self._store, self._n, write, seat, upto)

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
    """An immutable snapshot of an event log as entries; an entry is made when first read."""

    __slots__ = ("_n", "_seat", "_store", "_upto_public", "_write")

    def __init__(
        self,
        store: _Store[Any],
        n: int,
        write: Callable[[Any], LogEntry | PrivateText],
        seat: int | None = None,
        upto_public: int = 0,
    ) -> None:
        self._store = store
        self._n = n
        self._write = write
        self._seat = seat
        self._upto_public = upto_public  # entries below this show this seat their public text only

    @property
    def seat(self) -> int | None:
        """The seat this log is written for (None: a spectator)."""
        return self._seat

    def _upto(self, stop: int, start: int = 0) -> list[LogEntry]:
        """Entries up to ``stop`` as this log's seat reads them (written first where needed).

        Without private texts this is the store's own list (from its start); with them, only
        the entries from ``start`` on, as a new list.
        """
        store = self._store
        words = store.words
        if len(words) < stop:
            write, records, done = self._write, store.records, len(words)
            words.extend(write(records[i]) for i in range(done, stop))
            if not store.private and any(type(w) is PrivateText for w in words[done:stop]):
                store.private = True
        if not store.private:
            return cast(list[LogEntry], words)  # no PrivateText among them
        seat, upto = self._seat, self._upto_public
        return [
            (w.entry_for(None if i < upto else seat) if isinstance(w, PrivateText) else w)
            for i, w in enumerate(words[start:stop], start)
        ]

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> LogEntry: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[LogEntry, ...]: ...

    def __getitem__(self, i: int | slice) -> LogEntry | tuple[LogEntry, ...]:
        n = self._n
        if isinstance(i, slice):
            first, stop, step = i.indices(n)
            if step == 1 and self._store.private:  # only the entries asked for are resolved
                return tuple(self._upto(stop, first)) if first < stop else ()
            return tuple(self._upto(n)[:n][i])
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("log index out of range")
        return self._entry(i)

    def _entry(self, i: int) -> LogEntry:
        store = self._store
        words = store.words
        if len(words) <= i:
            self._upto(i + 1)
        word = words[i]
        if isinstance(word, PrivateText):
            return word.entry_for(None if i < self._upto_public else self._seat)
        return word

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._upto(self._n)[: self._n])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogWords):
            same = self._seat == other._seat and self._upto_public == other._upto_public
            if self._store is other._store and self._n == other._n and same:
                return True
            return tuple(self) == tuple(other)
        if isinstance(other, tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LogWords({tuple(self)!r})"
