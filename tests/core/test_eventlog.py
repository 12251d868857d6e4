"""EventLog: copies are independent though they share a store, and snapshots in words never change."""

from __future__ import annotations

from cardgames.core.eventlog import EventLog
from cardgames.core.state import LogEntry

written: list[int] = []


def _write(record: int) -> LogEntry:
    written.append(record)
    return LogEntry(None, f"event {record}")


def test_copies_diverge_without_seeing_each_other() -> None:
    log = EventLog([1, 2])
    a, b = log.copy(), log.copy()
    a.append(3)
    b.append(30)  # a took the store's next place: b continues in a store of its own
    b.append(31)
    log.append(300)
    assert list(log) == [1, 2, 300] and list(a) == [1, 2, 3] and list(b) == [1, 2, 30, 31]
    assert a[-1] == 3 and b[2:] == (30, 31) and len(b) == 4
    assert a != b and log.copy() == log and EventLog([1, 2, 3]) == a


def test_a_snapshot_in_words_is_immutable_and_written_only_when_read() -> None:
    written.clear()
    log = EventLog([1, 2, 3])
    words = log.words(_write)
    assert written == []  # nothing is written before someone reads it
    assert words[-1] == LogEntry(None, "event 3") and len(words) == 3
    copy = log.copy()
    log.append(4)
    copy.append(40)
    assert tuple(words) == tuple(LogEntry(None, f"event {i}") for i in (1, 2, 3))
    assert [e.text for e in copy.words(_write)] == ["event 1", "event 2", "event 3", "event 40"]
    assert [e.text for e in log.words(_write)][-1] == "event 4"
    assert sorted(written) == [1, 2, 3, 4, 40]  # each entry written once, shared by the copies
    assert words == tuple(words) and words == log.words(_write)[:3] and words != copy.words(_write)
