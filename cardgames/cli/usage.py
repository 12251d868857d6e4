"""Click-level usage mistakes (unknown option, missing argument, bad value) as one line, exit code 2.

Typer prints such mistakes in a multi-line box. The program instead runs its command group
with ``standalone_mode=False`` (see :class:`cardgames.cli.lazy.LazyCommands`) and writes the
mistake here as one line with a hint. The exception classes are found through
``typer.BadParameter``, the one click exception typer exports, so this works whether typer
uses click itself or the copy it vendors.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

import typer


def _base(name: str) -> type[Exception]:
    """The click exception class called ``name`` among typer.BadParameter's bases."""
    for cls in typer.BadParameter.__mro__:
        if cls.__name__ == name:
            return cls
    raise RuntimeError(f"typer.BadParameter has no base class {name}")  # pragma: no cover


UsageError = _base("UsageError")
ClickException = _base("ClickException")

_NUMBER = re.compile(r"-\d")


def one_line(exc: Exception) -> str:
    """The mistake as one line: click's message, a suggestion where one helps, where to find help."""
    message = getattr(exc, "format_message", lambda: str(exc))()
    option = getattr(exc, "option_name", None)
    ctx: Any = getattr(exc, "ctx", None)
    if isinstance(option, str) and ctx is not None:
        message = getattr(exc, "message", message)
        if _NUMBER.match(option):
            message += " (a value that starts with '-' is read as an option; write -- before it)"
        else:
            close = difflib.get_close_matches(option, _option_names(ctx.command, ctx), n=1, cutoff=0.8)
            if close:
                message += f"; did you mean {close[0]}?"
    message = " ".join(message.split())  # click's choice lists span lines
    if ctx is not None:
        message += f" (see '{ctx.command_path} --help')"
    return message


def _option_names(command: Any, ctx: Any) -> list[str]:
    """The command's options, --help included (click adds it outside ``params``)."""
    names: list[str] = []
    for param in command.get_params(ctx) if hasattr(command, "get_params") else []:
        names += [*getattr(param, "opts", []), *getattr(param, "secondary_opts", [])]
    return [n for n in names if n.startswith("-")]
