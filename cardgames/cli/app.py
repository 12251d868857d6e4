"""The ``cardgames`` command line: list games, show their rules and options."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cardgames import __version__
from cardgames.cli.lazy import LazyCommands, lazy, typer_commands
from cardgames.output.commands import COMMANDS, LANG_HELP, ROOT_HELP, VERSION_HELP
from cardgames.output.console import console, err_console, error, escape, fail
from cardgames.output.help import SpokenTyper
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import FRAMEWORK, N_

_ = FRAMEWORK.gettext

if TYPE_CHECKING:
    from cardgames.core.game import Game

# Modules are imported by the commands that need them, so that start-up stays fast.
app = SpokenTyper(
    cls=LazyCommands,
    name="cardgames",
    help=ROOT_HELP,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # plain help (click's layout): typer's rich help imports rich, markdown-it and pygments, which
    # cost `cardgames --help` about half its time (start-up); help texts hold no markup
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        console.print(f"cardgames {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help=VERSION_HELP),
    ] = False,
    lang: Annotated[str | None, typer.Option("--lang", metavar="en|it|ru", help=LANG_HELP)] = None,
) -> None:
    """Play the installed card games in the terminal, and keep tournament ledgers."""


@app.command("list", help=COMMANDS["list"])
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON for scripts."))] = False,
) -> None:
    """List the installed games, their player ranges and presets, and any broken plugins."""
    from cardgames.cli.listing import show_games

    show_games(console, as_json)


@app.command(help=COMMANDS["rules"])
def rules(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=N_("A game id, name or alias."))],
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON for scripts."))] = False,
    preset: Annotated[
        str | None, typer.Option(help=N_("Show the rules card under this preset (default: the game's)."))
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help=N_("An option as key=value, for the rules card.")),
    ] = None,
) -> None:
    """Show a game's rules card (what each card does), its options with their defaults, and its presets."""
    from rich.table import Table as RichTable

    from cardgames.bots.lookup import describe_bots
    from cardgames.cli.listing import player_range
    from cardgames.core.options import (
        describe_field,
        format_value,
        option_doc,
        option_fields,
        options_as_dict,
    )
    from cardgames.play.rulesview import summary_of
    from cardgames.plugins.registry import find_game

    try:
        game = find_game(game_name)
        chosen = _chosen_options(game, preset, option or [])
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    defaults = game.options_type()
    presets = list(game.presets)
    if as_json:
        data = {
            "id": game.id,
            "name": game.name,
            "players": [game.min_players, game.max_players],
            "default_players": game.default_players,
            "options": options_as_dict(defaults),
            "presets": {k: {n: _json_value(v) for n, v in game.presets[k].items()} for k in presets},
            "default_preset": game.default_preset,
            "rules_card": _rules_card_json(game, chosen),
            "bots": describe_bots(game),  # in the language in force, like the rules card
        }
        console.print_json(json.dumps(data, ensure_ascii=False, default=str))
        return
    summary = summary_of(game)
    console.print(f"[bold]{escape(game.name)}[/] ({game.id}): {escape(summary)}", highlight=False)
    players = _("Players: {range} (default {n})").format(range=player_range(game), n=game.default_players)
    console.print(players, highlight=False)
    if game.aliases:
        console.print(
            escape(_("Also called: {names}").format(names=", ".join(game.aliases))), highlight=False
        )
    _rules_card(game, chosen, preset, bool(option))
    table = RichTable(title=_("Options (set with --option key=value, on top of --preset NAME)"))
    table.add_column(_("option"), style="bold")
    table.add_column(_("values"))
    table.add_column(_("default"))
    for p in presets:
        table.add_column(f"{p}*" if p == game.default_preset else p)
    for f in option_fields(game.options_type):
        row = [f.name, describe_field(game.options_type, f), format_value(getattr(defaults, f.name))]
        row += [format_value(game.presets[p][f.name]) if f.name in game.presets[p] else "" for p in presets]
        table.add_row(*map(escape, row))
    console.print(table)
    if presets:
        note = _("A blank preset cell keeps the default.")
        if game.default_preset:
            note += " " + _("* {preset} is used when no preset is given.").format(preset=game.default_preset)
        console.print(note, highlight=False, soft_wrap=True)
    docs = [(f.name, option_doc(game.options_type, f)) for f in option_fields(game.options_type)]
    if any(doc for _, doc in docs):
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        for name, doc in docs:
            if doc:
                grid.add_row(name, escape(doc))
        console.print(grid)
    _print_bots(game)


def _print_bots(game: Game[Any, Any]) -> None:
    from rich.table import Table as RichTable

    from cardgames.bots.lookup import describe_bots
    from cardgames.play.seats import default_bot

    console.print(
        _("Bots (play against them with --players me,bot:NAME,...; bot alone is {bot}):").format(
            bot=default_bot(game)
        ),
        highlight=False,
    )
    grid = RichTable.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for name, line in describe_bots(game).items():
        grid.add_row(name, escape(line))
    console.print(grid)


def _chosen_options(game: Game[Any, Any], preset: str | None, pairs: list[str]) -> Any:
    from cardgames.play.start import build_options

    return build_options(game, preset, pairs)


def _rules_card(game: Game[Any, Any], options: Any, preset: str | None, changed: bool) -> None:
    """What each card does, under the chosen (or the game's default) preset; the game provides the card."""
    from cardgames.play.rulesview import show_rules_card

    name = preset or game.default_preset
    if name and changed:
        title = _("The rules card (preset {preset}, with your options):").format(preset=name)
    elif name:
        title = _("The rules card (preset {preset}):").format(preset=name)
    else:
        title = _("The rules card:")
    console.print(f"[bold]{escape(title)}[/]", highlight=False)
    show_rules_card(console, game, options, in_force=False)


def _rules_card_json(game: Game[Any, Any], options: Any) -> dict[str, Any]:
    from cardgames.play.rulesview import card_of

    card = card_of(game, options)
    return {"goal": card.goal, "cards": [list(c) for c in card.cards], "notes": list(card.notes)}


def _json_value(value: Any) -> Any:
    """An option value as plain JSON (enums by their lower-case name)."""
    from cardgames.core.options import format_value

    plain = format_value(value)
    return value if isinstance(value, bool | int | float | str) or value is None else plain


def _play_commands() -> dict[str, Any]:
    """play, resume and replay live in cardgames.play (a package of small modules)."""
    from cardgames.play.commands import register

    return typer_commands(register)


def _ledger_commands() -> dict[str, Any]:
    """The organiser's tournament ledger lives in cardgames.ledger (a package of small modules)."""
    from cardgames.ledger.cli import app as ledger_app

    return {"ledger": typer.main.get_group(ledger_app)}


# imported only when they run; their one-line help is checked against theirs by a test
lazy({name: COMMANDS[name] for name in ("play", "resume", "replay")}, _play_commands)


def _serve_commands() -> dict[str, Any]:
    """The browser table lives in cardgames.web (its server needs the web extra only when it runs)."""
    from cardgames.web.serve import register

    return typer_commands(register)


lazy({"serve": COMMANDS["serve"]}, _serve_commands)


def _lab_commands() -> dict[str, Any]:
    """simulate and arena live in cardgames.lab (the simulation lab)."""
    from cardgames.lab.cli import register

    return typer_commands(register)


lazy({name: COMMANDS[name] for name in ("simulate", "arena")}, _lab_commands)


def _verify_commands() -> dict[str, Any]:
    """cardgames verify lives in cardgames.cli.verify."""
    from cardgames.cli.verify import register

    return typer_commands(register)


lazy({"verify": COMMANDS["verify"]}, _verify_commands)
lazy({"ledger": COMMANDS["ledger"]}, _ledger_commands)


def main() -> None:
    """Entry point: run the app; a user mistake is one line and exit code 2, never a traceback."""
    try:
        app()
    except CardgamesError as exc:
        error(str(exc))
        sys.exit(2)
    except KeyboardInterrupt:
        err_console.print("interrupted")
        sys.exit(130)
