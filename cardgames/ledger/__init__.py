"""The tournament ledger: record, settle and rank the games of every installed game in one SQLite file.

A game takes part through its scoresheet (``Game.scoresheet``, see ``cardgames.core.scoresheet``).
``check_for_play`` and ``record_played`` are what ``cardgames play … --tournament …`` calls;
:class:`Ledger` is the organiser's way in (``cardgames ledger …``); ``views`` answers.
"""

from cardgames.ledger.errors import LedgerError, LedgerFileError
from cardgames.ledger.model import Recorded
from cardgames.ledger.played import check_for_play, import_file, played_from_table, record_played
from cardgames.ledger.store import Ledger

__all__ = [
    "Ledger",
    "LedgerError",
    "LedgerFileError",
    "Recorded",
    "check_for_play",
    "import_file",
    "played_from_table",
    "record_played",
]
