"""The ``cardgames`` entry point: the typer program, with a one-line error for an output that fails."""

from __future__ import annotations

import contextlib
import errno
import os
import sys

# errno values of an output that cannot take more (a full disk or quota, a file too large, a
# device error): the program says so in one line rather than with a traceback
_CANNOT_WRITE = frozenset(
    getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO") if hasattr(errno, name)
)


def main() -> None:
    """Run the program (:mod:`cardgames.cli.app`)."""
    try:
        try:
            _speak()
            from cardgames.cli.app import main as typer_main

            typer_main()
        except BrokenPipeError:  # the reader went away (``cardgames list | head -1``): as click, exit 1
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
    except OSError as exc:
        if exc.errno not in _CANNOT_WRITE:
            raise
        _cannot_write(exc)


def _speak() -> None:
    """Choose the language (:mod:`cardgames.cli.lang`) and take ``--lang`` out of the arguments."""
    from cardgames.cli.lang import lang_flag, language_from, unflagged_language
    from cardgames.primitives.errors import CardgamesError
    from cardgames.primitives.language import set_language

    try:
        code, rest = language_from(sys.argv[1:])
    except CardgamesError as exc:
        from cardgames.output.console import error

        set_language(unflagged_language())  # "error:" in the language the refusal is said in
        error(str(exc))
        sys.exit(2)
    set_language(code, asked=lang_flag(sys.argv[1:])[0] is not None)
    sys.argv[1:] = rest


def _cannot_write(exc: OSError) -> None:
    """Exit 1 with one line on stderr for an output that could not be written (``> /dev/full``)."""
    with contextlib.suppress(OSError, ValueError):
        from cardgames.primitives.language import FRAMEWORK

        _ = FRAMEWORK.gettext
        # a file's own error names it; the system's own words (strerror) are kept as it gives them
        what = f"'{exc.filename}'" if exc.filename else _("the output")
        line = _("cannot write {what}: {error}").format(what=what, error=exc.strerror or exc)
        os.write(2, f"{_('error:')} {line}\n".encode(errors="replace"))
    for stream in (sys.stdout, sys.stderr):  # what is still buffered would fail again at exit
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    sys.exit(1)
