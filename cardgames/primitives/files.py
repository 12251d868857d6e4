"""Reading files from outside with limits: the one place where a save, a record or a moves file is opened.

A file is refused before any of it is read when it is not a regular file (a FIFO would
block forever, ``/dev/zero`` never ends) or is larger than any real game could be; it is
read as UTF-8 (a leading byte-order mark is allowed), and NUL bytes are refused, so what
the readers get is ordinary text of a bounded size. Every refusal is a one-line
:class:`~cardgames.primitives.errors.FileLimitError`.

Writing a file whole is :mod:`cardgames.primitives.atomic`.
"""

from __future__ import annotations

import errno
import os
import stat

from cardgames.primitives.errors import FileLimitError
from cardgames.primitives.language import FRAMEWORK, N_, grouped
from cardgames.primitives.text import inert

# A whole match of a built-in game is tens of kilobytes; a thousand times that is no real game.
SAVE_LIMIT = 16 * 1024 * 1024
# A file of moves for the terminal: one move a line, a few bytes each.
MOVES_LIMIT = 4 * 1024 * 1024
# A player's settings file: a dozen short lines.
SETTINGS_LIMIT = 64 * 1024
# No move, name or answer is longer than this; a longer line is not a move.
LINE_LIMIT = 1000

BOM = "\ufeff"

_ = FRAMEWORK.gettext


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as it may appear in a message (inert, quoted)."""
    return f"'{inert(os.fspath(path))}'"


def _refuse(path: str | os.PathLike[str], what: str, why: str) -> FileLimitError:
    said = _("cannot read the {what} {path}: {why}")
    return FileLimitError(said.format(what=_(what), path=shown_path(path), why=why))


def open_regular(
    path: str | os.PathLike[str], *, limit: int, what: str = N_("file"), beyond: str = N_("any game")
) -> int:
    """A descriptor of a regular file of at most ``limit`` bytes; FileLimitError (one line) otherwise."""
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise FileLimitError(_("there is no file {path}").format(path=shown_path(path))) from None
    except ValueError:  # a NUL byte in the name
        raise _refuse(path, what, _("the name contains a NUL byte")) from None
    except OSError as exc:
        reason = _("it is a folder") if exc.errno == errno.EISDIR else exc.strerror or str(exc)
        raise _refuse(path, what, reason) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _refuse(path, what, _("it is a folder"))
        if not stat.S_ISREG(info.st_mode):
            raise _refuse(path, what, _("it is not a regular file (a pipe, a device or a socket)"))
        if info.st_size > limit:
            said = _("it is {size} bytes, more than {beyond} ({limit})")
            raise _refuse(
                path, what, said.format(size=grouped(info.st_size), beyond=_(beyond), limit=grouped(limit))
            )
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bytes(path: str | os.PathLike[str], *, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file no larger than ``limit``; FileLimitError (one line) otherwise."""
    fd = open_regular(path, limit=limit, what=what)
    try:
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            raise _refuse(
                path,
                what,
                _("it is more than {limit} bytes, more than any game").format(limit=grouped(limit)),
            )
        return b"".join(chunks)
    except OSError as exc:
        raise _refuse(path, what, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)


def decode_text(data: bytes, *, what: str, path: str | os.PathLike[str]) -> str:
    """``data`` as UTF-8 text without NUL bytes, a leading byte-order mark dropped."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise _refuse(
            path, what, _("it is not UTF-8 text (a bad byte on line {line})").format(line=line)
        ) from None
    if text.startswith(BOM):
        text = text[1:]
    if "\0" in text:
        line = text[: text.index("\0")].count("\n") + 1
        said = _("it contains a NUL byte (line {line}), so it is not a text file")
        raise _refuse(path, what, said.format(line=line))
    return text


def read_text(path: str | os.PathLike[str], *, limit: int, what: str = "file") -> str:
    """A bounded regular file as UTF-8 text (see :func:`read_bytes` and :func:`decode_text`)."""
    return decode_text(read_bytes(path, limit=limit, what=what), what=what, path=path)


def read_lines(
    path: str | os.PathLike[str], *, limit: int = MOVES_LIMIT, line_limit: int = LINE_LIMIT, what: str
) -> list[str]:
    """A bounded text file's lines (without line ends); a line longer than ``line_limit`` is refused."""
    lines = read_text(path, limit=limit, what=what).splitlines()
    for number, line in enumerate(lines, 1):
        if len(line) > line_limit:
            said = _("line {number} is {length} characters long, more than {limit}")
            raise _refuse(
                path, what, said.format(number=number, length=grouped(len(line)), limit=grouped(line_limit))
            )
    return lines


def check_line(line: str, *, line_limit: int = LINE_LIMIT) -> str:
    """One line read from a pipe: refused (one line) when too long or holding a NUL byte."""
    if len(line) > line_limit:
        said = _("a line of input is longer than {limit} characters, which no move is")
        raise FileLimitError(said.format(limit=grouped(line_limit)))
    if "\0" in line:
        raise FileLimitError(_("a line of input contains a NUL byte"))
    if not line.isascii():
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:  # bytes that were not UTF-8, kept as surrogates by the reader
            raise FileLimitError(_("a line of input is not UTF-8 text")) from None
    return line
