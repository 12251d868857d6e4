"""``hint``: the move the game's best bot would make, chosen from the person's own view."""

from __future__ import annotations

import random
from typing import Any

from cardgames.bots.lookup import make_bot
from cardgames.core.game import Game
from cardgames.core.state import GameState
from cardgames.core.table import decide as engine_decide
from cardgames.play.seats import default_bot
from cardgames.primitives.language import catalog, catalog_of
from cardgames.primitives.naming import bot_kind

_ = catalog("cardgames").gettext
ngettext = catalog("cardgames").ngettext


def hint(game: Game[Any, Any], view: Any, legal: Any) -> str:
    """A suggested move as the person would type it in their language, with who suggests it.

    The bot sees what the person sees (their view, their legal moves) and nothing else, and
    it has its own generator, so asking for a hint never changes the game.
    """
    kind = default_bot(game)
    action = hint_action(game, view, legal)
    return _("Hint: {move} (what the {kind} bot would play here)").format(
        move=game.typed_action(action), kind=bot_kind(kind, catalog_of(type(game)))
    )


def hint_action(game: Game[Any, Any], view: Any, legal: Any) -> Any:
    """The move the game's best bot would make here, from the person's view and legal moves."""
    bot = make_bot(game, default_bot(game), random.Random("hint"))
    return bot.choose(view, list(legal))


def whole_choice_hint(game: Game[Any, Any], state: GameState, seat: int, first: Any) -> str:
    """The bot's whole choice of several cards, pick after pick (``first`` first) on a copy of the state."""
    from cardgames.core.choosing import Pick, Picks

    trial, picks = state.clone(), [first]
    engine_decide(trial, first, seat)
    while seat in trial.to_decide():
        legal = list(trial.legal_actions_for(seat))
        if not legal or not all(isinstance(a, Pick) for a in legal):
            break
        nxt = hint_action(game, trial.view(seat), legal)
        picks.append(nxt)
        engine_decide(trial, nxt, seat)
    move = game.typed_action(Picks(tuple(picks)))
    kind = bot_kind(default_bot(game), catalog_of(type(game)))
    return _("Hint: {move} (what the {kind} bot would choose here)").format(move=move, kind=kind)
