"""The Последний rules card (rules P-5 to P-10), with the options in force."""

from __future__ import annotations

from cardgames.core.rulescard import RulesCard
from cardgames.games.posledniy.options import PosledniyOptions


def rules_card(o: PosledniyOptions) -> RulesCard:
    """The card for these options."""
    if o.scoring == "points":
        goal = (
            f"Game: whoever takes the last (8th) trick of a deal scores 1 penalty point (the dealer 2); "
            f"at {o.target} points the game ends and the loser pays {o.unit} chips a point of difference."
        )
    else:
        goal = (
            f"Game: {o.rounds} rounds (every player deals once a round); whoever takes the last trick "
            f"pays {o.stake} chips to each player."
        )
    cards = (
        ("A K Q J 10 9 8 7", "ranks from high to low; 3 players play without 7s and 8s (P-2)"),
        ("any", "follow the suit led if you can, else play any card; no trumps (P-7)"),
        ("highest of the suit led", "takes the trick and leads the next (P-7)"),
    )
    sweep = (
        " (the others score 1 each) (P-8, P-10)."
        if o.scoring == "points"
        else f" ({o.stake} chips from each) (P-8, P-9)."
    )
    notes = (
        "Exchange (snos): the dealer passes 3 cards face down to the left, the next player 2, the next 1 "
        "(3 players: 2, then 1); you may pass cards you just received (P-5).",
        "The player at the dealer's right leads the first trick (P-6).",
        "The 8th trick loses the deal; taking all 8 tricks wins it" + sweep,
    )
    return RulesCard(goal=goal, cards=cards, notes=notes, hand_word="deal")
