"""``ledger games``, ``log``, ``standings``, ``history``, ``rating`` and ``export``: the commands that
read a ledger, as tables in the language in force or as ``--json`` for scripts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import attrs
import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from cardgames.ledger import views
from cardgames.ledger.cli import (
    AsJson,
    GameId,
    LedgerPath,
    TournamentArg,
    _cells,
    _json,
    _ledger,
    _signed,
    console,
    game_number,
)
from cardgames.ledger.export import export as write_export
from cardgames.ledger.rating import ratings as ratings_of
from cardgames.primitives.language import FRAMEWORK, N_, decimals, grouped
from cardgames.primitives.text import counted

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext


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
                *_cells(str(r.game_id), r.table, r.game, ", ".join(r.players), grouped(r.deals), r.status)
            )
        console.print(out)


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
            out.add_row(*_cells(p, grouped(pts), _signed(c)))
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
                cells = [str(i), r.player, *map(grouped, (r.games, r.games_won, r.games_lost, r.hands_won))]
                cells += [grouped(r.points)] if sec.points else []
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
            cells = [str(i), r.player, *map(grouped, (r.games, r.games_won, r.games_lost, r.hands_won))]
            out.add_row(*_cells(*cells, *([_signed(r.chips)] if chips else [])))
        out.caption = escape(_("points of different games are never added"))
        console.print(out)


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
            won = ngettext("{count} hand won", "{count} hands won", r.hands_won).format(
                count=grouped(r.hands_won)
            )
            score = [_points(r.points, r.points_unit, r.points_said) if r.points_unit else won]
            if r.chips is not None:
                chips = ngettext("{count} chip", "{count} chips", abs(r.chips))
                score.append(chips.format(count=_signed(r.chips)))
            out.add_row(
                *_cells(
                    str(r.game_id),
                    f"{r.tournament} {r.table}",
                    r.game,
                    grouped(r.deals),
                    ", ".join(score),
                    _(RESULTS[r.result]),
                )
            )
        console.print(out)


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
                numbers = (decimals(r.ordinal, 2), decimals(r.mu, 2), decimals(r.sigma, 2), grouped(r.rated))
                out.add_row(*_cells(str(i), r.player, *numbers))
            console.print(out)


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


def _points(number: int, unit: str, said: str | None) -> str:
    """Points in a game's unit: counted in English ("1 penalty point"), else as "unit: 3" in the unit said."""
    if said is None or said == unit:
        return counted(number, unit)
    return _("{unit}: {count}").format(unit=said, count=grouped(number))


def register(app: typer.Typer) -> None:
    """Add the reading commands to the ledger app."""
    app.command("games", help=N_("List a tournament's games with their numbers and whether they are over."))(
        list_games
    )
    app.command(help=N_("Show every entry of a game in order, corrections included, with running totals."))(
        log
    )
    app.command(
        help=N_(
            "Standings per game and scoring mode (in its own units), "
            "then overall games won, hands won and chips."
        )
    )(standings)
    app.command(
        help=N_("A player's games: where, what, deals, the score in the game's own units, and the result.")
    )(history)
    app.command(
        help=N_(
            "A skill rating (openskill, Plackett-Luce) per game and mode, and over every game, from ranks."
        )
    )(rating)
    app.command(
        help=N_(
            "Export a tournament: JSON with every game and entry, or CSV with one row per entry and player."
        )
    )(export)
