"""The ledger file: SQLite in WAL mode, a schema version with migrations, and transactions.

Every recording runs in one ``BEGIN IMMEDIATE`` transaction, so two programs writing the
same file wait for each other and a killed writer leaves no partial deal. The tables are
append-only (triggers refuse UPDATE and DELETE): a correction is a new entry.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import platformdirs

from cardgames.ledger import disk
from cardgames.ledger.errors import LedgerError, LedgerFileError
from cardgames.primitives.language import FRAMEWORK, N_
from cardgames.primitives.said import said

APPLICATION_ID = 0x43474C47  # "CGLG": marks a file as a cardgames ledger
BUSY_TIMEOUT_MS = 20_000
ENV_PATH = "CARDGAMES_LEDGER"
# Tests set this to a file name: a writer then creates the file and waits inside its transaction.
ENV_PAUSE = "CARDGAMES_LEDGER_TEST_PAUSE"

_APPEND_ONLY: tuple[str, ...] = ("tournaments", "players", "tables", "table_seats", "games", "game_seats")
_APPEND_ONLY += ("entries", "entry_lines", "transfers")

# Schema 1 as it was first released, names of the two games it knew included: every new ledger is
# built by replaying the migrations from schema 1, and migration 2 (``to_v2``) rebuilds the games
# table without that CHECK, so the names live only in this record of the first schema.
_V1 = """
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,
    created TEXT NOT NULL
);
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE
);
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    created TEXT NOT NULL,
    UNIQUE (tournament_id, key)
);
CREATE TABLE table_seats (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, player_id)
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    game TEXT NOT NULL CHECK (game IN ('posledniy', 'dernier')),
    options TEXT NOT NULL,
    first_dealer INTEGER NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('hand', 'program')),
    program_id TEXT UNIQUE,
    created TEXT NOT NULL
);
CREATE TABLE game_seats (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id)
);
CREATE TABLE entries (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    kind TEXT NOT NULL CHECK (kind IN ('deal', 'end', 'undo')),
    deal INTEGER,
    dealer INTEGER,
    reverses INTEGER UNIQUE REFERENCES entries(id),
    cause INTEGER REFERENCES entries(id),
    key TEXT UNIQUE,
    data TEXT NOT NULL,
    summary TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE INDEX entries_game ON entries (game_id, id);
CREATE TABLE entry_lines (
    entry_id INTEGER NOT NULL REFERENCES entries(id),
    player_id INTEGER NOT NULL REFERENCES players(id),
    seat INTEGER NOT NULL,
    points INTEGER NOT NULL,
    chips INTEGER NOT NULL,
    hands_won INTEGER NOT NULL,
    hands_lost INTEGER NOT NULL,
    games_won INTEGER NOT NULL,
    games_lost INTEGER NOT NULL,
    PRIMARY KEY (entry_id, player_id)
);
CREATE INDEX entry_lines_player ON entry_lines (player_id);
CREATE TABLE transfers (
    id INTEGER PRIMARY KEY,
    entry_id INTEGER NOT NULL REFERENCES entries(id),
    payer_id INTEGER NOT NULL REFERENCES players(id),
    payee_id INTEGER NOT NULL REFERENCES players(id),
    amount INTEGER NOT NULL CHECK (amount > 0),
    note TEXT NOT NULL,
    CHECK (payer_id != payee_id)
);
CREATE INDEX transfers_entry ON transfers (entry_id);
""" + "".join(
    f"""
CREATE TRIGGER {t}_no_update BEFORE UPDATE ON {t}
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER {t}_no_delete BEFORE DELETE ON {t}
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
"""
    for t in _APPEND_ONLY
)


def _v2(conn: sqlite3.Connection) -> None:
    from cardgames.ledger.migrate import to_v2

    to_v2(conn)


# MIGRATIONS[i] brings a file from schema version i to i + 1: an SQL script or a function.
MIGRATIONS: tuple[str | Callable[[sqlite3.Connection], None], ...] = (_V1, _v2)
SCHEMA_VERSION = len(MIGRATIONS)


def default_path() -> Path:
    """The ledger used without ``--ledger``: $CARDGAMES_LEDGER, else one in the user's data folder."""
    env = os.environ.get(ENV_PATH)
    if env:
        return Path(env)
    return platformdirs.user_data_path("cardgames") / "ledger.sqlite3"


FOREIGN = N_("{path!r} is an SQLite file of another program, not a ledger")


def explain(exc: sqlite3.Error, path: Path) -> LedgerError:
    """A one-line ledger error for an SQLite failure, its message kept as data (``LedgerError.said``).

    SQLite's own words (``text``) are kept as it gives them; the line around them is said in the
    language in force, and again in each browser seat's when a web table could not be recorded.
    """
    text, where = str(exc), str(path)
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        busy = N_("the ledger {path!r} is busy (another program is writing); try again")
        return LedgerFileError(said(FRAMEWORK, busy, path=where))
    if isinstance(exc, sqlite3.IntegrityError):
        return LedgerError(said(FRAMEWORK, N_("the ledger refused the change: {text}"), text=text))
    code = getattr(exc, "sqlite_errorname", None) or ""
    full = code == "SQLITE_FULL" or "disk is full" in text
    if full or code.startswith("SQLITE_IOERR") or "I/O error" in text:
        free = disk.short_of_room(path)  # an error writing beside a full disk is the full disk's
        if free is not None or full:
            return disk.full_disk(path, free)
        failed = N_("the ledger {path!r} could not be written: the disk failed ({text}); nothing was changed")
        return LedgerFileError(said(FRAMEWORK, failed, path=where, text=text))
    if "readonly" in text or "read-only" in text:
        readonly = N_("the ledger {path!r} cannot be written (it is read-only)")
        return LedgerFileError(said(FRAMEWORK, readonly, path=where))
    if "unable to open" in text:
        return LedgerFileError(said(FRAMEWORK, N_("cannot open the ledger {path!r}"), path=where))
    damaged = N_("the ledger {path!r} is damaged or not a ledger ({text})")
    return LedgerFileError(said(FRAMEWORK, damaged, path=where, text=text))


@contextlib.contextmanager
def sqlite_errors(path: Path) -> Iterator[None]:
    """Turn SQLite errors into one-line ledger errors."""
    try:
        yield
    except sqlite3.Error as exc:
        raise explain(exc, path) from None


def _migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Bring the file up to SCHEMA_VERSION inside one write transaction.

    Foreign keys are off meanwhile (SQLite's procedure for rebuilding a table) and checked
    by the migration before it commits.
    """
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        app = conn.execute("PRAGMA application_id").fetchone()[0]
        if version == 0 and app == 0:
            if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise LedgerFileError(said(FRAMEWORK, FOREIGN, path=str(path)))
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for step in range(version, SCHEMA_VERSION):
            migration = MIGRATIONS[step]
            if callable(migration):
                migration(conn)
                continue
            for statement in _statements(migration):
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # a failed COMMIT (a full disk) has rolled back already
            conn.execute("ROLLBACK")
        raise
    finally:
        conn.execute("PRAGMA foreign_keys = ON")


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (triggers keep their inner semicolons)."""
    out: list[str] = []
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    return out


def connect(path: Path, *, create: bool) -> sqlite3.Connection:
    """Open (or, with ``create``, make) a ledger file, checking that it is ours and current.

    A missing file without ``create``, a damaged or foreign file, or a file of a newer
    schema is refused with a LedgerFileError; nothing is written to it.
    """
    if path.is_dir():
        raise LedgerFileError(said(FRAMEWORK, N_("{path!r} is a folder, not a ledger file"), path=str(path)))
    if path.exists() and not path.is_file():  # SQLite would call it a failing disk
        special = N_("{path!r} is a pipe, a device or a socket, not a ledger file")
        raise LedgerFileError(said(FRAMEWORK, special, path=str(path)))
    made = not path.exists()
    if made:
        if not create:
            missing = N_("there is no ledger at {path!r}; start one with `cardgames ledger new TOURNAMENT`")
            raise LedgerFileError(said(FRAMEWORK, missing, path=str(path)))
        disk.check_room(path)  # before any file is made
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # the system's own words (strerror) as it gives them
            folder = N_("cannot make the folder for the ledger {path!r}: {strerror}")
            raise LedgerFileError(said(FRAMEWORK, folder, path=str(path), strerror=exc.strerror)) from None
    # A file this user may not write is read as it is: no journal switch, no migration.
    readonly = path.exists() and not os.access(path, os.W_OK)
    if disk.in_wal_mode(path) and not path.with_name(path.name + "-shm").exists():
        disk.check_room(path, disk.INDEX_ROOM)  # opening it makes the index, which a full disk refuses
    try:
        return _open(path, create=create, readonly=readonly)
    except BaseException:
        if made:  # no empty or half-made ledger is left behind
            disk.remove_new_ledger(path)
        raise


def _open(path: Path, *, create: bool, readonly: bool) -> sqlite3.Connection:
    with sqlite_errors(path):
        # Read the header before anything else: a foreign file must not be written to.
        target = f"{path.resolve().as_uri()}?mode=ro" if readonly else str(path)
        conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, uri=readonly)
    try:
        with sqlite_errors(path):
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            app = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if app not in (0, APPLICATION_ID) or (app == 0 and version != 0):
                raise LedgerFileError(said(FRAMEWORK, FOREIGN, path=str(path)))
            if app == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise LedgerFileError(said(FRAMEWORK, FOREIGN, path=str(path)))
            if version > SCHEMA_VERSION:
                newer = N_(
                    "the ledger {path!r} has schema version {version}; this program reads "
                    "up to version {SCHEMA_VERSION}: update cardgames"
                )
                raise LedgerFileError(
                    said(FRAMEWORK, newer, path=str(path), version=version, SCHEMA_VERSION=SCHEMA_VERSION)
                )
            if app == 0 and not create:
                empty = N_(
                    "{path!r} is empty, not a ledger; start one with `cardgames ledger new TOURNAMENT`"
                )
                raise LedgerFileError(said(FRAMEWORK, empty, path=str(path)))
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = NORMAL")
            if version < SCHEMA_VERSION:
                if readonly:
                    stuck = N_(
                        "the ledger {path!r} has schema version {version} and cannot be "
                        "brought to version {SCHEMA_VERSION}: it is read-only"
                    )
                    raise LedgerFileError(
                        said(FRAMEWORK, stuck, path=str(path), version=version, SCHEMA_VERSION=SCHEMA_VERSION)
                    )
                _migrate(conn, path)
                use_wal(conn)
            elif (check := conn.execute("PRAGMA quick_check").fetchone()[0]) != "ok":
                damaged = N_("the ledger {path!r} is damaged ({check})")
                raise LedgerFileError(said(FRAMEWORK, damaged, path=str(path), check=check))
    except BaseException:
        conn.close()
        raise
    return conn


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection, path: Path, *, write: bool) -> Iterator[sqlite3.Connection]:
    """One transaction: ``BEGIN IMMEDIATE`` for writes (one writer at a time), a snapshot for reads."""
    if write:
        disk.check_room(path)  # before anything is written: a full disk mid-way is told, not "damaged"
    with sqlite_errors(path):
        conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            yield conn
            if write:
                pause_hook()
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # a failed COMMIT (a full disk) has rolled back already
                conn.execute("ROLLBACK")
            raise
        if write:
            use_wal(conn)


def use_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL after its first write (a reader or a refused write changes nothing)."""
    if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        conn.execute("PRAGMA journal_mode = WAL")


def pause_hook() -> None:
    """For tests: with $CARDGAMES_LEDGER_TEST_PAUSE set, announce and wait inside the transaction."""
    marker = os.environ.get(ENV_PAUSE)
    if marker:
        Path(marker).write_text(str(os.getpid()), encoding="utf-8")
        time.sleep(60)
