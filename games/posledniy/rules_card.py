"""The Последний rules card (rules P-5 to P-10), with the options in force."""

from __future__ import annotations

from cardgames.core.rulescard import RulesCard
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.primitives.language import catalog

_ = catalog("cardgames.games.posledniy").gettext


def rules_card(o: PosledniyOptions) -> RulesCard:
    """The card for these options."""
    if o.scoring == "points":
        goal = _(
            "Game: whoever takes the last (8th) trick of a deal scores 1 penalty point (the dealer 2); "
            "at {target} points the game ends and the loser pays {unit} chips a point of difference."
        ).format(target=o.target, unit=o.unit)
        sweep = _(
            "The 8th trick loses the deal; taking all 8 tricks wins it (the others score 1 each) (P-8, P-10)."
        )
    else:
        goal = _(
            "Game: {rounds} rounds (every player deals once a round); whoever takes the last trick "
            "pays {stake} chips to each player."
        ).format(rounds=o.rounds, stake=o.stake)
        sweep = _(
            "The 8th trick loses the deal; taking all 8 tricks wins it ({stake} chips from each) (P-8, P-9)."
        ).format(stake=o.stake)
    cards = (
        (_("A K Q J 10 9 8 7"), _("ranks from high to low; 3 players play without 7s and 8s (P-2)")),
        (_("any"), _("follow the suit led if you can, else play any card; no trumps (P-7)")),
        (_("highest of the suit led"), _("takes the trick and leads the next (P-7)")),
    )
    notes = (
        _(
            "Exchange (snos): the dealer passes 3 cards face down to the left, the next player 2, the next 1 "
            "(3 players: 2, then 1); you may pass cards you just received (P-5)."
        ),
        _("The player at the dealer's right leads the first trick (P-6)."),
        sweep,
    )
    return RulesCard(goal=goal, cards=cards, notes=notes, hand_word=_("deal"))
