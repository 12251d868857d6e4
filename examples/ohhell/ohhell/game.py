"""Oh Hell as a cardgames plugin: the game's declarations and its texts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

import cardgames.api as cg
from ohhell.rules import Bid, OhHellOptions, OhHellState, Play


class OhHell(cg.Game[OhHellOptions, OhHellState]):
    """Oh Hell: bid exactly the tricks you take."""

    id = "ohhell"
    name = "Oh Hell"
    aliases = ("oh-hell", "oh pshaw", "nomination whist")
    summary = "Bid the exact number of tricks you will take; a trump is turned up each hand."
    min_players = 3
    max_players = 7
    default_players = 4
    options_type = OhHellOptions
    action_types = (Play, Bid)
    zero_sum = False  # points, not chips

    def check(self, options: OhHellOptions, players: int) -> None:
        super().check(options, players)
        if options.cards * players > 51:
            raise cg.OptionError(
                f"{players} hands of {options.cards} cards leave no card to turn up for trumps"
            )

    def new_game(self, options: OhHellOptions, players: int, seed: int) -> OhHellState:
        return OhHellState(options, players, seed)

    def max_decisions(self, options: OhHellOptions, players: int) -> int:
        return sum(players * (1 + size) for size in range(1, options.cards + 1))  # a bid and the cards

    def parse_action(self, text: str, view: Any) -> Any:
        """While bidding, a number alone is a bid ("2"); anything else is read the default way."""
        if None in view.fact("bids") and (number := cg.hand_number(text.strip())) is not None:
            return Bid(number)
        return super().parse_action(text, view)

    def utility(self, options: OhHellOptions) -> cg.Utility:
        """Scores are points, never below zero; the most points wins."""
        return cg.Utility(measure="points", low=0)

    def tabletop(self, view: Any, names: Sequence[str], **kwargs: Any) -> cg.Tabletop:
        """The table every game gets, with each seat's bid, tricks and points, and the bid asked for."""
        table = super().tabletop(view, names, **kwargs)
        if table.decision is not None and None in view.fact("bids") and view.seat in table.decision.seats:
            table = attrs.evolve(
                table, decision=attrs.evolve(table.decision, text="your bid (bid 2, or just 2)")
            )
        facts = zip(table.seats, view.fact("bids"), view.fact("tricks"), view.fact("scores"), strict=True)
        seats = tuple(
            attrs.evolve(
                p, note="" if bid is None else f"bid {bid}", tricks=took, score=cg.score_text(points)
            )
            for p, bid, took, points in facts
        )
        return attrs.evolve(table, seats=seats, trump=view.zone("stock").cards[-1].suit)

    def standings(self, state: cg.GameState) -> list[tuple[int, ...]]:
        """The points after each hand (the default counts hands won, which says less here)."""
        totals = [0] * state.players
        out = []
        for r in state.hand_results():
            totals = [t + p for t, p in zip(totals, r.points, strict=True)]
            out.append(tuple(totals))
        return out

    def rules_card(self, options: OhHellOptions) -> cg.RulesCard:
        return cg.RulesCard(
            goal=f"Hands of {options.cards} cards down to 1; the most points wins.",
            notes=(
                "Bid the tricks you will take; the dealer may not make the bids add up to the tricks.",
                "Follow suit if you can; the highest trump, else the highest card led, takes the trick.",
                f"An exact bid scores {options.bonus} and one a trick; any other scores nothing.",
            ),
        )
