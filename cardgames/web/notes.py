"""What the server says to the whole table (a clock ran out, a save failed, the game went into the
ledger), said in each seat's language.

A note is kept as the text to say and its values, not as words: every browser's state message
says it in that connection's language (``cardgames.web.screen``), as the table's own words are.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from cardgames.primitives.language import FRAMEWORK, N_, Texts
from cardgames.primitives.said import Said, said

NOTES = Texts(
    FRAMEWORK,
    {
        "time_up": N_("{name}: time is up"),
        "not_saved": N_(
            "The server could not save the table: the game goes on, "
            "but if the server stopped now the last moves would be lost."
        ),
        "recorded": N_(
            "recorded in tournament {tournament} as its game {number} (game {game} of the ledger)"
        ),
        "recorded_again": N_(
            "already recorded in tournament {tournament} as its game {number} (game {game} of the ledger)"
        ),
        "not_recorded": N_("could not record the game in {tournament}: {reason}"),
    },
)


@frozen
class Note:
    """A note to the whole table: the text's key in ``NOTES`` and its values (a player's name).

    A value may be a message of the framework's catalog (a ``Said``: the ledger's reason for not
    recording the game), said in the language in force too. A key that is not in ``NOTES`` is a
    line as it was written (by a server before notes were said per language, in a table file it saved).
    """

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    def text(self) -> str:
        """The note in the language in force."""
        return NOTES.say(self.key, **dict(self.values)) if self.key in NOTES else self.key

    def data(self) -> dict[str, Any]:
        """The note as JSON (a table's file keeps it): a message value as its key and plain values."""
        return {"key": self.key, "values": {k: _said_data(v) for k, v in self.values}}


def _said_data(value: Any) -> Any:
    if not isinstance(value, Said):
        return value
    plain = all(isinstance(v, str | int) for _, v in value.values)
    if value.catalog != FRAMEWORK or not isinstance(value.message, str) or not plain:
        return value.words()  # (none of the framework's notes holds another kind)
    return {"said": value.message, "values": dict(value.values)}


def _said_from(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    values = value.get("values")
    if not isinstance(value.get("said"), str) or not isinstance(values, dict):
        raise ValueError("not a message")
    if not all(isinstance(v, str | int) for v in values.values()):
        raise ValueError("not a message")
    kept = {str(k): v for k, v in values.items()}
    try:
        value["said"].format(**kept)  # every placeholder has its value (as the catalogs' tests hold)
    except (KeyError, IndexError, AttributeError, ValueError):
        raise ValueError("not a message") from None
    return said(FRAMEWORK, value["said"], **kept)


def note_from(data: Any) -> Note | None:
    """A note read back from ``Note.data`` (or a line as written); None for anything else."""
    if isinstance(data, str):
        return Note(data)
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        return None
    values = data.get("values")
    if not isinstance(values, dict) or not all(isinstance(v, str | int | dict) for v in values.values()):
        return None
    try:
        return Note(data["key"], tuple((str(k), _said_from(v)) for k, v in values.items()))
    except ValueError:
        return None


def time_up(name: str) -> Note:
    """The note that a person's clock ran out."""
    return Note("time_up", (("name", name),))


NOT_SAVED = Note("not_saved")
"""The note that the table's last save failed (the server's log has the system's reason)."""
