"""D-6, D-13, D-15 to D-18: the fast legal list and apply of the engine agree with ``checks``, the rule.

``DernierState.legal_actions`` builds the plays from suit bit masks and tables and
``apply`` takes a matching plain card in one test; the single statement of when a play is
allowed is ``games/dernier/checks.py``. Along seeded random games (every preset, both
joker modes, 2 and 4 players, penalty chains, after-draw decisions) every play of every
held card is checked: it is listed exactly when ``checks`` allows it, and applying it to a
copy is a misplay exactly when it is not listed.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardgames.core.options import make_options
from cardgames.games.dernier import Dernier, turn
from cardgames.games.dernier.actions import (
    DRAW,
    JOKER_INDEX,
    JOKER_PLAYS,
    PLAYS,
    RANK_OF,
    SUIT_OF,
    Play,
    play_info,
)
from cardgames.games.dernier.checks import shape_error
from cardgames.games.dernier.dispatch import apply_rule
from cardgames.games.dernier.options import PRESETS, DernierOptions
from cardgames.games.dernier.state import AFTER_DRAW, PLAY_PHASE, DernierState
from cardgames.games.dernier.view import HAND_BITS, HAND_CARDS, DernierView
from cardgames.primitives.cards import CARDS
from cardgames.primitives.errors import IllegalActionError


def _allowed(state: DernierState, play: Play) -> bool:
    _, c, called, suit, as_c = play_info(play)
    if shape_error(c, suit, as_c, state.jmode) is not None:
        return False
    # the engine's wrapper only hands checks.misplay_reason the state's fields (the chain, the card drawn …)
    reason = state._misplay_reason(state.sizes[state.current], c, called)
    return reason is None


def _candidates(state: DernierState) -> list[Play]:
    """Every play, with and without the call, of every card the seat to move holds."""
    hand = set(state.hand(state.current))
    out = [p for c in sorted(hand - {JOKER_INDEX}) for p in PLAYS[c][1]]
    if JOKER_INDEX in hand:
        out.extend(JOKER_PLAYS[state.jmode][1])
    return out


def _is_misplay(state: DernierState, play: Play) -> bool:
    copy = state.clone()
    before = len(copy.log)
    try:
        copy.apply(play)
    except IllegalActionError:
        return True  # forgiving mode refuses a misplay
    return any(r[0] == "misplay" for r in copy.log.records()[before:] if type(r) is tuple)


@pytest.mark.parametrize(
    ("preset", "players", "overrides"),
    [
        ("quick", 4, {}),
        ("classic", 2, {"misplay": "forgiving"}),
        ("scala40", 4, {"play_after_draw": True}),
        ("quick", 3, {"anticipo": True, "play_after_draw": True}),
    ],
)
def test_the_fast_legal_list_and_apply_follow_the_written_rule(
    preset: str, players: int, overrides: dict[str, Any]
) -> None:
    options: DernierOptions = make_options(DernierOptions, PRESETS, preset, {"hands_to_win": 2, **overrides})
    rng = random.Random(f"{preset}{players}")
    checked = 0
    for seed in range(3):
        state = Dernier().new_game(options, players, seed)
        steps = 0
        while state.to_act() is not None and steps < 400:
            legal = state.legal_actions()
            if state.phase in (PLAY_PHASE, AFTER_DRAW):
                listed = {a for a in legal if type(a) is Play}
                candidates = _candidates(state)
                assert listed == {p for p in candidates if _allowed(state, p)}
                for play in rng.sample(candidates, min(4, len(candidates))):
                    assert _is_misplay(state, play) == (play not in listed), play
                    checked += 1
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
    assert checked > 500


Apply = Callable[[DernierState, Any], None]


def _outcome_of(state: DernierState, action: Any, apply: Apply) -> tuple[Any, ...]:
    """The state after ``action`` on a copy through ``apply`` or ``apply_rule``, or the refusal."""
    copy = state.clone()
    try:
        apply(copy, action)
    except IllegalActionError as refused:
        return ("refused", str(refused), copy == state)
    return ("applied", copy)


@pytest.mark.parametrize(
    ("preset", "players", "overrides"),
    [
        ("quick", 4, {}),
        ("classic", 2, {"misplay": "forgiving"}),
        ("scala40", 4, {"play_after_draw": True}),
        ("quick", 3, {"anticipo": True, "hand_size": 7}),
        ("quick", 5, {"turn_limit": 60, "starter_effects": True}),
    ],
)
def test_apply_is_the_rule_applied_state_for_state(
    preset: str, players: int, overrides: dict[str, Any]
) -> None:
    """``apply``'s inline play and draw leave exactly the state ``apply_rule`` (the rule's modules) leaves.

    At every decision of seeded random games: the move chosen, and a few other plays of held
    cards (misplays among them) and a draw, through both, compared field by field
    (generator included), or refused with the same words and the state unchanged.
    """
    options: DernierOptions = make_options(DernierOptions, PRESETS, preset, {"hands_to_win": 2, **overrides})
    rng = random.Random(f"apply{preset}{players}")
    compared = 0
    for seed in range(4):
        state = Dernier().new_game(options, players, seed)
        steps = 0
        while state.to_act() is not None and steps < 500:
            legal = state.legal_actions()
            chosen = legal[rng.randrange(len(legal))]
            tried = [chosen, DRAW]
            if state.phase in (PLAY_PHASE, AFTER_DRAW):
                candidates = _candidates(state)
                tried += rng.sample(candidates, min(2, len(candidates)))
            for action in tried:
                fast = _outcome_of(state, action, DernierState.apply)
                rule = _outcome_of(state, action, apply_rule)
                assert fast == rule, (seed, steps, action)
                compared += 1
            state.apply(chosen)
            steps += 1
    assert compared > 2000


def _turn_list_in_order(state: DernierState) -> list[Any]:
    """A turn's list with no penalty pending, written out in its order (D-6, D-16, D-17): the cards
    of the suit in force, then the rank in force in the other suits (each card once, lowest index
    first), a joker unless it is the last card, the draw."""
    seat = state.current
    cards = sorted(set(state.hand(seat)))
    two = len(state.hand(seat)) == 2
    suited = [c for c in cards if c != JOKER_INDEX and SUIT_OF[c] == state.suit]
    ranked = [
        c for c in cards if c != JOKER_INDEX and SUIT_OF[c] != state.suit and RANK_OF[c] == state.top_rank
    ]
    out = [p for c in suited + ranked for p in PLAYS[c][two]]
    if JOKER_INDEX in cards and len(state.hand(seat)) > 1:
        out.extend(JOKER_PLAYS[state.jmode][two])
    return [*out, DRAW]


@pytest.mark.parametrize(
    ("preset", "players", "overrides"),
    [("quick", 4, {}), ("classic", 2, {}), ("scala40", 3, {"jokers": 4}), ("quick", 5, {"hand_size": 9})],
)
def test_the_turn_lists_looked_up_are_the_lists_in_order(
    preset: str, players: int, overrides: dict[str, Any]
) -> None:
    """``legal_actions`` looks a turn's list up by the cards that can match (``turn.TURNS``): every
    list it returns is the one written out in order, when the tables are full and once emptied."""
    options: DernierOptions = make_options(DernierOptions, PRESETS, preset, {"hands_to_win": 2, **overrides})
    rng = random.Random(preset)
    checked = 0
    for seed in range(4):
        if seed == 2:
            for kept in turn.TURNS:
                kept.clear()
        state = Dernier().new_game(options, players, seed)
        steps = 0
        while state.to_act() is not None and steps < 600:
            legal = state.legal_actions()
            if state.phase == PLAY_PHASE and not state.penalty.pending:
                assert list(legal) == _turn_list_in_order(state)
                checked += 1
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
    assert checked > 1000


@pytest.mark.parametrize(
    ("preset", "players", "overrides"),
    [("quick", 4, {}), ("classic", 2, {"anticipo": True, "play_after_draw": True})],
)
def test_the_view_made_in_one_step_is_the_attrs_value_of_the_same_fields(
    preset: str, players: int, overrides: dict[str, Any]
) -> None:
    """The view's fast construction (``view.build_view``) and its remembered hands (``HAND_CARDS``).

    Every field is set, the value equals the one attrs' ``__init__`` makes
    (equality, hash, repr) and stays frozen, and the hand shown is the seat's hand: for
    hands with a card held twice (remembered by their counts) and without (by their mask),
    also once the cache was emptied.
    """
    names = {f.name for f in attrs.fields(DernierView)}
    options: DernierOptions = make_options(DernierOptions, PRESETS, preset, {"hands_to_win": 2, **overrides})
    rng = random.Random(3)
    state = Dernier().new_game(options, players, 3)
    seen = twice = 0
    while state.to_act() is not None and seen < 600:
        for seat in range(players):
            view = state.view(seat)
            assert type(view) is DernierView and not hasattr(view, "__dict__")
            fields = {name: getattr(view, name) for name in names}  # every slot is set
            made = DernierView(**fields)
            assert made == view and hash(made) == hash(view) and repr(made) == repr(view)
            assert view.hand == tuple(CARDS[c] for c in state.hand(seat))
            twice += len(set(view.hand)) < len(view.hand)
            seen += 1
        if seen in (300, 301):
            HAND_CARDS.clear()
            HAND_BITS.clear()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert twice > 10 and seen - twice > 10
    assert pickle.loads(pickle.dumps(view)) == view
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.seat = 0  # type: ignore[misc]
