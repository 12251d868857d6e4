"""The server's tables: opening one from the lobby's form, resuming them all, and who is connected."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import sys
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from attrs import define, field

from cardgames.bots.ismcts import IsmctsBot
from cardgames.bots.lookup import bot_names, check_bot, make_bot
from cardgames.core.fairdeal import new_salt
from cardgames.core.game import Game
from cardgames.core.options import format_value, option_doc, option_fields
from cardgames.core.position import POSITION_LIMIT, PositionError
from cardgames.core.record import Seat
from cardgames.play.rulesview import summary_of
from cardgames.play.start import new_seed, start_table
from cardgames.plugins.registry import default_registry, find_game
from cardgames.primitives.errors import CardgamesError, OptionError
from cardgames.primitives.language import ENGLISH, FRAMEWORK, N_, speaking
from cardgames.primitives.limits import SEED_MAX
from cardgames.web.fairdeal import gather
from cardgames.web.limits import OpenLimits
from cardgames.web.live import LiveTable, Settings, bots_for
from cardgames.web.notes import NOT_SAVED
from cardgames.web.scoreboard import link_token, load_key
from cardgames.web.screen import screen
from cardgames.web.seats import new_keys
from cardgames.web.store import TableMeta, TableStore
from cardgames.web.thinking import Thinkers

log = logging.getLogger("cardgames.web")
_ = FRAMEWORK.gettext

MAX_TABLES = 500
MAX_NAME = 40
WRITERS = 32
OUTBOX = 64  # messages waiting for a slow browser before it is dropped


class RequestError(CardgamesError):
    """A lobby request the server refuses (one line, nothing is created)."""


class TooManyError(RequestError):
    """A lobby request over the client's limits (docs/hosting.md#limits)."""


@define(eq=False)
class Client:
    """One browser connection: the seat it acts for (None: spectator), its language, its outgoing messages."""

    seat: int | None
    lang: str = ENGLISH
    outbox: asyncio.Queue[str] = field(factory=lambda: asyncio.Queue(OUTBOX))
    last_state: str = ""

    def send(self, message: dict[str, Any]) -> bool:
        """Queue a message; False if the browser is too slow to keep up (then it is dropped)."""
        text = json.dumps(message, ensure_ascii=False)
        if message.get("type") == "state":
            if text == self.last_state:
                return True
            self.last_state = text
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:  # too slow: drop what waits and tell the writer to close
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait("")
            return False
        return True


def game_info(game: Game[Any, Any]) -> dict[str, Any]:
    """What the lobby's form offers for a game: its summary and its options' docs in the language in force."""
    defaults = game.options_type()
    return {
        "id": game.id,
        "name": game.name,
        "summary": summary_of(game),
        "players": [game.min_players, game.max_players],
        "default_players": game.default_players,
        "presets": sorted(game.presets),
        "default_preset": game.default_preset,
        "bots": bot_names(game),
        "options": [
            {
                "name": f.name,
                "default": format_value(getattr(defaults, f.name)),
                "doc": option_doc(game.options_type, f),
            }
            for f in option_fields(game.options_type)
        ],
    }


# what each field of the lobby's form is, in the words of its refusals
_FIELDS = {
    "game": N_("the game"),
    "preset": N_("the preset"),
    "tournament": N_("the tournament"),
    "bot": N_("a bot"),
    "name": N_("a person's name"),
}


def _text(data: Mapping[str, Any], key: str, limit: int, default: str | None = None) -> str | None:
    value = data.get(key, default)
    if value is None or value == "":
        return default
    if not isinstance(value, str) or len(value) > limit:
        what = _(_FIELDS[key])
        raise RequestError(
            _("{what} must be text of at most {limit} characters").format(what=what, limit=limit)
        )
    return value.strip() or default


def _thinking_limit(game: Game[Any, Any], bot: str, seconds: float) -> None:
    """Refuse a search bot that asks for more time a move than the server gives (the host's --bot-seconds)."""
    made = make_bot(game, bot, random.Random(0))
    if isinstance(made, IsmctsBot):
        asked = [s.seconds for s in (made.settings, *made.by_players.values()) if s.seconds is not None]
        if asked and max(asked) > seconds:
            raise RequestError(
                _("bot {bot} asks for {asked} s a move; bots on this server think at most {most} s").format(
                    bot=repr(bot), asked=f"{max(asked):g}", most=f"{seconds:g}"
                )
            )


def _seats(game: Game[Any, Any], data: Any, bot_seconds: float) -> list[Seat]:
    if not isinstance(data, list) or not data:
        raise RequestError(_("seats must be a list of people and bots"))
    seats: list[Seat] = []
    bots = 0
    for item in data:
        if not isinstance(item, dict):
            raise RequestError(_("each seat is an object with a name or a bot"))
        bot = _text(item, "bot", 40)
        if bot is not None:
            try:  # the names and settings the terminal and the lab read (easy … ismcts:time=0.5)
                check_bot(game, bot)
                _thinking_limit(game, bot, bot_seconds)
            except OptionError as exc:
                raise RequestError(str(exc)) from None
            bots += 1
            seats.append(Seat(f"Bot {bots} ({bot})", bot))
            continue
        name = _text(item, "name", MAX_NAME)
        if name is None:
            raise RequestError(_("every person needs a name"))
        seats.append(Seat(name))
    names = [s.name.casefold() for s in seats if s.bot is None]
    if len(set(names)) != len(names):
        raise RequestError(_("give every person a different name"))
    return seats


def _position(data: Mapping[str, Any]) -> str:
    """The position to start from ("" for a deal); its length is refused by ``start_state``, as in the CLI."""
    value = data.get("position")
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > POSITION_LIMIT * 2:
        raise RequestError(
            _("position must be text of at most {limit} characters").format(limit=POSITION_LIMIT)
        )
    return value.strip()


class Hub:
    """Every table of this server, and the browsers connected to each."""

    def __init__(self, store: TableStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        self.clients: dict[str, set[Client]] = {}
        self.thinkers = Thinkers(settings.bot_seconds)
        self.limits = OpenLimits(settings.tables_per_client)
        self.owners: dict[str, str] = {}  # table id → the client that opened it (this run of the server)
        self.seen: dict[str, float] = {}  # table id → when a browser was last there (time.monotonic())
        self.closed: set[str] = set()  # tables closed in this run (a save still being written is deleted)
        self.scoreboard_key = load_key(store.folder)
        # saves wait on fsync, not on the processor: many at once let the disk group them
        self.writers = ThreadPoolExecutor(WRITERS, thread_name_prefix="cardgames-save")

    # -- tables -------------------------------------------------------------------------

    def _live(self, meta: TableMeta, table: Any) -> LiveTable:
        bots = bots_for(table, self.settings.isolate_bots)
        live = LiveTable(meta, table, self.settings, self._save, self.broadcast, bots)
        live.thinkers = self.thinkers
        self.tables[meta.id] = live
        self.clients.setdefault(meta.id, set())
        self.seen[meta.id] = time.monotonic()
        return live

    async def _save(self, live: LiveTable) -> None:
        """Save a table: the files are taken now, written in a worker thread (fsync does not stall play)."""
        files = self.store.snapshot(live.meta, live.table)

        def write() -> None:
            if live.id not in self.closed:
                self.store.write(files)
            if live.id in self.closed:  # closed while the files were written: they go too
                self.store.remove(live.id)

        try:
            await asyncio.get_running_loop().run_in_executor(self.writers, write)
        except OSError as exc:  # the game goes on; the browsers are told
            live.notes.append(NOT_SAVED)
            log.error("table %s: could not save: %s", live.id, exc)

    def resume_all(self) -> int:
        """Bring back every table saved in the store; how many."""
        count = 0
        for meta, table in self.store.load_all():
            try:
                live = self._live(meta, table)
            except CardgamesError as exc:  # a bot that is no longer installed, say
                print(f"cardgames serve: skipping table {meta.id}: {exc}", file=sys.stderr)
                continue
            # idle since its last save: a table left long ago expires at the first sweep, bots unstarted
            self.seen[meta.id] -= max(0.0, time.time() - self.store.saved_at(meta.id))
            if self._expired(live, time.monotonic()):
                self.close_table(live)
                continue
            live.start()
            count += 1
        return count

    def open_table(self, data: Any, client: str = "?") -> dict[str, Any]:
        """Open a table from the lobby's form for ``client``; the seat and spectator tokens for the links."""
        if not isinstance(data, dict):
            raise RequestError(_("the request must be a JSON object"))
        if sum(not t.table.state.is_over() for t in self.tables.values()) >= MAX_TABLES:
            raise TooManyError(_("this server already has {count} tables in play").format(count=MAX_TABLES))
        mine = sum(owner == client for owner in self.owners.values())
        refused = self.limits.refusal(client, mine)
        if refused is not None:
            raise TooManyError(refused)
        game = find_game(_text(data, "game", 60) or "")
        preset = _text(data, "preset", 40)
        pairs = data.get("options", [])
        if not isinstance(pairs, list) or not all(isinstance(p, str) and len(p) <= 100 for p in pairs):
            raise RequestError(_("options must be a list of key=value texts"))
        tournament = _text(data, "tournament", 80)
        seats = _seats(game, data.get("seats"), self.settings.bot_seconds)
        seed = data.get("seed")
        chosen = seed is not None
        salt = (
            None if chosen else new_salt()
        )  # a drawn seed stays secret until the end (cardgames.core.fairdeal)
        if seed is None:
            seed = new_seed()
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
            raise RequestError(_("seed must be a whole number"))
        position = _position(data)
        try:  # a bad position is refused in the line the terminal's --position gives
            table = start_table(game, seats, seed, preset, pairs, salt, position)
        except (OptionError, PositionError) as exc:
            raise RequestError(str(exc)) from None
        keys, tokens, watch = new_keys(len(seats))
        meta = TableMeta(secrets.token_urlsafe(9), keys, tournament)
        live = self._live(meta, table)
        if data.get("contributions") is True and not chosen:  # docs/fair-deal.md#a-browser-table
            gather(live)
        self.store.write(self.store.snapshot(meta, table))  # on disk before anyone has a link
        self.owners[meta.id] = client
        if live.gathering is None:
            live.start()
        return {
            "table": meta.id,
            "game": game.name,
            # the host learns the seed only if the host chose it; everyone may see the commitment
            **({"seed": seed} if chosen else {}),
            "commitment": table.record.deal.commitment if table.record.deal else None,
            "contributions": live.gathering is not None,
            "seats": [  # where the game's seat draw put everyone (P-3), not the order they were named
                {"label": f"P{i + 1}", "name": s.name, "bot": s.bot, "token": None if s.bot else tokens[i]}
                for i, s in enumerate(table.seats)
            ],
            "watch": watch,
            # the standings of the tournament, for whoever holds this link (/scores/TOKEN)
            "scoreboard": link_token(self.scoreboard_key, tournament) if tournament else None,
        }

    # -- expiry -------------------------------------------------------------------------

    def _expired(self, live: LiveTable, now: float) -> bool:
        if self.clients.get(live.id):
            return False
        over = live.table.state.is_over()
        limit = self.settings.finished_seconds if over else self.settings.idle_seconds
        return now - self.seen.get(live.id, now) >= limit

    def expire(self) -> list[str]:
        """Close every table nobody has been at for too long (finished ones sooner); their ids."""
        now = time.monotonic()
        for table, clients in self.clients.items():
            if clients:
                self.seen[table] = now
        gone = [live for live in self.tables.values() if self._expired(live, now)]
        for live in gone:
            self.close_table(live)
        return [live.id for live in gone]

    def close_table(self, live: LiveTable) -> None:
        """Stop a table nobody is at, forget it and delete its files (its links then open nothing)."""
        self.closed.add(live.id)
        live.stop()
        self.thinkers.forget(live.id)
        for known in (self.tables, self.clients, self.owners, self.seen):
            known.pop(live.id, None)
        try:
            self.store.remove(live.id)
        except OSError as exc:
            log.error("table %s: could not delete its files: %s", live.id, exc)

    async def sweep(self) -> None:
        """Expire tables now and then, for as long as the server runs."""
        every = min(60.0, max(0.05, min(self.settings.idle_seconds, self.settings.finished_seconds) / 4))
        while True:
            await asyncio.sleep(every)
            self.expire()

    # -- connections --------------------------------------------------------------------

    def join(self, live: LiveTable, client: Client) -> None:
        """A browser joined: it and everyone else see the table (who is here changed)."""
        self.clients[live.id].add(client)
        self.seen[live.id] = time.monotonic()
        self.broadcast(live)

    def leave(self, live: LiveTable, client: Client) -> None:
        """A browser left."""
        if live.id not in self.clients:  # the table was closed meanwhile
            return
        self.clients[live.id].discard(client)
        self.seen[live.id] = time.monotonic()
        self.broadcast(live)

    def broadcast(self, live: LiveTable, seats: frozenset[int] | None = None) -> None:
        """Send every browser at the table (or only those of ``seats``) what its seat sees now.

        One view is written per seat and language.
        """
        clients = self.clients.get(live.id, set())
        connected = {c.seat for c in clients if c.seat is not None}
        cache: dict[tuple[int | None, str], dict[str, Any]] = {}
        for client in list(clients):
            if seats is not None and client.seat not in seats:
                continue
            key = (client.seat, client.lang)
            if key not in cache:
                with speaking(client.lang):  # its table, decision, results and log in its own language
                    cache[key] = screen(live, client.seat, connected)
            if not client.send(cache[key]):
                clients.discard(client)


def games_data() -> list[dict[str, Any]]:
    """Every installed game, for the lobby, in the language in force (built for each request, never kept)."""
    return [game_info(g) for g in default_registry().games()]
