"""Games played in the program: checked before the first move, recorded at the end, or imported later.

``cardgames play … --tournament T`` calls :func:`check_for_play` before the first move and
:func:`record_played` when the game is over; ``cardgames ledger import FILE`` calls
:func:`import_file` on a saved game. All of them treat every game alike, through its
scoresheet. Nothing is created silently: a new tournament or table needs ``create``, and a
player who is not at an existing table (a bot, say) needs ``add_players``.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from cardgames.core.record import record_to_json
from cardgames.core.state import HandResult, Outcome
from cardgames.core.table import Table
from cardgames.core.utility import utility_of
from cardgames.ledger import db, disk, lookup
from cardgames.ledger.errors import LedgerError
from cardgames.ledger.model import GameInfo, clean_name, deal_summary, did_you_mean, end_summary, name_key
from cardgames.ledger.sheets import AnyGame, Effect, GameSpec, make_spec, transfers_from_balances
from cardgames.ledger.store import Ledger
from cardgames.primitives.language import ENGLISH, FRAMEWORK, speaking
from cardgames.primitives.scoring import balances

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext

DEFAULT_TABLE = "main"


@frozen
class PlayedGame:
    """A finished game played in the program, as the ledger records it."""

    game: AnyGame
    program_id: str
    players: tuple[str, ...]
    options: dict[str, Any]
    hands: tuple[HandResult, ...]
    outcome: Outcome | None


@frozen
class Placed:
    """Where a played game goes: the table, the players' ids, and what was said about it."""

    table_id: int
    player_ids: tuple[int, ...]
    notes: tuple[str, ...]


@frozen
class Imported:
    """What recording a played game did: its number, the ledger used, and what was said."""

    game_id: int
    path: Path
    again: bool
    notes: tuple[str, ...]
    tournament: str  # the tournament the game is recorded in (for ``again``: where it was recorded before)


def program_id(table: Table) -> str:
    """The game's identity in the ledger: its game, seed and record (the same file gives the same id)."""
    text = record_to_json(table.game, table.record)
    return f"{table.game.id}:{table.record.seed}:{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def played_from_table(table: Table) -> PlayedGame:
    """A finished table as a played game."""
    return PlayedGame(
        table.game,
        program_id(table),
        tuple(s.name for s in table.seats),
        dict(table.record.options),
        tuple(table.state.hand_results()),
        table.state.outcome(),
    )


def _place(
    ledger: Ledger,
    conn: sqlite3.Connection,
    tournament: str,
    table: str,
    names: Sequence[str],
    *,
    create: bool,
    add_players: bool,
    write: bool,
) -> Placed:
    """Find (or, if asked, make) the tournament and table, and seat the players; LedgerError if not."""
    notes: list[str] = []
    row = conn.execute("SELECT id, name FROM tournaments WHERE key = ?", (name_key(tournament),)).fetchone()
    if row is None:
        if not create:
            known = [str(r[0]) for r in conn.execute("SELECT name FROM tournaments ORDER BY id")]
            raise LedgerError(
                _("there is no tournament {tournament!r}{hint}; add --create to start it").format(
                    tournament=tournament, hint=did_you_mean(tournament, known, _("the ledger has"))
                )
            )
        clean_name(tournament, "tournament")
        notes.append(_("started tournament {tournament}").format(tournament=tournament))
        tid = lookup.tournament_id(conn, tournament, create=True) if write else 0
    else:
        tid = int(row[0])
    found = lookup.table_row(conn, tid, table) if row is not None else None
    if found is None:
        if not create:
            raise lookup.no_table(conn, tid, tournament, table, _("add --create to start it"))
        clean_name(table, "table")
        notes.append(_("started table {table} with {names}").format(table=table, names=", ".join(names)))
        table_id = lookup.ensure_table(conn, tid, table) if write else 0
        roster: list[int] = []
    else:
        table_id = found[0]
        seated = lookup.table_seats(conn, table_id)
        roster = [pid for pid, _ in seated]
        keys = {name_key(n) for _, n in seated}
        missing = [n for n in names if name_key(n) not in keys]
        if missing and not add_players:
            raise LedgerError(
                ngettext(
                    "table {table} of {tournament} seats {names}; {missing} is not at it "
                    "(add --add-players to seat them there)",
                    "table {table} of {tournament} seats {names}; {missing} are not at it "
                    "(add --add-players to seat them there)",
                    len(missing),
                ).format(
                    table=found[1],
                    tournament=tournament,
                    names=", ".join(n for _, n in seated),
                    missing=", ".join(missing),
                )
            )
        if missing:
            notes.append(
                _("seated {names} at table {table}").format(names=", ".join(missing), table=found[1])
            )
    if not write:
        return Placed(table_id, (), tuple(notes))
    pids = [lookup.player_id(conn, p, create=True) for p in names]
    for pid in pids:
        if pid not in roster:
            conn.execute("INSERT INTO table_seats VALUES (?, ?, ?)", (table_id, len(roster), pid))
            roster.append(pid)
    return Placed(table_id, tuple(pids), tuple(notes))


def _spec(game: AnyGame, players: Sequence[str], options: dict[str, Any]) -> GameSpec:
    if len({name_key(p) for p in players}) != len(players):
        raise LedgerError(_("a player is named twice: {names}").format(names=", ".join(players)))
    return make_spec(game, len(players), options)


def check_for_play(
    ledger_path: str | os.PathLike[str] | None,
    tournament: str,
    table: str | None,
    start: Table,
    *,
    create: bool = False,
    add_players: bool = False,
) -> tuple[Path, tuple[str, ...]]:
    """Before the first move: will the finished game be recorded? LedgerError saying why not.

    Writes nothing (not even a new ledger file); returns the ledger used and what recording will do.
    """
    players = [s.name for s in start.seats]
    _spec(start.game, players, dict(start.record.options))
    path = Path(ledger_path) if ledger_path is not None else db.default_path()
    if not path.exists() and not create:
        raise LedgerError(
            _("there is no ledger at {path!r}; add --create to start one there").format(path=str(path))
        )
    disk.check_room(path)  # room to record the game once it is played
    if not path.exists():
        return path, (f"will start the ledger {path}",)
    with Ledger.open(path) as ledger, ledger.read() as conn:
        placed = _place(
            ledger,
            conn,
            tournament,
            table or DEFAULT_TABLE,
            players,
            create=create,
            add_players=add_players,
            write=False,
        )
    return path, placed.notes


def _check_hand(n: int, hand: HandResult) -> None:
    seats_ok = all(0 <= s < n for s in (hand.dealer, *hand.winners, *hand.losers))
    if not seats_ok or len(hand.points) != n or len(hand.chips) != n:
        raise LedgerError(
            _("hand {number} does not describe {n} seats: {hand}").format(number=hand.number, n=n, hand=hand)
        )
    if sum(hand.chips) != 0:
        raise LedgerError(
            _("the chips of hand {number} do not sum to zero: {chips}").format(
                number=hand.number, chips=list(hand.chips)
            )
        )


def _end_effect(spec: GameSpec, info: GameInfo, outcome: Outcome) -> Effect:
    """The end: the outcome's winners and, with chips, the settlement that brings chips to its scores."""
    n = spec.players
    if len(outcome.scores) != n or not all(0 <= s < n for s in outcome.winners):
        raise LedgerError(_("the outcome {outcome} does not describe {n} seats").format(outcome=outcome, n=n))
    sheet, options = spec.sheet, spec.options
    declared = sheet.played_end(options, info.totals, outcome) or sheet.game_end(options, info.totals)
    won = tuple(outcome.winners)
    lost = tuple(declared.lost) if declared is not None else tuple(s for s in range(n) if s not in won)
    if not sheet.units(options).chips:
        return Effect((0,) * n, (), won, lost)
    if not utility_of(spec.game, options).chips:  # the game declares its match scores are no chips
        return Effect((0,) * n, tuple(declared.transfers) if declared is not None else (), won, lost)
    if sum(outcome.scores) != 0:
        raise LedgerError(
            _("the outcome's chips {scores} do not sum to zero").format(scores=list(outcome.scores))
        )
    rest = tuple(s - c for s, c in zip(outcome.scores, info.totals.chips, strict=True))
    if declared is not None and balances(n, declared.transfers) == rest:
        return Effect((0,) * n, tuple(declared.transfers), won, lost)
    return Effect((0,) * n, transfers_from_balances(rest, "settlement"), won, lost)


def _write_game(
    ledger: Ledger, conn: sqlite3.Connection, gid: int, spec: GameSpec, played: PlayedGame
) -> None:
    """Write the deals and the end of a played game into game ``gid``."""
    n = spec.players
    units = spec.sheet.units(spec.options)
    info = lookup.game(conn, gid)
    for hand in played.hands:
        _check_hand(n, hand)
        deal = info.next_deal
        points = tuple(hand.points) if units.points else (0,) * n
        effect = Effect(points, transfers_from_balances(hand.chips, "deal"), hand.winners, hand.losers)
        with speaking(ENGLISH):  # the ledger keeps its words in English (model.kept_and_said)
            summary = deal_summary(
                info, deal, hand.dealer, spec.sheet.played_deal(spec.options, hand, played.players), effect
            )
        ledger.write_entry(
            conn,
            info,
            kind="deal",
            effect=effect,
            summary=summary,
            data={"number": hand.number, "winners": list(hand.winners), "losers": list(hand.losers)},
            deal=deal,
            dealer=hand.dealer,
        )
        info = lookup.game(conn, gid)
    if played.outcome is not None:
        effect = _end_effect(spec, info, played.outcome)
        with speaking(ENGLISH):
            summary = end_summary(info, effect)
        data = {"winners": list(played.outcome.winners), "scores": list(played.outcome.scores)}
        ledger.write_entry(conn, info, kind="end", effect=effect, summary=summary, data=data)


def record_played(
    ledger_path: str | os.PathLike[str] | None,
    tournament: str,
    table: str | None,
    played: PlayedGame,
    *,
    create: bool = False,
    add_players: bool = False,
) -> Imported:
    """Record a played game in one transaction; the same game again writes nothing.

    A game withdrawn with ``ledger undo`` is recorded again into the same game number.
    Raises LedgerError (nothing written) for a refusal or a bad ledger file.
    """
    spec = _spec(played.game, played.players, played.options)
    path = Path(ledger_path) if ledger_path is not None else db.default_path()
    if not path.exists() and not create:
        raise LedgerError(
            _("there is no ledger at {path!r}; add --create to start one there").format(path=str(path))
        )
    with Ledger.open(path, create=create) as ledger, ledger.write() as conn:
        row = conn.execute("SELECT id FROM games WHERE program_id = ?", (played.program_id,)).fetchone()
        if row is not None:
            gid = int(row[0])
            info = lookup.game(conn, gid)
            if not info.withdrawn:
                return Imported(gid, path, True, (), info.tournament)
            if name_key(info.tournament) != name_key(tournament):
                raise LedgerError(
                    _(
                        "this game was game {gid} of tournament {tournament} (withdrawn); "
                        "import it into {tournament}"
                    ).format(gid=gid, tournament=info.tournament)
                )
            _write_game(ledger, conn, gid, spec, played)
            again = (f"game {gid} was withdrawn; it is recorded again",)
            return Imported(gid, path, False, again, info.tournament)
        placed = _place(
            ledger,
            conn,
            tournament,
            table or DEFAULT_TABLE,
            played.players,
            create=create,
            add_players=add_players,
            write=True,
        )
        first = played.hands[0].dealer if played.hands else 0
        gid = ledger.insert_game(
            conn, placed.table_id, spec, placed.player_ids, first, program_id=played.program_id
        )
        _write_game(ledger, conn, gid, spec, played)
        return Imported(gid, path, False, placed.notes, lookup.game(conn, gid).tournament)


def import_file(
    ledger_path: str | os.PathLike[str] | None,
    file: Path,
    tournament: str,
    table: str | None,
    *,
    create: bool = False,
    add_players: bool = False,
) -> Imported:
    """Import a saved game file (``play --save``); it must be a finished game."""
    from cardgames.core.record import load_record
    from cardgames.core.table import Table
    from cardgames.plugins.registry import find_game

    loaded = Table.from_record(*load_record(file, find_game))
    if not loaded.state.is_over():
        raise LedgerError(
            _("the game in {file!r} is not finished; finish it with `cardgames resume {file2}` first").format(
                file=str(file), file2=file
            )
        )
    return record_played(
        ledger_path, tournament, table, played_from_table(loaded), create=create, add_players=add_players
    )
