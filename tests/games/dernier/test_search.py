"""The generic ISMCTS bot on Dernier positions with a known best move (the evaluation hook: test_leaf.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from cardgames.bots.ismcts import IsmctsBot, Search, Settings
from cardgames.bots.lookup import decide, make_bot
from cardgames.bots.worlds import Worlds
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.actions import Draw, Play
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.dernier.state import DernierState


def positions(players: int, wanted: Callable[[DernierState], bool]) -> Iterator[DernierState]:
    """Positions from heuristic games (seeds 0, 1, ...) where ``wanted`` holds."""
    game = Dernier()
    for seed in range(200):
        state = game.new_game(DernierOptions(), players, seed)
        bots = [make_bot(game, "heuristic", random.Random(s)) for s in range(players)]
        while not state.hand_results():
            if wanted(state):
                yield state
                break
            seat = state.to_act()
            assert seat is not None
            state.apply(decide(bots[seat], state, seat))


def plays(state: DernierState) -> list[Any]:
    return [a for a in state.legal_actions() if type(a) is Play]


def test_the_search_goes_out_with_its_last_card() -> None:
    """D-6: a matching last card wins the hand at once, drawing does not."""

    def last_card(state: DernierState) -> bool:
        seat = state.to_act()
        return seat is not None and len(state.view(seat).hand) == 1 and bool(plays(state))

    found = 0
    for state in positions(3, last_card):
        seat = state.to_act()
        assert seat is not None and any(type(a) is Draw for a in state.legal_actions())
        choice = decide(IsmctsBot(random.Random(found), Settings(iterations=30, horizon=4)), state, seat)
        assert type(choice) is Play
        found += 1
        if found == 3:
            break
    assert found == 3


def test_the_search_calls_dernier_with_its_second_to_last_card() -> None:
    """D-17: playing the second-to-last card without the call costs cards, so the search calls.

    It may still draw instead (D-7) where the worlds say so; it never plays without the call.
    """

    def two_cards(state: DernierState) -> bool:
        seat = state.to_act()
        return (
            seat is not None
            and state.view(seat).pending_penalty == 0
            and len(state.view(seat).hand) == 2
            and any(a.dernier for a in plays(state))
        )

    found = called = 0
    for state in positions(2, two_cards):
        seat = state.to_act()
        assert seat is not None
        choice = decide(IsmctsBot(random.Random(found), Settings(iterations=200, horizon=6)), state, seat)
        assert type(choice) is Draw or (type(choice) is Play and choice.dernier)
        called += type(choice) is Play
        found += 1
        if found == 3:
            break
    assert found == 3 and called >= 2


def test_the_heuristic_shortlists_its_best_scoring_actions_first() -> None:
    """The search's root candidates when a wild joker makes dozens of plays legal."""
    from cardgames.games.dernier.heuristic import HeuristicBot

    def many(state: DernierState) -> bool:
        seat = state.to_act()
        return seat is not None and not state.view(seat).pending_penalty and len(state.legal_actions()) > 12

    found = 0
    for state in positions(2, many):
        seat = state.to_act()
        assert seat is not None
        view, legal = state.view(seat), list(state.legal_actions())
        bot = HeuristicBot(random.Random(0))
        short = bot.shortlist(view, legal, 5)
        assert len(short) == 5 and len(set(short)) == 5 and set(short) <= set(legal)
        score = bot._table.read(view).score  # choose breaks ties with its generator, shortlist by order
        assert score(short[0]) == score(bot.choose(view, legal))
        found += 1
        if found == 3:
            break
    assert found == 3


def test_hard_replays_its_move_for_a_seed_and_plays_its_last_card() -> None:
    """Dernier's hard (the game's own search settings, an iteration budget): same seed, same move; D-6."""
    game = Dernier()

    def last_card(state: DernierState) -> bool:
        seat = state.to_act()
        return seat is not None and len(state.view(seat).hand) == 1 and bool(plays(state))

    def choice(bot_seed: int, state: DernierState) -> Any:
        seat = state.to_act()
        assert seat is not None
        return decide(make_bot(game, "hard", random.Random(bot_seed)), state, seat)

    state = next(positions(2, lambda s: s.to_act() is not None and len(plays(s)) >= 2))
    assert choice(5, state) == choice(5, state.clone())
    assert type(choice(1, next(positions(2, last_card)))) is Play


def test_hard_spends_its_budget_by_table_size() -> None:
    """Dernier's hard: playouts of 8 moves, as many as a move affords at each table size (docs/search.md)."""
    hard = make_bot(Dernier(), "hard", random.Random(0))
    assert isinstance(hard, IsmctsBot)
    budgets = {2: 1100, 3: 850, 4: 850, 5: 750, 6: 750, 7: 700, 8: 650}
    for players in range(Dernier.min_players, Dernier.max_players + 1):
        settings = Settings(iterations=budgets[players], horizon=8, bias=1.0, widen=0.0)
        assert hard.settings_for(players) == settings
    assert hard.settings_for(4) == make_bot(
        Dernier(), "ismcts:iterations=850:horizon=8", random.Random(0)
    ).settings_for(4)
    assert make_bot(Dernier(), "ismcts:iterations=300", random.Random(0)).settings_for(4).iterations == 300
    state = next(positions(4, lambda s: s.to_act() == 0 and len(s.legal_actions()) > 2))
    decide(hard, state, 0)
    assert hard.last is not None
    candidates = len(hard.last.actions)  # each searched in the same worlds: the budget, rounded down
    assert hard.last.iterations == 850 // candidates * candidates


def test_a_world_told_last_hand_stops_with_the_hand_and_deals_no_other() -> None:
    """A search's world ends the match with the hand in play (GameState.last_hand); the game goes on."""
    game = Dernier()
    state = game.new_game(DernierOptions(), 3, 5)  # three hands to win: the match outlasts a hand
    short = state.clone()
    assert short.last_hand() is True
    rng = random.Random(5)
    while not state.hand_results():
        action = rng.choice(list(state.legal_actions()))
        assert short.to_act() == state.to_act()
        short.apply(action)
        state.apply(action)
    assert state.to_act() is not None and state.hand_no == 2  # the match deals the next hand
    assert short.to_act() is None and short.hand_no == 1  # the world does not
    assert list(short.hand_results()) == list(state.hand_results())
    outcome = short.outcome()
    assert outcome is not None and outcome.winners == state.hand_results()[0].winners


def test_a_search_is_the_same_whether_its_worlds_stop_with_the_hand() -> None:
    """Stopping a world with its hand is work saved, not a change: the same move and statistics."""

    class GoesOn(DernierState):
        """The state as if it could not stop with the hand (the protocol's default), counting its deals."""

        deals = 0

        def last_hand(self) -> bool:
            return False

        def _deal(self) -> None:
            GoesOn.deals += 1
            super()._deal()

    def near_the_end(state: DernierState) -> bool:
        return min(state.sizes) <= 2 and len(state.legal_actions()) > 1

    state = next(positions(3, near_the_end))
    seat = state.to_act()
    assert seat is not None
    going_on = GoesOn(None)
    for name in DernierState.fields.names:
        setattr(going_on, name, getattr(state, name))
    reports = []
    for world in (state, going_on):
        settings = Settings(iterations=60, horizon=40, widen=0.0)
        search = Search(settings, random.Random(9), Dernier().bots["heuristic"])
        move = search.run(Worlds(world, seat), world.view(seat), list(world.legal_actions()))
        reports.append((move, search.report().actions))
    assert GoesOn.deals > 0  # playouts did end the hand: the worlds that go on dealt the next one
    assert reports[0] == reports[1]
