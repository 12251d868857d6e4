"""Error types: one per kind of mistake, each with a message a player understands.

All are ``ValueError``s, so callers that only care that input was bad can catch that.
"""

from typing import Any


class CardgamesError(ValueError):
    """Base of every error the framework raises about bad input."""


class ParseError(CardgamesError):
    """The text cannot be read at all (a typo); never penalised."""


class IncompleteAction(ParseError):  # noqa: N818  (it is a question, not a failure)
    """The text names a move that needs one more answer (the suit for a jack, say).

    ``question`` is what to ask; the answer is appended to the text and parsed again. ``chosen``:
    the cards the text named so far, of several to choose (a pass), which the hand shows chosen
    while the question waits.
    """

    def __init__(self, question: str, choices: tuple[str, ...] = (), chosen: tuple[Any, ...] = ()) -> None:
        super().__init__(question)
        self.question = question
        self.choices = choices
        self.chosen = chosen


class IllegalActionError(CardgamesError):
    """The action is well-formed but not allowed now."""


class OptionError(CardgamesError):
    """A game option, preset or player count is invalid."""


class SaveFileError(CardgamesError):
    """A saved game or record file is damaged, foreign or of an unknown version."""


class ReplayError(SaveFileError):
    """A record's moves do not replay from its deal: one the rules refuse there, or one after the end.

    Read as a game of its seed, the file is not the game it claims to be (``cardgames verify``: not
    fair), where any other SaveFileError is a file damaged or invalid whatever its seed.
    """


class SaveWriteError(SaveFileError, OSError):
    """A file could not be written: one clear line, and still an OSError for I/O handlers."""

    def __init__(self, message: str, strerror: str | None = None) -> None:
        super().__init__(message)
        self.strerror = strerror


class PluginError(CardgamesError):
    """A game plugin is unknown, broken or registered twice."""


class FileLimitError(SaveFileError):
    """A file from outside is refused before or while reading: not a regular file, too large, not text."""


class PluginFailedError(PluginError):
    """A game plugin failed while playing (an exception, no legal action, a seat out of range)."""


class ValueRangeError(OptionError):
    """A whole number given on the command line or in a file is outside what the games and ledgers hold."""
