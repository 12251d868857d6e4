"""The generic ISMCTS bot and the bot levels, on the High Card test plugin (a third-party game)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

import pytest
from framework_highcard import HighCard, HighCardOptions, HighCardState, Play

from cardgames.bots.ismcts import IsmctsBot, Search, Settings
from cardgames.bots.levels import HARD_ITERATIONS, Blundering
from cardgames.bots.lookup import bot_names, check_bot, decide, describe_bots, make_bot
from cardgames.bots.rewards import hand_rewards, rewards
from cardgames.bots.worlds import Worlds
from cardgames.core.state import HandResult
from cardgames.play.seats import parse_players
from cardgames.primitives.cards import sort_key
from cardgames.primitives.errors import OptionError


class CanonicalState(HighCardState):
    """High Card whose worlds depend on the view only: hidden cards are sorted before the shuffle."""

    def determinize(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        hidden = sorted(
            [c for s, h in enumerate(self.hands) if s != seat for c in h] + list(self.stock), key=sort_key
        )
        rng.shuffle(hidden)
        for s in range(self.n):
            if s != seat:
                k = len(self.hands[s])
                other.hands[s], hidden = hidden[:k], hidden[k:]
        other.stock = hidden
        return other


class CanonicalHighCard(HighCard):
    id = "canonicalhighcard"
    state_type = CanonicalState


def swapped_hidden(state: HighCardState, seat: int) -> HighCardState:
    """The same position for ``seat`` with an opponent's card and a stock card exchanged."""
    other = state.clone()
    opponent = next(s for s in range(state.n) if s != seat and other.hands[s])
    other.hands[opponent][0], other.stock[0] = other.stock[0], other.hands[opponent][0]
    return other


def test_the_search_sees_nothing_but_the_view() -> None:
    """Two true states that look alike to the seat get the same move and the same search statistics."""
    game = CanonicalHighCard()
    options = HighCardOptions(hand_size=4)
    for seed in range(6):
        state = game.new_game(options, 3, seed)
        seat = state.to_act()
        assert seat is not None
        twin = swapped_hidden(state, seat)
        assert twin.hands != state.hands and twin.view(seat) == state.view(seat)
        reports = []
        for true_state in (state, twin):
            bot = IsmctsBot(random.Random(7), Settings(iterations=60))
            decide(bot, true_state, seat)
            assert bot.last is not None
            reports.append((bot.last.iterations, bot.last.actions))
        assert reports[0] == reports[1]


def test_worlds_keep_the_view_and_hide_the_state() -> None:
    game = HighCard()
    state = game.new_game(HighCardOptions(hand_size=4), 3, 1)
    worlds = Worlds(state, 0)
    assert not hasattr(worlds, "state") and not hasattr(worlds, "__dict__")
    rng = random.Random(0)
    samples = [worlds.sample(rng) for _ in range(20)]
    assert all(w.view(0) == state.view(0) for w in samples)
    assert any(w.hands[1] != state.hands[1] for w in samples)
    samples[0].apply(samples[0].legal_actions()[0])
    assert worlds.sample(rng).view(0) == state.view(0)  # playing in a world changes nothing


def test_a_search_bot_refuses_to_choose_without_worlds() -> None:
    bot = make_bot(HighCard(), "hard", random.Random(0))
    with pytest.raises(TypeError, match="decide"):
        bot.choose(None, [Play, Play])


def test_an_iteration_budget_reproduces_the_move_and_a_time_budget_stops() -> None:
    game = HighCard()
    state = game.new_game(HighCardOptions(hand_size=5), 4, 3)
    seat = state.to_act()
    assert seat is not None
    moves = {decide(IsmctsBot(random.Random(11), Settings(iterations=80)), state, seat) for _ in range(3)}
    assert len(moves) == 1
    timed = IsmctsBot(random.Random(11), Settings(iterations=None, seconds=0.01))
    assert decide(timed, state, seat) in state.legal_actions()
    assert timed.last is not None and timed.last.iterations >= 1


def test_hand_rewards_read_winners_losers_and_chips() -> None:
    last_trick = HandResult(1, 0, (), (2,), (0, 0, 1, 0), (0, 0, 0, 0), "")
    assert hand_rewards(last_trick, 4) == (1.0, 1.0, 0.0, 1.0)
    out_first = HandResult(1, 0, (1,), (0, 2), (3, 0, 5), (0, 0, 0), "")
    assert hand_rewards(out_first, 3) == (0.0, 1.0, 0.0)
    paid = HandResult(1, 0, (), (0,), (0, 0, 0), (-10, 5, 5), "")
    assert hand_rewards(paid, 3) == (0.0, 1.0, 1.0)
    game = HighCard()
    state = game.new_game(HighCardOptions(), 3, 2)
    assert rewards(state, 0) == (0.5, 0.5, 0.5)  # the protocol's default guess: even


def test_levels_exist_for_a_game_without_a_heuristic() -> None:
    game = HighCard()
    assert {"easy", "medium", "hard", "ismcts", "random", "highest"} <= set(bot_names(game))
    assert set(describe_bots(game)) == set(bot_names(game))
    assert isinstance(make_bot(game, "hard", random.Random(0)), IsmctsBot)
    assert isinstance(make_bot(game, "medium", random.Random(0)), IsmctsBot)
    seats = parse_players(game, "me,bot:ismcts:time=0.5,bot:hard")
    assert [s.bot for s in seats] == [None, "ismcts:time=0.5", "hard"]


def test_easy_plays_its_base_move_or_a_random_one() -> None:
    class First:
        def choose(self, view: Any, legal: Any) -> Any:
            return legal[0]

    easy = Blundering(First(), 0.5, random.Random(3))
    picks = [easy.choose(None, list(range(10))) for _ in range(400)]
    assert 0.45 < picks.count(0) / 400 < 0.65 and len(set(picks)) > 5


@pytest.mark.parametrize(
    ("name", "complaint"),
    [
        ("ismcts:time=abc", "time must be a number"),
        ("ismcts:iterations=2.5", "iterations must be a whole number"),
        ("ismcts:iterations=0", "from 1 to"),
        ("ismcts:time", "key=value"),
        ("ismcts:speed=3", "no setting 'speed'"),
        ("ismcts:time=1:time=2", "twice"),
        ("ismcts:rollout=heuristic", "no heuristic bot"),
        ("ismcts:rollout=clever", "random or heuristic"),
        ("hardest", "no bot called 'hardest'"),
    ],
)
def test_bad_search_settings_get_one_clear_line(name: str, complaint: str) -> None:
    with pytest.raises(OptionError, match=complaint) as info:
        check_bot(HighCard(), name)
    assert "\n" not in str(info.value)
    with pytest.raises(OptionError, match=complaint):
        parse_players(HighCard(), f"me,bot:{name}")


def test_search_settings_are_read() -> None:
    bot = make_bot(HighCard(), "ismcts:time=0.25:c=1.5:horizon=7:rollout=random", random.Random(0))
    assert isinstance(bot, IsmctsBot)
    assert bot.settings == Settings(iterations=None, seconds=0.25, exploration=1.5, horizon=7)
    assert bot.policy is None
    with pytest.raises(ValueError, match="budget"):
        Settings(iterations=None)
    assert Search(Settings(iterations=1), random.Random(0)).report().iterations == 0


def test_a_game_sets_its_own_search_defaults_for_hard_and_ismcts() -> None:
    """Game.search_settings: hard takes them, ismcts keys override them; a wrong key is one line."""

    class Tuned(HighCard):
        search_settings: ClassVar[Mapping[str, float]] = {"iterations": 70, "horizon": 3, "widen": 0.0}

    hard = make_bot(Tuned(), "hard", random.Random(0))
    assert isinstance(hard, IsmctsBot)
    assert hard.settings == Settings(iterations=70, horizon=3, widen=0.0)
    own = make_bot(Tuned(), "ismcts:horizon=9", random.Random(0))
    assert isinstance(own, IsmctsBot) and own.settings == Settings(iterations=70, horizon=9, widen=0.0)
    timed = make_bot(Tuned(), "ismcts:time=0.25", random.Random(0))  # a time budget: no iteration cap
    assert isinstance(timed, IsmctsBot) and timed.settings == Settings(
        iterations=None, seconds=0.25, horizon=3, widen=0.0
    )
    both = make_bot(Tuned(), "ismcts:time=0.25:iterations=9", random.Random(0))
    assert isinstance(both, IsmctsBot) and both.settings.iterations == 9
    plain = make_bot(HighCard(), "hard", random.Random(0))
    assert isinstance(plain, IsmctsBot) and plain.settings == Settings(iterations=HARD_ITERATIONS)

    class Wrong(HighCard):
        search_settings: ClassVar[Mapping[str, float]] = {"time": 0.5}

    with pytest.raises(OptionError, match="search_settings: no setting 'time'") as info:
        make_bot(Wrong(), "hard", random.Random(0))
    assert "\n" not in str(info.value)
