"""The conformance kit: checks every game plugin's tests call on random playouts.

Use it from a plugin's tests with hypothesis choosing seeds and choices::

    from hypothesis import given, strategies as st
    from cardgames.testing import check_random_game

    @given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
    def test_conformance(seed, choices):
        check_random_game(MyGame(), MyGame().options_type(), 4, seed, choices)

``choices`` is drawn from once, to seed the playout's own generator, so a game of any
length costs hypothesis only a few bytes of data.

A playout applies uniformly chosen legal actions and checks, at every step, that cards
are conserved, that several listed actions (not only the chosen one) apply on a copy,
that copies are independent, that every action is written in a notation the game reads
back, that views are frozen attrs values with a public log, and that views survive a
re-deal of everything hidden from their seat. Silence gives nothing away (RULES I-2,
I-3): in a world that differs only in what a seat cannot see, the same action must give
the same player to act and the same public view (so nobody learns who was asked a
question only some holdings allow), and two moves that look alike to a seat must leave
its view alike. No text shown to a seat (its log, the moves as the game describes them to
it, the prompt) names a card that seat cannot know (``cardgames.textcheck``). A state's
equality must see every field that changes during play (:func:`check_equality_sees`). At
a simultaneous decision (protocol 2) the order in which the seats' choices arrive must not
change the result, and nothing another seat is shown or offered may tell a seat's pending
choice before the reveal (:mod:`cardgames.testing_together`); the silence and hidden-move
checks hold for the choice of every deciding seat, not only ``to_act()``'s. At the end it checks the declared decision
bound, that outcomes add up, and that the record goes through JSON and replays to the
identical state. A game with a position notation must read back every position it
writes along the way (:func:`check_position`). Every broken promise raises
:class:`ConformanceError`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import cattrs
from attrs import define

from cardgames.cards import Card
from cardgames.copying import Fields
from cardgames.errors import CardgamesError, IllegalActionError
from cardgames.eventlog import LogWords
from cardgames.game import Choice, Game, GameState, LogEntry, public_log
from cardgames.position import notation_of, position_mismatch, seen_mismatch
from cardgames.record import (
    GameRecord,
    Seat,
    action_from_data,
    action_to_data,
    new_record,
    record_from_json,
    record_to_json,
    replay,
)
from cardgames.testing_together import check_simultaneous, record_failure
from cardgames.textcheck import TextWatch
from cardgames.utility import utility_of

_view_converter = cattrs.Converter()


class ConformanceError(AssertionError):
    """A game broke one of the promises every plugin makes."""


@define
class Playout:
    """A finished random playout: the final state and its record."""

    state: GameState
    record: GameRecord
    decisions: int
    """How many actions were applied."""
    hidden_changes: int
    """How many re-deals of hidden cards moved a card (0: the views were never put to the test)."""


def view_data(view: Any) -> Any:
    """A view as JSON-ready data (views must serialise)."""
    return _view_converter.unstructure(view)


_SHARED = "applying an action to a clone() changed the original: copies are not independent"


def _count(state: GameState) -> dict[Any, int]:
    """How many of each card a state holds (a plain dict: compared at C speed, unlike Counter)."""
    return dict(Counter(state.all_cards()))


def _fail(msg: str, record: GameRecord) -> ConformanceError:
    return ConformanceError(f"{msg} (seed {record.seed}, after {len(record.actions)} actions)")


def check_view_shape(view: Any, seat: int, record: GameRecord) -> None:
    """A view is a frozen attrs value whose ``log`` is a tuple (or ``LogWords``) of public LogEntry events."""
    if not attrs.has(type(view)):
        raise _fail(f"the view of seat {seat} is not an attrs value but {type(view).__name__}", record)
    fields = attrs.fields(type(view))
    if fields:
        try:
            setattr(view, fields[0].name, getattr(view, fields[0].name))
        except attrs.exceptions.FrozenInstanceError:
            pass
        else:
            raise _fail(f"the view of seat {seat} is not frozen", record)
    log = getattr(view, "log", None)
    if not isinstance(log, tuple | LogWords) or not all(isinstance(e, LogEntry) for e in log):
        raise _fail(f"the view of seat {seat} has no log: tuple[LogEntry, ...] field", record)


def check_notation(game: Game[Any, Any], action: Any, view: Any, record: GameRecord) -> None:
    """``game.parse_action(game.format_action(action), view)`` gives the action back."""
    text = game.format_action(action)
    try:
        again = game.parse_action(text, view)
    except CardgamesError as exc:
        raise _fail(
            f"{action!r} is written {text!r}, which the game cannot read back: {exc}", record
        ) from None
    if again != action:
        raise _fail(f"{action!r} is written {text!r}, which reads back as {again!r}", record)


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
            raise _fail(
                f"refusing {game.format_action(action)} changed the state: apply must check first",
                record,
            ) from None
    except Exception as exc:
        raise _fail(
            f"applying {game.format_action(action)} out of place crashed with {type(exc).__name__}: {exc} "
            "instead of raising IllegalActionError",
            record,
        ) from None


def check_views_hide(game: Game[Any, Any], state: GameState, rng: random.Random, record: GameRecord) -> int:
    """Every seat's view is unchanged when all that is hidden from it is dealt again.

    Returns how many seats' re-deals actually moved cards (``all_cards()`` lists them zone
    by zone, so a card dealt to another hand or place changes the list), so callers can
    check that the test had something hidden to move. A re-seeded generator alone does
    not count.
    """
    changed = 0
    base_cards = _count(state)
    base_layout = state.all_cards()
    for seat in range(state.players):
        before = state.view(seat)
        other = state.determinize(seat, rng)
        if other is state:
            raise _fail("determinize must return a new state", record)
        if _count(other) != base_cards:
            raise _fail(f"determinize({seat}) created or lost cards", record)
        after = other.view(seat)
        if other.to_act() != state.to_act():
            raise _fail(
                f"who must act depends on cards seat {seat} cannot see: seat {state.to_act()} here, "
                f"seat {other.to_act()} in a re-deal of them",
                record,
            )
        if before != after:
            raise _fail(
                f"the view of seat {seat} changed when hidden cards were dealt again: it leaks "
                f"hidden information\nbefore: {before!r}\nafter:  {after!r}",
                record,
            )
        if other.all_cards() != base_layout:
            changed += 1
    return changed


def state_fields(state: GameState) -> tuple[list[str], frozenset[str]]:
    """The names of a state's fields, and those it declares derived (left out of equality).

    Read from the declaration (``GameState.fields``), else from attrs' fields or the
    classes' ``__slots__``, and from the instance's attribute dictionary in every case.
    """
    cls = type(state)
    declared = getattr(cls, "fields", None)
    derived: frozenset[str] = frozenset()
    if isinstance(declared, Fields):
        names = list(declared.names)
        derived = declared.derived
    elif attrs.has(cls):
        names = [f.name for f in attrs.fields(cls)]
    else:
        names = [
            n for k in reversed(cls.__mro__) for n in getattr(k, "__slots__", ()) if not n.startswith("__")
        ]
    names += [n for n in getattr(state, "__dict__", {}) if n not in names]
    return names, derived


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, random.Random) and isinstance(b, random.Random):
        return a.getstate() == b.getstate()  # a generator compares by identity, its state by value
    return bool(a == b)


_MISSING = object()


def check_equality_sees(
    game: Game[Any, Any], before: GameState, after: GameState, text: str, record: GameRecord
) -> None:
    """The state's ``__eq__`` tells apart two states that differ in any one field that just changed.

    For every field (but the declared derived ones) whose value ``text`` changed, a copy
    of ``after`` with that field put back as it was in ``before`` must not equal
    ``after``: an equality that ignores the field would let a replay that differs there
    pass for identical.
    """
    names, derived = state_fields(after)
    for name in names:
        if name in derived:
            continue
        old, new = getattr(before, name, _MISSING), getattr(after, name, _MISSING)
        if old is _MISSING or new is _MISSING or _same(old, new):
            continue
        hybrid = after.clone()
        setattr(hybrid, name, getattr(before.clone(), name))
        if hybrid == after:
            raise _fail(
                f"the state's equality ignores the field {name!r}, which {text} changed: a replay that "
                "differs there would pass for identical (declare the field, or Derived if it is a cache)",
                record,
            )


def _shared_fields(views: list[Any]) -> set[str]:
    """The view fields every seat sees alike here (the public part of a view)."""
    first = views[0]
    names = [f.name for f in attrs.fields(type(first))]
    return {n for n in names if all(getattr(v, n) == getattr(first, n) for v in views[1:])}


def _apply_listed(game: Game[Any, Any], state: GameState, action: Any, record: GameRecord) -> GameState:
    after = state.clone()
    try:
        after.apply(action)
    except IllegalActionError as exc:
        raise _fail(f"listed action {game.format_action(action)} is refused: {exc}", record) from None
    return after


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
    after = after or _apply_listed(game, state, action, record)
    if len(after.hand_results()) != len(state.hand_results()):
        return
    seats = range(state.players)
    shared = _shared_fields([after.view(p) for p in seats])
    text = game.format_action(bare)
    for seat in seats:
        other = state.determinize(seat, rng)
        if other.to_act() != to_act:
            raise _fail(
                f"who must act (seat {to_act}) depends on cards seat {seat} cannot see: in a re-deal of "
                f"them seat {other.to_act()} acts",
                record,
            )
        if other.to_decide() != deciding:
            raise _fail(
                f"who must decide (seats {deciding}) depends on cards seat {seat} cannot see: in a re-deal "
                f"of them seats {other.to_decide()} decide",
                record,
            )
        if seat == actor:
            if list(other.legal_actions_for(actor)) != legal:
                raise _fail(f"the legal actions of seat {seat} depend on cards it cannot see", record)
        elif bare not in other.legal_actions_for(actor):
            continue
        twin = _apply_listed(game, other, action, record)
        if len(twin.hand_results()) != len(other.hand_results()):
            continue
        if twin.to_act() != after.to_act():
            raise _fail(
                f"after {text}, who acts next (seat {after.to_act()}) depends on cards seat {seat} cannot "
                f"see: in a re-deal of them seat {twin.to_act()} acts, so everyone learns of them",
                record,
            )
        if twin.to_decide() != after.to_decide():
            raise _fail(
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
                raise _fail(
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
    after = after or _apply_listed(game, state, action, record)
    others = rng.sample(legal, min(tries, len(legal)))
    for alt in others:
        moved = _apply_listed(game, state, Choice(actor, alt) if isinstance(action, Choice) else alt, record)
        for seat in range(state.players):
            if seat == actor:
                continue
            before = state.view(seat)
            seen_same = game.action_seen_by(bare, actor, before) == game.action_seen_by(alt, actor, before)
            view_same = after.view(seat) == moved.view(seat)
            a, b = game.format_action(bare), game.format_action(alt)
            if seen_same and not view_same:
                raise _fail(
                    f"seat {seat} cannot see whether seat {actor} chose {a} or {b} (action_seen_by), but "
                    "its view tells them apart: it leaks a hidden move",
                    record,
                )
            if view_same and not seen_same:
                raise _fail(
                    f"the view of seat {seat} cannot tell {a} from {b} by seat {actor}, but action_seen_by "
                    "does: a replay shown for that seat would name a move it never saw",
                    record,
                )


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
    At a simultaneous decision the move is a random seat's choice among ``to_decide()``,
    applied and recorded as ``Choice(seat, action)``, so the record's JSON and its replay go
    through the Choice path; a bare action there must do what the Choice of ``to_act()`` does.
    Silence and hidden moves are checked at that seat's choice, whichever seat it is.
    ``texts=False`` skips the check that no text shown to a seat (its log, the moves as
    ``describe_action`` writes them, the prompt, the view's text fields) names a card it
    cannot know (``cardgames.textcheck``), which runs at every decision.
    """
    game.check(options, players)
    state = game.new_game(options, players, seed)
    if game.new_game(options, players, seed) != state:
        raise ConformanceError(f"two games from seed {seed} differ at the start (is chance seeded?)")
    if state.clone() != state:
        raise ConformanceError("a fresh state differs from its own clone()")
    seats = [Seat(f"P{i + 1}", "random") for i in range(players)]
    record = new_record(game, options, seats, seed)
    deck = _count(state)
    bound = game.max_decisions(options, players)
    decisions = 0
    hidden_changes = 0
    seen: dict[Any, None] = {}  # actions listed earlier, in order: candidates for refusal probes
    probe = random.Random(seed)  # not ``choices``: probing must not change which game is played
    # One draw from ``choices`` seeds every choice of the playout. Drawing each choice from a
    # hypothesis generator overflows its data for long games (a shedding game with 8 players), and
    # hypothesis then discards every example; the failure message still names seed and step.
    choices = random.Random(choices.getrandbits(64))
    watch = TextWatch(game, state, lambda message: _fail(message, record)) if texts else None
    while not state.is_over():
        actor = state.to_act()
        if actor is None or not 0 <= actor < players:
            raise _fail(f"to_act returned {actor!r}", record)
        legal = list(state.legal_actions())
        if not legal:
            raise _fail(f"seat {actor} must act but has no legal action", record)
        if state.outcome() is not None:
            raise _fail("the game has an outcome before it is over", record)
        # several listed actions, not only the one chosen, must apply, on an independent copy
        before_cards = _count(state)
        before_view = state.view(actor)
        for alt in choices.sample(legal, min(alternatives, len(legal))):
            trial = state.clone()
            try:
                trial.apply(alt)
            except IllegalActionError as exc:
                raise _fail(f"listed action {game.format_action(alt)} is refused: {exc}", record) from None
            if _count(state) != before_cards or state.view(actor) != before_view:
                raise _fail(_SHARED, record)
            if _count(trial) != deck:
                raise _fail(f"{game.format_action(alt)} created or lost cards", record)
        if list(state.legal_actions()) != legal:
            raise _fail(_SHARED, record)
        if state.simultaneous():  # protocol 2: choices hidden until revealed, in any order
            check_simultaneous(game, state, probe, record_failure(_fail, record))
        if refusals:
            check_refusal(game, state, legal, list(seen), probe, record)
            seen.update(dict.fromkeys(legal))
        action = legal[choices.randrange(len(legal))]
        move: Any = action
        if state.simultaneous():  # any seat still choosing may come first: played and recorded as its Choice
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
            raise _fail(f"action {move!r} does not round-trip through JSON", record)
        before = state.clone() if (decisions + 1) % view_every == 0 else None
        previous = before if before is not None else state.clone() if watch is not None else None
        text = game.format_action(action)
        try:
            state.apply(move)
        except IllegalActionError as exc:
            raise _fail(f"listed action {text} is refused: {exc}", record) from None
        record.actions.append(move)
        decisions += 1
        if watch is not None and previous is not None:
            watch.step(previous, move, state)
        if decisions > bound:
            raise _fail(f"the game ran past its declared bound of {bound} decisions", record)
        if _count(state) != deck:
            raise _fail(f"applying {text} created or lost cards", record)
        if decisions % view_every == 0:
            hidden_changes += check_views_hide(game, state, choices, record)
            for seat in range(players):
                view = state.view(seat)
                check_view_shape(view, seat, record)
                try:
                    json.dumps(view_data(view))
                except (TypeError, ValueError) as exc:
                    raise _fail(
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
    outcome = state.outcome()
    if outcome is None:
        raise _fail("the game is over but has no outcome", record)
    if len(outcome.scores) != players:
        raise _fail("the outcome does not score every seat", record)
    if game.zero_sum and sum(outcome.scores) != 0:
        raise _fail(f"the outcome's scores {outcome.scores} do not sum to zero", record)
    broken = utility_of(game, options).problem(tuple(outcome.scores), tuple(outcome.winners))
    if broken is not None:
        raise _fail(f"the outcome breaks the game's declared utility: {broken}", record)
    if not outcome.winners or not all(0 <= w < players for w in outcome.winners):
        raise _fail(f"the outcome names winners {outcome.winners}", record)
    for hand in state.hand_results():
        if len(hand.chips) != players or len(hand.points) != players:
            raise _fail(f"hand {hand.number} does not score every seat", record)
        if game.zero_sum and sum(hand.chips) != 0:
            raise _fail(f"hand {hand.number}'s chips {hand.chips} do not sum to zero", record)
    # the record goes through JSON and replays to the identical state
    try:
        text = record_to_json(game, record)
        again_game, again = record_from_json(text, lambda name: game)
    except (CardgamesError, TypeError, ValueError) as exc:
        raise _fail(f"the record does not go through JSON: {exc}", record) from None
    if again != record:
        raise _fail("the record does not round-trip through JSON", record)
    try:
        replayed = replay(again_game, again)
    except CardgamesError as exc:
        raise _fail(f"the record does not replay (is all chance seeded?): {exc}", record) from None
    if replayed != state:
        raise _fail("the replayed record does not reach the identical state", record)
    for seat in range(players):
        if replayed.view(seat) != state.view(seat):
            raise _fail(f"the replayed view of seat {seat} differs", record)
    return Playout(state, record, decisions, hidden_changes)


def check_plain_is_choice(game: Game[Any, Any], state: GameState, action: Any, record: GameRecord) -> None:
    """At a simultaneous decision a bare action is ``to_act()``'s choice: it does what its Choice does."""
    seat = state.to_act()
    assert seat is not None
    plain, chosen = state.clone(), state.clone()
    try:
        plain.apply(action)
        chosen.apply(Choice(seat, action))
    except IllegalActionError as exc:
        raise _fail(f"{game.format_action(action)} of the seat to act is refused: {exc}", record) from None
    if plain != chosen:
        raise _fail(
            f"at a simultaneous decision, {game.format_action(action)} applied bare is not the same as "
            "the Choice of the seat to act (protocol 2: a bare action is to_act()'s choice)",
            record,
        )


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
    Nothing to check for a game without ``Game.position``. See ``cardgames.position``.
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
        raise _fail(problem, record)


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
