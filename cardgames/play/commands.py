"""The ``play``, ``resume`` and ``replay`` commands, mounted on the main app by :func:`register`.

``play`` is declared from :data:`cardgames.play.flags.PLAY` (its one table of parameters) and
runs :func:`cardgames.play.playing.play`, which :mod:`cardgames.entry` also runs without typer.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from cardgames.entry import COMMANDS
from cardgames.errors import CardgamesError
from cardgames.play import flags, playing
from cardgames.play.flags import Param
from cardgames.play.playing import fail, move_source, needs_ascii, pick, run_table, safe_streams
from cardgames.play.replaying import replay_file
from cardgames.play.saving import load_table
from cardgames.play.settings import load_settings
from cardgames.registry import installed_names

ANNOTATIONS: dict[str, Any] = {
    "argument": str,
    "text": str | None,
    "path": Path | None,
    "many": list[str] | None,
    "flag": bool,
    "switch": bool | None,
    "number": float | None,
}


def option(param: Param) -> Any:
    """typer's declaration of a parameter of the table."""
    if param.kind == "argument":
        return typer.Argument(metavar=param.metavar, help=param.help)
    names = ["/".join(param.names)] if param.kind == "switch" else list(param.names)
    return typer.Option(*names, help=param.help, metavar=param.metavar, min=param.low, max=param.high)


def declared(params: tuple[Param, ...], body: Any, help_text: str) -> Any:
    """A function typer reads as a command with ``params`` (in that order) that calls ``body``."""
    games = installed_names()  # by id, from the registry's entry points (no plugin is imported for it)

    def annotated(param: Param) -> Any:
        said = param.help.format(games=games) if param.kind == "argument" else param.help
        return Annotated[ANNOTATIONS[param.kind], option(param._replace(help=said))]

    def command(**values: Any) -> None:
        try:
            body(**values)
        except CardgamesError as exc:
            raise fail(str(exc)) from None

    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    signature = [
        inspect.Parameter(p.name, kind, annotation=annotated(p))
        if p.kind == "argument"
        else inspect.Parameter(p.name, kind, default=p.default, annotation=annotated(p))
        for p in params
    ]
    command.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in signature}
    command.__doc__ = help_text
    command.__name__ = command.__qualname__ = getattr(body, "__name__", "command")
    return command


play = declared(flags.PLAY, playing.play, COMMANDS["play"])

# Options that resume and replay share with play, declared once (in the table).
AsciiOption = Annotated[bool | None, option(flags.ASCII)]
BotDelayOption = Annotated[float | None, option(flags.BOT_DELAY)]
BellOption = Annotated[bool | None, option(flags.BELL)]
JsonOption = Annotated[bool, option(flags.JSON)]
MovesOption = Annotated[Path | None, option(flags.MOVES)]
IsolateOption = Annotated[bool, option(flags.ISOLATE)]
ScreenOption = Annotated[bool | None, option(flags.SCREEN)]
OverwriteOption = Annotated[bool, option(flags.OVERWRITE)]


def resume(
    file: Annotated[Path, typer.Argument(help="A game saved with --save or at quit.")],
    ascii_only: AsciiOption = None,
    save: Annotated[
        Path | None, typer.Option(help="Save to this file instead (default: the same file).")
    ] = None,
    overwrite: OverwriteOption = False,
    as_json: JsonOption = False,
    moves: MovesOption = None,
    bot_delay: BotDelayOption = None,
    bell: BellOption = None,
    screen: ScreenOption = None,
    isolate_bots: IsolateOption = False,
) -> None:
    """Continue a saved game."""
    safe_streams()
    try:
        table = load_table(file)
        mine = load_settings(table.game.id)
        ascii_only = pick(ascii_only, mine.ascii, False)
        console = Console(stderr=as_json, highlight=False, emoji=False)
        name = table.game.name
        if (ascii_only or needs_ascii(console)) and not name.isascii():
            name = table.game.id.title()
        deal = table.record.deal  # the seed stays secret until the end; old files have no commitment
        said = f" (deal commitment {deal.commitment})" if deal is not None else ""
        console.print(
            f"Resuming {name}{said} after {len(table.record.actions)} moves.",
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
        run_table(
            table,
            ascii_only=ascii_only,
            save=save or file,
            as_json=as_json,
            moves=moves,
            introduce=False,
            keep=file,
            overwrite=overwrite,
            bot_delay=pick(bot_delay, mine.bot_delay, 0.0),
            bell=pick(bell, mine.bell, False),
            isolate_bots=isolate_bots,
            screen=pick(screen, mine.screen, None),
        )
    except CardgamesError as exc:
        raise fail(str(exc)) from None


def replay(
    file: Annotated[Path, typer.Argument(help="A saved game.")],
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter after every move.")] = False,
    seat: Annotated[
        str | None,
        typer.Option(help="Show the table as this seat (P2, 2 or a name) saw it; default: whoever moved."),
    ] = None,
    brief: Annotated[bool, typer.Option("--brief", help="Only the moves and events, no tables.")] = False,
    ascii_only: AsciiOption = None,
    position: Annotated[
        bool,
        typer.Option(
            "--position",
            help="Write the position (every hand) after each move, for a bug report; finished games only.",
        ),
    ] = False,
) -> None:
    """Show a saved game move by move."""
    safe_streams()
    try:
        console = Console(highlight=False, emoji=False)
        source = move_source(console, None) if step else None
        replay_file(
            console,
            file,
            source=source,
            seat=seat,
            ascii_only=ascii_only or needs_ascii(console),
            brief=brief,
            positions=position,
        )
    except CardgamesError as exc:
        raise fail(str(exc)) from None


def register(app: typer.Typer) -> None:
    """Mount the commands on the main app."""
    app.command("play")(play)
    app.command("resume")(resume)
    app.command("replay")(replay)


__all__ = ["play", "register", "replay", "resume"]
