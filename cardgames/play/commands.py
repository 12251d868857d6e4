"""The ``play``, ``resume`` and ``replay`` commands, mounted on the main app by :func:`register`.

Each is a typer command whose parameters are listed in the order its help shows them, sharing the
options they have in common; it runs its body (:func:`cardgames.play.playing.play`,
:func:`cardgames.play.resuming.resume`, :func:`cardgames.play.resuming.replay`), which takes the
same parameters in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from cardgames.output.commands import COMMANDS
from cardgames.output.console import fail
from cardgames.output.options import AddPlayersOption, CreateOption, IsolateOption
from cardgames.play import playing, resuming
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import N_

# the game argument names the installed games by id, from the registry's entry points (no plugin is
# imported for it)
GameArgument = Annotated[
    str,
    typer.Argument(
        metavar="GAME", help=N_("A game id, name or alias (`cardgames list` shows the installed games).")
    ),
]
AsciiOption = Annotated[
    bool | None,
    typer.Option(
        "--ascii/--glyphs", help=N_("Plain ASCII suits (S H D C), or glyphs (default: settings file).")
    ),
]
OverwriteOption = Annotated[
    bool, typer.Option("--overwrite", help=N_("Let --save replace an existing file without asking."))
]
BotDelayOption = Annotated[
    float | None,
    typer.Option(
        "--bot-delay",
        help=N_("Seconds to wait after each bot move, shown as it happens (default 0)."),
        min=0,
        max=10,
    ),
]
BellOption = Annotated[
    bool | None, typer.Option("--bell/--no-bell", help=N_("Ring the terminal bell when it is your turn."))
]
ScreenOption = Annotated[
    bool | None,
    typer.Option(
        "--screen/--lines",
        help=N_(
            "The full-screen table (the default at a terminal), or plain lines (scripts, screen "
            "readers; default: settings file)."
        ),
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help=N_("Print the result as JSON at the end."))]
MovesOption = Annotated[
    Path | None, typer.Option("--moves", help=N_("Read people's moves from this file, one a line."))
]


@contextmanager
def _one_line_errors() -> Iterator[None]:
    """A mistake the body finds is one ``error:`` line and exit code 2."""
    try:
        yield
    except CardgamesError as exc:
        raise fail(str(exc)) from None


def play(
    game_name: GameArgument,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            help=N_(
                "Who plays, in seat order: me, bot, bot:NAME or a person's name "
                "(me,bot,bot,bot or Ann,Boris,bot:heuristic), or a number of seats. Bots: bot:easy, "
                "bot:medium, bot:hard, bot:ismcts:time=0.5 and more (cardgames rules GAME lists them)."
            ),
        ),
    ] = None,
    # read as text, so a bad number is one line of ours rather than typer's usage box
    seed: Annotated[
        str | None,
        typer.Option("--seed", help=N_("Seed of the shuffles (random if omitted)."), metavar="INTEGER"),
    ] = None,
    preset: Annotated[
        str | None, typer.Option("--preset", help=N_("A preset of options (see cardgames rules GAME)."))
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=N_("An option as key=value (repeatable)."))
    ] = None,
    ascii_only: AsciiOption = None,
    save: Annotated[
        Path | None, typer.Option("--save", help=N_("Save after every move to this file."))
    ] = None,
    overwrite: OverwriteOption = False,
    bot_delay: BotDelayOption = None,
    bell: BellOption = None,
    screen: ScreenOption = None,
    as_json: JsonOption = False,
    moves: MovesOption = None,
    isolate_bots: IsolateOption = False,
    ledger: Annotated[
        Path | None, typer.Option("--ledger", help=N_("The ledger file (default: the default ledger)."))
    ] = None,
    tournament: Annotated[
        str | None,
        typer.Option("--tournament", help=N_("Record the finished game in this tournament of the ledger.")),
    ] = None,
    table_name: Annotated[
        str | None, typer.Option("--table", help=N_("The tournament table (with --ledger)."))
    ] = None,
    create: CreateOption = False,
    add_players: AddPlayersOption = False,
    position: Annotated[
        str | None,
        typer.Option(
            "--position",
            help=N_(
                "Start from this position (the game's notation, docs/GAME.md); the seed shuffles the rest."
            ),
            metavar="TEXT",
        ),
    ] = None,
) -> None:
    """``cardgames play``: the line read, :func:`cardgames.play.playing.play` runs the game."""
    with _one_line_errors():
        playing.play(
            game_name=game_name,
            players=players,
            seed=seed,
            preset=preset,
            option=option,
            ascii_only=ascii_only,
            save=save,
            overwrite=overwrite,
            bot_delay=bot_delay,
            bell=bell,
            screen=screen,
            as_json=as_json,
            moves=moves,
            isolate_bots=isolate_bots,
            ledger=ledger,
            tournament=tournament,
            table_name=table_name,
            create=create,
            add_players=add_players,
            position=position,
        )


def resume(
    file: Annotated[
        Path | None,
        typer.Argument(
            metavar="FILE",
            help=N_(
                "A game saved with --save or at quit; left out: the game kept last when the input ended."
            ),
        ),
    ] = None,
    ascii_only: AsciiOption = None,
    save: Annotated[
        Path | None, typer.Option("--save", help=N_("Save to this file instead (default: the same file)."))
    ] = None,
    overwrite: OverwriteOption = False,
    as_json: JsonOption = False,
    moves: MovesOption = None,
    bot_delay: BotDelayOption = None,
    bell: BellOption = None,
    screen: ScreenOption = None,
    isolate_bots: IsolateOption = False,
) -> None:
    """``cardgames resume``: the line read, :func:`cardgames.play.resuming.resume` runs the game."""
    with _one_line_errors():
        resuming.resume(
            file=file,
            ascii_only=ascii_only,
            save=save,
            overwrite=overwrite,
            as_json=as_json,
            moves=moves,
            bot_delay=bot_delay,
            bell=bell,
            screen=screen,
            isolate_bots=isolate_bots,
        )


def replay(
    file: Annotated[Path, typer.Argument(help=N_("A saved game."))],
    step: Annotated[bool, typer.Option("--step", help=N_("Wait for Enter after every move."))] = False,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat", help=N_("Show the table as this seat (P2, 2 or a name) saw it; default: whoever moved.")
        ),
    ] = None,
    brief: Annotated[bool, typer.Option("--brief", help=N_("Only the moves and events, no tables."))] = False,
    ascii_only: AsciiOption = None,
    position: Annotated[
        bool,
        typer.Option(
            "--position",
            help=N_(
                "Write the position (every hand) after each move, for a bug report; finished games only."
            ),
        ),
    ] = False,
) -> None:
    """``cardgames replay``: the line read, :func:`cardgames.play.resuming.replay` shows the game."""
    with _one_line_errors():
        resuming.replay(
            file=file, step=step, seat=seat, brief=brief, ascii_only=ascii_only, position=position
        )


def register(app: typer.Typer) -> None:
    """Mount the commands on the main app (each command's help is the root's line for it)."""
    app.command("play", help=COMMANDS["play"])(play)
    app.command("resume", help=COMMANDS["resume"])(resume)
    app.command("replay", help=COMMANDS["replay"])(replay)


__all__ = ["play", "register", "replay", "resume"]
