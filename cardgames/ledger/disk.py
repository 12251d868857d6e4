"""Room on the ledger's disk: a full disk is told apart from a damaged file, and checked before writing.

A write needs room beside the ledger for SQLite's write-ahead log and its index (the
``-wal`` and ``-shm`` files) as well as for the pages it adds. With less than :data:`ROOM`
free the ledger refuses to write before it changes anything, and says that the disk is full
and the ledger intact (see docs/organisers.md#a-full-disk).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from cardgames.ledger.errors import LedgerFileError
from cardgames.primitives.atomic import folder_of
from cardgames.primitives.language import FRAMEWORK, N_
from cardgames.primitives.said import said

# said in the language in force, and kept as data to say again in a browser seat's (LedgerError.said);
# the figures are whole KiB, under 1024 free of 64 or 1024 needed, written without grouping
FULL = N_(
    "the disk holding the ledger {path!r} is full; the ledger is intact and nothing was changed: "
    "free some space and try again"
)
FULL_BY = N_(
    "the disk holding the ledger {path!r} is full ({free} KiB free, {need} KiB needed); the ledger "
    "is intact and nothing was changed: free some space and try again"
)

# Recording the longest game adds a few hundred KiB at most (its pages, then the log of them).
ROOM = 1 << 20
# Reading a ledger in WAL mode makes its 32 KiB index (the -shm file) when no program has it open.
INDEX_ROOM = 64 * 1024
# The side files SQLite keeps beside a ledger while it is open or writing.
SIDE_FILES = ("-wal", "-shm", "-journal")


def free_bytes(path: Path) -> int | None:
    """Bytes this user may still write on the disk holding ``path`` (None if it cannot be told)."""
    folder = folder_of(path)
    while not folder.exists() and folder != folder.parent:  # a folder --create will make
        folder = folder.parent
    try:
        info = os.statvfs(folder)
    except (OSError, AttributeError):  # AttributeError: Windows has no statvfs
        return None
    return info.f_bavail * info.f_frsize


def full_disk(path: Path, free: int | None, need: int = ROOM) -> LedgerFileError:
    """The one-line error for a disk without room for the ledger (``free`` bytes, if known)."""
    if free is None:
        return LedgerFileError(said(FRAMEWORK, FULL, path=str(path)))
    return LedgerFileError(said(FRAMEWORK, FULL_BY, path=str(path), free=free // 1024, need=need // 1024))


def check_room(path: Path, need: int = ROOM) -> None:
    """LedgerFileError (disk full) unless the disk holding ``path`` has ``need`` bytes free."""
    free = free_bytes(path)
    if free is not None and free < need:
        raise full_disk(path, free, need)


def short_of_room(path: Path) -> int | None:
    """The free bytes when they are fewer than a write needs (so a failed write met a full disk)."""
    free = free_bytes(path)
    return free if free is not None and free < ROOM else None


def in_wal_mode(path: Path) -> bool:
    """Whether the SQLite file at ``path`` is in WAL mode (bytes 18 and 19 of its header are 2)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(20)
    except OSError:
        return False
    return len(head) == 20 and head[18] == 2


def remove_new_ledger(path: Path) -> None:
    """Remove a ledger file this program has just made and left empty, with its side files."""
    with contextlib.suppress(OSError):
        if path.stat().st_size:  # another program's ledger, made at the same moment: not ours to remove
            return
    for name in (path, *(path.with_name(path.name + side) for side in SIDE_FILES)):
        with contextlib.suppress(OSError):
            name.unlink()
