"""A table's results in words with the players' names, ranked as the tournament's scoreboard ranks them.

One truth: a hand's lines and the final standings are read from the game's hand results
and outcome through its scoresheet, as the ledger records them (``cardgames.ledger.played``),
and ranked with the ledger's own key (``cardgames.ledger.views.ranking``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardgames.core.game import Game
from cardgames.core.record import Seat
from cardgames.core.scoresheet import Totals, Units
from cardgames.core.state import HandResult, Outcome
from cardgames.core.utility import utility_of
from cardgames.ledger.views import Standing, ranking
from cardgames.play.logs import glyphs, named
from cardgames.primitives.language import translated
from cardgames.primitives.scoring import balances


def units_of(game: Game[Any, Any], options: Any) -> Units:
    """What the game's numbers mean, in the language in force (no scoresheet: hands won)."""
    sheet = game.scoresheet
    if sheet is None:
        return Units(points=None, rank_by="hands")
    units = sheet.units(options)
    if units.points is None:
        return units
    return attrs.evolve(units, points=translated(type(sheet), units.points))  # "penalty points" said as read


def sentence(text: str) -> str:
    """A game's line as a sentence: its first letter a capital."""
    return text[:1].upper() + text[1:]


def hand_data(seats: Sequence[Seat], hand: HandResult, units: Units) -> dict[str, Any]:
    """One finished hand: its number, its summary with names, and what each player scored."""
    return {
        "number": hand.number,
        "summary": sentence(glyphs(named(seats, hand.summary))),
        "points": units.points,
        "scores": [
            {
                "name": s.spoken,
                "won": i in hand.winners,
                "points": hand.points[i] if units.points else None,
                "chips": hand.chips[i] if units.chips else None,
            }
            for i, s in enumerate(seats)
        ],
    }


def final_rows(
    game: Game[Any, Any], options: Any, seats: Sequence[Seat], hands: Sequence[HandResult], outcome: Outcome
) -> list[Standing]:
    """The players' standings in this one game, ranked with the ledger's key (the scoreboard's order)."""
    n = len(seats)
    units = units_of(game, options)
    points = tuple(sum(h.points[i] for h in hands) if units.points else 0 for i in range(n))
    dealt = tuple(sum(h.chips[i] for h in hands) for i in range(n))
    won_hands = tuple(sum(i in h.winners for h in hands) for i in range(n))
    lost_hands = tuple(sum(i in h.losers for h in hands) for i in range(n))
    sheet = game.scoresheet
    declared = None
    if sheet is not None:
        totals = Totals(points, dealt, won_hands, len(hands))
        declared = sheet.played_end(options, totals, outcome) or sheet.game_end(options, totals)
    lost = (
        tuple(declared.lost)
        if declared is not None
        else tuple(s for s in range(n) if s not in outcome.winners)
    )
    if not units.chips:
        chips: tuple[int, ...] = (0,) * n
    elif utility_of(game, options).chips:
        chips = tuple(outcome.scores)
    else:
        settled = balances(n, declared.transfers) if declared is not None else (0,) * n
        chips = tuple(a + b for a, b in zip(dealt, settled, strict=True))
    rows = [
        Standing(
            s.spoken,
            1,
            int(i in outcome.winners),
            int(i in lost),
            won_hands[i],
            lost_hands[i],
            points[i],
            chips[i],
        )
        for i, s in enumerate(seats)
    ]
    return sorted(rows, key=ranking(units))


def final_data(
    game: Game[Any, Any], options: Any, seats: Sequence[Seat], hands: Sequence[HandResult], outcome: Outcome
) -> dict[str, Any]:
    """The game's result for the page: the game's summary with names, and the ranked players."""
    units = units_of(game, options)
    return {
        "summary": sentence(glyphs(named(seats, outcome.summary))),
        "winners": [seats[s].spoken for s in outcome.winners],
        "points": units.points,
        "chips": units.chips,
        "rows": [
            {
                "player": r.player,
                "won": bool(r.games_won),
                "hands_won": r.hands_won,
                "points": r.points if units.points else None,
                "chips": r.chips if units.chips else None,
            }
            for r in final_rows(game, options, seats, hands, outcome)
        ],
    }
