"""A person's move at a live table: a message from a browser checked and applied, and the reply.

A message names the decision it answers (``LiveTable.announced``): one that comes after the
moment has passed is "too late" and changes nothing. The move is chosen from the list the
page was sent (``play_index``), typed in the game's notation (``play_text``), or given as a
set of cards (``play_selection``); it goes through the engine exactly as in the terminal,
and an answer to an open question goes to the table's round (``LiveTable.answer``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from attrs import define

from cardgames.core.choosing import Pick, Picks, picks_left
from cardgames.core.table import decide as engine_decide
from cardgames.output.console import not_allowed
from cardgames.primitives.errors import CardgamesError, IllegalActionError, IncompleteAction, ParseError
from cardgames.primitives.language import FRAMEWORK, typed_by_player
from cardgames.web.simultaneous import own_since

_ = FRAMEWORK.gettext

if TYPE_CHECKING:
    from cardgames.web.live import LiveTable


@define
class Reply:
    """What a person's message led to: a notice for that person, or a follow-up question."""

    text: str = ""
    level: str = "info"
    question: str | None = None
    choices: tuple[str, ...] = ()
    base: str = ""
    changed: bool = False


def _check_turn(live: LiveTable, seat: int, decision: Any) -> Reply | None:
    if isinstance(decision, bool) or not _current(live, seat, decision):
        return Reply(_("Too late: that moment has passed."), "warn")
    if live.round is not None:
        return None if live.asked(seat) is not None else Reply(_("It is not your turn."), "warn")
    if seat not in live.table.state.to_decide():
        return Reply(_("It is not your turn."), "warn")
    return None


def _current(live: LiveTable, seat: int, decision: Any) -> bool:
    """Whether a message answers the decision in play; at a simultaneous one, another seat's
    choice in the meantime does not make it late, but the seat's own does (a second click on
    a list its own pick has changed would choose another card than the one shown)."""
    if decision == live.announced:
        return True
    start, now = live.simultaneous_from, live.announced
    if start is None or now is None or not isinstance(decision, int) or not start <= decision <= now:
        return False
    return own_since(live.table.record.actions[:now], start, seat) <= decision  # its own began by then


def _apply(live: LiveTable, seat: int, action: Any, legal: list[Any]) -> Reply:
    """Apply a person's action through the engine exactly as the terminal does."""
    allowed = any(action == a for a in legal)
    try:
        live.table.act(action, seat)
    except IllegalActionError as exc:
        return Reply(not_allowed(exc), "warn")
    live.applied()
    if not allowed:
        return Reply(_("That move was not allowed, and it costs a penalty."), "warn", changed=True)
    return Reply(changed=True)


def play_index(live: LiveTable, seat: int, decision: Any, index: Any) -> Reply:
    """A move chosen from the legal moves the page was sent."""
    refused = _check_turn(live, seat, decision)
    if refused is not None:
        return refused
    ask = live.asked(seat)
    legal = ask.legal if ask is not None else list(live.table.state.legal_actions_for(seat))
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(legal):
        return Reply(_("That move is not on the list."), "warn")
    if ask is not None:
        return live.answer(seat, legal[index])
    return _apply(live, seat, legal[index], legal)


def play_text(live: LiveTable, seat: int, decision: Any, text: str) -> Reply:
    """A move typed in the game's notation, read by the game's own parser (as in the terminal)."""
    refused = _check_turn(live, seat, decision)
    if refused is not None:
        return refused
    state = live.table.state
    ask = live.asked(seat)
    try:
        with typed_by_player():  # typed by the player: read in the seat's language
            action = live.table.game.parse_action(text, state.view(seat) if ask is None else ask.view)
    except IncompleteAction as exc:
        return Reply(question=str(exc.question), choices=tuple(exc.choices), base=text)
    except ParseError as exc:
        return Reply(_("Not understood: {reason}").format(reason=exc), "warn")
    except CardgamesError as exc:
        return Reply(not_allowed(exc), "warn")
    if ask is not None:
        return live.answer(seat, action)
    if isinstance(action, Picks):
        return _apply_picks(live, seat, list(action.picks))
    return _apply(live, seat, action, list(state.legal_actions_for(seat)))


def _apply_picks(live: LiveTable, seat: int, picks: list[Any]) -> Reply:
    """Several cards of a choice made card by card (protocol 2): all applied, or none."""
    trial = live.table.state.clone()
    for pick in picks:
        if pick not in trial.legal_actions_for(seat):
            move = live.table.game.format_action(pick)
            return Reply(not_allowed(_("you cannot choose {move} now").format(move=move)), "warn")
        try:
            engine_decide(trial, pick, seat)
        except IllegalActionError as exc:
            return Reply(not_allowed(exc), "warn")
    for pick in picks:
        live.table.act(pick, seat)
    live.applied()
    return Reply(changed=True)


def play_selection(live: LiveTable, seat: int, decision: Any, codes: list[str]) -> Reply:
    """A move that takes a set of cards (an exchange): the legal move with exactly these cards."""
    from cardgames.primitives.cards import format_card
    from cardgames.web.payload import action_selection

    refused = _check_turn(live, seat, decision)
    if refused is not None:
        return refused
    wanted = sorted(codes)
    legal = list(live.table.state.legal_actions_for(seat))
    if legal and all(isinstance(a, Pick) for a in legal):  # chosen card by card: these cards, in turn
        by_code = {format_card(a.card): a for a in legal}
        if len(set(codes)) != len(codes) or any(c not in by_code for c in codes):
            return Reply(_("Those cards cannot be passed together now."), "warn")
        if len(codes) != picks_left(live.table.state, seat):
            return Reply(_("Select exactly the cards the pass takes."), "warn")
        return _apply_picks(live, seat, [by_code[c] for c in codes])
    for action in legal:
        cards = action_selection(action)
        if cards is not None and sorted(format_card(c) for c in cards) == wanted:
            return _apply(live, seat, action, legal)
    return Reply(_("Those cards cannot be passed together now."), "warn")
