"""``cardgames ledger …``: the organiser's commands (typer, rich tables, ``--json`` for scripts)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import attrs
import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from cardgames.ledger import lookup, views
from cardgames.ledger.db import ENV_PATH
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.export import export as write_export
from cardgames.ledger.model import Recorded
from cardgames.ledger.rating import ratings as ratings_of
from cardgames.ledger.store import Ledger
from cardgames.output.commands import COMMANDS
from cardgames.output.console import fail
from cardgames.output.help import SpokenTyper
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import FRAMEWORK, N_
from cardgames.primitives.limits import parse_int
from cardgames.primitives.text import counted

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
    return parse_int("the game's number", text, 1)


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
    return f"{value:+d}" if value else "0"


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
            label=info.meta.label,
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


@app.command("games", help=N_("List a tournament's games with their numbers and whether they are over."))
def list_games(tournament: TournamentArg, as_json: AsJson = False, ledger: LedgerPath = None) -> None:
    """List a tournament's games with their numbers and whether they are over."""
    with _ledger(ledger) as book:
        name, rows = views.games(book, tournament)
        if as_json:
            _json({"tournament": name, "games": [attrs.asdict(r) for r in rows]})
            return
        out = _table(_("Games of {tournament}").format(tournament=name), COLUMNS["games"])
        for r in rows:
            out.add_row(
                *_cells(str(r.game_id), r.table, r.game, ", ".join(r.players), str(r.deals), r.status)
            )
        console.print(out)


@app.command(help=N_("Show every entry of a game in order, corrections included, with running totals."))
def log(game_id: GameId, as_json: AsJson = False, ledger: LedgerPath = None) -> None:
    """Show every entry of a game in order, corrections included, with running totals."""
    with _ledger(ledger) as book:
        data = views.game_log(book, game_number(game_id))
        if as_json:
            _json(attrs.asdict(data))
            return
        said = _("game {number} ({tournament}, table {table}): {label}").format(
            number=data.game_id, tournament=data.tournament, table=data.table, label=data.game
        )
        console.print(escape(said), soft_wrap=True)
        for e in data.entries:
            undone = escape(_("(undone by entry {entry})").format(entry=e.undone_by))
            mark = f"  [dim]{undone}[/]" if e.undone_by else ""
            console.print(f"{e.id:>4}  {escape(e.summary)}{mark}", soft_wrap=True)
        out = _table(_("Totals"), COLUMNS["totals"])
        for p, pts, c in zip(data.players, data.points, data.chips, strict=True):
            out.add_row(*_cells(p, str(pts), _signed(c)))
        console.print(out)
        console.print(_("The game is over.") if data.finished else _("The game is open."))


# the views' columns (English, translated where shown); the numbers' are right-aligned
COLUMNS = {
    "games": (N_("game"), N_("table"), N_("scoring"), N_("players"), N_("deals"), N_("status")),
    "totals": (N_("player"), N_("points"), N_("chips")),
    "ranks": ("#", N_("player"), N_("games"), N_("won"), N_("lost"), N_("hands")),
    "history": (N_("game"), N_("table"), N_("scoring"), N_("deals"), N_("score"), N_("result")),
    "rating": ("#", N_("player"), N_("ordinal"), N_("mu"), N_("sigma")),
}
# a game's result for a player (views.history), and what a rating learns from (--by)
RESULTS = {"won": N_("won"), "lost": N_("lost"), "-": "-", "open": N_("open"), "withdrawn": N_("withdrawn")}
RATED_BY = {"game": N_("{section}: rating by game"), "deal": N_("{section}: rating by deal")}
RATED = {"game": N_("games"), "deal": N_("deals")}
NUMBERS = frozenset(
    {"#", "games", "won", "lost", "hands", "deals", "chips", "points", "ordinal", "mu", "sigma"}
)


def _table(title: str, columns: Sequence[str], numbers: Sequence[str] = ()) -> Table:
    """A compact table that stays readable at 60 columns (no box lines between the columns).

    ``columns`` are English names from :data:`COLUMNS` (said in the language in force) or, for
    ``numbers``, already said (a game's own unit).
    """
    out = Table(title=escape(title), box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for col in columns:
        said = col if col in numbers or col == "#" else _(col)
        out.add_column(
            escape(said),
            justify="right" if col in NUMBERS or col in numbers else "left",
            overflow="fold",  # a long word breaks rather than being cut to "…"
        )
    return out


@app.command(
    help=N_(
        "Standings per game and scoring mode (in its own units), then overall games won, hands won and chips."
    )
)
def standings(
    tournament: TournamentArg,
    table_name: Annotated[str | None, typer.Option("--table", help=N_("Only this table."))] = None,
    as_json: AsJson = False,
    ledger: LedgerPath = None,
) -> None:
    """Standings per game and scoring mode (in its own units), then overall games won, hands won and chips."""
    with _ledger(ledger) as book:
        data = views.standings(book, tournament, table_name)
        if as_json:
            _json(attrs.asdict(data))
            return
        where = (
            _("{tournament}, table {table}").format(tournament=data.tournament, table=data.table)
            if data.table
            else data.tournament
        )
        for sec in data.sections:
            cols = [
                *COLUMNS["ranks"],
                *([sec.points] if sec.points else []),
                *(["chips"] if sec.chips else []),
            ]
            out = _table(f"{sec.title} ({where})", cols, numbers=[sec.points or ""])
            for i, r in enumerate(sec.rows, 1):
                cells = [
                    str(i),
                    r.player,
                    str(r.games),
                    str(r.games_won),
                    str(r.games_lost),
                    str(r.hands_won),
                ]
                cells += [str(r.points)] if sec.points else []
                cells += [_signed(r.chips)] if sec.chips else []
                out.add_row(*_cells(*cells))
            if sec.points:
                low = _("fewest {points} rank first").format(points=sec.points)
                out.caption = escape(low if sec.low_points_win else "")
            console.print(out)
        chips = any(sec.chips for sec in data.sections)
        out = _table(
            _("Overall ({where})").format(where=where), [*COLUMNS["ranks"], *(["chips"] if chips else [])]
        )
        for i, r in enumerate(
            data.overall, 1
        ):  # ranked by these columns, left to right (views.overall_ranking)
            cells = [str(i), r.player, str(r.games), str(r.games_won), str(r.games_lost), str(r.hands_won)]
            out.add_row(*_cells(*cells, *([_signed(r.chips)] if chips else [])))
        out.caption = escape(_("points of different games are never added"))
        console.print(out)


@app.command(
    help=N_("A player's games: where, what, deals, the score in the game's own units, and the result.")
)
def history(
    player: Annotated[str, typer.Argument(metavar="PLAYER", help=N_("The player's name."))],
    tournament: Annotated[str | None, typer.Option(help=N_("Only this tournament."))] = None,
    as_json: AsJson = False,
    ledger: LedgerPath = None,
) -> None:
    """A player's games: where, what, deals, the score in the game's own units, and the result."""
    with _ledger(ledger) as book:
        name, rows = views.history(book, player, tournament)
        if as_json:
            _json({"player": name, "games": [attrs.asdict(r) for r in rows]})
            return
        out = _table(_("History of {player}").format(player=name), COLUMNS["history"])
        for r in rows:
            won = ngettext("{count} hand won", "{count} hands won", r.hands_won).format(count=r.hands_won)
            score = [counted(r.points, r.points_unit) if r.points_unit else won]
            if r.chips is not None:
                chips = ngettext("{count} chip", "{count} chips", abs(r.chips))
                score.append(chips.format(count=_signed(r.chips)))
            out.add_row(
                *_cells(
                    str(r.game_id),
                    f"{r.tournament} {r.table}",
                    r.game,
                    str(r.deals),
                    ", ".join(score),
                    _(RESULTS[r.result]),
                )
            )
        console.print(out)


@app.command(
    help=N_("A skill rating (openskill, Plackett-Luce) per game and mode, and over every game, from ranks.")
)
def rating(
    tournament: TournamentArg,
    by: Annotated[
        str, typer.Option(help=N_("Learn from finished games (game) or from every deal (deal)."))
    ] = "game",
    as_json: AsJson = False,
    ledger: LedgerPath = None,
) -> None:
    """A skill rating (openskill, Plackett-Luce) per game and mode, and over every game, from ranks."""
    with _ledger(ledger) as book:
        name, sections = ratings_of(book, tournament, by)
        if as_json:
            _json({"tournament": name, "by": by, "sections": [attrs.asdict(s) for s in sections]})
            return
        for sec in sections:
            title = _(RATED_BY[by]).format(section=sec.title)
            out = _table(title, [*COLUMNS["rating"], RATED[by]])
            out.caption = escape(_("ordinal = mu - 3 sigma, the rank order"))
            for i, r in enumerate(sec.ratings, 1):
                out.add_row(
                    *_cells(
                        str(i), r.player, f"{r.ordinal:.2f}", f"{r.mu:.2f}", f"{r.sigma:.2f}", str(r.rated)
                    )
                )
            console.print(out)


@app.command(
    help=N_("Export a tournament: JSON with every game and entry, or CSV with one row per entry and player.")
)
def export(
    tournament: TournamentArg,
    path: Annotated[Path, typer.Argument(metavar="FILE", help=N_("Where to write: a .csv or .json file."))],
    fmt: Annotated[
        str | None, typer.Option("--format", help=N_("csv or json (default: from the file's suffix)."))
    ] = None,
    ledger: LedgerPath = None,
) -> None:
    """Export a tournament: JSON with every game and entry, or CSV with one row per entry and player."""
    with _ledger(ledger) as book:
        chosen = write_export(book, tournament, path, fmt)
        console.print(escape(_("wrote {path} ({format})").format(path=path, format=chosen)), soft_wrap=True)


from cardgames.ledger.cli_record import register as _register_entries  # noqa: E402

_register_entries(app)
