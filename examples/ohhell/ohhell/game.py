"""Oh Hell as a cardgames plugin: the game's declarations and its texts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

import cardgames.api as cg
from ohhell.rules import OHHELL, Bid, OhHellOptions, OhHellState, Play

_ = OHHELL.gettext  # a text in the language in force, from the game's own catalog (docs/languages.md)
ngettext = OHHELL.ngettext  # a text with a count, in the form its number takes (1 punto, 2 punti)


class OhHell(cg.Game[OhHellOptions, OhHellState]):
    """Oh Hell: bid exactly the tricks you take."""

    id = "ohhell"
    name = "Oh Hell"
    aliases = ("oh-hell", "oh pshaw", "nomination whist")
    summary = cg.N_("Bid the exact number of tricks you will take; a trump is turned up each hand.")
    min_players = 3
    max_players = 7
    default_players = 4
    options_type = OhHellOptions
    action_types = (Play, Bid)
    zero_sum = False  # points, not chips

    def check(self, options: OhHellOptions, players: int) -> None:
        super().check(options, players)
        if options.cards * players > 51:
            # TRANSLATORS: cards is 8 to 12 here, players 5 to 7
            said = _("{players} hands of {cards} cards leave no card to turn up for trumps; lower cards")
            raise cg.OptionError(said.format(players=players, cards=options.cards))

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
                table, decision=attrs.evolve(table.decision, text=_("your bid (bid 2, or just 2)"))
            )
        facts = zip(table.seats, view.fact("bids"), view.fact("tricks"), view.fact("scores"), strict=True)
        seats = tuple(
            attrs.evolve(
                p,
                note="" if bid is None else _("bid {bid}").format(bid=bid),
                tricks=took,
                score=cg.score_text(points),
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
        if options.cards == 1:
            goal = _("One hand of one card; the most points wins.")
        else:
            # TRANSLATORS: count is 2 to 12, the cards of the first hand
            goal = ngettext(
                "Hands of {count} card down to 1; the most points wins.",
                "Hands of {count} cards down to 1; the most points wins.",
                options.cards,
            )
        exact = ngettext(
            "An exact bid scores {count} point and one a trick; any other scores nothing.",
            "An exact bid scores {count} points and one a trick; any other scores nothing.",
            options.bonus,
        )
        return cg.RulesCard(
            goal=goal.format(count=options.cards),
            notes=(
                _("Bid the tricks you will take; the dealer may not make the bids add up to the tricks."),
                _("Follow suit if you can; the highest trump, else the highest card led, takes the trick."),
                exact.format(count=options.bonus),
            ),
        )
