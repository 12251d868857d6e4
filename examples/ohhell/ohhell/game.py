"""Oh Hell as a cardgames plugin: the game's declarations, its notation and its table."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from cardgames.core.game import Game
from cardgames.core.rulescard import RulesCard
from cardgames.primitives.cards import card_markup, format_card, hand_number, parse_card
from cardgames.primitives.errors import OptionError, ParseError
from ohhell.rules import Bid, OhHellOptions, OhHellState, Play


class OhHell(Game[OhHellOptions, OhHellState]):
    """Oh Hell: bid exactly the tricks you take."""

    id = "ohhell"
    name = "Oh Hell"
    aliases = ("oh-hell", "oh pshaw", "nomination whist")
    summary = "Bid the exact number of tricks you will take; a trump is turned up each hand."
    min_players = 3
    max_players = 7
    default_players = 4
    options_type = OhHellOptions
    action_types = (Bid, Play)
    zero_sum = False

    def check(self, options: OhHellOptions, players: int) -> None:
        super().check(options, players)
        if options.cards * players > 51:
            raise OptionError(f"{players} hands of {options.cards} cards leave no card to turn up for trumps")

    def new_game(self, options: OhHellOptions, players: int, seed: int) -> OhHellState:
        return OhHellState(options, players, seed)

    def max_decisions(self, options: OhHellOptions, players: int) -> int:
        return sum(players * (1 + size) for size in range(1, options.cards + 1))  # a bid and the cards

    def parse_action(self, text: str, view: Any) -> Any:
        words = text.strip().casefold().split()
        if not words:
            raise ParseError(
                "nothing typed; write a bid (bid 2) while bidding, then a card (QH, 10s) or its number"
            )
        if words[0] == "bid" and len(words) == 2 and (number := hand_number(words[1])) is not None:
            return Bid(number)
        number = hand_number(words[-1])
        if None in view.bids and number is not None:
            return Bid(number)
        if words[0] == "play":
            words = words[1:]
        if number is not None and 0 < number <= len(view.hand):
            return Play(view.hand[number - 1])
        return Play(parse_card(" ".join(words)))

    def format_action(self, action: Any) -> str:
        return f"bid {action.tricks}" if isinstance(action, Bid) else f"play {format_card(action.card)}"

    def render(self, view: Any, *, ascii_only: bool = False) -> Any:
        def show(cards: tuple[Any, ...]) -> str:
            return " ".join(card_markup(c, ascii_only=ascii_only) for c in cards) or "-"

        bids = " ".join(
            f"P{s + 1}:{'-' if b is None else b}/{t}" for s, (b, t) in enumerate(zip(view.bids, view.tricks))
        )
        return Text.from_markup(
            f"trumps: {show((view.trump,))}  bids/tricks {bids}\ntrick: {show(view.trick)}\nyour hand: {show(view.hand)}"
        )

    def rules_card(self, options: OhHellOptions) -> RulesCard:
        return RulesCard(
            goal=f"Hands of {options.cards} cards down to 1; the most points wins.",
            notes=(
                "Bid the tricks you will take; the dealer may not make the bids add up to the tricks.",
                f"Follow suit if you can; trumps beat the other suits. An exact bid scores {options.bonus} plus one a trick.",
            ),
        )
