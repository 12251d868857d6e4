"""Ledger error types: every one is a ``CardgamesError`` and reads as one line."""

from __future__ import annotations

from cardgames.primitives.errors import CardgamesError, SaveFileError
from cardgames.primitives.said import Said


class LedgerError(CardgamesError):
    """A recording or a question the ledger refuses; nothing was written."""

    def __init__(self, message: str | Said) -> None:
        super().__init__(str(message))  # in the language in force where it is raised
        self.said = message if isinstance(message, Said) else None
        """The message as data, to say again in another language (a browser's seat), when made from one."""


class LedgerFileError(LedgerError, SaveFileError):
    """The ledger file is missing, damaged, foreign, of a newer version, or busy."""
