"""A game's table in parts, for the full-screen terminal table to put in fixed places.

A game provides it through :meth:`cardgames.core.game.Game.screen_table`; a game without one is
shown through its ``render`` in the table's place instead. Every text is rich markup, short
enough for a 60-column terminal where it can be (the screen crops or wraps what is longer).
"""

from __future__ import annotations

from attrs import frozen


@frozen
class ScreenTable:
    """One player's view of the table, split into the places the full-screen table keeps fixed."""

    heading: str
    """One line: the game, the hand or deal, the dealer, the direction of play."""
    seats: tuple[str, ...]
    """One short line per seat, in seat order: name, cards held, score (``▶`` marks whose turn)."""
    centre: tuple[str, ...] = ()
    """What is on the table: the top card and who played it, the suit in force, a pending
    penalty, the trick being played."""
    turn: str = ""
    """Whose turn it is and what they must do."""
    hand: str = ""
    """The viewer's hand, numbered as it is typed, playable cards marked."""
    history: tuple[str, ...] = ()
    """What the table keeps of the hand so far (a trick game: every trick of the deal)."""
    history_title: str = ""
    """The heading of ``history`` ("Tricks of this deal")."""
