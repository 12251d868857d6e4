"""What happened since a player last looked: the new entries of a view's public log."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardgames.core.record import Seat
from cardgames.core.state import LogEntry
from cardgames.primitives.cards import Suit, ascii_suit_letters
from cardgames.primitives.language import FRAMEWORK, N_
from cardgames.primitives.said import Said

ASCII_MARKS = str.maketrans({"…": "...", "↺": "<-", "↻": "->", "»": ">>", "·": "-"})


def label(seat: int) -> str:
    """How the games name a seat in their texts: P1, P2, ..."""
    return f"P{seat + 1}"


def seat_legend(seats: Sequence[Seat]) -> str:
    """Who sits where, under the games' seat labels: ``P1 You, P2 Bot 1 (heuristic), ...``."""
    return ", ".join(f"{label(i)} {s.spoken}" for i, s in enumerate(seats))


YOU_IN_LOG = N_("{label} (you)")

# A seat label in a game's text: P1, P2, … (not a rule id such as P-10).
_LABEL = re.compile(r"(?<![\w-])P([1-9][0-9]?)(?![\w-])")


def log_names(seats: Sequence[Seat], you: int | None = None) -> list[str]:
    """How the log names each seat: the player's name ("Ann", a bot as "Bot 1" without its kind).

    A name two seats share, or that reads as another seat's label, keeps its own seat's
    label ("Ann (P1)"); the terminal's default person, "You", is written "P1 (you)", which
    reads right in third-person texts ("P1 (you) plays 7♥"). ``you``: the seat whose view is
    shown (a replay's ``--seat``); a player named "You" at another seat is then "You (P2)".
    """
    shown: list[str] = []
    for s in seats:
        name = s.spoken
        if s.bot is not None:
            name = name.removesuffix(f" ({s.bot})")
        shown.append(name)
    folded = [n.casefold() for n in shown]
    out = []
    for i, (seat, name) in enumerate(zip(seats, shown, strict=True)):
        if you is not None and i != you and seat.name.casefold() == "you":
            out.append(f"{name} ({label(i)})")
        elif seat.name.casefold() == "you":  # "P1 (you) plays": a third-person verb reads right after it
            out.append(FRAMEWORK.gettext(YOU_IN_LOG).format(label=label(i)))
        elif folded.count(name.casefold()) > 1 or (_LABEL.fullmatch(name) and name != label(i)) or not name:
            out.append(f"{name} ({label(i)})".lstrip())
        else:
            out.append(name)
    return out


def named(seats: Sequence[Seat], text: str | Said, names: Sequence[str] | None = None) -> str:
    """A game's text (a ``Said`` in the language in force) with every seat label (P1, P2, …) written
    as the log names that seat."""
    names = log_names(seats) if names is None else names
    text = str(text)

    def name(m: re.Match[str]) -> str:
        seat = int(m[1]) - 1
        return names[seat] if seat < len(names) else m[0]

    return _LABEL.sub(name, text)


def entry_text(
    seats: Sequence[Seat], entry: LogEntry, *, public: bool = False, you: int | None = None
) -> str:
    """An entry in words with the players' names, led by the seat's name unless the text names the seat.

    ``public``: the entry's public text (for a spectator or a public replay), else the text
    the view's own seat reads; ``you``: as in :func:`log_names`.
    """
    names = log_names(seats, you)
    raw = entry.public_text if public else entry.text
    if entry.seat is None or not 0 <= entry.seat < len(seats):
        return named(seats, raw, names)
    own = (label(entry.seat), seats[entry.seat].name, seats[entry.seat].spoken)
    if any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", raw) for n in own if n):
        return named(seats, raw, names)
    return f"{names[entry.seat]} {named(seats, raw, names)}"


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
