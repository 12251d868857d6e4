"""What the server says to the whole table (a clock ran out, a save failed), said in each seat's language.

A note is kept as the text to say and its values, not as words: every browser's state message
says it in that connection's language (``cardgames.web.screen``), as the table's own words are.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from cardgames.primitives.language import FRAMEWORK, N_, Texts

NOTES = Texts(
    FRAMEWORK,
    {
        "time_up": N_("{name}: time is up"),
        "not_saved": N_(
            "The server could not save the table: the game goes on, "
            "but if the server stopped now the last moves would be lost."
        ),
    },
)


@frozen
class Note:
    """A note to the whole table: the text's key in ``NOTES`` and its values (a player's name)."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    def text(self) -> str:
        """The note in the language in force."""
        return NOTES.say(self.key, **dict(self.values))


def time_up(name: str) -> Note:
    """The note that a person's clock ran out."""
    return Note("time_up", (("name", name),))


NOT_SAVED = Note("not_saved")
"""The note that the table's last save failed (the server's log has the system's reason)."""
