"""Who plays: reading ``--players`` into seats (people and bots)."""

from __future__ import annotations

import re
from typing import Any

from cardgames.bots.lookup import check_bot, is_reference
from cardgames.core.actiondata import SEAT_LIMIT
from cardgames.core.game import Game
from cardgames.core.record import NAME_LIMIT, Seat
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK
from cardgames.primitives.text import inert

_ = FRAMEWORK.gettext

ME = "me"
YOU = "You"


def default_bot(game: Game[Any, Any]) -> str:
    """The bot ``bot`` means: the game's heuristic bot when it has one, else random."""
    return "heuristic" if "heuristic" in game.bots else "random"


def default_seats(game: Game[Any, Any], me: str = YOU) -> list[Seat]:
    """You and the game's default bots at its default player count."""
    return parse_players(game, ",".join([ME] + ["bot"] * (game.default_players - 1)), me)


def parse_players(
    game: Game[Any, Any], spec: str | None, me: str = YOU, *, isolate: bool = False
) -> list[Seat]:
    """Seats from a spec such as ``me,bot,bot,bot``, ``Ann,Boris,bot:heuristic`` or ``4``.

    ``me`` is you, ``bot`` the default bot, ``bot:NAME`` a named bot, anything else a person
    of that name; a number means you and that many seats filled with default bots.
    ``me``: the name ``me`` stands for (from the settings file; "You" by default). With
    ``isolate`` (``--isolate-bots``) ``bot:module:factory`` names bot code from outside the game.
    """
    if spec is None or not spec.strip():
        return default_seats(game, me)
    text = spec.strip()
    if text.isdigit():  # also '²' or '٣', which are digits but not a count
        count = int(text) if text.isascii() and len(text) <= 3 else SEAT_LIMIT + 1
        if count < 1:
            raise OptionError(_("--players {count}: a game needs at least one player").format(count=text))
        if count > SEAT_LIMIT:
            said = _("--players {count}: no game has that many seats (at most {limit})")
            raise OptionError(said.format(count=inert(text, 20), limit=SEAT_LIMIT))
        return parse_players(game, ",".join([ME] + ["bot"] * (count - 1)), me)
    tokens = [t.strip() for t in text.split(",")]
    if any(not t for t in tokens):
        said = _("--players {spec} has an empty name; separate names with single commas")
        raise OptionError(said.format(spec=repr(spec)))
    seats: list[Seat] = []
    bot_count = 0
    for token in tokens:
        key = token.casefold()
        if key == "bot" or key.startswith("bot:"):
            kind = default_bot(game) if key == "bot" else key[4:].strip()
            if is_reference(token[4:]):  # a module's name keeps its case
                kind = token[4:].strip()
            check_bot(game, kind, isolate=isolate)
            bot_count += 1
            seats.append(Seat(f"Bot {bot_count} ({kind})", kind))
        elif key == ME:
            seats.append(Seat(inert(me)))  # the settings file's name for you: shown inert too
        elif len(token) > NAME_LIMIT:
            said = _("--players: a name is at most {limit} characters, not {length}")
            raise OptionError(said.format(limit=NAME_LIMIT, length=len(token)))
        else:
            seats.append(Seat(inert(token)))  # shown as typed, but never as terminal controls
    names = [s.name.casefold() for s in seats if s.bot is None]
    doubles = [s for s in seats if s.bot is None and names.count(s.name.casefold()) > 1]
    if doubles:  # named as the table would name them: "Tu" for me,me under --lang it
        said = _("--players names {name} twice; give every person a different name")
        raise OptionError(said.format(name=repr(doubles[0].spoken)))
    return seats


def renumber_bots(seats: list[Seat]) -> list[Seat]:
    """The bots named by ``parse_players`` ("Bot 2 (heuristic)") numbered again in seat order, so that
    after a seat draw P1's bot is Bot 1; other names are left as they are."""
    out: list[Seat] = []
    count = 0
    for seat in seats:
        if seat.bot is not None and re.fullmatch(rf"Bot \d+ \({re.escape(seat.bot)}\)", seat.name):
            count += 1
            seat = Seat(f"Bot {count} ({seat.bot})", seat.bot)
        out.append(seat)
    return out


def humans(seats: list[Seat]) -> list[int]:
    """The seats played by people."""
    return [i for i, s in enumerate(seats) if s.bot is None]
