"""What the conformance kit's checks share: its error, failures that name the seed and step, card counts."""

from __future__ import annotations

from collections import Counter
from typing import Any

import cattrs

from cardgames.core.game import Game
from cardgames.core.record import GameRecord
from cardgames.core.state import GameState, log_hooks
from cardgames.primitives.errors import IllegalActionError

_view_converter = log_hooks(cattrs.Converter())


class ConformanceError(AssertionError):
    """A game broke one of the promises every plugin makes."""


def view_data(view: Any) -> Any:
    """A view as JSON-ready data (views must serialise)."""
    return _view_converter.unstructure(view)


def card_counts(state: GameState) -> dict[Any, int]:
    """How many of each card a state holds (a plain dict: compared at C speed, unlike Counter)."""
    return dict(Counter(state.all_cards()))


def failure(msg: str, record: GameRecord) -> ConformanceError:
    """A broken promise, naming the record's seed and how many actions were applied."""
    return ConformanceError(f"{msg} (seed {record.seed}, after {len(record.actions)} actions)")


def apply_listed(game: Game[Any, Any], state: GameState, action: Any, record: GameRecord) -> GameState:
    """``action`` applied to a copy of ``state``: a listed action must not be refused."""
    after = state.clone()
    try:
        after.apply(action)
    except IllegalActionError as exc:
        raise failure(f"listed action {game.format_action(action)} is refused: {exc}", record) from None
    return after
