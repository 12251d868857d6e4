"""Crazy Eights as a cardgames plugin: the game's declarations, its notation and its table."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from cardgames.core.game import Game
from cardgames.core.rulescard import RulesCard
from cardgames.primitives.cards import Rank, card_markup, format_card, hand_number, parse_card, parse_suit
from cardgames.primitives.errors import IncompleteAction, ParseError
from crazyeights.rules import CrazyEightsOptions, CrazyEightsState, Draw, Pass, Play


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
    action_types = (Play, Draw, Pass)

    def new_game(self, options: CrazyEightsOptions, players: int, seed: int) -> CrazyEightsState:
        size = options.hand_size or (7 if players == 2 else 5)
        return CrazyEightsState(players, seed, size)

    def max_decisions(self, options: CrazyEightsOptions, players: int) -> int:
        return 51 + 51 + 52 * players  # plays and draws once per card each, passes between plays

    def parse_action(self, text: str, view: Any) -> Any:
        words = text.strip().casefold().split()
        if words in (["draw"], ["pass"]):
            return Draw() if words == ["draw"] else Pass()
        if not words:
            raise ParseError(
                "nothing typed; write a card (7H, 10s) or its number, an eight with a suit (8S hearts), draw or pass"
            )
        number = hand_number(words[0])
        card = view.hand[number - 1] if number and 0 < number <= len(view.hand) else parse_card(words[0])
        if card.rank != Rank.EIGHT:
            return Play(card)
        if len(words) == 1:
            raise IncompleteAction("Which suit do you call?", ("clubs", "diamonds", "hearts", "spades"))
        return Play(card, parse_suit(words[1]))

    def format_action(self, action: Any) -> str:
        if not isinstance(action, Play):
            return "draw" if isinstance(action, Draw) else "pass"
        return format_card(action.card) + (f" {action.suit.english}" if action.suit is not None else "")

    def render(self, view: Any, *, ascii_only: bool = False) -> Any:
        hand = " ".join(card_markup(c, ascii_only=ascii_only) for c in view.hand)
        top = card_markup(view.top, ascii_only=ascii_only)
        return Text.from_markup(
            f"top: {top}, {view.suit.english} to play; stock {view.stock}\nyour hand: {hand}"
        )

    def rules_card(self, options: CrazyEightsOptions) -> RulesCard:
        return RulesCard(
            goal="Be the first to play out your hand; the others pay you what their cards count.",
            cards=(("8", "wild: play it on anything and call the suit to follow"),),
            notes=("Draw when you cannot or will not play; with the stock gone and nothing to play, pass.",),
        )
