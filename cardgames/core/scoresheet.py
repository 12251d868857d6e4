"""How a game is scored at a real table: what the ledger asks after a deal and what it means.

A game plugin that a tournament ledger can keep sets ``Game.scoresheet`` to a
:class:`Scoresheet`. It declares the fields a person enters for one deal (typed: a player,
a whole number in a range, a number or numbers per player), turns them into points, chips
and who won or lost the deal, says when the game is over and how it settles, and names its
units. The ledger reads nothing else about a game: the built-in games declare theirs the
same way a third-party game does (see ``docs/architecture.md``).
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from attrs import frozen

from cardgames.core.state import HandResult, Outcome
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import FRAMEWORK
from cardgames.primitives.scoring import Transfer

_ = FRAMEWORK.gettext

# The largest number a ledger field may hold (SQLite keeps signed 64-bit integers).
FIELD_MAX = 2**62


class EntryError(CardgamesError):
    """What was entered for a deal cannot be scored; names the field (``--last``) it is about."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"--{field.replace('_', '-')}: {message}")
        self.field = field


@frozen
class SeatField:
    """One player, given by name (who took the last trick, who went out)."""

    name: str
    help: str
    required: bool = True


@frozen
class NumberField:
    """A whole number from ``low`` to ``high``."""

    name: str
    help: str
    low: int = 0
    high: int = FIELD_MAX
    required: bool = True


@frozen
class PlayerNumbersField:
    """Whole numbers per player, entered ``NAME=N`` (or ``NAME=N,M`` for several ``parts``).

    ``parts`` names the numbers (cards left, jokers among them); the later ones default to 0.
    ``not_for`` names a seat field whose player has none (the winner has no cards left): the
    ledger's questions skip that player.
    """

    name: str
    help: str
    parts: tuple[str, ...] = ("points",)
    low: int = 0
    high: int = FIELD_MAX
    required: bool = True
    not_for: str | None = None


Field = SeatField | NumberField | PlayerNumbersField
# What the ledger passes for each field: a seat, a number, or {seat: (numbers...)}; None if not given.
Value = int | dict[int, tuple[int, ...]] | None


@frozen
class Units:
    """What a game's numbers mean, so that nobody adds penalty points to card points.

    ``points`` names what deals score (None: the game scores no points); ``low_points_win``
    says which way they count; ``chips`` whether chips change hands; ``rank_by`` which total
    ranks the players of one game (points, chips or hands won).
    """

    points: str | None = None
    low_points_win: bool = True
    chips: bool = False
    rank_by: Literal["points", "chips", "hands"] = "points"


@frozen
class Totals:
    """A game's running totals per seat after the deals recorded so far."""

    points: tuple[int, ...]
    """Each seat's points, added up over the deals."""
    chips: tuple[int, ...]
    """Each seat's chips won (+) or paid (-) so far."""
    hands_won: tuple[int, ...]
    """How many deals each seat won (``DealScore.won``)."""
    deals: int = 0
    """How many deals have been recorded."""


@frozen
class DealScore:
    """What one deal does: points and chips per seat, who won and lost it, in words with names."""

    points: tuple[int, ...]
    """The points each seat scored in the deal, in the game's unit (``Units.points``)."""
    transfers: tuple[Transfer, ...]
    """The chips that change hands in the deal (none in a game without chips)."""
    won: tuple[int, ...]
    """The seats that won the deal; may be empty."""
    lost: tuple[int, ...]
    """The seats that lost it; may be empty."""
    text: str
    """The deal in words, with the players' names ("Anna took the last trick")."""


@frozen
class EndScore:
    """A game's end: its settlement (chip transfers), who won and who lost."""

    transfers: tuple[Transfer, ...]
    won: tuple[int, ...]
    lost: tuple[int, ...]


def best_and_worst(values: Sequence[int], *, low: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Seats with the best and the worst value (none when everyone is equal)."""
    if not values or min(values) == max(values):
        return (), ()
    best, worst = (min(values), max(values)) if low else (max(values), min(values))
    return (
        tuple(s for s, v in enumerate(values) if v == best),
        tuple(s for s, v in enumerate(values) if v == worst),
    )


class Scoresheet:
    """A game's scoring at a real table; override the methods marked "must".

    Every method gets the game's options, so one scoresheet serves every variant. The
    ledger asks a person for ``fields`` after each deal, passes what was entered to
    ``score_deal``, keeps the running ``Totals`` and asks ``game_end`` after every deal
    whether the game is over. Seats are the table's players in the clockwise order the
    organiser named them, ``0 … n-1``; ``names[s]`` is the player at seat s.
    """

    def mode(self, options: Any) -> str:
        """A short key of the scoring mode (games in different modes are ranked apart)."""
        return "standard"

    def describe(self, options: Any) -> str:
        """The scoring in words, for tables and logs (must)."""
        raise NotImplementedError

    def units(self, options: Any) -> Units:
        """What the numbers mean under these options (must)."""
        raise NotImplementedError

    def fields(self, options: Any, players: int) -> tuple[Field, ...]:
        """What a person enters for one deal (must)."""
        raise NotImplementedError

    def score_deal(
        self, options: Any, dealer: int, values: Mapping[str, Value], names: Sequence[str]
    ) -> DealScore:
        """Score one deal from the entered values; EntryError naming the field if they do not fit (must).

        Args:
            options: the game's options.
            dealer: the seat that dealt this deal.
            values: by field name (``Field.name``), what was entered: a seat for a
                SeatField, a number for a NumberField, ``{seat: numbers}`` for a
                PlayerNumbersField (one number per part), None when an optional field was
                left out. Each value is already checked against its field's range.
            names: the players' names by seat, for ``DealScore.text``.
        """
        raise NotImplementedError

    def game_end(self, options: Any, totals: Totals) -> EndScore | None:
        """The end of the game with its settlement once it is over, else None (must)."""
        raise NotImplementedError

    def close(self, options: Any, totals: Totals) -> EndScore:
        """An organiser stops a game early: best and worst by the game's ranking, no settlement."""
        units = self.units(options)
        if units.rank_by == "chips":
            won, lost = best_and_worst(totals.chips, low=False)
        elif units.rank_by == "hands":
            won, lost = best_and_worst(totals.hands_won, low=False)
        else:
            won, lost = best_and_worst(totals.points, low=units.low_points_win)
        return EndScore((), won, lost)

    def next_dealer(self, options: Any, players: int, dealer: int, result: HandResult | None = None) -> int:
        """Who deals after ``dealer`` (default: the next seat), given the deal's ``result``.

        ``result`` is the deal just recorded: who won and who lost it, each seat's points
        and chips, so that a game can say "the loser deals" (Durak's fool); the ledger always
        gives it. A method written with three arguments, before it was given, is still used.
        """
        return (dealer + 1) % players

    def played_deal(self, options: Any, hand: HandResult, names: Sequence[str]) -> str:
        """A deal played in the program, in words with the players' names, in the language in force.

        The ledger keeps it in English and says it in the organiser's language
        (``cardgames.ledger.model.kept_and_said``): a game's own words should be marked for its catalog.
        """
        won = ", ".join(names[s] for s in hand.winners)
        lost = ", ".join(names[s] for s in hand.losers)
        parts = [_("won by {names}").format(names=won)] if won else []
        parts += [_("lost by {names}").format(names=lost)] if lost else []
        return "; ".join(parts) or _("no winner")

    def played_end(self, options: Any, totals: Totals, outcome: Outcome) -> EndScore | None:
        """The end of a game played in the program, if the game's own words differ from ``game_end``."""
        return None


def dealer_after(sheet: Scoresheet, options: Any, players: int, dealer: int, result: HandResult) -> int:
    """``sheet.next_dealer`` given the deal's result, or without it if the method takes three arguments."""
    method = sheet.next_dealer
    try:
        takes_result = len(inspect.signature(method).parameters) >= 4
    except (TypeError, ValueError):  # a signature Python cannot read: ask the older way
        takes_result = False
    return method(options, players, dealer, result) if takes_result else method(options, players, dealer)
