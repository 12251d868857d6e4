"""The search bots in a race (Durak's throw-in): asked out of turn, they answer from worlds of their own."""

from __future__ import annotations

import random
from typing import Any

import pytest
from framework_durak import Durak, DurakState, Pass, Play, Take

from cardgames.bots.lookup import decide
from cardgames.bots.worlds import Worlds, catch_up
from cardgames.core.options import NoOptions
from cardgames.core.record import Seat
from cardgames.core.state import Choice
from cardgames.core.table import Table
from cardgames.plugins.sandbox import seat_bot
from cardgames.primitives.cards import parse_card, parse_cards


def _taking() -> DurakState:
    """P1 leads 7H, P2 takes: P1 (7D), P3 (7S) and P4 (nothing) are asked at once."""
    state = Durak().new_game(NoOptions(), 4, 0)
    state.hands = [parse_cards(h) for h in ("7H 7D 10C", "8C AC 9H QD", "9S 7S", "KD JC")]
    state.stock, state.trump_card = parse_cards("6H 8D"), parse_card("6S")
    state.trump = state.trump_card.suit
    state._start_bout(0)
    state.apply(Play(parse_card("7H")))
    state.apply(Take())
    return state


@pytest.mark.parametrize("bot", ["ismcts:iterations=40", "hard", "medium", "random"])
def test_every_bot_answers_a_race_out_of_turn_with_one_of_its_own_answers(bot: str) -> None:
    state = _taking()
    for seat in (2, 3):  # neither is to act: the race is open to both
        answer = decide(seat_bot(Durak(), bot, 1, seat), state, seat)
        assert answer in state.legal_actions_for(seat)
    assert state.to_decide() == (0, 2, 3)  # asking changed nothing


def test_a_search_world_of_a_race_keeps_the_race_and_plays_it_in_the_game_s_order() -> None:
    state = _taking()
    world = Worlds(state, 2).sample(random.Random(3))
    assert world.race() and world.to_decide() == state.to_decide() and world.view(2) == state.view(2)
    world.apply(Choice(2, Play(parse_card("7S"))))  # the searcher's own claim, out of turn
    assert world.race() and set(world.to_decide()) <= {0, 2, 3}
    while world.race():  # a playout asks the rest in turn: a bare action is to_act()'s answer
        world.apply(Pass())
    assert not world.race() and parse_card("7S") in world.hands[1]  # type: ignore[attr-defined]


def _play(table: Table, bots: dict[int, Any], until: int) -> None:
    """Bots play as the terminal and the lab do: a race's seats all answer the same state."""
    while not table.state.is_over() and len(table.record.actions) < until:
        state = table.state
        if state.race():
            table.settle_race([(s, decide(bots[s], state, s)) for s in state.to_decide()])
        else:
            seat = state.to_act()
            assert seat is not None
            table.act(decide(bots[seat], state, seat))


def test_bots_caught_up_on_a_record_of_races_play_on_as_if_the_game_never_stopped() -> None:
    game, seats = Durak(), [Seat(f"Bot {s}", "random") for s in range(1, 4)]
    table = Table.start(game, NoOptions(), seats, 7)
    _play(table, {s: seat_bot(game, "random", 7, s) for s in range(3)}, 40)
    saved = list(table.record.actions)
    assert any(isinstance(a, Choice) for a in saved)
    bots = {s: seat_bot(game, "random", 7, s) for s in range(3)}
    _play(again := Table.start(game, NoOptions(), seats, 7), bots, 40)
    _play(again, bots, 80)  # the game that never stopped
    fresh = {s: seat_bot(game, "random", 7, s) for s in range(3)}
    resumed = Table.start(game, NoOptions(), seats, 7)
    catch_up(fresh, resumed.state.clone(), saved)
    for action in saved:
        resumed.state.apply(action)
    resumed.record.actions[:] = saved
    _play(resumed, fresh, 80)
    assert resumed.record.actions == again.record.actions
