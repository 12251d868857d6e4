"""Protocol 2: simultaneous decisions and choose-k picks, on the Pass Hearts test plugin (tests/ only)."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from framework_passing import (
    ArrivalOrderPassHearts,
    DecidingOrderPassHearts,
    HesitatingPassHearts,
    OutOfTurnSuitsPassHearts,
    PassHearts,
    PassOptions,
    PeekingPassHearts,
    Play,
    SeenOutOfTurnPassHearts,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.conformance import ConformanceError, check_random_game
from cardgames.core.choosing import Pick, Picks
from cardgames.core.game import PROTOCOL_VERSION
from cardgames.core.record import Seat, record_from_json, record_to_data, record_to_json, replay
from cardgames.core.state import Choice, LogEntry
from cardgames.core.table import Table, decide
from cardgames.plugins.registry import Registry
from cardgames.primitives.errors import IllegalActionError, PluginError, SaveFileError

GAME = PassHearts()


@settings(max_examples=8)
@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False), players=st.sampled_from([3, 4]))
def test_pass_hearts_passes_the_conformance_kit(seed: int, choices: random.Random, players: int) -> None:
    playout = check_random_game(GAME, PassOptions(deals=3), players, seed, choices)
    assert playout.hidden_changes > 0


def test_the_kit_catches_a_result_that_depends_on_the_order_the_choices_arrive() -> None:
    with pytest.raises(ConformanceError, match="another order, lead to a different state"):
        for seed in range(5):
            check_random_game(ArrivalOrderPassHearts(), PassOptions(deals=1), 4, seed, random.Random(seed))


def test_the_kit_catches_a_view_that_shows_a_pending_choice() -> None:
    with pytest.raises(ConformanceError, match="before the choices are revealed"):
        check_random_game(PeekingPassHearts(), PassOptions(deals=1), 4, 1, random.Random(1))


# Leaks through a seat choosing out of turn (not to_act()). The kit once checked silence and hidden
# moves only at the seat to act's choice, and pending choices only against the other seats' views:
# it passed each of these variants in 40 seeds of 3 deals at 3 and 4 players.


@pytest.mark.parametrize("players", [3, 4])
def test_the_kit_catches_legal_actions_that_tell_another_seat_s_pending_choice(players: int) -> None:
    with pytest.raises(ConformanceError, match=r"the legal actions of seat \d tell whether seat \d chose"):
        check_random_game(OutOfTurnSuitsPassHearts(), PassOptions(deals=1), players, 1, random.Random(1))


@pytest.mark.parametrize("players", [3, 4])
def test_the_kit_catches_who_still_decides_telling_a_pending_choice(players: int) -> None:
    with pytest.raises(ConformanceError, match=r"who acts and who still decides tells whether seat \d chose"):
        check_random_game(DecidingOrderPassHearts(), PassOptions(deals=1), players, 1, random.Random(1))


@pytest.mark.parametrize("players", [3, 4])
def test_the_kit_checks_silence_at_a_choice_made_out_of_turn(players: int) -> None:
    leak = r"after pass \w+ by seat [1-3], the 'hesitating' seat \d sees"
    with pytest.raises(ConformanceError, match=leak):
        check_random_game(HesitatingPassHearts(), PassOptions(deals=1), players, 0, random.Random(0))


@pytest.mark.parametrize("players", [3, 4])
def test_the_kit_checks_hidden_moves_at_a_choice_made_out_of_turn(players: int) -> None:
    named = r"cannot tell pass \w+ from pass \w+ by seat [1-3], but action_seen_by"
    with pytest.raises(ConformanceError, match=named):
        check_random_game(SeenOutOfTurnPassHearts(), PassOptions(deals=1), players, 0, random.Random(0))


def test_silence_sees_who_must_decide_and_the_legal_actions_of_a_seat_choosing_out_of_turn() -> None:
    from cardgames.conformance import check_silence
    from cardgames.core.record import new_record

    game = DecidingOrderPassHearts()
    state = game.new_game(PassOptions(deals=1), 4, 3)
    heart = next(c for c in state.hands[2] if c.suit.name == "HEARTS")
    state.apply(Choice(2, Pick(heart)))  # seat 2 has a heart aside: listed last while it decides
    assert state.to_decide()[-1] == 2 and state.to_act() == 0
    record = new_record(game, PassOptions(deals=1), [Seat(f"P{i + 1}", "random") for i in range(4)], 3)
    move = Choice(1, state.legal_actions_for(1)[0])
    with pytest.raises(ConformanceError, match=r"who must decide \(seats \(0, 1, 3, 2\)\) depends on cards"):
        for seed in range(20):  # a re-deal for seat 0 or 1 redraws seat 2's pending pick
            check_silence(game, state, move, random.Random(seed), record)
    game = OutOfTurnSuitsPassHearts()
    state = game.new_game(PassOptions(deals=1), 4, 3)
    state.apply(Choice(0, state.legal_actions_for(0)[0]))
    with pytest.raises(ConformanceError, match=r"the legal actions of seat 1 depend on cards it cannot see"):
        for seed in range(20):  # seat 1's re-deal redraws seat 0's pending pick, and so its offer
            check_silence(game, state, Choice(1, state.legal_actions_for(1)[0]), random.Random(seed), record)


def _table(seed: int = 5) -> Table:
    return Table.start(GAME, PassOptions(deals=2), [Seat(f"P{i + 1}", "random") for i in range(4)], seed)


def test_every_seat_decides_at_once_and_a_choice_stays_hidden_until_all_are_in() -> None:
    table = _table()
    state = table.state
    assert state.simultaneous() and state.to_decide() == (0, 1, 2, 3)
    # P3 chooses first, out of the to_act order: nobody else's view changes but the count
    before = [state.view(s) for s in range(4)]
    card = state.view(2).hand[0]
    table.act(Pick(card), 2)
    assert table.record.actions[-1] == Choice(2, Pick(card))
    assert state.view(2).chosen == (card,)
    for s in (0, 1, 3):
        now = state.view(s)
        assert now.setting_aside == (0, 0, 1, 0)
        assert attrs.evolve(now, setting_aside=before[s].setting_aside) == before[s]
    with pytest.raises(IllegalActionError, match="cannot set"):
        table.act(Pick(card), 2)  # the same card twice: refused, nothing recorded
    assert len(table.record.actions) == 1
    # everyone completes the pass in a shuffled order; then the passes go left together
    rng = random.Random(0)
    while state.simultaneous():
        seat = rng.choice(state.to_decide())
        table.act(rng.choice(list(state.legal_actions_for(seat))), seat)
    assert not state.simultaneous() and state.to_decide() == (state.to_act(),)
    passed = [a for a in table.record.actions if isinstance(a, Choice) and a.seat == 2]
    assert set(state.view(3).received) == {c.action.card for c in passed}  # P3's go left, to P4


def test_a_bare_action_at_a_simultaneous_decision_is_the_seat_to_act_and_a_wrong_seat_is_refused() -> None:
    table = _table()
    state = table.state
    card = state.view(0).hand[0]
    decide(state, Pick(card), None)
    assert state.view(0).chosen == (card,)
    state = _table().state
    while state.simultaneous():
        decide(state, state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="not P"):
        decide(state, state.legal_actions()[0], (state.to_act() or 0) + 1)


def test_a_record_with_choices_goes_through_json_replays_and_resumes_half_way_through_a_pass() -> None:
    table = _table(9)
    state = table.state
    for seat in (3, 1, 3, 0):  # some seats have chosen part of their pass, others nothing
        table.act(state.legal_actions_for(seat)[0], seat)
    text = record_to_json(GAME, table.record)
    data = json.loads(text)
    assert data["schema"] == 3
    assert data["actions"][0]["type"] == "Choice" and data["actions"][0]["seat"] == 3
    game, record = record_from_json(text, lambda name: GAME)
    resumed = Table.from_record(game, record)
    assert resumed.state == state
    assert resumed.state.to_decide() == (0, 1, 2, 3)
    assert resumed.state.view(3).chosen == state.view(3).chosen and len(state.view(3).chosen) == 2
    # the rest of the game plays on from the resumed table and replays to the same end
    rng = random.Random(3)
    while not resumed.state.is_over():
        seat = rng.choice(resumed.state.to_decide())
        resumed.act(rng.choice(list(resumed.state.legal_actions_for(seat))), seat)
    assert replay(GAME, resumed.record) == resumed.state


def test_a_choice_for_a_seat_with_nothing_to_decide_does_not_replay() -> None:
    table = _table()
    while table.state.simultaneous():
        table.act(table.state.legal_actions()[0])
    data = record_to_data(GAME, table.record)
    data["actions"].append(
        {"type": "Choice", "seat": 1, "action": {"type": "Play", "card": {"rank": 9, "suit": 0}}}
    )
    _, record = record_from_json(json.dumps(data), lambda name: GAME)
    with pytest.raises(SaveFileError, match="is a choice of P2, who has nothing to decide then"):
        replay(GAME, record)


def test_a_choice_in_a_record_must_name_a_seat() -> None:
    table = _table()
    data = record_to_data(GAME, table.record)
    data["actions"] = [
        {"type": "Choice", "seat": "two", "action": {"type": "Pick", "card": {"rank": 9, "suit": 0}}}
    ]
    with pytest.raises(
        SaveFileError, match='the field seat of a choice is "two", not a seat number from 0 to 63'
    ):
        record_from_json(json.dumps(data), lambda name: GAME)


def test_a_person_types_a_whole_pass_in_one_line_and_it_reads_as_picks() -> None:
    state = _table().state
    view = state.view(0)
    a, b, c = view.hand[:3]
    text = GAME.format_action(Picks((Pick(a), Pick(b), Pick(c))))
    assert GAME.parse_action(text, view) == Picks((Pick(a), Pick(b), Pick(c)))
    # legal_actions stays small and exact: one pick per card, not 20 ways to pass 3 of 6
    assert len(state.legal_actions()) == len(view.hand) == 6
    with pytest.raises(Exception, match="3 more cards, not 4"):
        GAME.parse_action(f"pass {text[5:]} {view.hand[3]}", view)


def test_a_random_bot_picking_card_by_card_chooses_every_set_of_three_equally_often() -> None:
    from collections import Counter

    from cardgames.bots.lookup import RandomBot

    state = _table().state
    bot, counts = RandomBot(random.Random(1)), Counter[frozenset[object]]()
    for _ in range(4000):
        trial = state.clone()
        while 0 in trial.to_decide():
            decide(trial, bot.choose(trial.view(0), trial.legal_actions_for(0)), 0)
        counts[frozenset(trial.view(0).chosen)] += 1
    assert len(counts) == 20  # C(6, 3)
    assert max(counts.values()) < 1.5 * min(counts.values())


def test_the_registry_refuses_a_plugin_for_an_unknown_protocol_version_in_one_line() -> None:
    class Future(PassHearts):
        id = "future"
        name = "Future Hearts"
        protocol = 3

    assert PROTOCOL_VERSION == 2
    with pytest.raises(
        PluginError,
        match=r"^it is written for game protocol version 3; this cardgames reads versions 1 and 2$",
    ):
        Registry().register(Future())
    assert Registry().register(PassHearts()).id == "passhearts"


def test_a_search_bot_decides_at_a_simultaneous_decision_out_of_turn() -> None:
    from cardgames.bots.lookup import make_bot

    state = _table().state
    bot = make_bot(GAME, "ismcts:iterations=30", random.Random(2))
    from cardgames.bots.lookup import decide as ask

    action = ask(bot, state, 2)  # P3 is not to_act (P1 is), but it must choose now too
    assert action in state.legal_actions_for(2)
    assert isinstance(action, Pick) and not isinstance(action, Play)


def test_a_plugin_whose_to_decide_is_not_seats_fails_in_one_line() -> None:
    from framework_passing import PassState

    from cardgames.primitives.errors import PluginFailedError

    class Garbled(PassState):
        def to_decide(self) -> tuple[int, ...]:
            return (7,)

    class GarbledGame(PassHearts):
        id = "garbled"
        name = "Garbled"
        state_type = Garbled

    game = Registry().register(GarbledGame())
    state = game.new_game(PassOptions(), 4, 1)
    with pytest.raises(PluginFailedError, match=r"to_decide gave \(7,\), not a tuple of seats of 4"):
        state.to_decide()


def test_the_kit_plays_simultaneous_decisions_as_choices_of_any_seat_and_replays_them() -> None:
    playout = check_random_game(GAME, PassOptions(deals=1), 4, 7, random.Random(7))
    made = [a for a in playout.record.actions if isinstance(a, Choice)]
    assert len(made) == 4 * 3  # every pick of the pass, each recorded with its seat
    assert any(a.seat != 0 for a in made[:3])  # not in seat order: the kit picks who comes first
    again = record_from_json(record_to_json(GAME, playout.record), lambda name: GAME)[1]
    assert replay(GAME, again) == playout.state


def test_the_kit_catches_a_record_that_loses_the_seat_of_its_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record writer that keeps only the bare action of a Choice (the seat is lost) is caught on replay."""
    import cardgames.conformance.ending as kit

    def bare(game: object, record: object) -> str:
        stripped = attrs.evolve(  # type: ignore[misc]
            record,
            actions=[a.action if isinstance(a, Choice) else a for a in record.actions],  # type: ignore[attr-defined]
        )
        return record_to_json(game, stripped)  # type: ignore[arg-type]

    monkeypatch.setattr(kit, "record_to_json", bare)
    with pytest.raises(ConformanceError, match=r"record does not round-trip|replayed record does not reach"):
        check_random_game(GAME, PassOptions(deals=1), 3, 2, random.Random(2))


class BareIsNotTheChoice(PassHearts):
    """A bare action at the pass sets the card aside but also tells everyone (breaks protocol 2)."""

    id = "bare-is-not-the-choice"

    class state_type(PassHearts.state_type):  # type: ignore[name-defined,misc]  # noqa: N801
        def apply(self, action: object) -> None:
            bare = self.simultaneous() and not isinstance(action, Choice)
            super().apply(action)
            if bare:
                self.log.append(LogEntry(None, "a card was set aside without a seat"))


def test_the_kit_catches_a_bare_action_that_is_not_the_choice_of_the_seat_to_act() -> None:
    with pytest.raises(ConformanceError, match=r"applied bare is not the same as the Choice"):
        check_random_game(BareIsNotTheChoice(), PassOptions(deals=1), 3, 1, random.Random(1))
