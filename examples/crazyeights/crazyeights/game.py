"""Crazy Eights as a cardgames plugin: the game's declarations and its texts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

import cardgames.api as cg
from crazyeights.bots import EightsLast
from crazyeights.rules import CRAZYEIGHTS, Call, CrazyEightsOptions, CrazyEightsState, Draw, Pass, Play

_ = CRAZYEIGHTS.gettext  # a text in the language in force, from the game's own catalog (docs/languages.md)


class CrazyEights(cg.Game[CrazyEightsOptions, CrazyEightsState]):
    """Crazy Eights: be the first to play out your hand."""

    id = "crazyeights"
    name = "Crazy Eights"
    aliases = ("crazy-eights", "eights")
    summary = cg.N_("Match the top card's suit or rank; eights are wild. First out wins.")
    min_players = 2
    max_players = 7
    default_players = 4
    options_type = CrazyEightsOptions
    action_types = (Play, Call, Draw, Pass)
    # and those every game gets (random, hard…); the name is marked for the catalog, which says it to people
    # ("Bot 1 (otto per ultimi)") while "bot:eights-last" is what is typed and kept
    bots: ClassVar[dict[str, Any]] = {cg.N_("eights-last"): EightsLast}

    def new_game(self, options: CrazyEightsOptions, players: int, seed: int) -> CrazyEightsState:
        return CrazyEightsState(players, seed, options.hand_size or (7 if players == 2 else 5))

    def max_decisions(self, options: CrazyEightsOptions, players: int) -> int:
        return 2 * 51 + 4 + 52 * players  # plays and draws once per card, calls, passes between plays

    def tabletop(self, view: Any, names: Sequence[str], **kwargs: Any) -> cg.Tabletop:
        """The table every game gets, with the suit to follow and, after an eight, the call asked for."""
        table = super().tabletop(view, names, **kwargs)
        if table.decision is not None and view.fact("calling") and view.seat in table.decision.seats:
            table = attrs.evolve(table, decision=attrs.evolve(table.decision, text=_("call a suit (call H)")))
        return attrs.evolve(table, suit_in_force=view.fact("suit"))

    def rules_card(self, options: CrazyEightsOptions) -> cg.RulesCard:
        return cg.RulesCard(
            goal=_("Be the first to play out your hand; the others pay you what their cards count."),
            cards=(("8", _("wild: play it on anything, then call the suit to follow")),),
            notes=(
                _("Draw when you cannot or will not play; with the stock gone and nothing to play, pass."),
            ),
        )
