"""The whole message a seat (or a spectator) gets after every change: built from its own view only."""

from __future__ import annotations

import time
from typing import Any

from cardgames.core.choosing import Pick, picks_left
from cardgames.core.state import public_log
from cardgames.core.tableread import playable_cards
from cardgames.play.logs import log_of
from cardgames.primitives.cards import Card, format_card
from cardgames.web.fairdeal import shown
from cardgames.web.live import LiveTable
from cardgames.web.payload import actions_data, log_data
from cardgames.web.results import final_data, hand_data, units_of
from cardgames.web.simultaneous import shown_clock
from cardgames.web.tabletop import public_tabletop, tabletop_data, tabletop_of


def _clock(live: LiveTable, seat: int | None) -> dict[str, Any] | None:
    # a move timer and a round of questions are both public: every seat sees them (at a simultaneous
    # decision its own while it decides, else the first to run out)
    clock = live.clock or shown_clock(live.clocks, seat)
    if clock is None:
        return None
    left = max(0.0, clock.ends - time.monotonic())
    return {"kind": clock.kind, "seat": clock.seat, "ms": int(left * 1000)}


def _table(live: LiveTable, seat: int | None, playable: frozenset[Card]) -> dict[str, Any]:
    """The seat's table drawn from its own view (a spectator's: what every seat's table shows alike)."""
    table = live.table
    game, state = table.game, table.state
    names = [s.spoken for s in table.seats]
    rnd = live.round
    # the seats asked now: a round's questions are open to all its seats at once, until it closes
    # (who has passed stays unsaid: silence gives nothing away)
    asked = list(state.to_decide()) if rnd is None else [a.seat for a in rnd.asks]
    if seat is None:
        tops = [tabletop_of(game, state.view(s), names, (), asked) for s in range(state.players)]
        return tabletop_data(public_tabletop(tops, names), names)
    ask = live.asked(seat)
    view = state.view(seat) if ask is None else ask.view
    clock = _clock(live, seat)
    seconds = None if clock is None or clock["seat"] != seat else clock["ms"] / 1000
    return tabletop_data(tabletop_of(game, view, names, playable, asked, seconds), names)


def screen(live: LiveTable, seat: int | None, connected: set[int]) -> dict[str, Any]:
    """The state message for ``seat`` (None: a spectator, who sees what every seat's view shares)."""
    table = live.table
    game, state = table.game, table.state
    ask = live.asked(seat)
    if seat is None:
        log = public_log(log_of(state.view(0))) if state.players else ()  # every entry's public text
    else:
        log = log_of(state.view(seat) if ask is None else ask.view)
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
    playable = playable_cards(legal) if yours else frozenset()
    drawn = _table(live, seat, playable)
    outcome = state.outcome()
    units = units_of(game, table.options)
    hands = state.hand_results()
    seats = [
        {"name": s.spoken, "bot": s.bot, "here": s.bot is not None or i in connected}
        for i, s in enumerate(table.seats)
    ]
    message = {
        "type": "state",
        "table": live.id,
        "game": game.name,
        "seat": seat,
        "decision": live.decision,
        "seats": seats,
        "yours": yours,
        "clock": _clock(live, seat),
        "tabletop": drawn,
        "hand": drawn["hand"],
        "playable": sorted({format_card(c) for c in playable}),
        "actions": actions,
        "select": select,
        "log": log_data(table.seats, log),
        "hands": [hand_data(table.seats, h, units) for h in hands],
        "over": outcome is not None,
        "outcome": None if outcome is None else final_data(game, table.options, table.seats, hands, outcome),
        "reading": [table.seats[s].spoken for s in sorted(live.reading)],
        # numbered, so that a page shows each once (the same words may come again), in its language
        "notes": [
            {"n": n, "text": note.text()}
            for n, note in enumerate(live.notes[-5:], max(0, len(live.notes) - 5))
        ],
        "recorded": None if live.meta.recorded is None else live.meta.recorded.text(),
        "tournament": live.meta.tournament,
    }
    return shown(live, seat, message)
