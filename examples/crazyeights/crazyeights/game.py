"""Crazy Eights as a cardgames plugin: the game's declarations and its texts."""

from __future__ import annotations

from typing import Any, ClassVar

from cardgames.core.game import Game
from cardgames.core.rulescard import RulesCard
from crazyeights.bots import EightsLast
from crazyeights.rules import Call, CrazyEightsOptions, CrazyEightsState, Draw, Pass, Play


class CrazyEights(Game[CrazyEightsOptions, CrazyEightsState]):
    """Crazy Eights: be the first to play out your hand."""

    id = "crazyeights"
    name = "Crazy Eights"
    aliases = ("crazy-eights", "eights")
    summary = "Match the top card's suit or rank; eights are wild. First out wins."
    min_players = 2
    max_players = 7
    default_players = 4
    options_type = CrazyEightsOptions
    action_types = (Play, Call, Draw, Pass)
    bots: ClassVar[dict[str, Any]] = {"eights-last": EightsLast}  # and those every game gets (random, hard…)

    def new_game(self, options: CrazyEightsOptions, players: int, seed: int) -> CrazyEightsState:
        return CrazyEightsState(players, seed, options.hand_size or (7 if players == 2 else 5))

    def max_decisions(self, options: CrazyEightsOptions, players: int) -> int:
        return 2 * 51 + 4 + 52 * players  # plays and draws once per card, calls, passes between plays

    def prompt(self, view: Any) -> str:
        return "call a suit (call H)" if view.fact("calling") else "your move"

    def rules_card(self, options: CrazyEightsOptions) -> RulesCard:
        return RulesCard(
            goal="Be the first to play out your hand; the others pay you what their cards count.",
            cards=(("8", "wild: play it on anything, then call the suit to follow"),),
            notes=("Draw when you cannot or will not play; with the stock gone and nothing to play, pass.",),
        )
