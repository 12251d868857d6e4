"""Showing a game's rules card: for ``rules`` at the table and for ``cardgames rules GAME``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgames.core.game import Game
from cardgames.core.options import options_as_dict
from cardgames.core.rulescard import RulesCard
from cardgames.play.logs import shown
from cardgames.primitives.language import FRAMEWORK, translated
from cardgames.primitives.said import Said

_ = FRAMEWORK.gettext

if TYPE_CHECKING:
    from rich.console import Console


def option_text(value: Any) -> str:
    """An option's value as it is typed with ``-o``: on/off, none, 5 rather than 5.0."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def card_of(game: Game[Any, Any], options: Any) -> RulesCard:
    """The game's rules card, or its summary for a game whose card cannot be built."""
    try:
        card = game.rules_card(options)
    except Exception:  # a plugin's broken card must not break the table
        return RulesCard(goal=summary_of(game))
    return card if isinstance(card, RulesCard) else RulesCard(goal=summary_of(game))


def summary_of(game: Game[Any, Any]) -> str:
    """The game's one-line summary, in the language in force if the game's catalog has it."""
    return translated(type(game), game.summary)


def announcements(game: Game[Any, Any], before: Any, after: Any) -> list[str | Said]:
    """The game's announcements of a move (none if its hook fails: a plugin must not stop a game).

    A line may be a ``Said``, which the player it names reads in the second person.
    """
    try:
        return [line if isinstance(line, Said) else str(line) for line in game.announce(before, after)]
    except Exception:
        return []


def show_rules_card(
    console: Console, game: Game[Any, Any], options: Any, *, ascii_only: bool = False, in_force: bool = True
) -> None:
    """The goal, what each card does, the other rules, and (``in_force``) every option's value."""
    card = card_of(game, options)

    def say(text: str) -> None:
        console.print(shown(text, ascii_only), highlight=False, markup=False)

    say(card.goal)
    if card.cards:
        from rich.table import Table as RichTable  # a person asked for the card

        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column()
        for which, effect in card.cards:
            grid.add_row(shown(which, ascii_only), shown(effect, ascii_only))
        console.print(grid)
    for note in card.notes:
        say(f"- {note}")
    if in_force:
        pairs = ", ".join(f"{k}={option_text(v)}" for k, v in options_as_dict(options).items())
        say(_("Options in force: {options}").format(options=pairs))
        say(_("Every option and preset: cardgames rules {game}").format(game=game.id))
