"""The ``cardgames`` command line: list games, show their rules and options."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import attrs
import typer
from rich.console import Console
from rich.table import Table as RichTable

from cardgames import __version__
from cardgames.errors import CardgamesError
from cardgames.game import Game
from cardgames.options import describe_type, option_fields, options_as_dict
from cardgames.registry import default_registry, find_game

app = typer.Typer(
    name="cardgames",
    help="Play Dernier and Последний (Posledniy) in the terminal, and keep tournament ledgers.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

console = Console()
err_console = Console(stderr=True)


class UserError(Exception):
    """A mistake by the user: printed as one line, exit code 2."""


def fail(message: str) -> typer.Exit:
    """Print a one-line error and return the exit to raise."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def _version(value: bool) -> None:
    if value:
        console.print(f"cardgames {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """Play Dernier and Последний (Posledniy) in the terminal, and keep tournament ledgers."""


def _player_range(game: Game[Any, Any]) -> str:
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}-{game.max_players}"


@app.command("list")
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """List the installed games, their player ranges and presets, and any broken plugins."""
    reg = default_registry()
    if as_json:
        data = {
            "games": [
                {
                    "id": g.id,
                    "name": g.name,
                    "aliases": list(g.aliases),
                    "players": [g.min_players, g.max_players],
                    "default_players": g.default_players,
                    "presets": sorted(g.presets),
                }
                for g in reg.games()
            ],
            "broken": [attrs.asdict(b) for b in reg.broken],
        }
        console.print_json(json.dumps(data, ensure_ascii=False))
        return
    table = RichTable(title="Installed games")
    table.add_column("game", style="bold")
    table.add_column("name")
    table.add_column("players")
    table.add_column("presets")
    table.add_column("also called")
    for g in reg.games():
        table.add_row(
            g.id,
            g.name,
            _player_range(g),
            ", ".join(sorted(g.presets)) or "-",
            ", ".join(g.aliases),
        )
    console.print(table)
    for bad in reg.broken:
        console.print(f"[bold red]broken plugin[/] {bad.name} ({bad.target}): {bad.reason}", highlight=False)


@app.command()
def rules(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game id, name or alias.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Show a game's options with their defaults, and its presets."""
    try:
        game = find_game(game_name)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    defaults = game.options_type()
    if as_json:
        data = {
            "id": game.id,
            "name": game.name,
            "players": [game.min_players, game.max_players],
            "options": options_as_dict(defaults),
            "presets": {k: dict(v) for k, v in game.presets.items()},
        }
        console.print_json(json.dumps(data, ensure_ascii=False, default=str))
        return
    console.print(f"[bold]{game.name}[/] ({game.id}): {game.summary}", highlight=False)
    console.print(f"Players: {_player_range(game)} (default {game.default_players})", highlight=False)
    table = RichTable(title="Options (set with --option key=value)")
    table.add_column("option", style="bold")
    table.add_column("values")
    table.add_column("default")
    presets = sorted(game.presets)
    for p in presets:
        table.add_column(p)
    hints = __import__("typing").get_type_hints(game.options_type)
    plain = options_as_dict(defaults)
    for f in option_fields(game.options_type):
        row = [f.name, describe_type(hints[f.name]), str(plain[f.name])]
        row += [str(game.presets[p].get(f.name, "")) for p in presets]
        table.add_row(*row)
    console.print(table)
    for f in option_fields(game.options_type):
        doc = f.metadata.get("doc")
        if doc:
            console.print(f"  [bold]{f.name}[/]: {doc}", highlight=False)


# play, resume and replay live in cardgames.play (a package of small modules)
from cardgames.play.commands import register as _register_play  # noqa: E402

_register_play(app)

# the organiser's tournament ledger lives in cardgames.ledger (a package of small modules)
from cardgames.ledger.cli import app as _ledger_app  # noqa: E402

app.add_typer(_ledger_app, name="ledger")


def main() -> None:
    """Entry point: run the app; a user mistake is one line and exit code 2, never a traceback."""
    try:
        app()
    except CardgamesError as exc:
        err_console.print(f"[bold red]error:[/] {exc}", highlight=False)
        sys.exit(2)
    except KeyboardInterrupt:
        err_console.print("interrupted")
        sys.exit(130)
