"""The in-game ``position`` command: the position as the person asking may know it, to read back.

During a game a seat never learns more than its view (rule I-1..I-3), so the position is
written as that seat may know it (``PositionNotation.write_seen``: the cards it cannot see
are open, ``?``); once the game is over the whole position is written. Both read back with
``cardgames play GAME --position TEXT``, which deals the open cards from the seed.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardgames.core.position import seen_position
from cardgames.play.start import build_options
from cardgames.primitives.errors import CardgamesError


def option_words(game: Any, options: dict[str, Any]) -> list[str]:
    """``-o key=value`` for every option that differs from the game's defaults (its default preset)."""
    defaults = attrs.asdict(build_options(game, None, []))
    words: list[str] = []
    for name, value in options.items():
        if defaults.get(name, value) != value:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            words += ["-o", f"{name}={text}"]
    return words


def position_lines(game: Any, state: Any, options: dict[str, Any], seat: int | None) -> list[str]:
    """What the ``position`` command prints for ``seat`` (None: a spectator of a finished game)."""
    try:
        text = seen_position(game, state, seat)
    except CardgamesError as exc:
        return [f"No position: {exc}."]
    players: list[str] = []
    if seat is None or state.is_over():
        said = "The position (every hand: the game is over):"
    else:
        said = f"The position as P{seat + 1} may know it (? is a card you cannot see):"
        # read back, you sit where you sat: the hand you know is yours, the open ones the bots'
        players = ["--players", ",".join("me" if s == seat else "bot" for s in range(state.players))]
    command = ["cardgames", "play", game.id, *option_words(game, options), *players, "--position", text]
    import shlex

    return [said, text, "Read it back: " + " ".join(shlex.quote(w) for w in command)]
