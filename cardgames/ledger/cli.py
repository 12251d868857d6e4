"""``cardgames ledger …``: the organiser's commands (typer, rich tables, ``--json`` for scripts)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import attrs
import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from cardgames.errors import CardgamesError
from cardgames.ledger import views
from cardgames.ledger.db import ENV_PATH
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.export import export as write_export
from cardgames.ledger.model import Recorded
from cardgames.ledger.rating import rating as rating_of
from cardgames.ledger.store import Ledger

app = typer.Typer(
    name="ledger",
    help=(
        "Keep a tournament ledger: tables, games, deal-by-deal results, corrections, standings, "
        "ratings and exports. The program computes every point, chip and settlement."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

LedgerPath = Annotated[
    Path | None,
    typer.Option(
        "--ledger",
        envvar=ENV_PATH,
        show_envvar=True,
        metavar="PATH",
        help="The ledger file (default: ledger.sqlite3 in your cardgames data folder).",
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of a table.")]
GameId = Annotated[
    int, typer.Argument(metavar="GAME", help="The game's number, as `ledger game` printed it.")
]
TournamentArg = Annotated[str, typer.Argument(metavar="TOURNAMENT", help="The tournament's name.")]


@contextlib.contextmanager
def _ledger(path: Path | None, *, create: bool = False) -> Iterator[Ledger]:
    """Open the ledger; any refusal becomes one red line and exit code 2 (nothing was written)."""
    try:
        with Ledger.open(path, create=create) as ledger:
            yield ledger
    except CardgamesError as exc:
        err_console.print(f"[bold red]error:[/] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(code=2) from None


def _json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=1))


def _cells(*cells: str) -> list[str]:
    """Table cells shown as typed (a name like "Bea [2]" is not rich markup)."""
    return [escape(c) for c in cells]


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _show(records: Sequence[Recorded]) -> None:
    for rec in records:
        console.print(f"[bold]game {rec.game_id}[/] {escape(rec.summary)}", soft_wrap=True)
        if rec.finished:
            console.print(f"[bold]game {rec.game_id} is over.[/]")


@app.command()
def new(tournament: TournamentArg, ledger: LedgerPath = None) -> None:
    """Start a tournament (creates the ledger file if it does not exist yet)."""
    with _ledger(ledger, create=True) as book:
        book.new_tournament(tournament)
        console.print(f"tournament [bold]{escape(tournament)}[/] started in {escape(str(book.path))}")


@app.command()
def table(
    tournament: TournamentArg,
    name: Annotated[
        str, typer.Argument(metavar="TABLE", help="The table's name, e.g. 1 or 'by the window'.")
    ],
    players: Annotated[
        list[str], typer.Argument(metavar="PLAYER...", help="The players in seat order, clockwise.")
    ],
    ledger: LedgerPath = None,
) -> None:
    """Add a table to a tournament with its players seated clockwise (seat 1 first)."""
    with _ledger(ledger) as book:
        book.add_table(tournament, name, players)
        seats = ", ".join(f"{i + 1} {p}" for i, p in enumerate(players))
        console.print(f"table [bold]{escape(name)}[/] of {escape(tournament)}: {escape(seats)}")


def _pairs(items: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise LedgerError(f"option {item!r} must be written key=value, as in target=5")
        out[key.strip()] = value.strip()
    return out


@app.command()
def game(
    tournament: TournamentArg,
    table_name: Annotated[str, typer.Argument(metavar="TABLE", help="The table the game is played at.")],
    game_name: Annotated[
        str, typer.Option("--game", "-g", help="posledniy (Последний) or dernier.")
    ] = "posledniy",
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help=(
                "Scoring options. Последний: scoring=points|chips, target, unit, stake, rounds. "
                "Dernier: scoring=hands|cards, hands_to_win, target_points, joker_points."
            ),
        ),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="Who plays, in seat order, comma-separated (default: everyone at the table)."),
    ] = None,
    first_dealer: Annotated[
        str | None, typer.Option(help="Who deals first (Последний: who drew the ace; default seat 1).")
    ] = None,
    ledger: LedgerPath = None,
) -> None:
    """Start a game at a table and print its number (you need it for `record`)."""
    with _ledger(ledger) as book:
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
            info = book.game(conn, gid)
        console.print(
            f"[bold]game {gid}[/] at table "
            + escape(
                f"{info.table}: {info.spec.describe()}; seats {', '.join(info.players)}; "
                f"first dealer {info.players[info.first_dealer]}"
            ),
            soft_wrap=True,
        )


def _left(items: Sequence[str]) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for item in items:
        name, sep, value = item.partition("=")
        numbers = value.split(",")
        if not sep or not name.strip() or len(numbers) > 2 or not all(n.strip().isdigit() for n in numbers):
            raise LedgerError(f"--left {item!r} must be NAME=CARDS or NAME=CARDS,JOKERS, as in Bea=3,1")
        cards = int(numbers[0])
        jokers = int(numbers[1]) if len(numbers) == 2 else 0
        if jokers > cards:
            raise LedgerError(f"--left {item!r}: {jokers} jokers among {cards} cards is not a hand")
        if name.strip() in out:
            raise LedgerError(f"--left gives {name.strip()!r} twice")
        out[name.strip()] = (cards, jokers)
    return out


@app.command()
def record(
    game_id: GameId,
    last: Annotated[
        str | None, typer.Option("--last", help="Последний: who took the last (8th) trick.")
    ] = None,
    all_tricks: Annotated[
        str | None, typer.Option("--all-tricks", help="Последний: who took all eight tricks.")
    ] = None,
    winner: Annotated[str | None, typer.Option("--winner", help="Dernier: who went out.")] = None,
    left: Annotated[
        list[str] | None,
        typer.Option(
            "--left",
            metavar="NAME=CARDS[,JOKERS]",
            help="Dernier: cards left in a loser's hand, and how many are jokers (once per loser).",
        ),
    ] = None,
    dealer: Annotated[str | None, typer.Option(help="Who dealt (default: the next dealer in turn).")] = None,
    deal: Annotated[
        int | None,
        typer.Option(help="The deal's number; the ledger refuses it if that deal is already recorded."),
    ] = None,
    key: Annotated[
        str | None, typer.Option(help="A unique key for this entry: the same key is never recorded twice.")
    ] = None,
    ledger: LedgerPath = None,
) -> None:
    """Record one deal (Последний) or hand (Dernier); the ledger computes points, chips and the settlement."""
    with _ledger(ledger) as book:
        if winner is not None or left:
            if last is not None or all_tricks is not None:
                raise LedgerError(
                    "give --last/--all-tricks for Последний or --winner/--left for Dernier, not both"
                )
            if winner is None:
                raise LedgerError("give --winner: who went out in this hand of Dernier")
            recs = book.record_dernier(
                game_id, winner=winner, left=_left(left or []), dealer=dealer, deal=deal, key=key
            )
        else:
            recs = book.record_posledniy(
                game_id, last=last, all_tricks=all_tricks, dealer=dealer, deal=deal, key=key
            )
        _show(recs)


@app.command()
def close(game_id: GameId, ledger: LedgerPath = None) -> None:
    """End a game that has no target (Последний for chips) or that stops early; there is no settlement."""
    with _ledger(ledger) as book:
        _show([book.close_game(game_id)])


@app.command()
def undo(
    game_id: GameId,
    deal: Annotated[
        int | None, typer.Option(help="The deal you mean to undo; refused unless it is the game's last.")
    ] = None,
    ledger: LedgerPath = None,
) -> None:
    """Correct a mistake: reverse the game's last deal (and the game's end, if that deal ended it).

    Nothing is erased: the undo is a new entry, so `ledger log` still shows what was recorded.
    A game played in the program is withdrawn as a whole.
    """
    with _ledger(ledger) as book:
        rec = book.undo(game_id, deal=deal)
        console.print(f"[bold]game {game_id}[/] {escape(rec.summary)}", soft_wrap=True)


@app.command("games")
def list_games(tournament: TournamentArg, as_json: AsJson = False, ledger: LedgerPath = None) -> None:
    """List a tournament's games with their numbers and whether they are over."""
    with _ledger(ledger) as book:
        name, rows = views.games(book, tournament)
        if as_json:
            _json({"tournament": name, "games": [attrs.asdict(r) for r in rows]})
            return
        out = Table(title=escape(f"Games of {name}"))
        for col in ("game", "table", "scoring", "players", "deals", "status"):
            out.add_column(col)
        for r in rows:
            out.add_row(
                *_cells(str(r.game_id), r.table, r.game, ", ".join(r.players), str(r.deals), r.status)
            )
        console.print(out)


@app.command()
def log(game_id: GameId, as_json: AsJson = False, ledger: LedgerPath = None) -> None:
    """Show every entry of a game in order, corrections included, with running totals."""
    with _ledger(ledger) as book:
        data = views.game_log(book, game_id)
        if as_json:
            _json(attrs.asdict(data))
            return
        console.print(
            f"[bold]game {data.game_id}[/] "
            + escape(f"({data.tournament}, table {data.table}): {data.game}"),
            soft_wrap=True,
        )
        for e in data.entries:
            mark = f"  [dim](undone by entry {e.undone_by})[/]" if e.undone_by else ""
            console.print(f"{e.id:>4}  {escape(e.summary)}{mark}", soft_wrap=True)
        out = Table(title="Totals")
        for col in ("player", "points", "chips"):
            out.add_column(col, justify="left" if col == "player" else "right")
        for p, pts, c in zip(data.players, data.points, data.chips, strict=True):
            out.add_row(*_cells(p, str(pts), _signed(c)))
        console.print(out)
        console.print("The game is over." if data.finished else "The game is open.")


@app.command()
def standings(
    tournament: TournamentArg,
    table_name: Annotated[str | None, typer.Option("--table", help="Only this table.")] = None,
    as_json: AsJson = False,
    ledger: LedgerPath = None,
) -> None:
    """Standings: chips, penalty points, games and hands won and lost (most chips first)."""
    with _ledger(ledger) as book:
        data = views.standings(book, tournament, table_name)
        if as_json:
            _json(attrs.asdict(data))
            return
        title = f"Standings of {data.tournament}" + (f", table {data.table}" if data.table else "")
        out = Table(title=escape(title))
        for col in ("#", "player", "games", "won", "lost", "hands won", "hands lost", "points", "chips"):
            out.add_column(col, justify="left" if col == "player" else "right")
        for i, r in enumerate(data.rows, 1):
            out.add_row(
                *_cells(
                    str(i),
                    r.player,
                    str(r.games),
                    str(r.games_won),
                    str(r.games_lost),
                    str(r.hands_won),
                    str(r.hands_lost),
                    str(r.points),
                    _signed(r.chips),
                )
            )
        console.print(out)


@app.command()
def history(
    player: Annotated[str, typer.Argument(metavar="PLAYER", help="The player's name.")],
    tournament: Annotated[str | None, typer.Option(help="Only this tournament.")] = None,
    as_json: AsJson = False,
    ledger: LedgerPath = None,
) -> None:
    """A player's games: where, what, deals, points, chips and the result."""
    with _ledger(ledger) as book:
        name, rows = views.history(book, player, tournament)
        if as_json:
            _json({"player": name, "games": [attrs.asdict(r) for r in rows]})
            return
        out = Table(title=escape(f"History of {name}"))
        for col in ("game", "tournament", "table", "scoring", "seat", "deals", "points", "chips", "result"):
            out.add_column(col)
        for r in rows:
            out.add_row(
                *_cells(
                    str(r.game_id),
                    r.tournament,
                    r.table,
                    r.game,
                    str(r.seat),
                    str(r.deals),
                    str(r.points),
                    _signed(r.chips),
                    r.result,
                )
            )
        console.print(out)


@app.command()
def rating(
    tournament: TournamentArg,
    by: Annotated[
        str, typer.Option(help="Learn from finished games (game) or from every deal (deal).")
    ] = "game",
    as_json: AsJson = False,
    ledger: LedgerPath = None,
) -> None:
    """A skill rating (openskill, Plackett-Luce) from the ranks of all players in each game or deal."""
    with _ledger(ledger) as book:
        name, rows = rating_of(book, tournament, by)
        if as_json:
            _json({"tournament": name, "by": by, "ratings": [attrs.asdict(r) for r in rows]})
            return
        out = Table(
            title=escape(f"Rating of {name} by {by}"), caption="ordinal = mu - 3 sigma, the rank order"
        )
        for col in ("#", "player", "ordinal", "mu", "sigma", f"{by}s"):
            out.add_column(col, justify="left" if col == "player" else "right")
        for i, r in enumerate(rows, 1):
            out.add_row(
                *_cells(str(i), r.player, f"{r.ordinal:.2f}", f"{r.mu:.2f}", f"{r.sigma:.2f}", str(r.rated))
            )
        console.print(out)


@app.command()
def export(
    tournament: TournamentArg,
    path: Annotated[Path, typer.Argument(metavar="FILE", help="Where to write: a .csv or .json file.")],
    fmt: Annotated[
        str | None, typer.Option("--format", help="csv or json (default: from the file's suffix).")
    ] = None,
    ledger: LedgerPath = None,
) -> None:
    """Export a tournament: JSON with every game and entry, or CSV with one row per entry and player."""
    with _ledger(ledger) as book:
        chosen = write_export(book, tournament, path, fmt)
        console.print(f"wrote {escape(str(path))} ({chosen})")
