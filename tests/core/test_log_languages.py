"""Issue 29: a game's log is data said in the reader's language; records and saved games stay neutral."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import cattrs
import pytest
from framework_highcard import HighCardOptions
from framework_speaking import SpeakingHighCard
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.record import Seat, load_record, new_record, replay, save_record
from cardgames.core.state import LogEntry, log_hooks
from cardgames.games.dernier.game import Dernier
from cardgames.games.posledniy import log
from cardgames.games.posledniy.game import Posledniy
from cardgames.play.logs import entry_text, log_names
from cardgames.play.seats import parse_players
from cardgames.plugins.registry import find_game
from cardgames.primitives.language import speaking
from cardgames.primitives.said import said_data, said_from_data
from cardgames.primitives.seating import draw_said

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
ITALIAN_WORDS = ("gioca", "pesca", "mano", "mazziere", "smazzata", "Tu")


def played_out(game: Any, seed: int, moves: int) -> Any:
    state = game.new_game(game.options_type(), 4, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.to_act() is None:
            break
        state.apply(rng.choice(list(state.legal_actions())))
    return state


def test_one_dernier_state_reads_in_three_languages_at_once() -> None:
    state = played_out(Dernier(), 3, 40)
    log = state.view(0).log
    plays = [e for e in log if e.said.key == "{who} plays {card}"]
    assert plays, "a random game of 40 moves has plays"
    with speaking("it"):
        italian = [e.text for e in state.view(0).log]
    with speaking("ru"):
        russian = [e.text for e in state.view(1).log]
    english = [e.text for e in state.view(0).log]
    assert any(re.match(r"P\d gioca ", t) for t in italian)
    assert any(re.match(r"P\d ходит ", t) for t in russian)
    assert any(re.match(r"P\d plays ", t) for t in english)
    assert any(t.startswith("la prima carta è ") for t in italian)
    # the same entries (data), only their words differ; English was not changed by reading the others
    assert state.view(0).log == log and [e.text for e in log] == english
    # seat 0 reads its own draw's card and seat 1 does not: hidden information stays hidden in every language
    with speaking("ru"):
        own = [e.text for e in state.view(0).log if e.said.key == "{who} draws {card}"]
        theirs = [e.text for e in state.view(1).log if e.said.key == "{who} draws {card}" and e.seat == 0]
    assert theirs == [] and all(t.startswith("P1 берёт ") for t in own)


def test_russian_plurals_in_posledniy_log_lines() -> None:
    state = played_out(Posledniy(), 1, 12)  # the dealer deals, everyone passes face down
    public = [e.public_entry for e in state.view(3).log]
    passes = [e for e in public if e.said.key.startswith("passes 1 card")]
    assert passes
    with speaking("ru"):
        for count, word in ((1, "карту"), (2, "карты"), (3, "карты"), (5, "карт"), (21, "карту")):
            assert LogEntry(0, log.say(log.PASSES, count=count)).text == f"сносит {count} {word} налево"
        deal = next(e for e in public if e.said.key.startswith("deals for deal"))
        dealt = r"сдаёт сдачу 1: по 7 карт каждому и оставляет себе \d+ оставш\w+ карт\w*"
        assert re.fullmatch(dealt, deal.text)


def test_the_seat_draw_is_said_in_each_language() -> None:
    state = Posledniy().new_game(Posledniy().options_type(), 4, 7)
    draw = state.seat_draw()
    assert draw is not None
    said = draw_said(draw)
    assert str(said).startswith("seat draw, in the order the players drew: ")
    with speaking("it"):
        assert "ha pescato la carta più alta e fa il mazziere" in str(said)
        assert str(said).endswith("siedono P2, P3 e P4")
    with speaking("ru"):
        assert "вытянул старшую карту и сдаёт" in str(said) and str(said).endswith("сидят P2, P3 и P4")
    assert state.view(0).log[0].said == said  # the log's first entry is the draw, as data


def test_a_plugin_log_entry_is_translated_through_its_own_catalog() -> None:
    game = SpeakingHighCard()
    state = game.new_game(HighCardOptions(), 3, 4)
    rng = random.Random(4)
    while not any(e.said.catalog is not None for e in state.view(0).log):
        state.apply(rng.choice(list(state.legal_actions())))
    taken = next(e for e in state.view(0).log if e.said.catalog is not None)
    assert re.fullmatch(r"P\d takes the trick: 1 trick so far", taken.text)
    with speaking("it"):
        assert re.fullmatch(r"P\d prende la presa: 1 presa finora", taken.text)
    with speaking("ru"):
        assert re.fullmatch(r"P\d берёт взятку: пока 1 взятка", taken.text)


def test_made_up_seat_names_are_stored_in_english_and_said_in_the_reader_s_language() -> None:
    with speaking("ru"):
        seats = parse_players(Dernier(), "me,bot,Анна")
        assert [s.name for s in seats] == ["You", "Bot 1 (heuristic)", "Анна"]  # stored neutrally
        assert [s.spoken for s in seats] == ["Вы", "Бот 1 (heuristic)", "Анна"]  # a typed name stays as typed
        assert log_names(seats) == ["P1 (вы)", "Бот 1", "Анна"]
        assert entry_text(seats, LogEntry(0, "x")) == "P1 (вы) x"
    with speaking("it"):
        assert [s.spoken for s in seats] == ["Tu", "Bot 1 (heuristic)", "Анна"]
    assert Seat("Bot 1 (heuristic)", "random").spoken == "Bot 1 (heuristic)"  # not the program's name for it


@pytest.mark.parametrize("game", [Dernier(), Posledniy()])
def test_a_record_written_in_russian_replays_identically_in_italian_with_no_words_saved(
    game: Any, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    with speaking("ru"):
        record = new_record(game, game.options_type(), parse_players(game, "me,bot,bot,bot"), 11)
        state = replay(game, record)
        rng = random.Random(11)
        for _ in range(60):
            if state.to_act() is None:
                break
            action = rng.choice(list(state.legal_actions()))
            record.actions.append(action)
            state.apply(action)
        russian = [e.text for e in state.view(0).log]
        save_record(path, game, record)
    saved = path.read_text(encoding="utf-8")
    assert not CYRILLIC.search(saved) and not any(w in saved for w in ITALIAN_WORDS)
    assert json.loads(saved)["seats"][0]["name"] == "You"
    with speaking("it"):
        _, loaded = load_record(path, find_game)
        again = replay(game, loaded)
        assert again == state
        italian = [e.text for e in again.view(0).log]
    assert len(italian) == len(russian) and italian != russian
    assert not any(CYRILLIC.search(t) for t in italian)
    assert any(" gioca " in t or t.startswith("gioca ") for t in italian)


def test_a_saved_replay_reads_in_the_language_of_whoever_opens_it(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "g.json"
    with speaking("ru"):
        args = ["play", "posledniy", "--players", "bot,bot,bot,bot", "--seed", "3", "--save", str(path)]
        runner.invoke(app, [*args, "--json"])
    assert not CYRILLIC.search(path.read_text(encoding="utf-8"))
    with speaking("it"):
        shown = runner.invoke(app, ["replay", str(path), "--brief"])
    assert shown.exit_code == 0, shown.output
    assert "prende l'ultima presa" in shown.output and "takes the last trick" not in shown.output


def test_a_game_saved_with_lang_ru_replays_with_lang_it_in_italian(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    environ = {**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
    environ["CARDGAMES_SETTINGS"] = str(tmp_path / "none.toml")

    def cardgames(*argv: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "cardgames", *argv]
        return subprocess.run(command, capture_output=True, text=True, env=environ, timeout=60)

    played = cardgames(
        "play", "dernier", "--players", "bot,bot", "--seed", "4", "--save", str(path), "--lang", "ru"
    )
    assert played.returncode == 0, played.stderr
    assert "Бот 1 берёт" in played.stdout and not CYRILLIC.search(path.read_text(encoding="utf-8"))
    shown = cardgames("replay", str(path), "--brief", "--lang", "it")
    assert shown.returncode == 0, shown.stderr
    assert "Bot 1 gioca " in shown.stdout and not CYRILLIC.search(shown.stdout)


def test_a_view_s_log_travels_as_data_and_comes_back() -> None:
    state = played_out(Dernier(), 5, 30)
    view = state.view(1)
    conv = log_hooks(cattrs.Converter())
    data = json.loads(json.dumps(conv.unstructure(view)))
    back = conv.structure(data, type(view))
    assert back.log == tuple(view.log)
    entry = view.log[-1]
    assert said_from_data(said_data(entry.said)) == entry.said
    assert said_from_data(said_data(LogEntry(0, "plain").said)).words() == "plain"


def test_two_seats_at_one_browser_table_read_its_log_in_two_languages() -> None:
    from cardgames.web.payload import log_data

    state = played_out(Posledniy(), 2, 20)
    seats = [Seat("Anna"), Seat("Bot 1 (heuristic)", "heuristic"), Seat("Boris"), Seat("You")]
    with speaking("it"):
        italian = log_data(seats, state.view(0).log)
    with speaking("ru"):
        russian = log_data(seats, state.view(1).log)
    english = log_data(seats, state.view(0).log)
    assert any(e["text"].startswith("seat draw") for e in english)
    assert any(e["text"].startswith("sorteggio dei posti") for e in italian)
    assert any(e["text"].startswith("жеребьёвка мест") for e in russian)
    assert any(" gioca " in e["text"] for e in italian) and any(" ходит " in e["text"] for e in russian)
    assert any("Бот 1" in e["text"] for e in russian) and not any("Бот" in e["text"] for e in italian)
