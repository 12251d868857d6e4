"""What a searching bot may imagine: worlds dealt again from everything its seat cannot see.

A bot never receives the state. A bot that searches receives, besides its view and its
legal actions, a :class:`Worlds`: built by the engine from the true state, it hands out
only ``determinize(seat, rng)`` copies, each consistent with the seat's view (the
conformance kit checks that ``view(seat)`` does not change). The bot plays its search out
in those copies, so what it knows is exactly what the seat knows.
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol, runtime_checkable

from cardgames.bots.kinds import memoryless
from cardgames.core.race import is_claim
from cardgames.core.state import Choice, GameState, StateWrapper


class Worlds:
    """Determinized copies of one state for one seat; the state itself is not exposed.

    The worlds are the game's own states, even when the table's state is the registry's guarded
    one: play them inside ``guarding()``, one guard around a whole search rather than one around
    every call of every world (a search makes hundreds of thousands).
    """

    __slots__ = ("_deal", "_likely", "guarding", "players", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self.seat = seat
        self.players = state.players
        self.guarding: Callable[[], AbstractContextManager[None]] = contextlib.nullcontext
        hidden = state.clone()  # later moves at the table do not change the worlds
        if isinstance(hidden, StateWrapper):  # the copy's guard: the table's own state stays out of reach
            self.guarding = hidden.guarding
            hidden = hidden.inner
        self._deal: Callable[[random.Random], GameState] = lambda rng: hidden.determinize(seat, rng)
        # None: the game deals no worlds of its own by what play suggests (GameState's uniform default)
        self._likely: Callable[[random.Random, int], GameState] | None = None
        if type(hidden).plausible_world is not GameState.plausible_world:
            if takes_weigh(type(hidden)):
                self._likely = lambda rng, weigh: hidden.plausible_world(seat, rng, weigh)
            else:  # a plugin written before ``weigh``: it cannot weigh, so it is not asked to
                self._likely = lambda rng, weigh: hidden.plausible_world(seat, rng)

    def sample(self, rng: random.Random) -> GameState:
        """A fresh world: everything hidden from the seat dealt again with ``rng``."""
        return self._deal(rng)

    def plausible(self, rng: random.Random, weigh: int = 1) -> GameState:
        """A fresh world dealt as the others' play suggests (``GameState.plausible_world``)."""
        return self.sample(rng) if self._likely is None else self._likely(rng, weigh)


@functools.cache
def takes_weigh(state_type: type[GameState]) -> bool:
    """Whether ``state_type.plausible_world`` takes a third argument, ``weigh`` (older plugins' take two)."""
    import inspect  # only where a game deals its own worlds

    try:
        params = inspect.signature(state_type.plausible_world).parameters.values()
    except (TypeError, ValueError):  # no signature to read (a compiled method): assume today's protocol
        return True
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params):
        return True
    return sum(p.kind in positional for p in params) >= 4  # self, seat, rng, weigh


@runtime_checkable
class SearchingBot(Protocol):
    """A bot that thinks ahead in worlds consistent with its view (see :class:`Worlds`)."""

    def choose_in(self, worlds: Worlds, view: Any, legal: Sequence[Any]) -> Any:
        """Pick one of ``legal``, searching in worlds drawn from ``worlds``."""
        ...


def decide(bot: Any, state: GameState, seat: int) -> Any:
    """Ask ``bot`` for the move of ``seat``: its view and legal actions, and worlds if it searches."""
    view, legal = state.view(seat), list(state.legal_actions_for(seat))
    if isinstance(bot, SearchingBot):
        return bot.choose_in(Worlds(state, seat), view, legal)
    return bot.choose(view, legal)


def catch_up(bots: Mapping[int, Any], state: GameState, actions: Sequence[Any]) -> None:
    """Let each bot see its past decisions again, from ``state`` (the start) through ``actions``.

    Its generator (and any memory) is then where it would be had the game never stopped. A
    bot that says it is ``memoryless`` is skipped. A race asked every bot in it once, at the
    state it opened with (``cardgames.core.race``), and so does this.
    """
    bots = {seat: bot for seat, bot in bots.items() if not memoryless(bot)}
    raced: set[int] = set()  # the bots already asked in the race open now
    for action in actions if bots else ():
        seat = action.seat if isinstance(action, Choice) else state.to_act()
        passing = False
        if state.race():
            for asked in (s for s in state.to_decide() if s in bots and s not in raced):
                decide(bots[asked], state, asked)
                raced.add(asked)
            passing = seat is not None and not is_claim(state, seat, getattr(action, "action", action))
        elif seat in bots:
            decide(bots[seat], state, seat)
        state.apply(action)
        if not passing:
            raced.clear()
