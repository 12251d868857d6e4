"""Questions open to several seats at once in the browser: a race, or an anticipo round.

A game's race (``GameState.race``) is such a question by declaration: every seat of
``to_decide()`` is asked at once, a claim is that seat's ``Choice``, silence its
``race_pass``. A game that asks its questions one seat at a time (a shedding game may ask
everyone in turn whether they claim the card just played out of turn) gets the same window:
its round is the run of questions the engine would ask if everyone stayed silent, worked
out on a copy of the state. Either way the first valid claim wins, silence passes when the window closes,
and the window lasts the same whatever the seats hold, so its timing gives nothing away (I-2).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from attrs import define, field

from cardgames.bots.worlds import Worlds
from cardgames.core.game import Game, silent_answer
from cardgames.core.state import GameState
from cardgames.core.table import Table


def is_question(game: Game[Any, Any], view: Any, legal: Sequence[Any]) -> bool:
    """Whether silence answers this decision: the game's timeout action is one of the legal actions."""
    return silent_answer(game, view, list(legal)) is not None


@define
class Ask:
    """One seat's question in a round: its view and legal answers then, and what silence answers."""

    seat: int
    view: Any
    legal: list[Any]
    silence: Any
    worlds: Worlds | None = None  # for a searching bot: worlds dealt from this question's position


@define(eq=False)
class Round:
    """The questions open now, the seats that said no, and the bots' pending claims."""

    decision: int
    asks: list[Ask]
    race: bool = False
    """A race of the game's own (every seat asked the same state), not questions asked in a row."""
    answered: set[int] = field(factory=set)
    claims: list[asyncio.Task[None]] = field(factory=list)

    def ask_of(self, seat: int) -> Ask | None:
        """The seat's question, if it is asked in this round and has not said no."""
        if seat in self.answered:
            return None
        return next((a for a in self.asks if a.seat == seat), None)

    def before(self, seat: int) -> list[Ask]:
        """The questions the engine asks before this seat's (silence answers them when it claims)."""
        out: list[Ask] = []
        if self.race:
            return out
        for ask in self.asks:
            if ask.seat == seat:
                return out
            out.append(ask)
        return out

    def silence(self, table: Table) -> None:
        """Nobody claimed: silence answers every question, in the engine's order (in a race: every pass)."""
        if self.race:
            table.settle_race([])
            return
        for ask in self.asks:
            if table.state.to_act() != ask.seat:
                break
            table.act(ask.silence)

    def drop(self) -> None:
        """Cancel the bots' pending claims."""
        for task in self.claims:
            if task is not asyncio.current_task():
                task.cancel()
        self.claims.clear()


def probe_round(game: Game[Any, Any], state: GameState) -> list[Ask]:
    """The questions asked in a row from now on if every seat stays silent (on a copy of the state).

    In a race: the question of every seat of ``to_decide()``, all on the state as it is.
    """
    if state.race():
        return [
            Ask(s, state.view(s), list(state.legal_actions_for(s)), state.race_pass(s), Worlds(state, s))
            for s in state.to_decide()
        ]
    probe = state.clone()
    asks: list[Ask] = []
    for _ in range(probe.players + 1):
        seat = probe.to_act()
        if seat is None or any(a.seat == seat for a in asks):
            break
        view, legal = probe.view(seat), list(probe.legal_actions())
        silence = silent_answer(game, view, legal)
        if silence is None:
            break
        asks.append(Ask(seat, view, legal, silence, Worlds(probe, seat)))
        probe.apply(silence)
    return asks
