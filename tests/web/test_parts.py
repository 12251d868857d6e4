"""The web table's parts: the generic layout of any game's view, a game's own layout, the store,
the ``serve`` command (localhost, its address, no token in any log or file)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from attrs import frozen
from web_server import Server, token_of
from websockets.sync.client import connect

from cardgames.core.state import LogEntry
from cardgames.plugins import registry
from cardgames.primitives.cards import JOKER, Card, Rank, Suit, card
from cardgames.web.live import Settings
from cardgames.web.payload import (
    actions_data,
    card_data,
    generic_sections,
    public_view_fields,
    sections_for,
    view_fields,
)
from cardgames.web.store import TableStore

sys.path.insert(0, str(Path(__file__).parents[1]))
from framework_highcard import HighCard


@frozen
class ToyView:
    seat: int
    players: int
    hand: tuple[Card, ...]
    top: Card
    trick: tuple[Card, ...]
    chips: tuple[int, ...]
    phase: str
    suit: Suit
    note: str | None
    to_act: int | None
    log: tuple[LogEntry, ...]


def toy(seat: int, hand: tuple[Card, ...]) -> ToyView:
    return ToyView(
        seat, 2, hand, card(Rank.QUEEN, Suit.HEARTS), (JOKER,), (3, -3), "play", Suit.SPADES, None, 0, ()
    )


def test_cards_have_notation_glyphs_words_and_colour() -> None:
    assert card_data(card(Rank.QUEEN, Suit.HEARTS)) == {
        "code": "QH",
        "glyph": "Q♥",
        "text": "queen of hearts",
        "red": True,
        "joker": False,
    }
    assert card_data(JOKER)["joker"] and card_data(JOKER)["text"] == "joker"


def test_the_generic_layout_reads_cards_scores_and_facts_from_any_view() -> None:
    sections, columns = generic_sections(view_fields(toy(0, ())), 2)
    assert [s["label"] for s in sections] == ["top", "trick", "facts"]
    assert sections[0]["cards"][0]["code"] == "QH" and sections[1]["cards"][0]["code"] == "JOKER"
    assert sections[2]["facts"] == [["phase", "play"], ["suit", "spades"]]
    assert columns == {"chips": [3, -3]}


def test_a_game_may_give_its_own_layout() -> None:
    class Fancy(HighCard):
        def web_sections(self, view: Any) -> tuple[list[Any], dict[str, list[Any]]]:
            return [{"label": "your tricks", "text": str(view.tricks[view.seat])}], {
                "tricks": list(view.tricks)
            }

    game = Fancy()
    view = game.new_game(game.options_type(), 2, 1).view(0)
    assert sections_for(game, view, 2) == ([{"label": "your tricks", "text": "0"}], {"tricks": [0, 0]})
    generic = sections_for(HighCard(), view, 2)
    assert generic[1] == {"hand sizes": [3, 3], "tricks": [0, 0]}  # without the hook: read from the view


def test_a_spectator_gets_only_what_every_seat_sees() -> None:
    """I-1: a field that differs between seats (a hand, the seat itself) is left out."""
    views = [toy(0, (card(Rank.TWO, Suit.CLUBS),)), toy(1, (card(Rank.ACE, Suit.SPADES),))]
    public = public_view_fields(views)
    assert "hand" not in public and "seat" not in public
    assert public["top"] == card(Rank.QUEEN, Suit.HEARTS) and public["chips"] == (3, -3)


def test_a_move_that_takes_several_cards_is_one_selection() -> None:
    from cardgames.games.posledniy import Posledniy

    game = Posledniy()
    from cardgames.core.choosing import picks_left

    state = game.new_game(game.options_type(), 3, 5)
    seat = state.to_act()
    assert seat is not None
    legal = list(state.legal_actions())
    assert len(legal) == 10  # the dealer's ten cards, one pick each, not the 45 ways to pass two
    actions, select = actions_data(game, legal, picks_left(state, seat))
    assert actions == [] and select == 2  # chosen card by card, selected on the page as one move


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """A third-party game installed beside the built-in ones."""
    reg = registry.Registry()
    for game in registry.default_registry().games():
        reg.register(game)
    reg.register(HighCard())
    monkeypatch.setattr(registry, "_default", reg)


def test_any_installed_game_is_served_through_the_protocol(plugin: None, tmp_path: Path) -> None:
    server = Server(tmp_path / "tables", Settings(bot_delay=0.0))
    try:
        data = server.open_table(
            {"game": "high card", "seats": [{"name": "Ann"}, {"bot": "highest"}], "seed": 2}
        )
        with connect(f"ws://127.0.0.1:{server.port}/ws/{data['table']}", origin=server.url) as ws:
            ws.send(json.dumps({"type": "hello", "token": token_of(data, "Ann")}))
            while True:
                message = json.loads(ws.recv(timeout=5))
                if message["type"] != "state":
                    continue
                assert message["game"] == "High Card"
                if message["over"]:
                    break
                if message["yours"]:
                    assert {s["label"] for s in message["sections"]} >= {"trick"} or message["hand"]
                    ws.send(
                        json.dumps(
                            {
                                "type": "text",
                                "text": message["actions"][0]["text"],
                                "decision": message["decision"],
                            }
                        )
                    )
        assert message["outcome"] and "hand sizes" in message["columns"]
        assert (tmp_path / "tables" / f"{data['table']}.json").exists()
    finally:
        server.stop()


def test_damaged_table_files_are_named_and_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = TableStore(tmp_path)
    (tmp_path / "broken.table.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "orphan.table.json").write_text(
        json.dumps({"format": "cardgames-web-table", "id": "orphan1", "seats": [], "spectator": "x"}),
        encoding="utf-8",
    )
    assert list(store.load_all()) == []
    err = capsys.readouterr().err
    assert "skipping broken.table.json" in err and "skipping orphan.table.json" in err


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """The installed ``cardgames serve`` command, on a free port."""
    proc = subprocess.Popen(
        ["cardgames", "serve", "--port", "0", "--tables", str(tmp_path / "tables"), "--bot-delay", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+", line)
    assert found, line
    yield proc, found[0]
    proc.terminate()
    proc.wait(10)


def test_serve_listens_on_this_machine_prints_its_address_and_logs_no_token(
    served: tuple[subprocess.Popen[str], str], tmp_path: Path
) -> None:
    proc, url = served
    request = urllib.request.Request(
        url + "/api/tables",
        data=json.dumps(
            {"game": "dernier", "seats": [{"name": "Ann"}, {"bot": "random"}], "seed": 1}
        ).encode(),
        headers={"Content-Type": "application/json", "Origin": url},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data = json.loads(answer.read())
    token, watch = token_of(data, "Ann"), data["watch"]
    assert len(token) >= 32
    with urllib.request.urlopen(f"{url}/t/{data['table']}", timeout=10) as page:
        assert "table.js" in page.read().decode()
    with connect(url.replace("http", "ws") + f"/ws/{data['table']}", origin=url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            message = json.loads(ws.recv(timeout=5))
            if message["type"] == "state" and message["yours"]:
                ws.send(json.dumps({"type": "act", "i": 0, "decision": message["decision"]}))
                break
        ws.recv(timeout=5)
    proc.terminate()
    out, err = proc.communicate(timeout=10)
    written = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "tables").iterdir())
    for secret in (token, watch):
        assert secret not in out + err and secret not in written


def test_serve_refuses_a_busy_port_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            ["cardgames", "serve", "--port", str(port), "--tables", str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert done.returncode == 2
    assert (
        done.stderr.strip().startswith("error: cannot listen on 127.0.0.1:")
        and "Traceback" not in done.stderr
    )


def test_a_saved_table_whose_bot_is_gone_is_named_and_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardgames.core.record import Seat
    from cardgames.play.start import start_table
    from cardgames.plugins.registry import find_game
    from cardgames.web.hub import Hub
    from cardgames.web.seats import new_keys
    from cardgames.web.store import TableMeta

    store = TableStore(tmp_path)
    table = start_table(find_game("dernier"), [Seat("Ann"), Seat("Bot", "random")], 1, None, [])
    table.record.seats[1] = Seat("Bot", "uninstalled")
    store.write(store.snapshot(TableMeta("gone-bot", new_keys(2)[0]), table))
    assert Hub(store, Settings()).resume_all() == 0
    assert "skipping table gone-bot: no bot called 'uninstalled'" in capsys.readouterr().err


def test_at_a_simultaneous_decision_each_seat_s_own_decision_and_the_clock_its_page_shows() -> None:
    from cardgames.core.state import Choice
    from cardgames.web.simultaneous import Clock, own_since, people_clocks, shown_clock

    actions = ["play", Choice(2, "a"), Choice(0, "b"), Choice(2, "c")]  # the round began at decision 1
    assert [own_since(actions, 1, s) for s in (0, 1, 2)] == [3, 1, 4]
    before = {0: Clock(3, 0, "move", 45.0), 1: Clock(1, 1, "move", 20.0).stopped()}
    before[2] = Clock(2, 2, "move", 30.0)
    clocks = people_clocks(before, {0: 3, 1: 1, 2: 4}, 10.0, now=40.0)
    assert clocks[0] is before[0] and clocks[1] is before[1]  # the same decisions: kept (stopped stays so)
    assert clocks[2] == Clock(4, 2, "move", 50.0)  # seat 2 chose since: a new decision, a full clock
    assert not clocks[1].running
    assert shown_clock(clocks, 0) is clocks[0]  # a page shows its own clock while it decides
    assert shown_clock(clocks, 1) is clocks[0]  # else the first to run out (a stopped one is not shown)
    assert shown_clock(clocks, None) is clocks[0] and shown_clock({}, 0) is None
