"""A race (GameState.race, GameState.race_pass, cardgames.core.race): the first valid claim wins.

Durak's throw-in (tests/framework_durak.py) is the race played here: after P2 takes, P1,
P3 and P4 may each throw in a seven; a pass is silence.
"""

from __future__ import annotations

from random import Random

import pytest
from framework_durak import Durak, DurakState, Pass, Play, Take
from framework_smallest import TwoTricks

from cardgames.core.options import NoOptions
from cardgames.core.race import is_claim, race_answers, several_asked
from cardgames.core.record import Seat, record_from_json, record_to_json, replay
from cardgames.core.state import Choice
from cardgames.core.table import Table
from cardgames.primitives.cards import parse_card, parse_cards
from cardgames.primitives.errors import IllegalActionError


def _table() -> Table:
    """P1 leads 7H and P2 takes: a race of P1 (may throw in 7D), P3 (7S) and P4 (nothing)."""
    table = Table.start(Durak(), NoOptions(), [Seat(n) for n in ("Anna", "Boris", "Vera", "Gleb")], 0)
    state: DurakState = table.state  # type: ignore[assignment]
    state.hands = [parse_cards(h) for h in ("7H 7D 10C", "8C AC 9H QD", "9S 7S", "KD JC")]
    state.stock, state.trump_card = [], parse_card("6S")
    state.trump = state.trump_card.suit
    state._start_bout(0)
    table.act(Play(parse_card("7H")))
    table.act(Take())
    return table


def test_a_state_is_no_race_unless_it_says_so() -> None:
    state = TwoTricks().new_game(None, 2, 0)
    assert not state.race() and not several_asked(state)
    with pytest.raises(TypeError, match="writes no race_pass"):
        state.race_pass(0)


def test_race_and_race_pass_name_the_open_question() -> None:
    state = _table().state
    assert state.race() and several_asked(state) and state.to_decide() == (0, 2, 3)
    assert state.to_act() == 0 and all(state.race_pass(s) == Pass() for s in (0, 2, 3))
    assert state.legal_actions_for(3) == [Pass()]  # asked all the same: nobody learns who holds a seven
    assert is_claim(state, 2, Play(parse_card("7S"))) and not is_claim(state, 2, Pass())


def test_a_pass_takes_the_seat_out_and_shows_nothing() -> None:
    state = _table().state
    views = [state.view(s) for s in range(4)]
    state.apply(Choice(2, Pass()))
    assert state.to_decide() == (0, 3) and state.race()
    assert [state.view(s) for s in (0, 1, 3)] == [views[s] for s in (0, 1, 3)]
    assert views[0].to_act is None  # the view names nobody to act in a race: that would show who passed


def test_the_first_claim_wins_and_the_others_answers_close() -> None:
    table = _table()
    answers = [(3, Pass()), (2, Play(parse_card("7S"))), (0, Play(parse_card("7D")))]
    assert race_answers(table.state, answers) == [Choice(2, Play(parse_card("7S")))]
    table.settle_race(answers)
    assert table.record.actions[-1] == Choice(2, Play(parse_card("7S")))
    assert table.state.race() and table.state.to_decide() == (0, 2, 3)  # asked again: the answers closed


def test_nobody_claiming_closes_the_race_with_every_pass() -> None:
    table = _table()
    table.settle_race([(0, Pass())])  # P3 and P4 said nothing: silence passes
    assert table.record.actions[-3:] == [Choice(0, Pass()), Choice(2, Pass()), Choice(3, Pass())]
    assert not table.state.race() and table.state.hands[1] == parse_cards("8C AC 9H QD 7H")  # type: ignore[attr-defined]


def test_a_claim_not_allowed_settles_nothing() -> None:
    table = _table()
    before, actions = table.state.clone(), list(table.record.actions)
    with pytest.raises(IllegalActionError, match="P4 cannot claim"):
        table.settle_race([(0, Pass()), (3, Play(parse_card("KD")))])
    with pytest.raises(IllegalActionError, match="P2 is not asked"):
        table.settle_race([(1, Pass())])
    assert table.state == before and table.record.actions == actions


def test_a_game_of_races_replays_from_its_record_exactly() -> None:
    table, rng = Table.start(Durak(), NoOptions(), [Seat(n) for n in ("Anna", "Boris", "Vera")], 5), Random(5)
    halfway: str | None = None
    upto = 0
    while not table.state.is_over():
        state = table.state
        if state.race():  # some seats pass one by one, or a claim comes after a pass
            seat = rng.choice(state.to_decide())
            table.act(rng.choice(list(state.legal_actions_for(seat))), seat)
        else:
            table.act(rng.choice(list(state.legal_actions())))
        last = table.record.actions[-1]
        if halfway is None and table.state.race() and isinstance(last, Choice) and last.action == Pass():
            halfway, upto = record_to_json(table.game, table.record), len(table.record.actions)
    chosen = [a for a in table.record.actions if isinstance(a, Choice)]
    assert any(a.action == Pass() for a in chosen) and any(a.action != Pass() for a in chosen)
    game, again = record_from_json(record_to_json(table.game, table.record), lambda _: table.game)
    assert replay(game, again) == table.state
    assert halfway is not None  # saved with a pass in and the race open: it resumes so
    game, saved = record_from_json(halfway, lambda _: table.game)
    resumed = Table.from_record(game, saved).state
    assert resumed == replay(game, again, upto=upto) and resumed.race()
