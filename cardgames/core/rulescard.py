"""A game's rules card: how the match is won and what each card does, with the options in force.

A game provides it through :meth:`cardgames.core.game.Game.rules_card`; the terminal shows it for
``rules`` at the table and for ``cardgames rules GAME``.
"""

from __future__ import annotations

from attrs import frozen


@frozen
class RulesCard:
    """What a player needs at the table, in a few lines (cards written as they are typed: 7H, JOKER)."""

    goal: str
    """How the match is won, with the numbers in force."""
    cards: tuple[tuple[str, str], ...] = ()
    """Pairs of (a card or cards, what it does), as typed: ("7H", "…")."""
    notes: tuple[str, ...] = ()
    """The other rules a player must know (penalties, calls)."""
    hand_word: str = "hand"
    """What one deal of the match is called ("hand", "deal")."""
    points_count: bool = True
    """Whether the card points of a hand decide anything under these options."""
