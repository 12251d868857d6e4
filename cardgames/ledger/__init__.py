"""The tournament ledger: record, settle and rank Dernier and Последний games in one SQLite file.

``record_played_game`` is what ``cardgames play --ledger … --tournament …`` calls;
:class:`Ledger` is the organiser's way in (``cardgames ledger …``); ``views`` answers.
"""

from cardgames.ledger.errors import LedgerError, LedgerFileError
from cardgames.ledger.model import Recorded
from cardgames.ledger.played import record_played_game
from cardgames.ledger.store import Ledger

__all__ = ["Ledger", "LedgerError", "LedgerFileError", "Recorded", "record_played_game"]
