"""The whole message a seat (or a spectator) gets after every change: built from its own view only."""

from __future__ import annotations

import time
from typing import Any

from cardgames.core.choosing import Pick, picks_left
from cardgames.core.state import public_log
from cardgames.play.logs import glyphs, label, log_of
from cardgames.web.fairdeal import shown
from cardgames.web.live import LiveTable
from cardgames.web.payload import (
    actions_data,
    generic_sections,
    hand_data,
    log_data,
    public_view_fields,
    sections_for,
)
from cardgames.web.simultaneous import shown_clock


def _clock(live: LiveTable, seat: int | None) -> dict[str, Any] | None:
    # a move timer and a round of questions are both public: every seat sees them (at a simultaneous
    # decision its own while it decides, else the first to run out)
    clock = live.clock or shown_clock(live.clocks, seat)
    if clock is None:
        return None
    left = max(0.0, clock.ends - time.monotonic())
    return {"kind": clock.kind, "seat": clock.seat, "ms": int(left * 1000)}


def screen(live: LiveTable, seat: int | None, connected: set[int]) -> dict[str, Any]:
    """The state message for ``seat`` (None: a spectator, who sees what every seat's view shares)."""
    table = live.table
    game, state = table.game, table.state
    n = state.players
    if seat is None:
        fields = public_view_fields([state.view(s) for s in range(n)])
        sections, columns = generic_sections(fields, n)
        log = public_log(log_of(state.view(0))) if n else ()  # every entry's public text
        hand: list[Any] = []
        shown_turn = fields.get("to_act")
        prompt = None
    else:
        ask = live.asked(seat)
        view = state.view(seat) if ask is None else ask.view
        sections, columns = sections_for(game, view, n)
        log = log_of(view)
        hand = hand_data(view)
        shown_turn = getattr(view, "to_act", None)
        try:  # what the seat is asked, in the game's words (its table model's decision)
            decision = game.tabletop(view, [s.name for s in table.seats], asked=state.to_decide()).decision
        except Exception:  # a plugin's broken hook must not break the page
            decision = None
        prompt = decision.text if decision is not None and seat in decision.seats else "your move"
    ask = live.asked(seat)
    # every seat of a simultaneous decision chooses at once (protocol 2); otherwise the seat to act
    yours = ask is not None or (live.round is None and seat is not None and seat in state.to_decide())
    legal = (
        ask.legal
        if ask is not None
        else list(state.legal_actions_for(seat))
        if yours and seat is not None
        else []
    )
    picking = ask is None and seat is not None and bool(legal) and all(isinstance(a, Pick) for a in legal)
    left = picks_left(state, seat) if picking and seat is not None else None
    actions, select = actions_data(game, legal, left) if yours else ([], None)
    outcome = state.outcome()
    seats = [
        {
            "label": label(i),
            "name": s.name,
            "bot": s.bot,
            "here": s.bot is not None or i in connected,
        }
        for i, s in enumerate(table.seats)
    ]
    message = {
        "type": "state",
        "table": live.id,
        "game": game.name,
        "seat": seat,
        "decision": live.decision,
        "seats": seats,
        "turn": shown_turn if isinstance(shown_turn, int) and not isinstance(shown_turn, bool) else None,
        "yours": yours,
        "prompt": prompt if yours else None,
        "clock": _clock(live, seat),
        "sections": sections,
        "columns": columns,
        "hand": hand,
        "actions": actions,
        "select": select,
        "log": log_data(table.seats, log),
        "hands": [glyphs(h.summary) for h in state.hand_results()],
        "over": outcome is not None,
        "outcome": None if outcome is None else glyphs(outcome.summary),
        "notes": live.notes[-5:],
        "recorded": live.meta.recorded,
        "tournament": live.meta.tournament,
    }
    return shown(live, seat, message)
