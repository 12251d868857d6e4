"""What happened since a player last looked: the new entries of a view's public log."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardgames.core.record import Seat
from cardgames.core.state import LogEntry
from cardgames.primitives.cards import Suit, ascii_suit_letters
from cardgames.primitives.language import FRAMEWORK, N_, catalog_of
from cardgames.primitives.naming import bot_kind, spoken_name
from cardgames.primitives.said import Said, listed

ASCII_MARKS = str.maketrans({"…": "...", "↺": "<-", "↻": "->", "»": ">>", "·": "-"})


def label(seat: int) -> str:
    """How the games name a seat in their texts: P1, P2, ..."""
    return f"P{seat + 1}"


def seat_legend(seats: Sequence[Seat], game: Any = None) -> str:
    """Who sits at the table, in seat order, by name: ``You, Bot 1 (heuristic), Bot 2 (heuristic)``."""
    return listed(spoken_names(seats, game))


# The person reading, named inside a game's text ("Bot 2 passes 3 cards to you")
YOU = N_("you")
# A seat named "You" in a text said to somebody else (a spectator): a verb in the third person follows
YOU_IN_LOG = N_("{label} (you)")

# A seat label in a game's text: P1, P2, … (not a rule id such as P-10).
_LABEL = re.compile(r"(?<![\w-])P([1-9][0-9]?)(?![\w-])")


def log_names(seats: Sequence[Seat], reader: int | None = None) -> list[str]:
    """How the log names each seat: the player's name ("Ann", a bot as "Bot 1" without its kind).

    ``reader``: the seat of the person reading, who is "you" ("Bot 2 passes 3 cards to you"; what
    the reader did is said in the second person, :func:`entry_text`). A name two seats share, or
    that reads as another seat's label, keeps its own seat's label ("Ann (P1)"); without a reader,
    the terminal's default person, "You", is "P1 (you)", which reads right before a verb in the
    third person ("P1 (you) plays 7♥").
    """
    shown: list[str] = []
    for s in seats:
        name = spoken_name(s.name, s.bot)
        if s.bot is not None:
            name = name.removesuffix(f" ({bot_kind(s.bot)})").removesuffix(f" ({s.bot})")
        shown.append(name)
    folded = [n.casefold() for n in shown]
    out = []
    for i, (seat, name) in enumerate(zip(seats, shown, strict=True)):
        if i == reader:
            out.append(FRAMEWORK.gettext(YOU))
        elif seat.name.casefold() == "you" and seat.bot is None:
            out.append(FRAMEWORK.gettext(YOU_IN_LOG).format(label=label(i)))
        elif folded.count(name.casefold()) > 1 or (_LABEL.fullmatch(name) and name != label(i)) or not name:
            out.append(f"{name} ({label(i)})".lstrip())
        else:
            out.append(name)
    return out


def short_names(seats: Sequence[Seat]) -> list[str]:
    """The seats' names in a game's sentences at the table: as the log names them, "You" as a name
    ("Tu", "Вы"), a bot without its kind ("pass 2 cards to Bot 2"); the seats' own lines give the kind."""
    names = log_names(seats)
    for i, s in enumerate(seats):
        if s.bot is None and s.name.casefold() == "you":
            names[i] = spoken_name(s.name, None)
    return names


def named(
    seats: Sequence[Seat],
    text: str | Said,
    names: Sequence[str] | None = None,
    *,
    reader: int | None = None,
    subject: int | None = None,
) -> str:
    """A game's text (a ``Said`` in the language in force) with every seat label (P1, P2, …) written
    as the log names that seat; ``reader``, ``subject``: see :func:`entry_text`."""
    names = log_names(seats, reader) if names is None else names
    text = text.words(reader, subject) if isinstance(text, Said) else str(text)

    def name(m: re.Match[str]) -> str:
        seat = int(m[1]) - 1
        return names[seat] if seat < len(names) else m[0]

    return _LABEL.sub(name, text)


def entry_text(
    seats: Sequence[Seat], entry: LogEntry, *, public: bool = False, reader: int | None = None
) -> str:
    """An entry in words with the players' names, led by the seat's name unless the text names the seat.

    ``public``: the entry's public text (for a spectator or a public replay), else the text
    the view's own seat reads. ``reader``: the seat of the person reading, who reads what they
    did in the second person ("You play 7♥", "Вы сносите 3 карты налево") where the game gives
    the entry that form (``Said.to_you``), and is "you" where another entry names them.
    """
    said = entry.public_entry.said if public else entry.said
    seat = entry.seat if entry.seat is not None and 0 <= entry.seat < len(seats) else None
    names = log_names(seats, reader)
    if seat is None:
        return named(seats, said, names, reader=reader)
    if said.addressed(reader, seat):
        return named(seats, said, names, reader=reader, subject=seat)
    if seat == reader:  # a plugin's entry with no second-person form: the reader's name, in the third person
        names[seat] = _third_person(seats, seat)
    raw = said.words()
    own = (label(seat), seats[seat].name, spoken_name(seats[seat].name, seats[seat].bot))
    text = named(seats, said, names, reader=reader, subject=seat)
    if any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", raw) for n in own if n):
        return text
    return f"{names[seat]} {text}"


def _third_person(seats: Sequence[Seat], seat: int) -> str:
    """The reader's name before a verb in the third person: "P1 (you)" for "You", else the name."""
    if seats[seat].name.casefold() == "you":
        return FRAMEWORK.gettext(YOU_IN_LOG).format(label=label(seat))
    return log_names(seats)[seat]


def keyboard(seats: Sequence[Seat]) -> int | None:
    """The seat of the person the program calls "You" (the one at the keyboard), if there is one."""
    found = [i for i, s in enumerate(seats) if s.bot is None and s.name.casefold() == "you"]
    return found[0] if len(found) == 1 else None


def spoken_names(seats: Sequence[Seat], game: Any = None) -> list[str]:
    """Every seat's name as people read it, a bot's kind in their language ("Bot 1 (euristico)")."""
    own = None if game is None else catalog_of(type(game))
    return [spoken_name(s.name, s.bot, own) for s in seats]


# A card written in ASCII notation inside a game's text: 7H, 10S, QD (not P1, D-6 or P-10).
_ASCII_CARD = re.compile(r"(?<![\w-])(10|[2-9JQKA])([CDHS])(?![\w-])")
_GLYPHS = {s.letter: s.glyph for s in Suit}


def plain(text: str) -> str:
    """Text with the suit glyphs and arrows written in ASCII, every suit as the player types it
    (``ascii_suit_letters``: a game's ``7C`` reads ``7F`` in Italian, where C is cuori)."""
    letters = ascii_suit_letters()
    return glyphs(text).translate(ASCII_MARKS).translate({ord(s.glyph): letters[s] for s in Suit})


# Suit letters written right after a card with glyphs, as a jack's named suit: "J♠ C/D/H/S".
_NAMED_SUITS = re.compile(r"(?<=[♣♦♥♠] )([CDHS](?:/[CDHS])*)(?![\w-])")


def glyphs(text: str) -> str:
    """Text with the cards a game wrote in ASCII (``7H``) shown with suit glyphs (``7♥``).

    A suit letter right after a card (a jack's named suit, ``JS C``) becomes a glyph too.
    """
    text = _ASCII_CARD.sub(lambda m: m[1] + _GLYPHS[m[2]], text)
    return _NAMED_SUITS.sub(lambda m: "/".join(_GLYPHS[x] for x in m[1].split("/")), text)


def shown(text: str, ascii_only: bool) -> str:
    """A game's text as the terminal shows it: every card with glyphs, or every card in ASCII."""
    return plain(text) if ascii_only else glyphs(text)


def log_of(view: Any) -> tuple[LogEntry, ...]:
    """A view's public log (empty for a game whose views have none)."""
    log = getattr(view, "log", ())
    return tuple(log)


def new_entries(seen: Sequence[LogEntry], now: Sequence[LogEntry]) -> list[LogEntry]:
    """The entries of ``now`` that come after what was ``seen``.

    A log normally only grows; a game may also keep a window of recent events or start a
    fresh log each hand, so the longest end of ``seen`` that begins ``now`` is skipped.
    """
    seen, now = list(seen), list(now)
    if len(now) >= len(seen) and now[: len(seen)] == seen:
        return now[len(seen) :]
    for k in range(min(len(seen), len(now)), 0, -1):
        if seen[-k:] == now[:k]:
            return now[k:]
    return now


def short(entries: Sequence[LogEntry], limit: int = 14) -> tuple[int, list[LogEntry]]:
    """At most ``limit`` of the latest entries, and how many earlier ones were left out."""
    if len(entries) <= limit:
        return 0, list(entries)
    return len(entries) - limit, list(entries[-limit:])
