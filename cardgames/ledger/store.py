"""The ledger: tournaments, tables, games and their entries, each change in one transaction.

Entries are append-only. A deal is one entry (with a line per seat and its chip transfers);
the end of a game is an entry caused by the deal that reached the target (or by a close);
a correction is an ``undo`` entry that reverses another one line for line. Inside a
transaction, tournaments, players, tables and games are looked up by ``lookup``.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from cardgames.core.scoresheet import EntryError, PlayerNumbersField
from cardgames.ledger import corrections, db, lookup
from cardgames.ledger.entry import parse_values
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.model import (
    GameInfo,
    Recorded,
    clean_name,
    deal_summary,
    end_summary,
    kept_and_said,
    name_key,
    now,
    seat_of,
)
from cardgames.ledger.sheets import Effect, GameSpec, kept_meta, make_spec
from cardgames.primitives.language import FRAMEWORK
from cardgames.primitives.scoring import balances

_ = FRAMEWORK.gettext


class Ledger:
    """An open ledger file. Use as a context manager, or call :meth:`close`."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *, create: bool = False) -> Ledger:
        """Open the ledger at ``path`` (default: :func:`db.default_path`), creating it if asked."""
        target = Path(path) if path is not None else db.default_path()
        return cls(db.connect(target, create=create), target)

    def close(self) -> None:
        """Close the file."""
        self.conn.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``); any error rolls it all back."""
        with db.transaction(self.conn, self.path, write=True) as conn:
            yield conn

    @contextlib.contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """One consistent snapshot for reading."""
        with db.transaction(self.conn, self.path, write=False) as conn:
            yield conn

    # ----- writing entries -----

    def write_entry(
        self,
        conn: sqlite3.Connection,
        info: GameInfo,
        *,
        kind: str,
        effect: Effect,
        summary: str,
        data: Mapping[str, Any],
        deal: int | None = None,
        dealer: int | None = None,
        key: str | None = None,
        cause: int | None = None,
    ) -> int:
        """Append one deal or end entry: a line per seat and its transfers."""
        if key is not None:
            self.check_key(conn, key)
        cur = conn.execute(
            "INSERT INTO entries (game_id, kind, deal, dealer, cause, key, data, summary, created) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (info.id, kind, deal, dealer, cause, key, json.dumps(data, ensure_ascii=False), summary, now()),
        )
        entry = int(cur.lastrowid or 0)
        transfers = [t for t in effect.transfers if t.amount]
        net = balances(len(info.players), transfers)
        hand = kind == "deal"
        for seat, pid in enumerate(info.player_ids):
            won, lost = int(seat in effect.won), int(seat in effect.lost)
            conn.execute(
                "INSERT INTO entry_lines VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (entry, pid, seat, effect.points[seat], net[seat])
                + ((won, lost, 0, 0) if hand else (0, 0, won, lost)),
            )
        for t in transfers:
            conn.execute(
                "INSERT INTO transfers (entry_id, payer_id, payee_id, amount, note) VALUES (?, ?, ?, ?, ?)",
                (entry, info.player_ids[t.payer], info.player_ids[t.payee], t.amount, t.note),
            )
        return entry

    def check_key(self, conn: sqlite3.Connection, key: str) -> None:
        """Refuse an idempotency key that an earlier entry already used."""
        row = conn.execute("SELECT id, game_id, deal FROM entries WHERE key = ?", (key,)).fetchone()
        if row:
            raise LedgerError(
                _(
                    "key {key!r} was already recorded (entry {entry}, game {number}, deal "
                    "{deal}); nothing was written"
                ).format(key=key, entry=row[0], number=row[1], deal=row[2])
            )

    def reverse(self, conn: sqlite3.Connection, entry: int, why: str) -> int:
        """Append an undo entry that cancels ``entry`` line for line and transfer for transfer."""
        game_id, deal, dealer, summary = conn.execute(
            "SELECT game_id, deal, dealer, summary FROM entries WHERE id = ?", (entry,)
        ).fetchone()
        cur = conn.execute(
            "INSERT INTO entries (game_id, kind, deal, dealer, reverses, data, summary, created) "
            "VALUES (?, 'undo', ?, ?, ?, ?, ?, ?)",
            (game_id, deal, dealer, entry, json.dumps({"why": why}), f"undone: {summary}", now()),
        )
        undo = int(cur.lastrowid or 0)
        conn.execute(
            "INSERT INTO entry_lines SELECT ?, player_id, seat, -points, -chips, -hands_won, -hands_lost, "
            "-games_won, -games_lost FROM entry_lines WHERE entry_id = ?",
            (undo, entry),
        )
        conn.execute(
            "INSERT INTO transfers (entry_id, payer_id, payee_id, amount, note) SELECT ?, payee_id, "
            "payer_id, amount, 'undo: ' || note FROM transfers WHERE entry_id = ? ORDER BY id",
            (undo, entry),
        )
        return undo

    def finish_if_over(self, conn: sqlite3.Connection, game_id: int, cause: int) -> Recorded | None:
        """After a deal: if a player reached the target, append the game's end with its settlement."""
        info = lookup.game(conn, game_id)
        spec = info.recordable()
        ended = spec.sheet.game_end(spec.options, info.totals)
        if ended is None:
            return None
        end = Effect.of_end(len(info.players), ended)
        kept, said = kept_and_said(lambda: end_summary(info, end))
        entry = self.write_entry(conn, info, kind="end", effect=end, summary=kept, data={}, cause=cause)
        return Recorded(game_id, (entry,), None, said, True)

    # ----- the organiser's operations -----

    def new_tournament(self, name: str) -> int:
        """Start a tournament; LedgerError if one of that name exists."""
        with self.write() as conn:
            if conn.execute("SELECT 1 FROM tournaments WHERE key = ?", (name_key(name),)).fetchone():
                raise LedgerError(_("there is already a tournament {name!r}").format(name=name))
            return lookup.tournament_id(conn, name, create=True)

    def add_table(self, tournament: str, name: str, players: Sequence[str]) -> int:
        """Add a table with its players in seat order (clockwise, seat 1 first)."""
        with self.write() as conn:
            tid = lookup.tournament_id(conn, tournament)
            text = clean_name(name, "table")
            if lookup.table_row(conn, tid, text):
                raise LedgerError(
                    _("tournament {tournament!r} already has a table {text!r}").format(
                        tournament=tournament, text=text
                    )
                )
            names = [clean_name(p, "player") for p in players]
            if len(names) < 2:
                raise LedgerError(_("a table needs at least two players"))
            if len({name_key(p) for p in names}) != len(names):
                raise LedgerError(
                    _("a player is named twice at table {text!r}: {names}").format(
                        text=text, names=", ".join(names)
                    )
                )
            table_id = lookup.ensure_table(conn, tid, text)
            for seat, player in enumerate(names):
                conn.execute(
                    "INSERT INTO table_seats VALUES (?, ?, ?)",
                    (table_id, seat, lookup.player_id(conn, player, create=True)),
                )
            return table_id

    def start_game(
        self,
        tournament: str,
        table: str,
        game: str,
        options: Mapping[str, Any],
        *,
        seats: Sequence[str] | None = None,
        first_dealer: str | None = None,
    ) -> int:
        """Start a game at a table with its scoring options; players default to the table's, in order."""
        with self.write() as conn:
            tid = lookup.tournament_id(conn, tournament)
            row = lookup.table_row(conn, tid, table)
            if row is None:
                raise lookup.no_table(conn, tid, tournament, table, _("add it with `ledger table`"))
            seated = lookup.table_seats(conn, row[0])
            chosen = seated
            if seats:
                by_key = {name_key(n): (pid, n) for pid, n in seated}
                chosen = []
                for name in seats:
                    if name_key(name) not in by_key:
                        raise LedgerError(
                            _("{name!r} is not seated at table {table} ({names})").format(
                                name=name, table=row[1], names=", ".join(n for _, n in seated)
                            )
                        )
                    chosen.append(by_key[name_key(name)])
                if len({pid for pid, _ in chosen}) != len(chosen):
                    raise LedgerError(_("a player is named twice in --seats"))
            spec = make_spec(game, len(chosen), options)
            dealer = 0
            if first_dealer is not None:
                keys = [name_key(n) for _, n in chosen]
                if name_key(first_dealer) not in keys:
                    raise LedgerError(
                        _("the first dealer {first_dealer!r} does not play in this game").format(
                            first_dealer=first_dealer
                        )
                    )
                dealer = keys.index(name_key(first_dealer))
            return self.insert_game(conn, row[0], spec, [pid for pid, _ in chosen], dealer)

    def insert_game(
        self,
        conn: sqlite3.Connection,
        table_id: int,
        spec: GameSpec,
        player_ids: Sequence[int],
        first_dealer: int,
        *,
        program_id: str | None = None,
    ) -> int:
        """Append a game row and its seats, with the game's options and what its scoresheet says of them."""
        cur = conn.execute(
            "INSERT INTO games (table_id, game, options, meta, first_dealer, source, program_id, created) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                spec.game.id,
                json.dumps(spec.options_data(), ensure_ascii=False, default=str),
                json.dumps(kept_meta(spec).to_data(), ensure_ascii=False),
                first_dealer,
                "hand" if program_id is None else "program",
                program_id,
                now(),
            ),
        )
        game_id = int(cur.lastrowid or 0)
        for seat, pid in enumerate(player_ids):
            conn.execute("INSERT INTO game_seats VALUES (?, ?, ?)", (game_id, seat, pid))
        return game_id

    def _open_game(self, conn: sqlite3.Connection, game_id: int, deal: int | None) -> GameInfo:
        info = lookup.game(conn, game_id)
        if info.source != "hand":
            raise LedgerError(
                _(
                    "game {game_id} was played in the program; its deals come from the "
                    "program (`ledger undo {game_id}` withdraws it, `ledger import FILE` "
                    "records it again)"
                ).format(game_id=game_id)
            )
        info.recordable()
        if info.finished:
            raise LedgerError(
                _(
                    "game {game_id} is over; no more deals can be recorded (`ledger undo "
                    "{game_id}` corrects its last deal)"
                ).format(game_id=game_id)
            )
        if deal is not None and deal != info.next_deal:
            if deal < info.next_deal:
                raise LedgerError(
                    _(
                        "deal {deal} of game {game_id} is already recorded; the next is deal "
                        "{next_deal} (to correct a deal, undo it first)"
                    ).format(deal=deal, game_id=game_id, next_deal=info.next_deal)
                )
            raise LedgerError(
                _("the next deal of game {game_id} is deal {next_deal}, not {deal}").format(
                    game_id=game_id, next_deal=info.next_deal, deal=deal
                )
            )
        return info

    def record(
        self,
        game_id: int,
        given: Mapping[str, Sequence[str]],
        *,
        dealer: str | None = None,
        deal: int | None = None,
        key: str | None = None,
    ) -> tuple[Recorded, ...]:
        """Record one deal from the fields the game's scoresheet declares, as typed (names, numbers)."""
        with self.write() as conn:
            info = self._open_game(conn, game_id, deal)
            spec = info.recordable()
            fields = spec.sheet.fields(spec.options, len(info.players))
            where = _("game {number} ({label})").format(number=game_id, label=info.label())
            values = parse_values(fields, given, info.players, where)
            dealer_seat = info.next_dealer if dealer is None else seat_of(info, dealer, "dealer")
            try:
                score = spec.sheet.score_deal(spec.options, dealer_seat, values, info.players)
            except EntryError as exc:
                raise LedgerError(str(exc)) from None
            except ValueError as exc:
                raise LedgerError(
                    _("{name} refused the deal: {error}").format(name=info.meta.name, error=exc)
                ) from None
            effect = Effect.of_deal(score)
            data: dict[str, Any] = {"dealer": info.players[dealer_seat]}
            for f in fields:
                texts = list(given.get(f.name, ()))
                if texts:
                    data[f.name] = texts if isinstance(f, PlayerNumbersField) else texts[0]
            kept, said = kept_and_said(
                lambda: deal_summary(
                    info,
                    info.next_deal,
                    dealer_seat,
                    spec.sheet.score_deal(spec.options, dealer_seat, values, info.players).text,
                    effect,
                )
            )
            entry = self.write_entry(
                conn,
                info,
                kind="deal",
                effect=effect,
                summary=kept,
                data=data,
                deal=info.next_deal,
                dealer=dealer_seat,
                key=key,
            )
            out = [Recorded(info.id, (entry,), info.next_deal, said, False)]
            end = self.finish_if_over(conn, info.id, entry)
            if end is not None:
                out.append(end)
            return tuple(out)

    def close_game(self, game_id: int) -> Recorded:
        """End a game that has no target or stops early: best and worst by its ranking, no settlement."""
        with self.write() as conn:
            info = lookup.game(conn, game_id)
            if info.withdrawn:
                raise LedgerError(
                    _("game {game_id} was withdrawn; there is nothing to close").format(game_id=game_id)
                )
            if info.finished:
                raise LedgerError(_("game {game_id} is already over").format(game_id=game_id))
            if info.deals == 0:
                raise LedgerError(
                    _("game {game_id} has no deals yet; there is nothing to close").format(game_id=game_id)
                )
            spec = info.recordable()
            effect = Effect.of_end(len(info.players), spec.sheet.close(spec.options, info.totals))
            kept, said = kept_and_said(
                lambda: _("closed by the organiser: {end}").format(end=end_summary(info, effect))
            )
            entry = self.write_entry(
                conn, info, kind="end", effect=effect, summary=kept, data={"closed": True}
            )
            return Recorded(game_id, (entry,), None, said, True)

    def undo_preview(self, game_id: int, *, deal: int | None = None) -> tuple[str, list[int]]:
        """What :meth:`undo` will reverse, in words, and the entries to pass back to it."""
        return corrections.undo_preview(self, game_id, deal=deal)

    def undo(self, game_id: int, *, deal: int | None = None, expect: Sequence[int] | None = None) -> Recorded:
        """Reverse the last deal of a game (with its end), or withdraw a played game; see ``corrections``."""
        return corrections.undo(self, game_id, deal=deal, expect=expect)
