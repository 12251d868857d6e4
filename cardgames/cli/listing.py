"""``cardgames list``: the installed games, their player ranges and presets, and any broken plugins."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from cardgames.primitives.language import FRAMEWORK, N_

if TYPE_CHECKING:
    from rich.console import Console

    from cardgames.core.game import Game


# The table's title, its columns and its notes, said in the language in force
TITLE = N_("Installed games")
COLUMNS = (N_("Game"), N_("Name"), N_("Players"), N_("Presets"), N_("Also called"))
NONE_INSTALLED = N_("No games are installed.")
BROKEN = N_("broken plugin")


def player_range(game: Game[Any, Any]) -> str:
    """ "2-4", or "4" for a game with a fixed number of players."""
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}-{game.max_players}"


def show_games(console: Console, as_json: bool) -> None:
    """Print the installed games as a table (or JSON for scripts), then the broken plugins."""
    import attrs
    from rich.markup import escape
    from rich.table import Table as RichTable

    from cardgames.plugins.registry import default_registry

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
    _ = FRAMEWORK.gettext
    table = RichTable(title=_(TITLE))
    for i, column in enumerate(COLUMNS):
        table.add_column(_(column), style="bold" if i == 0 else None)
    for g in reg.games():
        table.add_row(
            g.id, g.name, player_range(g), ", ".join(sorted(g.presets)) or "-", ", ".join(g.aliases)
        )
    if not reg.games():
        console.print(_(NONE_INSTALLED))
    else:
        console.print(table)
    for bad in reg.broken:
        where = f"{escape(bad.name)} ({escape(bad.target)})"
        console.print(
            f"[bold red]{escape(_(BROKEN))}[/] {where}: {escape(bad.reason)}",
            highlight=False,
            soft_wrap=True,
        )
