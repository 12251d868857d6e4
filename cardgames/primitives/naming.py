"""How a seat is named: the label the games use (P2), the name beside it, and the names the program
makes up ("You", "Bot 1 (heuristic)") said in the reader's language with the bot's kind."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardgames.primitives.language import FRAMEWORK, N_, Catalog


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """``P2 Ann``, or ``P2`` when the names are not known."""
    label = f"P{seat + 1}"
    return f"{label} {names[seat]}" if names is not None and 0 <= seat < len(names) else label


def you_mark(seat: int, viewer: int, names: Sequence[str] | None = None) -> str:
    """`` (you)`` after the viewer's own seat, unless its name says so already ("You")."""
    if seat != viewer:
        return ""
    if names is not None and 0 <= seat < len(names) and names[seat].casefold() == "you":
        return ""
    return " (you)"


# The bots every game has, and the usual name of a game's own (``heuristic``), as people read them: an
# adjective that goes with "bot" ("the heuristic bot", "il bot euristico", "эвристический бот"). What is
# typed after ``bot:`` and what a record keeps stays the English name.
BOT_KINDS: dict[str, str] = {
    # TRANSLATORS: a kind of bot, as in "Bot 1 (heuristic)" and "the heuristic bot": an adjective for "bot"
    "heuristic": N_("heuristic"),
    # TRANSLATORS: a kind of bot that plays a random legal move, as in "Bot 2 (random)"
    "random": N_("random"),
    # TRANSLATORS: a bot level, as in "Bot 1 (easy)": an adjective for "bot"
    "easy": N_("easy"),
    # TRANSLATORS: a bot level, as in "Bot 1 (medium)": an adjective for "bot"
    "medium": N_("medium"),
    # TRANSLATORS: a bot level, as in "Bot 1 (hard)": an adjective for "bot"
    "hard": N_("hard"),
}
# The names the program gives seats (cardgames.play.seats, cardgames.web.hub), kept in English in every
# record (cardgames.core.record.Seat) and said in the reader's language.
MADE_UP_YOU = N_("You")
MADE_UP_BOT = N_("Bot {number} ({bot})")
_MADE_UP_BOT = re.compile(r"Bot (\d+) \((.+)\)")


def bot_kind(kind: str, own: Catalog | None = None) -> str:
    """A bot's kind as people read it: ``heuristic`` is "euristico", "эвристический"; a kind with
    settings (``ismcts:time=0.5``) or of no catalog is shown as typed.

    ``own``: the catalog of the game, which translates its own bots' names (marked with ``N_``).
    """
    if own is not None and kind:
        words = own.gettext(kind)
        if words != kind:
            return words
    return FRAMEWORK.gettext(BOT_KINDS[kind]) if kind in BOT_KINDS else kind


def spoken_name(name: str, bot: str | None, own: Catalog | None = None) -> str:
    """A seat's stored name in the reader's language: a made-up one translated ("Tu", "Бот 1
    (эвристический)"), the bot's kind included; a name a person typed is kept."""
    if bot is None:
        return FRAMEWORK.gettext(MADE_UP_YOU) if name == "You" else name
    made = _MADE_UP_BOT.fullmatch(name)
    if made is None or made[2] != bot:
        return name
    return FRAMEWORK.gettext(MADE_UP_BOT).format(number=made[1], bot=bot_kind(bot, own))
