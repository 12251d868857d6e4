"""An organiser's likely duplicates, caught before they are written: the same deal typed twice, and a
second game started at a table whose game is still open (docs/organisers.md#duplicates)."""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Mapping, Sequence

from cardgames.ledger import lookup
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.store import Ledger
from cardgames.output.asking import confirm
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext


def open_game_at(book: Ledger, tournament: str, table: str) -> str | None:
    """The table's games still open, in words ("game 3 (its label, 2 deals)"), or None."""
    with book.read() as conn:
        tid = lookup.tournament_id(conn, tournament)
        row = lookup.table_row(conn, tid, table)
        if row is None:
            return None
        ids = [
            int(r[0]) for r in conn.execute("SELECT id FROM games WHERE table_id = ? ORDER BY id", (row[0],))
        ]
        infos = [lookup.game(conn, gid) for gid in ids]
    still = [i for i in infos if not i.finished and not i.withdrawn]
    if not still:
        return None
    return ", ".join(
        ngettext(
            "game {number} ({label}, {count} deal)", "game {number} ({label}, {count} deals)", i.deals
        ).format(number=i.id, label=i.label(), count=i.deals)
        for i in still
    )


def _folded(data: Mapping[str, object]) -> str:
    """A deal's fields as compared: every field but the dealer, each as a list of texts, in any case."""
    lists = {k: v if isinstance(v, list) else [v] for k, v in data.items() if k != "dealer"}
    return json.dumps(lists, sort_keys=True).casefold()


# A deal is not played in less: the same fields recorded again sooner were most likely typed twice.
TYPED_TWICE = datetime.timedelta(minutes=2)


def same_as_last(book: Ledger, game_id: int, given: Mapping[str, Sequence[str]]) -> int | None:
    """The number of the game's last deal (not undone) if it was recorded with the same fields less than
    :data:`TYPED_TWICE` ago, else None."""
    with book.read() as conn:
        row = conn.execute(
            "SELECT e.deal, e.data, e.created FROM entries e WHERE e.game_id = ? AND e.kind = 'deal' "
            "AND NOT EXISTS (SELECT 1 FROM entries u WHERE u.reverses = e.id) ORDER BY e.id DESC LIMIT 1",
            (game_id,),
        ).fetchone()
    if row is None:
        return None
    try:
        before = json.loads(row[1])
        when = datetime.datetime.fromisoformat(row[2])
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None or datetime.datetime.now(datetime.UTC) - when > TYPED_TWICE:
        return None
    now = {name: [t.strip() for t in texts] for name, texts in given.items()}
    return int(row[0]) if isinstance(before, dict) and _folded(before) == _folded(now) else None


def ask(question: str) -> None:
    """At a terminal, ask ``question`` before writing (Enter or n: LedgerError, nothing is written)."""
    if not sys.stdin.isatty():
        return
    if not confirm(question):
        raise LedgerError(_("nothing was written"))


def note(text: str) -> None:
    """In a script (nobody to ask), one line on stderr after the write: a deal like the last one is
    often real, so a script is not stopped."""
    if not sys.stdin.isatty():
        import typer

        typer.echo(_("note: {text}").format(text=text), err=True)
