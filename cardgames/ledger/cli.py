"""``cardgames ledger …``: the organiser's commands (typer, rich tables, ``--json`` for scripts)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from cardgames.ledger import lookup
from cardgames.ledger.db import ENV_PATH
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.model import Recorded
from cardgames.ledger.store import Ledger
from cardgames.output.commands import COMMANDS
from cardgames.output.console import fail
from cardgames.output.help import SpokenTyper
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import FRAMEWORK, N_, grouped
from cardgames.primitives.limits import parse_int

app = SpokenTyper(
    name="ledger",
    help=COMMANDS["ledger"],
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext
console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

LedgerPath = Annotated[
    Path | None,
    typer.Option(
        "--ledger",
        envvar=ENV_PATH,
        show_envvar=True,
        metavar="PATH",
        help=N_("The ledger file (default: ledger.sqlite3 in your cardgames data folder)."),
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help=N_("Print JSON for scripts instead of a table."))]
# Numbers are read as text, so that a mistyped one is one line of ours, not the parser's usage box.
GameId = Annotated[
    str, typer.Argument(metavar="GAME", help=N_("The game's number, as `ledger game` printed it."))
]


def game_number(text: str) -> int:
    """A game's number as typed: a whole number from 1 (one clear line otherwise)."""
    return parse_int(_("the game's number"), text, 1)


def deal_number(text: str | None) -> int | None:
    """A deal's number as typed (``--deal``), if given."""
    return None if text is None else parse_int("--deal", text, 1)


TournamentArg = Annotated[str, typer.Argument(metavar="TOURNAMENT", help=N_("The tournament's name."))]


@contextlib.contextmanager
def _ledger(path: Path | None, *, create: bool = False) -> Iterator[Ledger]:
    """Open the ledger; any refusal becomes one red line and exit code 2 (nothing was written)."""
    try:
        with Ledger.open(path, create=create) as ledger:
            yield ledger
    except CardgamesError as exc:
        raise fail(str(exc)) from None


def _json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=1))


def _cells(*cells: str) -> list[str]:
    """Table cells shown as typed (a name like "Bea [2]" is not rich markup)."""
    return [escape(c) for c in cells]


def _signed(value: int) -> str:
    """A change with its sign, as the language in force writes the number: +1,200; +1.200; -3; 0."""
    return ("+" if value > 0 else "") + grouped(value)


def _show(records: Sequence[Recorded]) -> None:
    for rec in records:
        game = escape(_("game {number}").format(number=rec.game_id))
        console.print(f"[bold]{game}[/] {escape(rec.summary)}", soft_wrap=True)
        if rec.finished:
            console.print(f"[bold]{escape(_('game {number} is over.').format(number=rec.game_id))}[/]")


@app.command(help=N_("Start a tournament (creates the ledger file if it does not exist yet)."))
def new(tournament: TournamentArg, ledger: LedgerPath = None) -> None:
    """Start a tournament (creates the ledger file if it does not exist yet)."""
    with _ledger(ledger, create=True) as book:
        book.new_tournament(tournament)
        said = _("tournament {name} started in {path}").format(name=tournament, path=book.path)
        console.print(escape(said), soft_wrap=True)


@app.command(help=N_("Add a table to a tournament with its players seated clockwise (seat 1 first)."))
def table(
    tournament: TournamentArg,
    name: Annotated[
        str, typer.Argument(metavar="TABLE", help=N_("The table's name, e.g. 1 or 'by the window'."))
    ],
    players: Annotated[
        list[str], typer.Argument(metavar="PLAYER...", help=N_("The players in seat order, clockwise."))
    ],
    ledger: LedgerPath = None,
) -> None:
    """Add a table to a tournament with its players seated clockwise (seat 1 first)."""
    with _ledger(ledger) as book:
        book.add_table(tournament, name, players)
        seats = ", ".join(f"{i + 1} {p}" for i, p in enumerate(players))
        said = _("table {table} of {tournament}: {seats}").format(
            table=name, tournament=tournament, seats=seats
        )
        console.print(escape(said), soft_wrap=True)


def _pairs(items: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise LedgerError(
                _("option {item!r} must be written key=value, as in scoring=chips").format(item=item)
            )
        out[key.strip()] = value.strip()
    return out


@app.command(help=N_("Start a game at a table and print its number (you need it for `record`)."))
def game(
    tournament: TournamentArg,
    table_name: Annotated[str, typer.Argument(metavar="TABLE", help=N_("The table the game is played at."))],
    game_name: Annotated[
        str,
        typer.Option(
            "--game", "-g", help=N_("Any installed game that declares its scoring (`cardgames list`).")
        ),
    ],
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help=N_(
                "The game's options, as `cardgames rules GAME` lists them (key=value, as in scoring=chips)."
            ),
        ),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help=N_("Who plays, in seat order, comma-separated (default: everyone at the table).")),
    ] = None,
    first_dealer: Annotated[str | None, typer.Option(help=N_("Who deals first (default: seat 1)."))] = None,
    again: Annotated[
        bool, typer.Option("--again", help=N_("Start it even if a game at the table is still open."))
    ] = False,
    ledger: LedgerPath = None,
) -> None:
    """Start a game at a table and print its number (you need it for `record`)."""
    from cardgames.ledger.duplicates import ask, note, open_game_at

    with _ledger(ledger) as book:
        still = None if again else open_game_at(book, tournament, table_name)
        if still is not None:
            ask(
                _("Table {table} of {tournament} has {games} still open. Start another game there?").format(
                    table=table_name, tournament=tournament, games=still
                )
            )
        chosen = [s for s in seats.split(",") if s.strip()] if seats else None
        gid = book.start_game(
            tournament,
            table_name,
            game_name,
            _pairs(option or []),
            seats=chosen,
            first_dealer=first_dealer,
        )
        with book.read() as conn:
            info = lookup.game(conn, gid)
        said = _("game {number} at table {table}: {label}; seats {players}; first dealer {dealer}").format(
            number=gid,
            table=info.table,
            label=info.label(),
            players=", ".join(info.players),
            dealer=info.players[info.first_dealer],
        )
        console.print(escape(said), soft_wrap=True)
        if still is not None:
            note(
                _("table {table} of {tournament} has {games} still open as well (--again: no note)").format(
                    table=table_name, tournament=tournament, games=still
                )
            )


@app.command(
    help=N_(
        "End a game that stops early (or has no target): best and worst by the game's ranking, no settlement."
    )
)
def close(game_id: GameId, ledger: LedgerPath = None) -> None:
    """End a game that stops early (or has no target): best and worst by the game's ranking, no settlement."""
    with _ledger(ledger) as book:
        _show([book.close_game(game_number(game_id))])


from cardgames.ledger.cli_record import register as _register_entries  # noqa: E402
from cardgames.ledger.cli_views import register as _register_views  # noqa: E402

_register_views(app)
_register_entries(app)
