"""Game records: (game, rules version, options, seed, seats, actions) as JSON, and replay.

A record replays to the identical state. Files carry a schema version and are written
atomically (a temporary file, fsync, then rename), so a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from attrs import define, field, frozen

from cardgames.core.actiondata import SEAT_LIMIT, action_converter, action_from_data, action_to_data
from cardgames.core.fairdeal import Contribution, Deal, dealt_seed, is_hex64, salt_of_chosen_seed
from cardgames.core.game import Game
from cardgames.core.options import make_options, options_as_dict
from cardgames.core.position import POSITION_LIMIT, PositionError, start_state
from cardgames.core.race import several_asked
from cardgames.core.state import Choice, GameState
from cardgames.primitives.atomic import write_atomic
from cardgames.primitives.errors import (
    CardgamesError,
    IllegalActionError,
    OptionError,
    ReplayError,
    SaveFileError,
    SaveWriteError,
)
from cardgames.primitives.files import (
    SAVE_LIMIT,
    read_text,
    shown_path,
)
from cardgames.primitives.language import FRAMEWORK, N_
from cardgames.primitives.limits import SEED_MAX, shown_number, whole_range
from cardgames.primitives.text import inert

_, ngettext = FRAMEWORK.gettext, FRAMEWORK.ngettext

SCHEMA_VERSION = 3
# Schema 2 (game protocol 2) adds a simultaneous decision's choice, written
# {"type": "Choice", "seat": 1, "action": {...}}; a schema 1 file has none and reads unchanged.
# Schema 3 deals from the seed's cryptographic stream (cardgames.primitives.dealstream); a file of schema
# 1 or 2 keeps its schema and is dealt as it was then, by random.Random (GameRecord.legacy_deal).
READABLE_SCHEMAS = (1, 2, 3)
KEYED_DEALS_SCHEMA = 3
FORMAT = "cardgames-record"

AnyGame = Game[Any, Any]

if TYPE_CHECKING:  # cattrs is imported when a record is first written or read: a game does not need it
    pass
# A seat's name in a file: longer is no name (the terminal would print it for minutes).
NAME_LIMIT = 100


@frozen
class Seat:
    """Who sits at a seat: a name, and the bot that plays it (None for a person)."""

    name: str
    """The name as stored: as typed, or one the program made up in English ("You", "Bot 1 (heuristic)")."""
    bot: str | None = None

    @property
    def spoken(self) -> str:
        """The name in the language in force: a made-up one translated ("Tu", "Бот 1"), a typed one kept."""
        if self.bot is None:
            return FRAMEWORK.gettext(MADE_UP_YOU) if self.name == "You" else self.name
        made = _MADE_UP_BOT.fullmatch(self.name)
        if made is None or made[2] != self.bot:
            return self.name
        return FRAMEWORK.gettext(MADE_UP_BOT).format(number=made[1], bot=self.bot)


# The names the program gives seats (cardgames.play.seats, cardgames.web.hub), stored in English
# in every record and said in the reader's language; a name a person typed is never translated.
MADE_UP_YOU = N_("You")
MADE_UP_BOT = N_("Bot {number} ({bot})")
_MADE_UP_BOT = re.compile(r"Bot (\d+) \((.+)\)")


@define
class GameRecord:
    """Everything needed to replay a game exactly."""

    game: str
    rules_version: str
    options: dict[str, Any]
    seats: list[Seat]
    seed: int
    actions: list[Any] = field(factory=list)
    schema: int = SCHEMA_VERSION
    # with the seed, what the deal's commitment hashes ("" in files written before there was one)
    salt: str = ""
    position: str = ""
    """The position the game started from (``cardgames.core.position``), or "" if dealt from the seed."""
    contributions: list[Contribution] = field(factory=list)
    """The values the seats added to the deal at a browser table (``cardgames.core.fairdeal``)."""

    @property
    def dealt_seed(self) -> int:
        """The seed the game is dealt from: the seed, with the seats' values if they added any."""
        return dealt_seed(self.seed, (c.value for c in self.contributions))

    @property
    def legacy_deal(self) -> bool:
        """Whether the game was dealt by ``random.Random(seed)`` (a file written before schema 3)."""
        return self.schema < KEYED_DEALS_SCHEMA

    @property
    def deal(self) -> Deal | None:
        """The seed, salt and commitment of the deal, or None for an old file without a salt."""
        return Deal(self.game, self.seed, self.salt) if self.salt else None


def record_to_data(game: AnyGame, record: GameRecord) -> dict[str, Any]:
    """A record as JSON-ready data."""
    conv = action_converter(game)
    return {
        "format": FORMAT,
        "schema": record.schema,
        "game": record.game,
        "rules_version": record.rules_version,
        "options": record.options,
        "seats": [{"name": s.name, "bot": s.bot} for s in record.seats],
        "seed": record.seed,
        **({"salt": record.salt} if record.salt else {}),
        **({"position": record.position} if record.position else {}),
        **(
            {"contributions": [{"commitment": c.commitment, "value": c.value} for c in record.contributions]}
            if record.contributions
            else {}
        ),
        "actions": [action_to_data(game, a, conv) for a in record.actions],
    }


def record_to_json(game: AnyGame, record: GameRecord) -> str:
    """A record as JSON text."""
    return json.dumps(record_to_data(game, record), ensure_ascii=False, indent=1)


def record_from_data(data: Any, find_game: Any) -> tuple[AnyGame, GameRecord]:
    """Read a record from data, looking its game up with ``find_game(id)``."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(_("this is not a cardgames game file"))
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema not in READABLE_SCHEMAS:
        raise SaveFileError(
            _(
                "this file has schema version {schema}; this program reads versions {versions} "
                "(3 deals from a cryptographic stream)"
            ).format(schema=inert(repr(schema), 40), versions=", ".join(map(str, READABLE_SCHEMAS)))
        )
    missing = [k for k in ("game", "rules_version", "options", "seats", "seed", "actions") if k not in data]
    if missing:
        raise SaveFileError(_("the file lacks {fields}").format(fields=", ".join(missing)))
    if not isinstance(data["game"], str) or not 0 < len(data["game"]) <= NAME_LIMIT:
        raise SaveFileError(
            _("the field game must be a name of 1 to {limit} characters").format(limit=NAME_LIMIT)
        )
    try:
        game = find_game(data["game"])
    except CardgamesError as exc:
        raise SaveFileError(
            _("the file is a game of {game}, which is not available: {reason}").format(
                game=inert(repr(data["game"])), reason=exc
            )
        ) from None
    if str(data["rules_version"]) != game.rules_version:
        raise SaveFileError(
            _("the file follows rules version {theirs} of {game}; this program has version {ours}").format(
                theirs=inert(repr(data["rules_version"]), 40), game=game.name, ours=repr(game.rules_version)
            )
        )
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
        said = _("the field seed must be {range}, not {value}")
        shown = shown_number(seed) if type(seed) is int else inert(json.dumps(seed)[:40], 50)
        raise SaveFileError(said.format(range=whole_range(0, SEED_MAX), value=shown))
    salt = data.get("salt", "")
    if not isinstance(salt, str) or len(salt) > 64 or not all(c in "0123456789abcdef" for c in salt):
        raise SaveFileError(_("the field salt must be up to 64 hexadecimal digits"))
    position = data.get("position", "")
    if not isinstance(position, str) or len(position) > POSITION_LIMIT:
        raise SaveFileError(
            _("the field position must be text of up to {limit} characters").format(limit=POSITION_LIMIT)
        )
    contributions = _contributions(data.get("contributions", []))
    if not isinstance(data["options"], dict):
        raise SaveFileError(_("the field options must be an object of names and values"))
    seats_data = _seats(data["seats"])
    if not isinstance(data["actions"], list):
        raise SaveFileError(_("the field actions must be a list"))
    conv = action_converter(game)
    actions = []
    for i, item in enumerate(data["actions"]):
        try:
            actions.append(action_from_data(game, item, conv))
        except SaveFileError as exc:
            raise SaveFileError(
                _("action {number} is damaged: {reason}").format(number=i + 1, reason=exc)
            ) from None
    record = GameRecord(
        game=game.id,
        rules_version=game.rules_version,
        options=dict(data["options"]),
        # names come from outside: made inert once here, so every later output is safe
        seats=[Seat(inert(s["name"]), s.get("bot")) for s in seats_data],
        seed=seed,
        actions=actions,
        schema=schema,
        salt=salt,
        position=position,
        contributions=contributions,
    )
    return game, record


def _seats(seats: Any) -> list[dict[str, Any]]:
    """The seats as written, each checked: a name (text) and a bot (text, or null for a person)."""
    if not isinstance(seats, list):
        raise SaveFileError(_("the field seats must be a list of seats, each with a name and a bot"))
    if len(seats) > SEAT_LIMIT:
        said = ngettext(
            "the field seats lists {count} seat, more than any game has",
            "the field seats lists {count} seats, more than any game has",
            len(seats),
        )
        raise SaveFileError(said.format(count=len(seats)))
    for i, seat in enumerate(seats):
        if not (
            isinstance(seat, dict)
            and isinstance(seat.get("name"), str)
            and isinstance(seat.get("bot", None), (str, type(None)))
        ):
            said = _("seat {number} must have a name (text) and a bot (text, or null for a person)")
            raise SaveFileError(said.format(number=i + 1))
        for key in ("name", "bot"):
            if isinstance(seat.get(key), str) and not 0 < len(seat[key]) <= NAME_LIMIT:
                said = _("the field {key} of seat {number} must be 1 to {limit} characters")
                raise SaveFileError(said.format(key=key, number=i + 1, limit=NAME_LIMIT))
    return seats


def _contributions(data: Any) -> list[Contribution]:
    """The seats' values and commitments, as written (checked against each other by ``verify``)."""
    if not isinstance(data, list) or len(data) > SEAT_LIMIT:
        raise SaveFileError(
            _("the field contributions must be a list of at most {limit}").format(limit=SEAT_LIMIT)
        )
    out = []
    for i, item in enumerate(data):
        if (
            not isinstance(item, dict)
            or set(item) != {"commitment", "value"}
            or not all(map(is_hex64, item.values()))
        ):
            raise SaveFileError(
                _(
                    "contribution {number} must be a commitment and a value of 64 hexadecimal digits each"
                ).format(number=i + 1)
            )
        out.append(Contribution(item["commitment"], item["value"]))
    return out


def record_from_json(text: str, find_game: Any) -> tuple[AnyGame, GameRecord]:
    """Read a record from JSON text (a leading byte-order mark is allowed)."""
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        raise SaveFileError(
            _("the file is not valid JSON (line {line}, column {column})").format(
                line=exc.lineno, column=exc.colno
            )
        ) from None
    except (ValueError, RecursionError) as exc:  # a 5000-digit number, absurd nesting
        raise SaveFileError(
            _("the file is not a readable JSON document: {reason}").format(reason=exc)
        ) from None
    return record_from_data(data, find_game)


def options_from_record(game: AnyGame, record: GameRecord) -> Any:
    """The record's options, validated as the game's options class."""
    try:
        return make_options(game.options_type, overrides=record.options)
    except OptionError as exc:
        raise SaveFileError(_("the file's options are invalid: {reason}").format(reason=exc)) from None


def new_record(
    game: AnyGame, options: Any, seats: Sequence[Seat], seed: int, salt: str | None = None
) -> GameRecord:
    """An empty record for a game about to start (salt: :mod:`cardgames.core.fairdeal`; None: chosen seed)."""
    salt = salt_of_chosen_seed(seed) if salt is None else salt
    return GameRecord(game.id, game.rules_version, options_as_dict(options), list(seats), seed, salt=salt)


def replay(game: AnyGame, record: GameRecord, *, upto: int | None = None) -> GameState:
    """The state after the record's actions (or its first ``upto`` of them)."""
    options = options_from_record(game, record)
    try:
        game.check(options, len(record.seats))
    except OptionError as exc:
        raise SaveFileError(
            _("the file describes a game that cannot be played: {reason}").format(reason=exc)
        ) from None
    try:
        state: GameState = start_state(
            game, options, len(record.seats), record.dealt_seed, record.position, legacy=record.legacy_deal
        )
    except PositionError as exc:
        raise SaveFileError(
            _("the file's starting position is refused: {reason}").format(reason=exc)
        ) from None
    actions = record.actions if upto is None else record.actions[:upto]
    for i, action in enumerate(actions):
        if state.is_over():
            raise ReplayError(_("action {number} comes after the end of the game").format(number=i + 1))
        chosen = isinstance(action, Choice)
        if chosen and (not several_asked(state) or action.seat not in state.to_decide()):
            said = _("action {number} is a choice of {who}, who has nothing to decide then")
            raise ReplayError(said.format(number=i + 1, who=seat_name(record.seats, action.seat)))
        try:
            state.apply(action)
        except CardgamesError as exc:
            raise not_replayed(game, record.seats, state, i + 1, action, exc) from None
    return state


def seat_name(seats: Sequence[Seat], seat: int) -> str:
    """Seat ``seat``'s name as the reader reads it ("Ann", "Бот 2 (heuristic)"), else its label (P9)."""
    return seats[seat].spoken if 0 <= seat < len(seats) else f"P{seat + 1}"


def not_replayed(
    game: AnyGame, seats: Sequence[Seat], state: GameState, number: int, action: Any, exc: CardgamesError
) -> SaveFileError:
    """Why action ``number`` of a record does not apply to ``state``, in the reader's words.

    A move the rules refuse (IllegalActionError) is a ReplayError that names who made it and writes
    the move as the reader types it; the game's own reason is said to the player to act ("you do not
    hold K♥"), so it is left out. Anything else is the game failing: a SaveFileError with its reason.
    """
    made = action.action if isinstance(action, Choice) else action
    move = game.typed_action(made)
    if not isinstance(exc, IllegalActionError):
        said = _("action {number} ({shown}) does not replay: {reason}")
        return SaveFileError(said.format(number=number, shown=move, reason=exc))
    seat = action.seat if isinstance(action, Choice) else state.to_act()
    if seat is None:  # no one to act (a decision of several, written without its seat)
        said = _("action {number} does not replay: the move {move} is not allowed there")
    elif 0 <= seat < len(seats) and seats[seat].name == MADE_UP_YOU and seats[seat].bot is None:
        said = _("action {number} does not replay: you may not make the move {move} there")
    else:
        said = _("action {number} does not replay: {who} may not make the move {move} there")
    who = "" if seat is None else seat_name(seats, seat)
    return ReplayError(said.format(number=number, move=move, who=who))


def save_record(path: str | os.PathLike[str], game: AnyGame, record: GameRecord) -> None:
    """Save a record atomically; SaveFileError (one clear line) if it cannot be written."""
    text = record_to_json(game, record) + "\n"
    try:
        write_atomic(path, text)
    except OSError as exc:
        reason = exc.strerror or str(exc)  # the system's own words
        said = _("cannot write {path}: {reason}").format(path=shown_path(path), reason=reason)
        raise SaveWriteError(said, reason) from None
    except ValueError:  # a NUL byte in the name
        reason = _("the file name contains a NUL byte")
        said = _("cannot write {path}: {reason}").format(path=shown_path(path), reason=reason)
        raise SaveWriteError(said, reason) from None


def load_record(path: str | os.PathLike[str], find_game: Any) -> tuple[AnyGame, GameRecord]:
    """Load a record; SaveFileError for a missing, damaged, foreign or implausibly large file."""
    text = read_text(path, limit=SAVE_LIMIT, what=N_("save file"))
    return record_from_json(text, find_game)
