"""The ``play``, ``resume`` and ``replay`` commands, mounted on the main app by :func:`register`.

Each is declared from its one table of parameters in :mod:`cardgames.play.flags` (``PLAY``,
``RESUME``, ``REPLAY``) and runs its body (:func:`cardgames.play.playing.play`,
:func:`cardgames.play.resuming.resume`, :func:`cardgames.play.resuming.replay`).
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Annotated, Any

import typer

from cardgames.output.commands import COMMANDS
from cardgames.output.console import fail
from cardgames.play import flags, playing, resuming
from cardgames.play.flags import Param
from cardgames.plugins.registry import installed_names
from cardgames.primitives.errors import CardgamesError

ANNOTATIONS: dict[str, Any] = {
    "argument": str,
    "file": Path,
    "kept": Path | None,
    "text": str | None,
    "path": Path | None,
    "many": list[str] | None,
    "flag": bool,
    "switch": bool | None,
    "number": float | None,
}


def option(param: Param) -> Any:
    """typer's declaration of a parameter of the table."""
    if param.kind in flags.ARGUMENTS:
        return typer.Argument(metavar=param.metavar, help=param.help)
    names = ["/".join(param.names)] if param.kind == "switch" else list(param.names)
    return typer.Option(*names, help=param.help, metavar=param.metavar, min=param.low, max=param.high)


def declared(params: tuple[Param, ...], body: Any, help_text: str) -> Any:
    """A function typer reads as a command with ``params`` (in that order) that calls ``body``."""

    def annotated(param: Param) -> Any:
        # the game argument names the installed games by id, from the registry's entry points (no
        # plugin is imported for it)
        said = param.help.format(games=installed_names()) if param.kind == "argument" else param.help
        return Annotated[ANNOTATIONS[param.kind], option(param._replace(help=said))]

    def command(**values: Any) -> None:
        try:
            body(**values)
        except CardgamesError as exc:
            raise fail(str(exc)) from None

    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    signature = [
        inspect.Parameter(p.name, kind, annotation=annotated(p))
        if p.kind in ("argument", "file")
        else inspect.Parameter(p.name, kind, default=p.default, annotation=annotated(p))
        for p in params
    ]
    command.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in signature}
    command.__doc__ = help_text
    command.__name__ = command.__qualname__ = getattr(body, "__name__", "command")
    return command


play = declared(flags.PLAY, playing.play, COMMANDS["play"])

resume = declared(flags.RESUME, resuming.resume, COMMANDS["resume"])
replay = declared(flags.REPLAY, resuming.replay, COMMANDS["replay"])


def register(app: typer.Typer) -> None:
    """Mount the commands on the main app."""
    app.command("play")(play)
    app.command("resume")(resume)
    app.command("replay")(replay)


__all__ = ["play", "register", "replay", "resume"]
