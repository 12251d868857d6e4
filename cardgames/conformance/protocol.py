"""The kit's checks of what a game hands out: views' shape, notation, refusals, bare actions as Choices."""

from __future__ import annotations

import random
from typing import Any

import attrs

from cardgames.conformance.common import failure
from cardgames.core.eventlog import LogWords
from cardgames.core.game import Game
from cardgames.core.record import GameRecord
from cardgames.core.state import Choice, GameState, LogEntry
from cardgames.primitives.errors import CardgamesError, IllegalActionError


def check_view_shape(view: Any, seat: int, record: GameRecord) -> None:
    """A view is a frozen attrs value whose ``log`` is a tuple (or ``LogWords``) of public LogEntry events."""
    if not attrs.has(type(view)):
        raise failure(f"the view of seat {seat} is not an attrs value but {type(view).__name__}", record)
    fields = attrs.fields(type(view))
    if fields:
        try:
            setattr(view, fields[0].name, getattr(view, fields[0].name))
        except attrs.exceptions.FrozenInstanceError:
            pass
        else:
            raise failure(f"the view of seat {seat} is not frozen", record)
    log = getattr(view, "log", None)
    if not isinstance(log, tuple | LogWords) or not all(isinstance(e, LogEntry) for e in log):
        raise failure(f"the view of seat {seat} has no log: tuple[LogEntry, ...] field", record)


def check_notation(game: Game[Any, Any], action: Any, view: Any, record: GameRecord) -> None:
    """``game.parse_action(game.format_action(action), view)`` gives the action back."""
    text = game.format_action(action)
    try:
        again = game.parse_action(text, view)
    except CardgamesError as exc:
        raise failure(
            f"{action!r} is written {text!r}, which the game cannot read back: {exc}", record
        ) from None
    if again != action:
        raise failure(f"{action!r} is written {text!r}, which reads back as {again!r}", record)


def check_refusal(
    game: Game[Any, Any],
    state: GameState,
    legal: list[Any],
    candidates: list[Any],
    rng: random.Random,
    record: GameRecord,
) -> None:
    """An action not listed now either applies (a rule may penalise it) or is refused cleanly.

    Refused means IllegalActionError with the state left exactly as it was; any other
    exception is a crash the CLI would show as a traceback.
    """
    others = [a for a in candidates[-200:] if a not in legal]
    if not others:
        return
    action = others[rng.randrange(len(others))]
    trial = state.clone()
    try:
        trial.apply(action)
    except IllegalActionError:
        if trial != state:
            raise failure(
                f"refusing {game.format_action(action)} changed the state: apply must check first",
                record,
            ) from None
    except Exception as exc:
        raise failure(
            f"applying {game.format_action(action)} out of place crashed with {type(exc).__name__}: {exc} "
            "instead of raising IllegalActionError",
            record,
        ) from None


def check_plain_is_choice(game: Game[Any, Any], state: GameState, action: Any, record: GameRecord) -> None:
    """At a simultaneous decision a bare action is ``to_act()``'s choice: it does what its Choice does."""
    seat = state.to_act()
    assert seat is not None
    plain, chosen = state.clone(), state.clone()
    try:
        plain.apply(action)
        chosen.apply(Choice(seat, action))
    except IllegalActionError as exc:
        raise failure(f"{game.format_action(action)} of the seat to act is refused: {exc}", record) from None
    if plain != chosen:
        raise failure(
            f"at a simultaneous decision, {game.format_action(action)} applied bare is not the same as "
            "the Choice of the seat to act (protocol 2: a bare action is to_act()'s choice)",
            record,
        )
