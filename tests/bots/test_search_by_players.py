"""A game's search defaults by player count, the flat search (widen 0) and the root's margin."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

import pytest
from framework_highcard import HighCard, HighCardOptions

from cardgames.bots.ismcts import IsmctsBot, Search, Settings
from cardgames.bots.levels import describe, parse_search
from cardgames.bots.lookup import decide, make_bot
from cardgames.bots.worlds import Worlds
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import speaking


class ByPlayers(HighCard):
    search_settings: ClassVar[Mapping[str, float]] = {"iterations": 70, "horizon": 3}
    search_settings_by_players: ClassVar[Mapping[int, Mapping[str, float]]] = {
        3: {"iterations": 12, "bias": 3.0}
    }


def test_a_game_sets_its_search_defaults_by_the_number_of_players() -> None:
    """search_settings_by_players wins over search_settings at that table; the bot's own keys over both."""
    hard = make_bot(ByPlayers(), "hard", random.Random(0))
    assert isinstance(hard, IsmctsBot)
    assert hard.settings == Settings(iterations=70, horizon=3)
    assert hard.settings_for(2) == hard.settings
    assert hard.settings_for(3) == Settings(iterations=12, horizon=3, bias=3.0)
    own = make_bot(ByPlayers(), "ismcts:bias=0.5:horizon=9", random.Random(0))
    assert isinstance(own, IsmctsBot)
    assert own.settings_for(3) == Settings(iterations=12, horizon=9, bias=0.5)
    assert parse_search(ByPlayers(), "ismcts", 3)[0] == hard.settings_for(3)
    searched = []
    for players in (2, 3):
        state = ByPlayers().new_game(HighCardOptions(hand_size=5), players, 4)
        seat = state.to_act()
        assert seat is not None and len(state.legal_actions()) > 1
        decide(hard, state, seat)
        assert hard.last is not None
        searched.append(hard.last.iterations)
    assert searched[0] > 12 >= searched[1] > 0  # the table's size chose the budget


def test_the_levels_line_says_the_budget_of_each_table_size() -> None:
    """cardgames rules: hard's iterations, then those a game sets for some table sizes, in one bracket."""

    class Sizes(ByPlayers):
        search_settings_by_players: ClassVar[Mapping[int, Mapping[str, float]]] = {
            4: {"iterations": 30},
            2: {"iterations": 90},
            3: {"bias": 1.0},
        }

    assert describe(ByPlayers())["hard"].startswith(
        "information-set tree search, 70 iterations a move (12 with 3 players)"
    )
    assert "70 iterations a move (90 with 2 players, 30 with 4)" in describe(Sizes())["hard"]
    assert "iterations a move (" not in describe(HighCard())["hard"]

    class EverySize(ByPlayers):  # two to four players, each with its own budget: no general figure
        min_players, max_players = 2, 4
        search_settings_by_players: ClassVar[Mapping[int, Mapping[str, float]]] = {
            2: {"iterations": 1100},
            3: {"iterations": 750},
            4: {"iterations": 850},
        }

    assert describe(EverySize())["hard"].startswith(
        "information-set tree search, 1,100 iterations a move with 2 players, 750 with 3, 850 with 4"
    )


def test_the_levels_line_says_each_count_with_its_languages_plural_form() -> None:
    """1 iteration, 1 player; Russian's three forms (1 итерация, 3 итерации, 5 итераций); 1.100, 1 100."""

    class Counts(HighCard):
        min_players, max_players = 1, 5
        search_settings: ClassVar[Mapping[str, float]] = {"iterations": 1}
        search_settings_by_players: ClassVar[Mapping[int, Mapping[str, float]]] = {
            1: {"iterations": 2},
            5: {"iterations": 1100},
        }

    class Every(Counts):
        min_players, max_players = 1, 1
        search_settings_by_players: ClassVar[Mapping[int, Mapping[str, float]]] = {1: {"iterations": 5}}

    class Few(Every):  # Russian's third form: 2 to 4, 22 to 24, ...
        search_settings_by_players: ClassVar[Mapping[int, Mapping[str, float]]] = {1: {"iterations": 3}}

    assert "search, 1 iteration a move (2 with 1 player, 1,100 with 5)" in describe(Counts())["hard"]
    assert describe(Every())["hard"].endswith("search, 5 iterations a move with 1 player")
    with speaking("ru"):
        assert "1 итерация на ход (2 при 1 игроке, 1\u00a0100 при 5)" in describe(Counts())["hard"]
        assert describe(Every())["hard"].endswith(", 5 итераций на ход при 1 игроке")
        assert describe(Few())["hard"].endswith(", 3 итерации на ход при 1 игроке")
        assert describe(HighCard())["hard"].startswith(
            "поиск по дереву информационных множеств, 120 итераций на ход"
        )
    with speaking("it"):
        assert "1 iterazione a mossa (2 con 1 giocatore, 1.100 con 5)" in describe(Counts())["hard"]
        assert describe(Every())["hard"].endswith(", 5 iterazioni a mossa con 1 giocatore")


def test_wrong_settings_by_players_are_one_line() -> None:
    class Wrong(HighCard):
        search_settings_by_players: ClassVar[Mapping[int, Mapping[str, float]]] = {4: {"time": 0.5}}

    with pytest.raises(OptionError, match="search_settings_by_players: no setting 'time'") as info:
        make_bot(Wrong(), "hard", random.Random(0))
    assert "\n" not in str(info.value)

    class NotCount(HighCard):
        search_settings_by_players: ClassVar[Mapping[int, Mapping[str, float]]] = {"four": {}}  # type: ignore[dict-item]

    with pytest.raises(OptionError, match="'four' is not a player count"):
        make_bot(NotCount(), "hard", random.Random(0))


def test_widen_zero_searches_no_tree_below_the_root() -> None:
    """widen 0: after the root's action the playout bot plays every move (a flat Monte Carlo search)."""
    state = HighCard().new_game(HighCardOptions(hand_size=5), 3, 2)
    seat = state.to_act()
    assert seat is not None
    for widen, deeper in ((0.0, False), (1.0, True)):
        search = Search(Settings(iterations=60, widen=widen), random.Random(5))
        search.run(Worlds(state, seat), state.view(seat), list(state.legal_actions()))
        assert len(search.root.children) == len(state.legal_actions())
        assert any(node.children for node in search.root.children.values()) is deeper


def test_the_margin_is_the_paired_difference_in_standard_errors() -> None:
    search = Search(Settings(iterations=4), random.Random(0))
    search.scores = [[0.0, 0.0, 1.0, 0.0], [1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0]]
    z, best = search.margin()
    # differences 1, 0, 0, 1 from candidate 0: mean 0.5, standard error 0.5773 / 2
    assert best == 1 and z == pytest.approx(0.5 / (0.57735 / 2), rel=1e-4)
    search.scores = [[1.0, 1.0], [0.0, 1.0]]
    assert search.margin() == (0.0, 0)
