"""What a game plugin writes against, in one place: ``import cardgames.api as cg``.

The protocol (``cg.Game``, ``cg.GameState``), its declarations (zones, copied fields,
options) and the primitives a game's rules are made of (cards, decks, dealing, tricks,
scoring). Each name is the framework's own, re-exported from the module documented in the
API reference; a plugin may still import any module directly.
"""

from cardgames.core.game import Game
from cardgames.core.options import in_range, one_of, option
from cardgames.core.rulescard import RulesCard
from cardgames.core.state import GameState, HandResult, LogEntry, Outcome, PrivateText
from cardgames.core.tableread import score_text
from cardgames.core.tabletop import CentreZone, Decision, Mark, PlacedCard, SeatPlace, Tabletop, ZoneKind
from cardgames.core.utility import Utility
from cardgames.core.zones import Visibility, Zone, ZoneView
from cardgames.primitives.cards import Card, Rank, Suit, format_card, hand_number, parse_card, sort_key
from cardgames.primitives.chance import Chance
from cardgames.primitives.copying import NESTED, SHALLOW, SHARED, Copied, Fields
from cardgames.primitives.dealing import deal, new_rng, shuffled
from cardgames.primitives.decks import build_deck, deck_24, deck_32, deck_36, deck_52
from cardgames.primitives.errors import IllegalActionError, IncompleteAction, OptionError, ParseError
from cardgames.primitives.language import N_, N_plural, Texts, catalog
from cardgames.primitives.said import Said, said
from cardgames.primitives.scoring import Transfer, balances
from cardgames.primitives.seating import SeatNumber
from cardgames.primitives.shedding import next_seat
from cardgames.primitives.tricks import Trick, TrickInPlay, follow_suit_options, winning_index

__all__ = [
    "NESTED",
    "N_",
    "SHALLOW",
    "SHARED",
    "Card",
    "CentreZone",
    "Chance",
    "Copied",
    "Decision",
    "Fields",
    "Game",
    "GameState",
    "HandResult",
    "IllegalActionError",
    "IncompleteAction",
    "LogEntry",
    "Mark",
    "N_plural",
    "OptionError",
    "Outcome",
    "ParseError",
    "PlacedCard",
    "PrivateText",
    "Rank",
    "RulesCard",
    "Said",
    "SeatNumber",
    "SeatPlace",
    "Suit",
    "Tabletop",
    "Texts",
    "Transfer",
    "Trick",
    "TrickInPlay",
    "Utility",
    "Visibility",
    "Zone",
    "ZoneKind",
    "ZoneView",
    "balances",
    "build_deck",
    "catalog",
    "deal",
    "deck_24",
    "deck_32",
    "deck_36",
    "deck_52",
    "follow_suit_options",
    "format_card",
    "hand_number",
    "in_range",
    "new_rng",
    "next_seat",
    "one_of",
    "option",
    "parse_card",
    "said",
    "score_text",
    "shuffled",
    "sort_key",
    "winning_index",
]
