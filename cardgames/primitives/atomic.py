"""Writing a file so that it is either wholly old or wholly new, and leaves nothing behind when killed.

The new text goes to a file without a name (Linux's ``O_TMPFILE``) that is named only once it
is whole and then put in the old file's place; elsewhere, to a temporary file beside it. The
signals that end the program wait until the file is in place, and every write sweeps the
temporary files that killed programs left (only our own pattern, only old ones).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import stat
import time
from pathlib import Path
from typing import Any

# A temporary file of a save older than this is a leftover of a killed program (a save takes seconds).
STALE_SECONDS = 15 * 60


def folder_of(path: Path) -> Path:
    """The folder a path is in ('.' for a bare file name)."""
    return path.parent if str(path.parent) else Path(".")


def temporary_name(target: Path) -> Path:
    """A fresh name beside ``target`` for the file that replaces it: ``.NAME.XXXXXXXX.tmp``."""
    return target.with_name(f".{target.name}.{os.urandom(4).hex()}.tmp")


def unnamed_file(directory: Path, mode: int) -> int | None:
    """A file in ``directory`` with no name yet (Linux's O_TMPFILE), or None where there is none.

    A program killed while writing it leaves nothing behind: the file gets a name only
    when it is whole (:func:`name_file`).
    """
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir("/proc/self/fd"):
        return None
    try:
        return os.open(directory, flag | os.O_WRONLY, mode)
    except OSError as exc:
        if exc.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOENT):
            return None  # a file system or kernel without it: the caller names the file from the start
        raise


def name_file(fd: int, name: Path) -> None:
    """Give the unnamed file ``fd`` the name ``name`` (which must not exist)."""
    folder = os.open(folder_of(name), os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        # a folder descriptor makes this linkat(AT_SYMLINK_FOLLOW), which links the file behind the
        # /proc entry; a plain link() would try to link the /proc entry itself
        os.link(f"/proc/self/fd/{fd}", name.name, dst_dir_fd=folder, follow_symlinks=True)
    finally:
        os.close(folder)


def sweep_stale(target: Path) -> None:
    """Remove temporary files of ``target`` left by killed programs: only our own pattern, only old ones.

    Only a regular file of this user named as :func:`temporary_name` names them and
    unchanged for :data:`STALE_SECONDS` is removed; anything that cannot be is left alone.
    """
    pattern = re.compile(rf"\.{re.escape(target.name)}\.[a-z0-9_]{{8}}\.tmp")
    folder = folder_of(target)
    now = time.time()
    uid = os.getuid() if hasattr(os, "getuid") else None
    try:
        names = [n for n in os.listdir(folder) if pattern.fullmatch(n)]
    except OSError:
        return
    for name in names:
        path = folder / name
        try:
            info = os.lstat(path)
            ours = uid is None or info.st_uid == uid
            if stat.S_ISREG(info.st_mode) and ours and now - info.st_mtime > STALE_SECONDS:
                os.unlink(path)
        except OSError:
            continue


def _file_mode(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write a text file so that it is either wholly old or wholly new."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    with _signals_held():
        _write_atomic(target, directory, text)


# Signals that end the program: held while a save is written, delivered once it is whole (or
# gone), so a SIGTERM in the middle leaves neither half a file nor a temporary one.
_HELD = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP", "SIGINT", "SIGQUIT") if hasattr(signal, n))


@contextlib.contextmanager
def _signals_held() -> Any:
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:  # Windows: nothing to hold
        yield
        return
    old = mask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)


def _write_atomic(target: Path, directory: Path, text: str) -> None:
    data = text.encode("utf-8")
    mode = _file_mode(target)
    fd = unnamed_file(directory, mode)
    if fd is None:
        _write_named(target, directory, data, mode)
    else:
        try:
            _write_all(fd, data)
            os.fchmod(fd, mode)  # the umask applied at creation; keep the old file's mode
            _name_and_replace(fd, target)
        finally:
            os.close(fd)
    sweep_stale(target)


def _name_and_replace(fd: int, target: Path) -> None:
    """Name the whole file and put it in ``target``'s place: the name lives for two system calls."""
    try:  # the old file stays open meanwhile, so the rename need not free its blocks
        old = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        old = None
    temporary = temporary_name(target)
    try:
        name_file(fd, temporary)
        try:
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
            raise
    finally:
        if old is not None:
            os.close(old)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
    os.fsync(fd)


def _write_named(target: Path, directory: Path, data: bytes, mode: int) -> None:
    """Where files cannot be made without a name: a temporary one, renamed once whole."""
    import tempfile  # with shutil and the compression modules: only a save needs them (issue 14)

    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        # mkstemp makes the file private (0600); keep the old file's mode, or the usual one
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
