"""Game records: JSON round trip, schema version, atomic writes, damaged files; Table; bots."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from framework_highcard import Draw, HighCard, HighCardOptions, Play
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.core.game import Game
from cardgames.core.record import (
    FORMAT,
    SCHEMA_VERSION,
    GameRecord,
    Seat,
    action_from_data,
    action_to_data,
    load_record,
    record_from_json,
    record_to_data,
    record_to_json,
    replay,
    save_record,
)
from cardgames.core.table import Table
from cardgames.plugins.registry import Registry
from cardgames.primitives.atomic import write_atomic
from cardgames.primitives.cards import CARDS, Card, parse_card
from cardgames.primitives.errors import (
    CardgamesError,
    IllegalActionError,
    OptionError,
    PluginError,
    SaveFileError,
)
from cardgames.primitives.language import speaking

GAME = HighCard()
REG = Registry()
REG.register(GAME)
SEATS = [Seat("Ann"), Seat("Bob", "random"), Seat("Cy", "highest")]


def find(name: str) -> Game[Any, Any]:
    return REG.find(name)


def played_table(seed: int = 4, moves: int = 7) -> Table:
    table = Table.start(GAME, HighCardOptions(hand_size=4), SEATS, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = table.state.legal_actions()
        table.act(legal[rng.randrange(len(legal))])
    return table


def test_actions_are_a_tagged_union_on_type() -> None:
    qh = parse_card("QH")
    assert action_to_data(GAME, Play(qh)) == {"type": "Play", "card": {"rank": 12, "suit": 2}}
    assert action_to_data(GAME, Draw()) == {"type": "Draw"}
    assert action_from_data(GAME, {"type": "Play", "card": {"rank": 12, "suit": 2}}) == Play(qh)
    assert action_from_data(GAME, {"type": "Draw"}) == Draw()


@given(st.sampled_from(CARDS))
def test_every_card_including_the_joker_round_trips_inside_an_action(card: Card) -> None:
    data = json.loads(json.dumps(action_to_data(GAME, Play(card))))
    again = action_from_data(GAME, data)
    assert again == Play(card)
    assert again.card.is_joker == card.is_joker


@pytest.mark.parametrize(
    "data",
    [
        {"type": "Fold"},
        {"card": {"rank": 12, "suit": 2}},
        {"type": "Play"},
        {"type": "Play", "card": "QH"},
        {"type": "Play", "card": {"rank": 99, "suit": 2}},
        {"type": "Play", "card": {"rank": 12, "suit": None}},
        {"type": "Play", "card": {"rank": 12, "suit": 2}, "extra": 1},
        "Draw",
        None,
    ],
)
def test_damaged_actions_are_save_file_errors(data: Any) -> None:
    with pytest.raises(SaveFileError):
        action_from_data(GAME, data)


def test_record_round_trips_through_json_and_replays_identically() -> None:
    table = played_table()
    text = record_to_json(GAME, table.record)
    data = json.loads(text)
    assert data["format"] == FORMAT
    assert data["schema"] == SCHEMA_VERSION == 3
    assert data["game"] == "highcard"
    assert data["seats"][2] == {"name": "Cy", "bot": "highest"}
    assert data["options"] == {"hand_size": 4, "deck": "short", "stake": 1}
    game, again = record_from_json(text, find)
    assert game is REG.find(GAME.id)  # the registry hands out the guarded game
    assert again == table.record
    assert replay(game, again) == table.state
    partial = replay(game, again, upto=3)
    manual = GAME.new_game(HighCardOptions(hand_size=4), 3, again.seed)
    for action in again.actions[:3]:
        manual.apply(action)
    assert partial == manual
    assert partial != table.state


@given(seed=st.integers(0, 10**6), moves=st.integers(0, 12))
@settings(max_examples=20)
def test_record_round_trip_property(seed: int, moves: int) -> None:
    table = played_table(seed, moves)
    game, again = record_from_json(record_to_json(GAME, table.record), find)
    assert again == table.record
    assert replay(game, again) == table.state


def test_save_and_load(tmp_path: Path) -> None:
    table = played_table()
    path = tmp_path / "game.json"
    save_record(path, GAME, table.record)
    assert path.read_text(encoding="utf-8").endswith("\n")
    game, again = load_record(path, find)
    assert again == table.record
    assert Table.from_record(game, again).state == table.state
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_atomic_write_keeps_the_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text("old contents")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_atomic(path, "new contents")
    assert path.read_text() == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    with pytest.raises(SaveFileError, match=r"cannot write .*No space left on device") as info:
        save_record(path, GAME, played_table().record)
    assert path.read_text() == "old contents"
    # still an OSError with its reason, for callers that keep playing when a save fails
    assert isinstance(info.value, OSError)
    assert info.value.strerror == "No space left on device"


def test_saved_files_get_the_usual_permissions_and_keep_changed_ones(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        path = tmp_path / "game.json"
        save_record(path, GAME, played_table().record)
        assert path.stat().st_mode & 0o777 == 0o644  # not mkstemp's private 0600
        path.chmod(0o600)
        save_record(path, GAME, played_table().record)
        assert path.stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(mask)


def test_saving_into_a_missing_folder_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot write"):
        save_record(tmp_path / "nowhere" / "game.json", GAME, played_table().record)


def test_a_save_the_system_refuses_is_said_in_the_language_in_force_with_the_systems_words(
    tmp_path: Path,
) -> None:
    """The line around it is translated; the system's own reason (strerror) is kept as it gives it."""
    with speaking("ru"), pytest.raises(SaveFileError) as info:
        save_record(tmp_path / "nowhere" / "game.json", GAME, played_table().record)
    assert str(info.value).startswith("не удаётся записать ") and "No such file or directory" in str(
        info.value
    )
    with (
        speaking("it"),
        pytest.raises(SaveFileError, match=r"^non si può scrivere .*: il nome del file contiene"),
    ):
        save_record(str(tmp_path / "nul\0.json"), GAME, played_table().record)


def _valid() -> dict[str, Any]:
    return record_to_data(GAME, played_table().record)


def _mutated(**changes: Any) -> str:
    data = _valid()
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


DAMAGED: list[tuple[str, str, str]] = [
    ("empty", "", "not valid JSON"),
    ("truncated", json.dumps(_valid())[:200], "not valid JSON (line 1"),
    ("a list", "[1, 2, 3]", "not a cardgames game file"),
    ("another program's file", '{"name": "my notes"}', "not a cardgames game file"),
    ("huge number", '{"format": "cardgames-record", "schema": ' + "9" * 5000 + "}", "not a readable JSON"),
    ("deep nesting", "[" * 100000 + "]" * 100000, "not"),
    ("newer schema", _mutated(schema=4), "schema version 4; this program reads versions 1, 2, 3"),
    ("schema as text", _mutated(schema="1"), "schema version '1'"),
    ("schema as true", _mutated(schema=True), "schema version True"),
    ("no schema", _mutated(schema=...), "schema version None"),
    ("no seed", _mutated(seed=...), "lacks seed"),
    ("no actions or seats", _mutated(actions=..., seats=...), "lacks seats, actions"),
    ("unknown game", _mutated(game="chess"), "game of 'chess', which is not available"),
    ("other rules version", _mutated(rules_version="0"), "rules version '0' of High Card"),
    (
        "seed as text",
        _mutated(seed="12"),
        'the field seed must be a whole number from 0 up, below 2²⁵⁶ (of at most 78 digits), not "12"',
    ),
    ("seed as bool", _mutated(seed=False), "the field seed must be a whole number from 0 up"),
    ("options a list", _mutated(options=[1]), "the field options must be an object of names and values"),
    ("seats a dict", _mutated(seats={"a": 1}), "the field seats must be a list of seats"),
    ("seat without a name", _mutated(seats=[{"bot": None}]), "seat 1 must have a name (text) and a bot"),
    (
        "seat bot a number",
        _mutated(seats=[{"name": "a", "bot": 3}]),
        "seat 1 must have a name (text) and a bot",
    ),
    ("actions a dict", _mutated(actions={}), "the field actions must be a list"),
    (
        "unknown action",
        _mutated(actions=[{"type": "Fold"}]),
        'action 1 is damaged: its type "Fold" is no move of High Card; the moves are Play, Draw',
    ),
    (
        "bad card",
        _mutated(actions=[{"type": "Play", "card": {"rank": 1, "suit": 0}}]),
        "action 1 is damaged: the field card.rank is 1, not a rank from 2 to 14 (11 jack, 12 queen, 13 king, "
        "14 ace)",
    ),
]

REPLAY_DAMAGED: list[tuple[str, str, str]] = [
    ("unknown option", _mutated(options={"hand_siz": 3}), "options are invalid: unknown option 'hand_siz'"),
    ("bad option value", _mutated(options={"hand_size": 99}), "must be from 1 to 5, not 99"),
    (
        "too few seats",
        _mutated(seats=[{"name": "a", "bot": None}]),
        "cannot be played: High Card is played by 2",
    ),
    (
        "card not held",
        _mutated(actions=[{"type": "Play", "card": {"rank": 7, "suit": 0}}]),
        "action 1 does not replay: Ann may not make the move play 7C there",
    ),
]


@pytest.mark.parametrize(("label", "text", "fragment"), DAMAGED, ids=[d[0] for d in DAMAGED])
def test_damaged_or_foreign_files_give_a_save_file_error(label: str, text: str, fragment: str) -> None:
    with pytest.raises(SaveFileError) as info:
        record_from_json(text, find)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(("label", "text", "fragment"), REPLAY_DAMAGED, ids=[d[0] for d in REPLAY_DAMAGED])
def test_files_that_do_not_replay_give_a_save_file_error(label: str, text: str, fragment: str) -> None:
    game, record = record_from_json(text, find)
    with pytest.raises(SaveFileError) as info:
        replay(game, record)
    assert fragment in str(info.value)


def test_an_action_after_the_end_is_refused() -> None:
    state = GAME.new_game(HighCardOptions(hand_size=1), 2, 3)
    record = GameRecord("highcard", "1", {"hand_size": 1}, SEATS[:2], 3)
    while not state.is_over():
        action = state.legal_actions()[0]
        state.apply(action)
        record.actions.append(action)
    record.actions.append(record.actions[-1])
    with pytest.raises(SaveFileError, match=f"action {len(record.actions)} comes after the end"):
        replay(GAME, record)


def test_file_system_troubles_are_save_file_errors(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="there is no file"):
        load_record(tmp_path / "missing.json", find)
    with pytest.raises(SaveFileError, match="cannot read"):
        load_record(tmp_path, find)  # a folder
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveFileError, match="cannot read"):
        load_record(binary, find)


@settings(max_examples=40)
@given(st.data())
def test_any_corruption_of_a_file_is_a_save_file_error_or_still_replays(data: st.DataObject) -> None:
    text = record_to_json(GAME, played_table(seed=2, moves=5).record)
    i = data.draw(st.integers(0, len(text) - 1))
    how = data.draw(st.sampled_from(["delete", "replace", "insert"]))
    char = data.draw(st.sampled_from(list('0123456789{}[]":,aQ- \\')))
    damaged = {
        "delete": text[:i] + text[i + 1 :],
        "replace": text[:i] + char + text[i + 1 :],
        "insert": text[:i] + char + text[i:],
    }[how]
    try:
        game, record = record_from_json(damaged, find)
        replay(game, record)
    except SaveFileError as exc:
        assert str(exc)


# Table


def test_table_records_every_applied_action_and_nothing_refused() -> None:
    table = Table.start(GAME, HighCardOptions(), SEATS, 11)
    assert table.seats == SEATS
    assert table.record.seed == 11 and table.record.actions == []
    action = table.state.legal_actions()[0]
    table.act(action)
    assert table.record.actions == [action]
    before = table.state.clone()
    with pytest.raises(IllegalActionError):
        table.act(Play(parse_card("2C")))  # not in a 24-card deck
    assert table.record.actions == [action]
    assert table.state == before


def test_table_refuses_a_record_of_another_game() -> None:
    record = played_table().record
    record.game = "dernier"
    with pytest.raises(SaveFileError, match="the record is a game of 'dernier', not of 'highcard'"):
        Table.from_record(GAME, record)


def test_table_refuses_a_bad_player_count() -> None:
    with pytest.raises(OptionError, match="High Card is played by 2 to 4 players, not 5"):
        Table.start(GAME, HighCardOptions(), [Seat(str(i)) for i in range(5)], 1)


def test_table_from_record_continues_where_it_stopped() -> None:
    table = played_table(seed=9, moves=4)
    again = Table.from_record(GAME, copy.deepcopy(table.record))
    assert again.state == table.state
    assert again.options == table.options
    action = table.state.legal_actions()[-1]
    table.act(action)
    again.act(action)
    assert again.state == table.state
    assert again.record == table.record


# Bots


def test_every_framework_error_is_a_cardgames_error() -> None:
    for error in (SaveFileError, OptionError, IllegalActionError, PluginError):
        assert issubclass(error, CardgamesError)
        assert issubclass(error, ValueError)
