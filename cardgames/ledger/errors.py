"""Ledger error types: every one is a ``CardgamesError`` and reads as one line."""

from __future__ import annotations

from cardgames.primitives.errors import CardgamesError, SaveFileError


class LedgerError(CardgamesError):
    """A recording or a question the ledger refuses; nothing was written."""


class LedgerFileError(LedgerError, SaveFileError):
    """The ledger file is missing, damaged, foreign, of a newer version, or busy."""
