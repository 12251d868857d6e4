"""The conformance kit passes a correct game and catches each deliberately broken one."""

from __future__ import annotations

import random
from typing import Any, Self

import pytest
from framework_highcard import (
    BadNotationHighCard,
    CrashingHighCard,
    Draw,
    GlobalRandomHighCard,
    HalfRefusingHighCard,
    HighCard,
    HighCardOptions,
    HighCardState,
    LateGlobalHighCard,
    LeakyHighCard,
    LosingHighCard,
    MutableViewHighCard,
    NoLogHighCard,
    NotZeroSumHighCard,
    NumberedTableHighCard,
    OverListingHighCard,
    PeekingWorldHighCard,
    Play,
    SelfDeterminizeHighCard,
    SharedCloneHighCard,
    ShortBoundHighCard,
    StocklessEqualityHighCard,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.conformance import ConformanceError, check_deterministic, check_random_game
from cardgames.core.game import Game
from cardgames.primitives.cards import parse_card
from cardgames.primitives.errors import IllegalActionError, IncompleteAction, ParseError

GAME = HighCard()


@settings(max_examples=15)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    hand_size=st.integers(1, 5),
    deck=st.sampled_from(["short", "piquet"]),
    choices=st.randoms(use_true_random=False),
)
def test_correct_game_passes(
    seed: int, players: int, hand_size: int, deck: Any, choices: random.Random
) -> None:
    options = HighCardOptions(hand_size=hand_size, deck=deck)
    playout = check_random_game(GAME, options, players, seed, choices)
    assert playout.state.is_over()
    assert playout.decisions == len(playout.record.actions) > 0


def test_correct_game_is_deterministic() -> None:
    for seed in range(5):
        check_deterministic(GAME, HighCardOptions(), 3, seed)


def test_playout_is_reproducible_from_seed_and_choices() -> None:
    a = check_random_game(GAME, HighCardOptions(), 3, 7, random.Random(1))
    b = check_random_game(GAME, HighCardOptions(), 3, 7, random.Random(1))
    assert a.record == b.record
    assert a.state == b.state
    # something was hidden, and the kit really dealt it again
    assert a.hidden_changes > 0


class _OneDrawOnly(random.Random):
    """A generator that allows exactly one getrandbits call and nothing else."""

    calls = 0

    def getrandbits(self, k: int) -> int:
        self.calls += 1
        assert self.calls == 1, "the kit drew from choices more than once"
        return super().getrandbits(k)

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        raise AssertionError("the kit drew a choice from the hypothesis generator itself")

    def sample(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the kit drew a choice from the hypothesis generator itself")

    def shuffle(self, *args: Any, **kwargs: Any) -> None:
        raise AssertionError("the kit drew a choice from the hypothesis generator itself")


def test_the_kit_draws_once_from_choices_so_long_games_fit_in_hypothesis_data() -> None:
    choices = _OneDrawOnly(3)
    playout = check_random_game(GAME, HighCardOptions(hand_size=5, deck="piquet"), 4, 3, choices)
    assert choices.calls == 1
    assert playout.decisions > 30


def _expect(
    game: Game[Any, Any], fragment: str | tuple[str, ...], *, seeds: range = range(6), players: int = 3
) -> None:
    """The kit raises ConformanceError mentioning ``fragment`` (or one of several) for every seed."""
    fragments = (fragment,) if isinstance(fragment, str) else fragment
    messages = []
    for seed in seeds:
        with pytest.raises(ConformanceError) as info:
            check_random_game(game, HighCardOptions(hand_size=4), players, seed, random.Random(seed))
        messages.append(str(info.value))
    assert all(any(f in m for f in fragments) for m in messages), messages
    assert all(m.endswith(")") and "seed" in m for m in messages)


@pytest.mark.parametrize(
    ("game", "fragment"),
    [
        pytest.param(LeakyHighCard(), "leaks hidden information", id="a_view_that_leaks_a_hand"),
        pytest.param(LosingHighCard(), "created or lost cards", id="a_game_that_loses_cards"),
        pytest.param(GlobalRandomHighCard(), "differ at the start", id="a_game_that_uses_the_global_random"),
        pytest.param(ShortBoundHighCard(), "past its declared bound", id="a_game_that_exceeds_its_bound"),
        pytest.param(
            OverListingHighCard(),
            ("is refused", "legal actions of seat 0 depend on cards it cannot see"),
            id="listed_actions_that_are_refused",  # it lists the neighbour's cards: a leak too
        ),
        pytest.param(NotZeroSumHighCard(), "do not sum to zero", id="scores_that_do_not_add_up"),
        pytest.param(SharedCloneHighCard(), "copies are not independent", id="clones_that_share_state"),
        pytest.param(
            StocklessEqualityHighCard(),
            "equality ignores the field 'stock'",
            id="an_equality_that_ignores_a_field",
        ),
        pytest.param(HalfRefusingHighCard(), "apply must check first", id="a_refusal_that_changes_the_state"),
        pytest.param(MutableViewHighCard(), "is not frozen", id="views_that_are_not_frozen"),
        pytest.param(NoLogHighCard(), "has no log", id="views_without_a_log"),
        pytest.param(
            NumberedTableHighCard(),
            "names a seat by its number, not its player's name: 'P",
            id="a_table_that_writes_seat_numbers",
        ),
        pytest.param(
            SelfDeterminizeHighCard(),
            "determinize must return a new state",
            id="a_determinize_that_does_not_copy",
        ),
        pytest.param(
            PeekingWorldHighCard(),
            "dealt again (plausible_world): it leaks",
            id="search_worlds_that_change_the_seats_view",
        ),
    ],
)
def test_kit_catches_a_broken_game(game: Game[Any, Any], fragment: str | tuple[str, ...]) -> None:
    _expect(game, fragment)


def test_kit_catches_notation_that_does_not_read_back() -> None:
    _expect(BadNotationHighCard(), "cannot read back")
    playout = check_random_game(
        BadNotationHighCard(), HighCardOptions(), 3, 1, random.Random(1), notation=False
    )
    assert playout.state.is_over()


def test_kit_catches_later_chance_from_the_global_random() -> None:
    """The deal is seeded but the stock is reshuffled with the global generator: replay differs."""
    _expect(LateGlobalHighCard(), "replay", players=2)


def test_kit_catches_a_crash_instead_of_a_refusal() -> None:
    _expect(CrashingHighCard(), "crashed with KeyError")
    playout = check_random_game(CrashingHighCard(), HighCardOptions(), 3, 1, random.Random(1), refusals=False)
    assert playout.state.is_over()


def test_determinism_check_catches_global_random() -> None:
    with pytest.raises(ConformanceError, match="differ"):
        for seed in range(6):
            check_deterministic(GlobalRandomHighCard(), HighCardOptions(), 3, seed)


# The test game itself behaves as its docstring says.


def test_illegal_action_leaves_the_state_unchanged() -> None:
    state = GAME.new_game(HighCardOptions(), 3, 1)
    snapshot = state.clone()
    not_held = next(c for c in GAME.deck(HighCardOptions()) if c not in state.hands[0])
    with pytest.raises(IllegalActionError):
        state.apply(Play(not_held))
    with pytest.raises(IllegalActionError):
        state.apply("QH")
    assert state == snapshot


def test_parse_action_forms_and_follow_up_question() -> None:
    state = GAME.new_game(HighCardOptions(), 3, 1)
    view = state.view(0)
    assert GAME.parse_action("draw", view) == Draw()
    assert GAME.parse_action(" play qh ", view) == Play(parse_card("QH"))
    assert GAME.parse_action("10♠", view) == Play(parse_card("10S"))
    with pytest.raises(IncompleteAction) as info:
        GAME.parse_action("play", view)
    assert info.value.choices == tuple(str(c) for c in view.hand)
    assert GAME.parse_action("play" + " " + info.value.choices[0], view) == Play(view.hand[0])
    with pytest.raises(ParseError, match="not a card"):
        GAME.parse_action("play QX", view)


class _ReseedOnlyState(HighCardState):
    """determinize re-seeds the generator but moves no card: nothing hidden is re-dealt."""

    def determinize(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        other.rng = random.Random(rng.random())
        return other


class _ReseedOnlyHighCard(HighCard):
    id = "reseedonly"
    state_type = _ReseedOnlyState


def test_hidden_changes_count_moved_cards_not_a_reseeded_generator() -> None:
    playout = check_random_game(_ReseedOnlyHighCard(), HighCardOptions(), 3, 7, random.Random(1))
    assert playout.hidden_changes == 0
