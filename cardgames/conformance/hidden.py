"""The kit's checks of hidden information (rule I-1..I-3): re-dealt views, silence, hidden moves.

Each compares the real game with a world that differs only in what one seat cannot see
(``determinize``), or two moves with what ``Game.action_seen_by`` says a seat sees of them.
At a simultaneous decision (protocol 2) the move checked may be the ``Choice`` of any
deciding seat, not only ``to_act()``'s.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from cardgames.bots.worlds import takes_weigh
from cardgames.conformance.common import apply_listed, card_counts, failure
from cardgames.core.game import Game
from cardgames.core.record import GameRecord
from cardgames.core.state import Choice, GameState, public_log


def check_views_hide(game: Game[Any, Any], state: GameState, rng: random.Random, record: GameRecord) -> int:
    """Every seat's view is unchanged when all that is hidden from it is dealt again.

    Returns how many seats' re-deals actually moved cards (``all_cards()`` lists them zone
    by zone, so a card dealt to another hand or place changes the list), so callers can
    check that the test had something hidden to move. A re-seeded generator alone does
    not count. A game with its own ``plausible_world`` (a search's worlds) has its worlds
    checked the same way, weighed ones too when it takes ``weigh``.
    """
    changed = 0
    base_cards = card_counts(state)
    base_layout = state.all_cards()
    plausible = type(state).plausible_world is not GameState.plausible_world
    for seat in range(state.players):
        before = state.view(seat)
        other = state.determinize(seat, rng)
        _check_world(state, seat, before, base_cards, other, "determinize", record)
        if other.all_cards() != base_layout:
            changed += 1
        if plausible:
            world = state.plausible_world(seat, rng)
            _check_world(state, seat, before, base_cards, world, "plausible_world", record)
            if takes_weigh(type(state)):  # the worlds weighed by the others' plays (the search's ``weigh``)
                world = state.plausible_world(seat, rng, 4)
                _check_world(state, seat, before, base_cards, world, "plausible_world(weigh=4)", record)
    return changed


def _check_world(
    state: GameState,
    seat: int,
    before: Any,
    base_cards: Any,
    other: GameState,
    name: str,
    record: GameRecord,
) -> None:
    """A world ``name`` dealt for ``seat`` keeps the cards, the player to act and the seat's view."""
    if other is state:
        raise failure(f"{name} must return a new state", record)
    if card_counts(other) != base_cards:
        raise failure(f"{name}({seat}) created or lost cards", record)
    if other.to_act() != state.to_act():
        raise failure(
            f"who must act depends on cards seat {seat} cannot see: seat {state.to_act()} here, "
            f"seat {other.to_act()} in a re-deal of them ({name})",
            record,
        )
    after = other.view(seat)
    if before != after:
        raise failure(
            f"the view of seat {seat} changed when hidden cards were dealt again ({name}): it leaks "
            f"hidden information\nbefore: {before!r}\nafter:  {after!r}",
            record,
        )


def _shared_fields(views: list[Any]) -> set[str]:
    """The view fields every seat sees alike here (the public part of a view)."""
    first = views[0]
    names = [f.name for f in attrs.fields(type(first))]
    return {n for n in names if all(getattr(v, n) == getattr(first, n) for v in views[1:])}


def _move_of(state: GameState, action: Any) -> tuple[int, Any]:
    """Who makes ``action`` (a ``Choice`` names its seat, a bare action is ``to_act()``'s) and what it is."""
    if isinstance(action, Choice):
        return action.seat, action.action
    actor = state.to_act()
    assert actor is not None
    return actor, action


def check_silence(
    game: Game[Any, Any],
    state: GameState,
    action: Any,
    rng: random.Random,
    record: GameRecord,
    *,
    after: GameState | None = None,
) -> None:
    """Who acts, the legal actions and what the table sees do not depend on cards nobody may see (I-2, I-3).

    For every seat, a world that differs only in what that seat cannot see
    (``determinize``) must have the same player to act and the same seats deciding; for
    the actor, the same legal actions. Where ``action`` is legal in both worlds, applying
    it must give the same player to act and seats deciding next, the same public log and
    the same public part of the seat's view (the fields all seats' views share): a
    question put only to the holders of a card, or a turn that ends at once when a drawn
    card does not match, makes them differ. ``action`` may be a ``Choice`` of any seat of
    a simultaneous decision (protocol 2): its seat is then the actor, whose re-dealt world
    redraws the others' pending choices. The end of a hand is left out, since games show
    hands and deal again.
    """
    actor, bare = _move_of(state, action)
    to_act, deciding = state.to_act(), state.to_decide()
    legal = list(state.legal_actions_for(actor))
    after = after or apply_listed(game, state, action, record)
    if len(after.hand_results()) != len(state.hand_results()):
        return
    seats = range(state.players)
    shared = _shared_fields([after.view(p) for p in seats])
    text = game.format_action(bare)
    for seat in seats:
        other = state.determinize(seat, rng)
        if other.to_act() != to_act:
            raise failure(
                f"who must act (seat {to_act}) depends on cards seat {seat} cannot see: in a re-deal of "
                f"them seat {other.to_act()} acts",
                record,
            )
        if other.to_decide() != deciding:
            raise failure(
                f"who must decide (seats {deciding}) depends on cards seat {seat} cannot see: in a re-deal "
                f"of them seats {other.to_decide()} decide",
                record,
            )
        if seat == actor:
            if list(other.legal_actions_for(actor)) != legal:
                raise failure(f"the legal actions of seat {seat} depend on cards it cannot see", record)
        elif bare not in other.legal_actions_for(actor):
            continue
        twin = apply_listed(game, other, action, record)
        if len(twin.hand_results()) != len(other.hand_results()):
            continue
        if twin.to_act() != after.to_act():
            raise failure(
                f"after {text}, who acts next (seat {after.to_act()}) depends on cards seat {seat} cannot "
                f"see: in a re-deal of them seat {twin.to_act()} acts, so everyone learns of them",
                record,
            )
        if twin.to_decide() != after.to_decide():
            raise failure(
                f"after {text} by seat {actor}, who must decide next (seats {after.to_decide()}) depends on "
                f"cards seat {seat} cannot see: in a re-deal of them seats {twin.to_decide()} decide",
                record,
            )
        mine, theirs = after.view(seat), twin.view(seat)
        fields = shared & _shared_fields([twin.view(p) for p in seats])
        for name in ("log", *sorted(fields - {"log"})):
            here, there = getattr(mine, name, None), getattr(theirs, name, None)
            if name == "log":  # what a seat alone reads of its own draw may differ; the public texts may not
                here, there = public_log(here or ()), public_log(there or ())
            if here != there:
                raise failure(
                    f"after {text} by seat {actor}, the {name!r} seat {seat} sees depends on cards it cannot "
                    f"see: it leaks hidden information\nhere:       {getattr(mine, name)!r}\nin a re-deal: "
                    f"{getattr(theirs, name)!r}",
                    record,
                )


def check_hidden_moves(
    game: Game[Any, Any],
    state: GameState,
    action: Any,
    rng: random.Random,
    record: GameRecord,
    *,
    after: GameState | None = None,
    tries: int = 2,
) -> None:
    """Each other seat's view tells two moves apart exactly when ``Game.action_seen_by`` does (I-1).

    Two moves that look the same to a seat (a pass face down between two others) must
    leave its view identical, log included; and where its view cannot tell two moves
    apart, ``action_seen_by`` must not either, or a replay shown for that seat would
    name a move it never saw. ``action`` may be a ``Choice`` of any seat of a
    simultaneous decision: the moves compared are then that seat's other choices.
    """
    actor, bare = _move_of(state, action)
    legal = [a for a in state.legal_actions_for(actor) if a != bare]
    if not legal:
        return
    after = after or apply_listed(game, state, action, record)
    others = rng.sample(legal, min(tries, len(legal)))
    for alt in others:
        moved = apply_listed(game, state, Choice(actor, alt) if isinstance(action, Choice) else alt, record)
        for seat in range(state.players):
            if seat == actor:
                continue
            before = state.view(seat)
            seen_same = game.action_seen_by(bare, actor, before) == game.action_seen_by(alt, actor, before)
            view_same = after.view(seat) == moved.view(seat)
            a, b = game.format_action(bare), game.format_action(alt)
            if seen_same and not view_same:
                raise failure(
                    f"seat {seat} cannot see whether seat {actor} chose {a} or {b} (action_seen_by), but "
                    "its view tells them apart: it leaks a hidden move",
                    record,
                )
            if view_same and not seen_same:
                raise failure(
                    f"the view of seat {seat} cannot tell {a} from {b} by seat {actor}, but action_seen_by "
                    "does: a replay shown for that seat would name a move it never saw",
                    record,
                )
