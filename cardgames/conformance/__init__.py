"""The conformance kit: checks every game plugin's tests call on random playouts.

Use it from a plugin's tests with hypothesis choosing seeds and choices::

    from hypothesis import given, strategies as st
    from cardgames.conformance import check_random_game

    @given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
    def test_conformance(seed, choices):
        check_random_game(MyGame(), MyGame().options_type(), 4, seed, choices)

``choices`` is drawn from once, to seed the playout's own generator, so a game of any
length costs hypothesis only a few bytes of data.

A playout applies uniformly chosen legal actions and checks, at every step, that cards
are conserved, that several listed actions (not only the chosen one) apply on a copy,
that copies are independent, that every action is written in a notation the game reads
back, that views are frozen attrs values with a public log, and that views survive a
re-deal of everything hidden from their seat. Silence gives nothing away (rule I-2,
I-3): in a world that differs only in what a seat cannot see, the same action must give
the same player to act and the same public view (so nobody learns who was asked a
question only some holdings allow), and two moves that look alike to a seat must leave
its view alike. No text shown to a seat (its log, the moves as the game describes them to
it, the prompt) names a card that seat cannot know (``cardgames.conformance.texts``). A state's
equality must see every field that changes during play (:func:`check_equality_sees`). At
a simultaneous decision (protocol 2) the order in which the seats' choices arrive must not
change the result, and nothing another seat is shown or offered may tell a seat's pending
choice before the reveal (:mod:`cardgames.conformance.simultaneous`). In a race every seat
asked may pass, a pass changes nothing another seat sees until the race closes, a claim
closes or narrows it, and the order of passes does not matter
(:mod:`cardgames.conformance.race`); the silence and hidden-move checks hold for the choice
of every deciding seat, not only ``to_act()``'s. Declared card zones
must fit the state, its own view and its own re-deals (:mod:`cardgames.conformance.zones`). At
the end it checks the declared decision bound, that outcomes add up, and that the record goes through
JSON and replays to the identical state. A game with a position notation must read back
every position it writes along the way (:func:`check_position`). Every broken promise
raises :class:`ConformanceError`.

The checks live by concern, and this module names them all: :mod:`cardgames.conformance.protocol`
(views' shape, notation, refusals, bare actions at a simultaneous decision),
:mod:`cardgames.conformance.hidden` (re-dealt views, silence, hidden moves),
:mod:`cardgames.conformance.equality`, :mod:`cardgames.conformance.simultaneous` (simultaneous
decisions), :mod:`cardgames.conformance.race` (races), :mod:`cardgames.conformance.zones`
(declared card zones),
:mod:`cardgames.conformance.ending` (outcome and replay) and
:mod:`cardgames.conformance.common` (the error and what the checks share).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from attrs import define

from cardgames.conformance.common import ConformanceError, apply_listed, card_counts, failure, view_data
from cardgames.conformance.ending import check_last_hand, check_outcome, check_record_replays
from cardgames.conformance.equality import check_equality_sees, state_fields
from cardgames.conformance.hidden import check_hidden_moves, check_silence, check_views_hide
from cardgames.conformance.protocol import (
    check_notation,
    check_plain_is_choice,
    check_refusal,
    check_view_shape,
)
from cardgames.conformance.race import check_race
from cardgames.conformance.simultaneous import check_simultaneous, record_failure
from cardgames.conformance.texts import TextWatch
from cardgames.conformance.zones import check_zones
from cardgames.core.actiondata import action_from_data, action_to_data
from cardgames.core.game import Game
from cardgames.core.position import notation_of, position_mismatch, seen_mismatch
from cardgames.core.race import several_asked
from cardgames.core.record import (
    GameRecord,
    Seat,
    new_record,
)
from cardgames.core.state import Choice, GameState
from cardgames.primitives.cards import Card
from cardgames.primitives.errors import IllegalActionError

_SHARED = "applying an action to a clone() changed the original: copies are not independent"

__all__ = [
    "ConformanceError",
    "Playout",
    "check_deterministic",
    "check_equality_sees",
    "check_hidden_moves",
    "check_last_hand",
    "check_notation",
    "check_outcome",
    "check_plain_is_choice",
    "check_position",
    "check_race",
    "check_random_game",
    "check_record_replays",
    "check_refusal",
    "check_silence",
    "check_simultaneous",
    "check_view_shape",
    "check_views_hide",
    "check_zones",
    "state_fields",
    "view_data",
]


@define
class Playout:
    """A finished random playout: the final state and its record."""

    state: GameState
    record: GameRecord
    decisions: int
    """How many actions were applied."""
    hidden_changes: int
    """How many re-deals of hidden cards moved a card (0: the views were never put to the test)."""


def check_random_game(
    game: Game[Any, Any],
    options: Any,
    players: int,
    seed: int,
    choices: random.Random,
    *,
    alternatives: int = 3,
    view_every: int = 1,
    notation: bool = True,
    refusals: bool = True,
    silence: bool = True,
    texts: bool = True,
    positions: bool = True,
) -> Playout:
    """Play one game with random legal actions and check every promise of the protocol.

    The game is dealt from ``seed`` and its choices come from ``choices`` (drawn from once,
    so hypothesis can shrink a failure to a seed and one number); every failure raises
    ConformanceError naming the seed and the step. At each decision ``alternatives`` other
    listed actions are applied to copies too. Returns the finished Playout; a test that
    relies on hidden information should assert that its ``hidden_changes`` is not zero.

    ``notation=False`` skips the check that every chosen action reads back from its text;
    ``refusals=False`` skips trying actions that are not listed now (seen earlier in the
    game), which must either apply or raise IllegalActionError leaving the state unchanged.
    ``silence=False`` skips :func:`check_silence` and :func:`check_hidden_moves` (for a
    game whose public events within a hand depend on fresh chance, which they would flag).
    ``positions=False`` skips :func:`check_position` (for a game with a ``Game.position``).
    Views, silence, hidden moves and positions are checked every ``view_every`` decisions.
    At a simultaneous decision or in a race the move is a random seat's choice among ``to_decide()``,
    applied and recorded as ``Choice(seat, action)``, so the record's JSON and its replay go
    through the Choice path; a bare action there must do what the Choice of ``to_act()`` does.
    Silence and hidden moves are checked at that seat's choice, whichever seat it is.
    ``texts=False`` skips the check that no text shown to a seat (its log, the moves as
    ``describe_action`` writes them, the prompt, the view's text fields) names a card it
    cannot know (``cardgames.conformance.texts``), which runs at every decision.
    """
    game.check(options, players)
    state = game.new_game(options, players, seed)
    if game.new_game(options, players, seed) != state:
        raise ConformanceError(f"two games from seed {seed} differ at the start (is chance seeded?)")
    if state.clone() != state:
        raise ConformanceError("a fresh state differs from its own clone()")
    seats = [Seat(f"P{i + 1}", "random") for i in range(players)]
    record = new_record(game, options, seats, seed)
    deck = card_counts(state)
    bound = game.max_decisions(options, players)
    decisions = 0
    hidden_changes = 0
    seen: dict[Any, None] = {}  # actions listed earlier, in order: candidates for refusal probes
    probe = random.Random(seed)  # not ``choices``: probing must not change which game is played
    # One draw from ``choices`` seeds every choice of the playout. Drawing each choice from a
    # hypothesis generator overflows its data for long games (a shedding game with 8 players), and
    # hypothesis then discards every example; the failure message still names seed and step.
    choices = random.Random(choices.getrandbits(64))
    watch = TextWatch(game, state, lambda message: failure(message, record)) if texts else None
    while not state.is_over():
        actor = state.to_act()
        if actor is None or not 0 <= actor < players:
            raise failure(f"to_act returned {actor!r}", record)
        legal = list(state.legal_actions())
        if not legal:
            raise failure(f"seat {actor} must act but has no legal action", record)
        if state.outcome() is not None:
            raise failure("the game has an outcome before it is over", record)
        # several listed actions, not only the one chosen, must apply, on an independent copy
        before_cards = card_counts(state)
        before_view = state.view(actor)
        for alt in choices.sample(legal, min(alternatives, len(legal))):
            trial = apply_listed(game, state, alt, record)
            if card_counts(state) != before_cards or state.view(actor) != before_view:
                raise failure(_SHARED, record)
            if card_counts(trial) != deck:
                raise failure(f"{game.format_action(alt)} created or lost cards", record)
        if list(state.legal_actions()) != legal:
            raise failure(_SHARED, record)
        if state.simultaneous():  # protocol 2: choices hidden until revealed, in any order
            check_simultaneous(game, state, probe, record_failure(failure, record))
        if state.race():  # everyone may pass, a pass is silent, a claim closes or narrows the race
            check_race(game, state, probe, record_failure(failure, record))
        if refusals:
            check_refusal(game, state, legal, list(seen), probe, record)
            seen.update(dict.fromkeys(legal))
        action = legal[choices.randrange(len(legal))]
        move: Any = action
        if several_asked(state):  # any seat still asked may come first: played and recorded as its Choice
            check_plain_is_choice(game, state, action, record)
            deciding = state.to_decide()
            actor = deciding[choices.randrange(len(deciding))]
            own = list(state.legal_actions_for(actor))
            action = own[choices.randrange(len(own))]
            move = Choice(actor, action)
        if notation:
            check_notation(game, action, state.view(actor), record)
        data = action_to_data(game, move)
        if action_from_data(game, json.loads(json.dumps(data))) != move:
            raise failure(f"action {move!r} does not round-trip through JSON", record)
        before = state.clone() if (decisions + 1) % view_every == 0 else None
        previous = before if before is not None else state.clone() if watch is not None else None
        text = game.format_action(action)
        try:
            state.apply(move)
        except IllegalActionError as exc:
            raise failure(f"listed action {text} is refused: {exc}", record) from None
        record.actions.append(move)
        decisions += 1
        if watch is not None and previous is not None:
            watch.step(previous, move, state)
        if decisions > bound:
            raise failure(f"the game ran past its declared bound of {bound} decisions", record)
        if card_counts(state) != deck:
            raise failure(f"applying {text} created or lost cards", record)
        if decisions % view_every == 0:
            hidden_changes += check_views_hide(game, state, choices, record)
            check_zones(state, choices, record)
            for seat in range(players):
                view = state.view(seat)
                check_view_shape(view, seat, record)
                try:
                    json.dumps(view_data(view))
                except (TypeError, ValueError) as exc:
                    raise failure(
                        f"the view of seat {seat} does not serialise to JSON: {exc}", record
                    ) from None
        if positions and decisions % view_every == 0:
            check_position(game, options, state, record, None if watch is None else watch.known)
        if before is not None:
            check_equality_sees(game, before, state, text, record)
        if before is not None and silence:  # the seat to act's move, or any deciding seat's Choice
            check_silence(game, before, move, choices, record, after=state)
            check_hidden_moves(game, before, move, choices, record, after=state)
    if positions:
        check_position(game, options, state, record)
    check_outcome(game, options, state, record)
    check_record_replays(game, state, record)
    check_last_hand(game, record)
    return Playout(state, record, decisions, hidden_changes)


def check_position(
    game: Game[Any, Any],
    options: Any,
    state: GameState,
    record: GameRecord,
    known: Sequence[set[Card]] | None = None,
) -> None:
    """``read(write(state))`` is ``state`` apart from the history the game's notation leaves out.

    During the game, the position a seat may know (``write_seen``, when the notation has
    it; one seat a step, in turn) must read back into the view that seat has, and, given
    ``known`` (the cards each seat may know, from the text check), name no other card.
    Nothing to check for a game without ``Game.position``. See ``cardgames.core.position``.
    """
    notation = notation_of(game)
    if notation is None:
        return
    problem = position_mismatch(notation, state, options, record.seed)
    if problem is None and not state.is_over():  # one seat a step, in turn: each is checked all along
        seat = len(record.actions) % state.players
        problem = seen_mismatch(
            notation, state, seat, options, record.seed, None if known is None else known[seat]
        )
    if problem is not None:
        raise failure(problem, record)


def check_deterministic(game: Game[Any, Any], options: Any, players: int, seed: int) -> None:
    """Two games from the same seed and actions are identical at every step."""
    a = game.new_game(options, players, seed)
    b = game.new_game(options, players, seed)
    rng = random.Random(seed)
    while not a.is_over():
        if a != b:
            raise ConformanceError(f"two games from seed {seed} differ")
        legal = a.legal_actions()
        if list(legal) != list(b.legal_actions()):
            raise ConformanceError(f"two games from seed {seed} list different actions")
        action = legal[rng.randrange(len(legal))]
        a.apply(action)
        b.apply(action)
    if a != b or a.outcome() != b.outcome():
        raise ConformanceError(f"two games from seed {seed} end differently")
