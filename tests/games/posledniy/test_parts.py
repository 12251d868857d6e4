"""Unit tests of the engine's parts: interned actions, hidden-card deals."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

from cardgames.games.posledniy import Posledniy, ending
from cardgames.games.posledniy.actions import PICK, PLAY, PLAY_INDEX, PassCards
from cardgames.games.posledniy.hidden import _assign_planned, _Plan, assign, redeal
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.state import PosledniyState
from cardgames.games.posledniy.view import PosledniyView
from cardgames.primitives.cards import CARDS, Card, parse_cards


def test_picks_are_interned_by_card_index_and_a_pass_is_one_set_whatever_its_order() -> None:
    """P-5: the exchange's picks are one interned action per card; a PassCards ignores its order."""
    assert all(PICK[i].card is CARDS[i] for i in range(52))
    cards = tuple(parse_cards("AS KS QS"))
    assert PassCards(tuple(reversed(cards))) == PassCards(cards)  # order does not matter


def test_play_actions_are_interned_by_card_index() -> None:
    """Every card has one PlayCard, found again from its identity."""
    assert all(PLAY[i].card is CARDS[i] and PLAY_INDEX[id(PLAY[i])] == i for i in range(52))


def test_assign_fills_capacities_or_says_it_cannot() -> None:
    """The random matching respects who may hold what, and reports an impossible deal."""
    rng = random.Random(1)
    allowed = {1: [0], 2: [0, 1], 3: [1]}
    held = assign([1, 2, 3], allowed, {0: 2, 1: 1}, rng)
    assert held is not None and sorted(held[0]) == [1, 2] and held[1] == [3]
    assert assign([1, 2, 3], {1: [0], 2: [0], 3: [0]}, {0: 2, 1: 1}, rng) is None


def test_the_planned_assignment_is_assign_with_the_same_draws() -> None:
    """Determinize's planned fast form deals exactly what ``assign`` deals from the same generator."""
    maker = random.Random(7)
    for _ in range(300):
        players = maker.choice([2, 3])
        rest = sorted(maker.sample(range(52), maker.randrange(3, 16)))
        sizes = [0] * players
        for _card in rest:
            sizes[maker.randrange(players)] += 1
        left = dict(enumerate(sizes))
        barred = {c for c in rest if maker.random() < 0.3}  # a shown void keeps each from somebody
        allowed = {
            c: sorted(maker.sample(range(players), maker.randrange(1, players)))
            if c in barred
            else list(range(players))
            for c in rest
        }
        plan = _Plan({}, left, rest, barred, {}, [])
        seed = maker.randrange(10**9)
        fast, plain = random.Random(seed), random.Random(seed)
        assert _assign_planned(plan, allowed, fast) == assign(rest, allowed, left, plain)
        assert fast.getstate() == plain.getstate()


def test_redeal_refuses_what_no_deal_can_explain() -> None:
    """A seat whose knowledge admits no deal gets a clear error rather than a wrong world."""
    hands = [[0], [13], [26]]  # seat 1 holds a diamond, seat 2 a heart
    voids: list[set[int]] = [set(), {0, 1, 2}, {0, 1, 2}]  # yet both showed no clubs, diamonds, hearts
    with pytest.raises(ValueError, match="no deal"):
        redeal(3, 0, (2, 1), [], hands, {}, voids, 0, random.Random(1))


def _positions(players: int, seed: int) -> list[PosledniyState]:
    """Copies of a seeded random game's states, every 5th decision, with the exchange and play in them."""
    rng = random.Random(seed)
    state = Posledniy().new_game(PosledniyOptions(), players, seed)
    out: list[PosledniyState] = []
    while state.to_act() is not None and len(out) < 30:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if rng.randrange(5) == 0 and state.to_act() is not None:
            out.append(state.clone())
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_determinize_again_deals_as_a_first_call_does(players: int) -> None:
    """I-3: what the engine remembers of a position for determinize changes no world it deals."""
    for state in _positions(players, players):
        for seat in range(players):
            again = [state.determinize(seat, random.Random(k)) for k in range(3)]  # the memo's worlds
            first = [state.clone().determinize(seat, random.Random(k)) for k in range(3)]  # none remembered
            assert again == first
            assert [w.view(seat) for w in again] == [state.view(seat)] * 3  # the seat's knowledge is kept


def test_a_view_reads_as_the_value_its_fields_make() -> None:
    """A view made without attrs' __init__ (its card fields read when needed) is the value of its fields."""
    for state in _positions(4, 7):
        for seat in range(4):
            view = state.view(seat)
            fields = {f.name: getattr(view, f.name) for f in attrs.fields(PosledniyView)}
            assert view == PosledniyView(**fields) and hash(view) == hash(PosledniyView(**fields))
            assert all(isinstance(c, Card) for c in (*view.hand, *view.trick, *view.passed, *view.received))
            assert view.hand == tuple(CARDS[c] for c in state.hands[seat])
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                view.hand = ()


def _from_nothing(state: PosledniyState, seat: int) -> PosledniyView:
    """The view of a copy that remembers nothing of earlier views."""
    bare = state.clone()
    bare.view_seen, bare.tricks_seen = (None,) * 7, (None, ())
    view: PosledniyView = bare.view(seat)
    return view


@pytest.mark.parametrize("players", [3, 4])
def test_what_a_state_keeps_for_its_views_changes_no_view(players: int) -> None:
    """I-1: the parts of views a state keeps through a deal (and its clones and worlds share) give every seat
    the view it would get from nothing, also in a world dealt again for another seat, in turn with other
    worlds, and in a copy made before the first view."""
    rng = random.Random(players)
    for position, viewed in itertools.product(_positions(players, 11 + players), (False, True)):
        state = position.clone()
        if viewed:  # what the deal keeps for views is made first: the worlds and copies below share it
            state.view(players - 1)
        worlds = [state, state.determinize(0, rng), state.determinize(players - 1, rng)]
        early = [world.clone() for world in worlds]  # made before any view: they share what the views keep
        for seat in range(players):  # the worlds in turn (other passes): each takes over what the last kept
            for world in worlds:
                assert world.view(seat) == _from_nothing(world, seat)
        for world in (*worlds, *early):
            for seat in (*range(players), *range(players)):  # twice: the second reads what the first kept
                assert world.view(seat) == _from_nothing(world, seat)
            follow = world.clone()
            if follow.to_act() is not None:
                follow.apply(follow.legal_actions()[0])
                for seat in range(players):
                    assert follow.view(seat) == _from_nothing(follow, seat)


@pytest.mark.parametrize("scoring", ["points", "chips"])
def test_the_hand_results_made_once_a_deal_are_always_the_deals_own(scoring: str) -> None:
    """hand_results, kept from call to call: asked at every move, of copies, of positions read back."""
    game, options = Posledniy(), PosledniyOptions(scoring=scoring, target=3, rounds=1)  # type: ignore[arg-type]
    state = game.new_game(options, 3, 7)
    rng = random.Random(7)
    copies: list[PosledniyState] = []
    while state.to_act() is not None:
        assert state.hand_results() == tuple(ending.hand_results(state))
        if rng.randrange(8) == 0:
            copies.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert len(state.hand_results()) >= 2 and state.hand_results() == tuple(ending.hand_results(state))
    for copy in copies:  # a copy made mid-game shares the memo, then finishes deals of its own
        copy.hand_results()
        while copy.to_act() is not None:
            legal = copy.legal_actions()
            copy.apply(legal[rng.randrange(len(legal))])
        assert copy.hand_results() == tuple(ending.hand_results(copy))
    read = game.position.read(game.position.write(copies[-1]), options, 0)
    assert (
        read.hand_results()
        == tuple(ending.hand_results(read))
        == copies[-1].hand_results()[: len(read.results)]
    )
