"""What happened, as data, put into words only when read: in the reader's language.

A game's log keeps :class:`Said` values: a message marked for a catalog (``N_`` or
``N_plural``) and its values: seats as :class:`~cardgames.primitives.seating.SeatNumber`,
cards as :class:`~cardgames.primitives.cards.Card` (several as a tuple of them), suits and
ranks as :class:`~cardgames.primitives.cards.Suit` and :class:`~cardgames.primitives.cards.Rank`
(said by their names), counts as numbers, a part of the sentence as another ``Said``.
Nothing in one is a word of any language but the message's English key, so a state, a
record or a saved game reads the same in every language, and :meth:`Said.words` writes it
in the language in force when somebody reads it::

    DEALS = N_("hand {number}: {who} deals")
    said(catalog("mygame"), DEALS, who=SeatNumber(2), number=1).words()   # "mano 1: P3 dà le carte"

A counted message (``N_plural``) takes its form from the value ``count`` (1 карта, 2 карты,
5 карт). A message about a seat may have a second-person form (:meth:`Said.to_you`), said instead
when the person reading sits at that seat: "You play 7♥", "Giochi 7♥", "Вы ходите 7♥" rather than
a verb in the third person after their name.

A seat is written as its label (P3), which the terminal and the browser write as the player's
name; several seats as "P1, P2 and P3" in the reader's language, several cards as a hand is
written (``7♥ 8♥``), several parts (``Said`` values) with commas between. The words of one
``Said`` in one language are written once and kept (a table's seats all read the same events,
each in their own language).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from cardgames.primitives import cardwords
from cardgames.primitives.cards import CARDS, Card, Rank, Suit, format_card
from cardgames.primitives.language import ENGLISH, FRAMEWORK, N_, Catalog, language
from cardgames.primitives.seating import SeatNumber

# A message that begins with a placeholder: "{play}, naming {suit}"
_LEADING = re.compile(r"\{(\w+)\}")
# How several seats or names are listed: "P1 and P2", "P1, P2 and P3"
_PAIR = N_("{first} and {last}")
_LIST = N_("{some}, {first} and {last}")


@frozen
class Said:
    """A message of a catalog and its values: an event as data, in words when read (:meth:`words`)."""

    message: str | tuple[str, str]
    """The English key marked for the catalog: a text (``N_``) or a one/many pair (``N_plural``)."""
    values: tuple[tuple[str, Any], ...] = ()
    """The placeholders' values by name: seats, cards, suits, counts, other ``Said`` values, names."""
    catalog: Catalog | None = None
    """Where the message is translated (None: a text said as it is, in every language)."""
    yours: tuple[tuple[str, str | tuple[str, str]], ...] = ()
    """Second-person forms, each ``(about, message)``: said instead of ``message`` to the person at the
    seat in value ``about``, or, where the Said has no such value, at the seat it is about (its log
    entry's seat, or the seat of the Said it is part of). See :meth:`to_you`."""

    @property
    def key(self) -> str:
        """The message's English key (the one form of a counted message): what code may look for in it."""
        return self.message if isinstance(self.message, str) else self.message[0]

    def value(self, name: str) -> Any:
        """The value of placeholder ``name`` (KeyError if it has none)."""
        for key, found in self.values:
            if key == name:
                return found
        raise KeyError(name)

    def to_you(self, message: str | tuple[str, str], about: str = "who") -> Said:
        """This Said with a second-person form: ``message``, said to the person at seat ``about``.

        ``about`` names a seat value (``who`` by default); a Said without that value is about its
        log entry's seat (``LogEntry.seat``), as a game's entry "plays {card}" after the player's name::

            say(N_("{who} plays {card}"), who=seat, card=c).to_you(N_("You play {card}"))
            say(N_("plays {card}"), card=c).to_you(N_("You play {card}"))   # LogEntry(seat, …)

        Several forms may address several seats ("Q: {skipped} is skipped; {next} plays next"); a
        value of one seat in a tuple (the winners, when one player won) addresses that seat.
        The form has the message's placeholders (the addressed seat's is not needed) and is marked
        for the same catalog; a counted message's form is counted too (``N_plural``).
        """
        return Said(self.message, self.values, self.catalog, (*self.yours, (about, message)))

    def addressed(self, reader: int | None, subject: int | None = None) -> bool:
        """Whether the person at seat ``reader`` reads this Said in the second person (see :meth:`words`):
        its own form, or the form of the part it begins with ("{play}, naming {suit}")."""
        if reader is None:
            return False
        if _form(self, reader, subject) is not self.message:
            return True
        first = _LEADING.match(self.key)
        if first is None:
            return False
        try:
            part = self.value(first[1])
        except KeyError:
            return False
        return isinstance(part, Said) and part.addressed(reader, _subject(self, subject))

    def words(self, reader: int | None = None, subject: int | None = None) -> str:
        """The message in the language in force, its values written in it.

        ``reader``: the seat of the person reading, who reads the second-person forms addressed to
        it (:meth:`to_you`); ``subject``: the seat the Said is about where it has no value of that
        name (its log entry's seat).
        """
        return _words(self, language(), reader, subject)

    def __str__(self) -> str:
        return self.words()


def said(where: Catalog, message: str | tuple[str, str], /, **values: Any) -> Said:
    """``message`` of catalog ``where`` with its values: ``said(CATALOG, N_("{who} draws"), who=s)``.

    The values are kept as given, so they must not change: several cards or seats as a tuple.
    """
    return Said(message, tuple(values.items()), where)


def as_said(text: str | Said) -> Said:
    """``text`` as a Said (a plain string is said as it is)."""
    return text if isinstance(text, Said) else Said(text)


def listed(items: Sequence[str], code: str | None = None) -> str:
    """Words listed as language ``code`` (default: the one in force) lists them: "A, B and C"."""
    if len(items) < 2:
        return "".join(items)
    words = FRAMEWORK.translations(code)
    if len(items) == 2:
        return words.gettext(_PAIR).format(first=items[0], last=items[1])
    return words.gettext(_LIST).format(some=", ".join(items[:-2]), first=items[-2], last=items[-1])


def _form(what: Said, reader: int, subject: int | None) -> str | tuple[str, str]:
    """The message ``reader`` reads: the first second-person form addressed to it, else the message."""
    for about, message in what.yours:
        try:
            seat = what.value(about)
        except KeyError:
            seat = subject
        if isinstance(seat, tuple) and len(seat) == 1:  # the winners, when the reader alone won
            seat = seat[0]
        if isinstance(seat, int) and seat == reader:
            return message
    return what.message


def _subject(what: Said, subject: int | None) -> int | None:
    """The seat a Said is about: its ``who``, else the seat of what it is part of."""
    try:
        who = what.value("who")
    except KeyError:
        return subject
    return who if isinstance(who, SeatNumber) else subject


def _value_words(value: Any, code: str, reader: int | None = None, subject: int | None = None) -> Any:
    if isinstance(value, SeatNumber):
        return str(value)
    if isinstance(value, Card):
        if value.is_joker and code != ENGLISH:
            return cardwords.JOKER_NAMES.get(code, "JOKER")
        return format_card(value, glyphs=True)
    if isinstance(value, Suit):
        return cardwords.suit_name(value, code)
    if isinstance(value, Rank):
        return cardwords.rank_name(value, code)
    if isinstance(value, Said):
        return _words(value, code, reader, subject)
    if isinstance(value, tuple):  # cards as a hand is written, seats as a list, parts one after another
        words = [str(_value_words(v, code, reader, subject)) for v in value]
        if all(isinstance(v, SeatNumber) for v in value):
            return listed(words, code)
        return (" " if all(isinstance(v, Card) for v in value) else ", ").join(words)
    return value


@functools.lru_cache(maxsize=1 << 14)
def _words(what: Said, code: str, reader: int | None = None, subject: int | None = None) -> str:
    """``what`` in language ``code`` for the person at seat ``reader`` (the same event is read by every
    seat: written once per language and reader)."""
    where = what.catalog
    if where is None:
        return what.key
    message = what.message if reader is None else _form(what, reader, subject)
    inner = _subject(what, subject)
    values = {key: _value_words(value, code, reader, inner) for key, value in what.values}
    translations = where.translations(code)
    if isinstance(message, tuple):
        text = translations.ngettext(message[0], message[1], abs(int(values.get("count", 1))))
    else:
        text = translations.gettext(message)
    return text.format(**values)


def said_data(what: Said) -> dict[str, Any]:
    """``what`` as JSON-ready data, with no word of any language (a view sent to a bot in another process)."""
    where = what.catalog
    data = {
        "message": _message_data(what.message),
        "catalog": None if where is None else [where.domain, str(where.folder)],
        "values": [[key, *_value_data(value)] for key, value in what.values],
    }
    if what.yours:
        data["yours"] = [[about, _message_data(message)] for about, message in what.yours]
    return data


def _message_data(message: str | tuple[str, str]) -> str | list[str]:
    return message if isinstance(message, str) else list(message)


def _message_from(data: Any) -> str | tuple[str, str]:
    return data if isinstance(data, str) else (str(data[0]), str(data[1]))


def said_from_data(data: Any) -> Said:
    """The Said that ``said_data`` wrote (ValueError for anything else)."""
    try:
        message = _message_from(data["message"])
        where = data["catalog"]
        values = tuple((str(key), _value_from(kind, value)) for key, kind, value in data["values"])
        yours = tuple((str(about), _message_from(form)) for about, form in data.get("yours", ()))
        return Said(message, values, None if where is None else Catalog(str(where[0]), Path(where[1])), yours)
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"not the data of a log entry's words: {exc}") from None


def _value_data(value: Any) -> tuple[str, Any]:
    if isinstance(value, SeatNumber):
        return "seat", int(value)
    if isinstance(value, Card):
        return "card", value.index
    if isinstance(value, Suit):
        return "suit", int(value)
    if isinstance(value, Rank):
        return "rank", int(value)
    if isinstance(value, Said):
        return "said", said_data(value)
    if isinstance(value, tuple):
        return "tuple", [list(_value_data(v)) for v in value]
    return "plain", value


def _value_from(kind: str, value: Any) -> Any:
    if kind == "seat":
        return SeatNumber(value)
    if kind == "card":
        return CARDS[value]
    if kind == "suit":
        return Suit(value)
    if kind == "rank":
        return Rank(value)
    if kind == "said":
        return said_from_data(value)
    if kind == "tuple":
        return tuple(_value_from(k, v) for k, v in value)
    return value
