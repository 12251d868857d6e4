"""Corrections: ``undo`` reverses the last deal of a game (or withdraws a played game), after a preview.

Nothing is erased: an undo entry negates another entry line for line, so every view (a sum
of lines) shows the game as if the entry had not been written, and the log still shows both.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardgames.ledger import lookup
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.lookup import ACTIVE
from cardgames.ledger.model import GameInfo, Recorded
from cardgames.primitives.language import FRAMEWORK

if TYPE_CHECKING:
    from cardgames.ledger.store import Ledger

_ = FRAMEWORK.gettext


def undo_plan(
    book: Ledger, conn: sqlite3.Connection, game_id: int, deal: int | None
) -> tuple[GameInfo, list[int], list[str]]:
    """What ``undo`` would reverse: the entry ids and their summaries; LedgerError if nothing."""
    info = lookup.game(conn, game_id)
    active = conn.execute(
        f"SELECT e.id, e.kind, e.deal, e.cause, e.summary FROM entries e WHERE e.game_id = ? "
        f"AND e.kind != 'undo' AND {ACTIVE} ORDER BY e.id DESC",
        (game_id,),
    ).fetchall()
    if not active:
        if info.withdrawn:
            raise LedgerError(
                _("game {game_id} is already withdrawn; `ledger import FILE` brings it back").format(
                    game_id=game_id
                )
            )
        raise LedgerError(_("game {game_id} has nothing to undo").format(game_id=game_id))
    if info.source == "program":
        targets = [int(r[0]) for r in active]
    else:
        last_id, kind, _deal, cause, _summary = active[0]
        targets = [int(last_id)]
        if kind == "end" and cause is not None:
            targets.append(int(cause))
    deals = [int(r[2]) for r in active if int(r[0]) in targets and r[2] is not None]
    if deal is not None and not deals and info.source == "hand":
        raise LedgerError(
            _("game {game_id} was closed; `undo` without --deal reopens it").format(game_id=game_id)
        )
    if deal is not None and (info.source == "program" or deals != [deal]):
        latest = deals[0] if deals else None
        raise LedgerError(
            f"only the last deal of game {game_id} can be undone"
            + (f" (deal {latest}); undo it first" if latest is not None else "")
        )
    texts = [str(r[4]) for r in reversed(active) if int(r[0]) in targets]
    return info, targets, texts


def undo_preview(book: Ledger, game_id: int, *, deal: int | None = None) -> tuple[str, list[int]]:
    """What ``undo`` will reverse, in words, and the entries (to pass back to :meth:`undo`)."""
    with book.read() as conn:
        info, targets, texts = undo_plan(book, conn, game_id, deal)
    if info.source == "program":
        head = _("withdraw game {number} ({label}, played in the program) as a whole")
    else:
        head = _("undo the last entry of game {number} ({label})")
    head = head.format(number=game_id, label=info.label())
    return head + ":\n" + "\n".join(f"  {t}" for t in texts), targets


def undo(
    book: Ledger, game_id: int, *, deal: int | None = None, expect: Sequence[int] | None = None
) -> Recorded:
    """Reverse the last deal of a game (with the game's end, if that deal ended it).

    A game played in the program is withdrawn as a whole (and can be imported again).
    A closed game is reopened. With ``expect`` (from :meth:`undo_preview`), refuse if the
    game changed since.
    """
    with book.write() as conn:
        info, targets, _texts = undo_plan(book, conn, game_id, deal)
        if expect is not None and sorted(expect) != sorted(targets):
            raise LedgerError(
                _("game {game_id} changed meanwhile; nothing was undone, look again").format(game_id=game_id)
            )
        why = "game withdrawn" if info.source == "program" else "correction"
        deals = [
            int(r[0])
            for r in conn.execute(
                f"SELECT deal FROM entries WHERE id IN ({','.join('?' * len(targets))}) "
                "AND deal IS NOT NULL ORDER BY id DESC",
                targets,
            )
        ]
        undos = tuple(book.reverse(conn, t, why) for t in targets)
        texts = conn.execute(
            f"SELECT summary FROM entries WHERE id IN ({','.join('?' * len(undos))}) ORDER BY id", undos
        ).fetchall()
        summary = "; ".join(t[0] for t in texts)
        if info.source == "program":
            summary = f"withdrawn ({len(undos)} entries reversed); `ledger import FILE` records it again"
        return Recorded(game_id, undos, deals[0] if deals else None, summary, False)
