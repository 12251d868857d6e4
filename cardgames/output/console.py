"""Writing to the terminal: rich consoles made when first used, one-line errors, and when to style."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, cast

from cardgames.primitives.language import FRAMEWORK

if TYPE_CHECKING:
    import typer
    from rich.console import Console


class _Console:
    """A rich Console made when first used: `cardgames --help` does not import rich (start-up)."""

    def __init__(self, stderr: bool) -> None:
        self._stderr = stderr
        self._console: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(stderr=self._stderr, emoji=False)  # text is shown as written
        return getattr(self._console, name)


def not_allowed(reason: object) -> str:
    """A refused move as the terminal and the browser say it, in the language in force."""
    return FRAMEWORK.gettext("Not allowed: {reason}").format(reason=reason)


def escape(text: str) -> str:
    """rich.markup.escape, imported when first needed."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


console = cast("Console", _Console(stderr=False))
err_console = cast("Console", _Console(stderr=True))


def fail(message: str) -> typer.Exit:
    """Print a one-line error (:func:`error`) and return the exit to raise."""
    import typer

    error(message)
    return typer.Exit(code=2)


def error(message: str) -> None:
    """Write ``error: message`` as one line on stderr ("error:" in bold red on a terminal)."""
    from cardgames.primitives.language import FRAMEWORK
    from cardgames.primitives.text import inert

    line = inert(message, 1000)
    said = FRAMEWORK.gettext("error:")
    if not styled(sys.stderr):  # what rich writes here, without importing it
        sys.stderr.write(f"{said} {line}\n")
        return
    from rich.console import Console
    from rich.markup import escape

    Console(stderr=True).print(
        f"[bold red]{escape(said)}[/] {escape(line)}", highlight=False, soft_wrap=True, emoji=False
    )


def styled(stream: object) -> bool:
    """Whether rich's console on ``stream`` counts as a terminal (rich's own rule, environment first)."""
    tty = os.environ.get("TTY_COMPATIBLE", "")
    if tty in ("0", "1"):
        return tty == "1"
    if "FORCE_COLOR" in os.environ:
        return os.environ["FORCE_COLOR"] != ""
    isatty = getattr(stream, "isatty", None)  # annotated as object: typing is not imported for --help
    try:
        return isatty is not None and bool(isatty())
    except ValueError:  # a closed stream
        return False
