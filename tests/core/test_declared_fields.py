"""The built-in states' fields declared ``Derived`` (left out of equality) really follow from the others.

The conformance kit exempts a derived field from its equality check, so these tests hold
each declaration to its word along seeded random games: the derived fields are what the
compared fields and the options make them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgames.core.options import make_options
from cardgames.core.state import GameState
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.deck import deck_indices
from cardgames.games.dernier.fields import FIELDS as DERNIER_FIELDS
from cardgames.games.dernier.options import PRESETS, DernierOptions
from cardgames.games.dernier.state import RBIT, DernierState
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.actions import PLAY
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.phases import PLAY_PHASE
from cardgames.games.posledniy.state import CHAINS, DECKS, PASS_COUNTS, PosledniyState
from cardgames.games.posledniy.state import FIELDS as POSLEDNIY_FIELDS


def _states(game: Any, options: Any, players: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    state = game.new_game(options, players, seed)
    out = [state.clone()]
    while state.to_act() is not None:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        out.append(state.clone())
    return out


def test_the_declarations_name_every_attribute() -> None:
    assert DernierState.__slots__ == DERNIER_FIELDS.names
    assert PosledniyState.__slots__ == POSLEDNIY_FIELDS.names
    assert DERNIER_FIELDS.derived == {
        "sizes",
        "masks",
        "deck",
        "jmode",
        "start_dir",
        "turn_limit",
        "anticipo",
        "play_after_draw",
        "shown_memo",
        "face_up",
    }


@pytest.mark.parametrize("seed", range(3))
def test_dernier_derived_fields_follow_from_the_counts_and_options(seed: int) -> None:
    options = make_options(DernierOptions, PRESETS, "quick", {"hands_to_win": 2})
    for state in _states(Dernier(), options, 3, seed)[::5]:
        assert isinstance(state, DernierState)
        opts = state.options
        assert state.deck == deck_indices(opts.jokers)
        assert state.jmode == (0 if opts.joker_mode == "wild" else 1)
        assert state.start_dir == (1 if opts.clockwise else -1)
        assert (state.turn_limit, state.anticipo, state.play_after_draw) == (
            opts.turn_limit,
            opts.anticipo,
            opts.play_after_draw,
        )
        for seat in range(state.n):
            counts = state.held(seat)
            assert state.sizes[seat] == sum(counts)
            mask = 0
            for card, k in enumerate(counts):
                if k:
                    mask |= RBIT[card]
            assert state.masks[seat] == mask


@pytest.mark.parametrize(("players", "scoring"), [(4, "points"), (3, "chips")])
def test_posledniy_derived_fields_follow_from_the_hands_and_options(players: int, scoring: str) -> None:
    options = PosledniyOptions(scoring=scoring, target=5, rounds=1)
    for state in _states(Posledniy(), options, players, 2)[::3]:
        assert isinstance(state, PosledniyState)
        assert state.deck == DECKS[players] and state.counts == PASS_COUNTS[players]
        assert state.chips_mode == (scoring == "chips")
        assert state.deals_total == (options.rounds * players if scoring == "chips" else None)
        assert state.chain == CHAINS[players, state.dealer]
        assert state.draw_seen == (state.draw.seat_cards(), state.draw.order())
        if state.phase == PLAY_PHASE:
            assert state.acts == [tuple(PLAY[c] for c in hand) for hand in state.hands]
