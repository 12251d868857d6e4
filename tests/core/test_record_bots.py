"""The framework's bots on a recorded table: by name, seeded per seat, playing from views alone."""

from __future__ import annotations

import random

import pytest
from framework_highcard import HighCard, HighCardOptions, HighestBot

from cardgames.bots.lookup import RandomBot, bot_names, bot_rng, make_bot
from cardgames.core.record import Seat, replay
from cardgames.core.table import Table
from cardgames.primitives.errors import OptionError

GAME = HighCard()
SEATS = [Seat("Ann"), Seat("Bob", "random"), Seat("Cy", "highest")]


def test_bots_by_name() -> None:
    assert bot_names(GAME) == ["easy", "hard", "highest", "ismcts", "medium", "random"]
    assert isinstance(make_bot(GAME, "Random", random.Random(1)), RandomBot)
    assert isinstance(make_bot(GAME, " HIGHEST ", random.Random(1)), HighestBot)
    with pytest.raises(
        OptionError,
        match="no bot called 'clever' for High Card; choose from easy, hard, highest, ismcts, medium, random",
    ):
        make_bot(GAME, "clever", random.Random(1))


def test_random_bot_is_seeded_and_picks_legal_actions() -> None:
    legal = list(range(50))
    a = [RandomBot(random.Random(3)).choose(None, legal) for _ in range(5)]
    b = [RandomBot(random.Random(3)).choose(None, legal) for _ in range(5)]
    assert a == b
    bot = RandomBot(random.Random(4))
    picks = {bot.choose(None, legal) for _ in range(200)}
    assert picks <= set(legal) and len(picks) > 30


def test_bot_generators_are_per_seat_and_independent_of_the_game_and_global_chance() -> None:
    random.seed(0)
    first = bot_rng(5, 1).random()
    random.seed(99)
    assert bot_rng(5, 1).random() == first
    assert bot_rng(5, 2).random() != first
    assert bot_rng(6, 1).random() != first
    assert random.Random(5).random() != first


def test_bots_play_a_whole_game_from_views_alone() -> None:
    seed = 21
    table = Table.start(GAME, HighCardOptions(hand_size=5), SEATS, seed)
    bots = [make_bot(GAME, s.bot or "random", bot_rng(seed, i)) for i, s in enumerate(SEATS)]
    while not table.state.is_over():
        seat = table.state.to_act()
        assert seat is not None
        legal = table.state.legal_actions()
        action = bots[seat].choose(table.state.view(seat), legal)
        assert action in legal
        table.act(action)
    outcome = table.state.outcome()
    assert outcome is not None and sum(outcome.scores) == 0
    assert replay(GAME, table.record) == table.state
