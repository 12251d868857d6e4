"""``ledger record``, ``undo`` and ``import``: the commands that write deals, with the game's own fields.

``record`` has no fixed game options: it reads ``--FIELD VALUE`` for the fields the game's
scoresheet declares, shows them with ``ledger record GAME --help``, and asks for them when
run with ``--ask`` (or at a terminal with none given).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from cardgames.core.scoresheet import Field, PlayerNumbersField
from cardgames.ledger import duplicates, lookup
from cardgames.ledger.cli import (
    GameId,
    LedgerPath,
    _ledger,
    _show,
    console,
    deal_number,
    err_console,
    game_number,
)
from cardgames.ledger.entry import describe, flag, parse_field, usage
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.model import name_key
from cardgames.ledger.played import import_file
from cardgames.ledger.sheets import make_spec
from cardgames.ledger.store import Ledger
from cardgames.output.asking import confirm
from cardgames.output.console import fail
from cardgames.output.options import AddPlayersOption, CreateOption
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import FRAMEWORK, N_

_ = FRAMEWORK.gettext


@contextlib.contextmanager
def _refusals() -> Iterator[None]:
    try:
        yield
    except CardgamesError as exc:
        raise fail(str(exc)) from None


def given_fields(args: Sequence[str]) -> dict[str, list[str]]:
    """``--seat Anna --counts Bea=3,1 --counts=Dan=2`` as {"seat": ["Anna"], "counts": [...]}."""
    out: dict[str, list[str]] = {}
    items = list(args)
    while items:
        item = items.pop(0)
        if not item.startswith("--") or len(item) < 3:
            raise LedgerError(
                _("unexpected {item!r}: give the deal's fields as --FIELD VALUE").format(item=item)
            )
        name, sep, value = item[2:].partition("=")
        if not sep:
            if not items or items[0].startswith("--"):
                raise LedgerError(_("--{name} needs a value").format(name=name))
            value = items.pop(0)
        out.setdefault(name.replace("-", "_"), []).append(value)
    return out


def _answer(question: str, field: Field, players: Sequence[str], prefix: str = "") -> str:
    """One answer, checked at once (a name not seated, a number out of range): asked again until it
    reads, or empty (skipped)."""
    while True:
        text = str(typer.prompt(question, default="", show_default=False)).strip()
        if not text:
            return ""
        try:
            parse_field(field, [prefix + text], players)
        except LedgerError as exc:
            said = str(exc).removeprefix(f"{flag(field.name)}: ")  # no flag: the question is not a flag
            again = _("{mistake}; type it again, or press Enter to skip.").format(mistake=said)
            err_console.print(escape(again), soft_wrap=True)
            continue
        return text


def _ask(fields: Sequence[Field], players: Sequence[str]) -> dict[str, list[str]]:
    """Ask for every field in turn, each answer checked as it is typed (empty skips an optional one)."""
    out: dict[str, list[str]] = {}
    named: dict[str, str] = {}  # seat fields answered: field name -> the player's key
    for f in fields:
        if isinstance(f, PlayerNumbersField):
            parts = usage(f).split("=", 1)[1]
            for name in players:
                if f.not_for is not None and named.get(f.not_for) == name_key(name):
                    continue
                question = _("{field} for {player}: {help} ({usage}; empty to skip)").format(
                    field=f.name, player=name, help=f.help, usage=parts
                )
                text = _answer(question, f, players, f"{name}=")
                if text:
                    out.setdefault(f.name, []).append(f"{name}={text}")
            continue
        question = _("{help} ({usage}; empty to skip)").format(
            help=f"{f.help[:1].upper()}{f.help[1:]}", usage=usage(f)
        )
        text = _answer(question, f, players)
        if text:
            out[f.name] = [text]
            named[f.name] = name_key(text)
    return out


def _fields_help(book: Ledger | None, game_id: int | None) -> str:
    """The fields of one game of the ledger, or of every installed game with its default options."""
    if book is not None and game_id is not None:
        with book.read() as conn:
            info = lookup.game(conn, game_id)
        spec = info.recordable()
        lines = [
            _("Fields of game {number} ({label}; players {players}):").format(
                number=game_id, label=info.label(), players=", ".join(info.players)
            )
        ]
        lines += [f"  {describe(f)}" for f in spec.sheet.fields(spec.options, len(info.players))]
        return "\n".join(lines)
    from cardgames.plugins.registry import default_registry

    lines = [_("Fields of each installed game (with its default options):")]
    for game in default_registry().games():
        if game.scoresheet is None:
            continue
        lines.append(f"  {game.name} ({game.id}):")
        try:
            spec = make_spec(game, game.default_players, {})
            lines += [f"    {describe(f)}" for f in spec.sheet.fields(spec.options, spec.players)]
        except Exception as exc:  # a broken plugin must not hide the other games' fields
            lines.append("    " + _("(cannot show its fields: {error})").format(error=exc))
    return "\n".join(lines)


def record(
    ctx: typer.Context,
    game_text: Annotated[
        str | None, typer.Argument(metavar="GAME", help=N_("The game's number, as `ledger game` printed it."))
    ] = None,
    dealer: Annotated[
        str | None, typer.Option(help=N_("Who dealt (default: the next dealer in turn)."))
    ] = None,
    deal_text: Annotated[
        str | None,
        typer.Option(
            "--deal", help=N_("The deal's number; the ledger refuses it if that deal is already recorded.")
        ),
    ] = None,
    key: Annotated[
        str | None,
        typer.Option(help=N_("A unique key for this entry: the same key is never recorded twice.")),
    ] = None,
    ask: Annotated[
        bool, typer.Option("--ask", help=N_("Ask for each of the game's fields in turn."))
    ] = False,
    again: Annotated[
        bool,
        typer.Option(
            "--again", help=N_("Record it even if the last deal was recorded with the same fields.")
        ),
    ] = False,
    show_help: Annotated[
        bool, typer.Option("--help", help=N_("Show this help, with the fields of GAME (or of every game)."))
    ] = False,
    ledger: LedgerPath = None,
) -> None:
    """Record one deal with the fields its game declares (--FIELD VALUE); the ledger computes the rest.

    `ledger record GAME --help` lists that game's fields: --FIELD NAME, a number, or NAME=N per player.
    """
    with _refusals():
        game_id = None if game_text is None else game_number(game_text)
        deal = deal_number(deal_text)
    if show_help:
        typer.echo(ctx.get_help())
        if game_id is None:
            with _refusals():
                typer.echo("\n" + _fields_help(None, None))
            return
        with _ledger(ledger) as book:
            typer.echo("\n" + _fields_help(book, game_id))
        return
    with _ledger(ledger) as book:
        if game_id is None:
            raise LedgerError(_("give the game's number: `ledger record GAME --FIELD VALUE`"))
        given = given_fields(ctx.args)
        if ask or (not given and sys.stdin.isatty()):
            with book.read() as conn:
                info = lookup.game(conn, game_id)
            spec = info.recordable()
            try:
                given = _ask(spec.sheet.fields(spec.options, len(info.players)), info.players) | given
            except typer.Abort:
                raise LedgerError(_("nothing was recorded (the questions were not answered)")) from None
        # the same deal typed twice (a --deal number or a --key says which deal is meant: no question)
        same = (
            None
            if again or deal is not None or key is not None
            else duplicates.same_as_last(book, game_id, given)
        )
        if same is not None:
            duplicates.ask(
                _(
                    "Deal {deal} of game {number} was recorded with the same fields a moment ago. "
                    "Record another deal?"
                ).format(deal=same, number=game_id)
            )
        _show(book.record(game_id, given, dealer=dealer, deal=deal, key=key))
        if same is not None:
            duplicates.note(
                _(
                    "deal {deal} of game {number} was recorded with the same fields just before; if this "
                    "one was typed twice, `ledger undo {number}` takes it back (--again: no note)"
                ).format(deal=same, number=game_id)
            )


def undo(
    game_text: GameId,
    deal_text: Annotated[
        str | None,
        typer.Option("--deal", help=N_("The deal you mean to undo; refused unless it is the game's last.")),
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help=N_("Do not ask before reversing."))] = False,
    ledger: LedgerPath = None,
) -> None:
    """Correct a mistake: reverse the game's last deal (and the game's end, if that deal ended it).

    Shows what will be reversed and asks first (or give --yes). Nothing is erased: the undo is
    a new entry, so `ledger log` still shows what was recorded. A game played in the program
    is withdrawn as a whole; `ledger import FILE` records it again.
    """
    with _refusals():
        game_id, deal = game_number(game_text), deal_number(deal_text)
    with _ledger(ledger) as book:
        text, targets = book.undo_preview(game_id, deal=deal)
        console.print(
            escape(_("In {path} this will {what}").format(path=book.path, what=text)), soft_wrap=True
        )
        if not yes and not confirm(_("Reverse it?")):
            raise LedgerError(_("nothing was undone (answer y, or give --yes)"))
        rec = book.undo(game_id, deal=deal, expect=targets)
        game = escape(_("game {number}").format(number=game_id))
        where = escape(_("(in {path})").format(path=book.path))
        console.print(f"[bold]{game}[/] {escape(rec.summary)} {where}", soft_wrap=True)


def import_game(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help=N_("A finished game saved with `play --save`."))
    ],
    tournament: Annotated[str, typer.Option(help=N_("The tournament the game was played in."))],
    table_name: Annotated[
        str | None, typer.Option("--table", help=N_("The table it was played at (default: main)."))
    ] = None,
    create: CreateOption = False,
    add_players: AddPlayersOption = False,
    ledger: LedgerPath = None,
) -> None:
    """Record a finished game played in the program from its saved file; "
    "importing again changes nothing."""
    with _refusals():
        done = import_file(ledger, file, tournament, table_name, create=create, add_players=add_players)
    for note in done.notes:
        console.print(escape(f"{note}."), soft_wrap=True)
    where = {"file": file, "number": done.game_id, "tournament": done.tournament, "path": done.path}
    if done.again:
        said = _(
            "{file} is already recorded as game {number} of tournament {tournament} in {path}; "
            "nothing was written."
        )
    else:
        said = _("Recorded {file} as game {number} of tournament {tournament} in {path}.")
    console.print(escape(said.format(**where)), soft_wrap=True)


def register(app: typer.Typer) -> None:
    """Add the writing commands to the ledger app."""
    settings = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}
    app.command(
        context_settings=settings,
        help=N_(
            "Record one deal with the fields its game declares (--FIELD VALUE); "
            "the ledger computes the rest.\n"
            "\n"
            "`ledger record GAME --help` lists that game's fields: --FIELD NAME, a number, "
            "or NAME=N per player."
        ),
    )(record)
    app.command(
        help=N_(
            "Correct a mistake: reverse the game's last deal (and the game's end, if that deal ended it).\n"
            "\n"
            "Shows what will be reversed and asks first (or give --yes). Nothing is erased: the undo is\n"
            "a new entry, so `ledger log` still shows what was recorded. A game played in the program\n"
            "is withdrawn as a whole; `ledger import FILE` records it again."
        )
    )(undo)
    app.command(
        "import",
        help=N_(
            "Record a finished game played in the program from its saved file; "
            "importing again changes nothing."
        ),
    )(import_game)
