"""Drawing a table through the game's render, with names and playable cards when it takes them."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Sequence
from typing import Any

from cardgames.core.game import Game
from cardgames.core.table import Table
from cardgames.core.tableread import playable_cards, tabletop_or_default
from cardgames.core.tabletop import Tabletop
from cardgames.play.logs import short_names
from cardgames.primitives.cards import Card


@functools.cache
def _takes(render: Any) -> frozenset[str]:
    """The keyword arguments a game's ``render`` accepts (older plugins take ``ascii_only`` only)."""
    try:
        params = inspect.signature(render).parameters.values()
    except (TypeError, ValueError):
        return frozenset({"ascii_only"})
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return frozenset({"ascii_only", "names", "playable"})
    return frozenset(p.name for p in params)


def render_table(
    game: Game[Any, Any],
    view: Any,
    *,
    ascii_only: bool,
    names: Sequence[str],
    playable: frozenset[Card] = frozenset(),
) -> Any:
    """The game's own drawing of ``view`` (passing only what its ``render`` accepts); None: it has none."""
    takes = _takes(type(game).render)
    extra: dict[str, Any] = {}
    if "names" in takes:
        extra["names"] = tuple(names)
    if "playable" in takes:
        extra["playable"] = playable
    return game.render(view, ascii_only=ascii_only, **extra)


def table_text(
    game: Game[Any, Any],
    view: Any,
    model: Tabletop,
    *,
    ascii_only: bool,
    names: Sequence[str],
    own: bool = True,
    chosen: frozenset[Card] = frozenset(),
) -> Any:
    """The table as line mode prints it: the table model, or the game's own drawing where it has one.

    ``names``: the seats' full names, a bot's kind with it, on the seats' lines; ``own``: whether the
    view's seat is the person reading (not a bot's table in a replay); ``chosen``: cards named for a
    choice not made yet (``cardgames.play.tabletext.hand_line``).
    """
    from rich.text import Text

    from cardgames.play.tabletext import table_lines

    drawn = render_table(game, view, ascii_only=ascii_only, names=names, playable=model.playable)
    if drawn is not None:
        return drawn
    lines = table_lines(model, ascii_only, game_names(game), own=own, chosen=chosen, full=names)
    return Text("\n").join(Text.from_markup(line, emoji=False) for line in lines)


def tabletop_for(table: Table, seat: int, *, seconds: float | None = None) -> Tabletop:
    """The table model for ``seat`` of a table in play: its names, the cards it may play now, who is asked.

    A plugin whose ``tabletop`` fails still gets the framework's default, read from its view.
    """
    state, game = table.state, table.game
    view = state.view(seat)
    names = short_names(table.seats)  # a bot's kind is said on its seat's line (``full`` of tabletext)
    asked = tuple(state.to_decide())
    legal = state.legal_actions_for(seat) if seat in asked else ()
    playable = playable_cards(legal)
    return tabletop_or_default(game, view, names, playable=playable, asked=asked, seconds=seconds)


def chosen_cards(view: Any, named: frozenset[Card] = frozenset()) -> frozenset[Card]:
    """The cards of a choice being made: those the view keeps as chosen (a ``chosen`` tuple of cards,
    as a pass set aside card by card) and those ``named`` in a move a question is asked about."""
    kept = getattr(view, "chosen", ())
    if isinstance(kept, tuple) and all(isinstance(c, Card) for c in kept):
        return frozenset(kept) | named
    return named


def game_names(game: Game[Any, Any]) -> tuple[str, str]:
    """The game's name and how an ASCII terminal writes it (its id, titled, for a name in another script)."""
    return game.name, game.name if game.name.isascii() else game.id.title()
