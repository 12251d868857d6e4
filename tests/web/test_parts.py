"""The web table's parts: the table as JSON, a spectator's table, the store,
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
from web_server import Server, token_of
from websockets.sync.client import connect

from cardgames.core.tabletop import CentreZone, Decision, Mark, PlacedCard, SeatPlace, Tabletop, ZoneKind
from cardgames.plugins import registry
from cardgames.primitives.cards import JOKER, Card, Rank, Suit, card
from cardgames.web.live import Settings
from cardgames.web.payload import actions_data
from cardgames.web.store import TableStore
from cardgames.web.tabletop import card_data, public_tabletop, tabletop_data, tabletop_of

sys.path.insert(0, str(Path(__file__).parents[1]))
from framework_highcard import HighCard

NAMES = ("Ann", "Boris", "Cleo")


def test_cards_have_notation_glyphs_words_colour_and_the_parts_of_their_face() -> None:
    assert card_data(card(Rank.QUEEN, Suit.HEARTS)) == {
        "code": "QH",
        "glyph": "Q♥",
        "text": "queen of hearts",
        "red": True,
        "joker": False,
        "rank": "Q",
        "suit": "♥",
    }
    assert card_data(JOKER)["joker"] and card_data(JOKER)["text"] == "joker"


def _top(viewer: int, hand: tuple[Card, ...], note: str) -> Tabletop:
    trick = CentreZone(
        ZoneKind.TRICK,
        "Trick",
        (PlacedCard(card(Rank.TEN, Suit.SPADES), 1), PlacedCard(JOKER, 2, "stands for 7♥")),
    )
    return Tabletop(
        viewer=viewer,
        heading="Deal 2",
        seats=tuple(
            SeatPlace(
                i,
                n,
                frozenset({Mark.DEALER}) if i == 0 else frozenset(),
                5,
                1,
                "3 points",
                note if i == viewer else "",
            )
            for i, n in enumerate(NAMES)
        ),
        centre=(trick,),
        hand=hand,
        decision=Decision((viewer,), "Ann plays a card"),
        last=CentreZone(
            ZoneKind.TRICK, "Last trick", (PlacedCard(card(Rank.ACE, Suit.CLUBS), 0),), note="Ann took it"
        ),
        direction=-1,
        suit_in_force=Suit.HEARTS,
    )


def test_the_table_is_sent_with_names_beside_the_cards_and_signs_for_suits() -> None:
    data = tabletop_data(_top(0, (card(Rank.TWO, Suit.CLUBS),), "passed 3 cards to Boris"), NAMES)
    (trick,) = data["centre"]
    assert [(c["code"], c["by"], c["note"]) for c in trick["cards"]] == [
        ("10S", "Boris", ""),
        ("JOKER", "Cleo", "stands for 7♥"),
    ]
    assert data["seats"][0]["marks"] == ["dealer"] and data["seats"][0]["note"] == "passed 3 cards to Boris"
    assert data["last"]["cards"][0]["by"] == "Ann" and data["last"]["note"] == "Ann took it"
    assert data["suit_in_force"] == {"glyph": "♥", "text": "hearts", "red": True} and data["direction"] == -1
    assert [c["code"] for c in data["hand"]] == ["2C"] and data["decision"]["text"] == "Ann plays a card"
    json.dumps(data)  # plain JSON all through


def test_a_spectator_gets_only_what_every_seat_sees() -> None:
    """I-1: a hand, or a note only its own seat reads, is left out of the spectator's table."""
    tops = [_top(s, (card(Rank(2 + s), Suit.CLUBS),), f"secret {s}") for s in range(3)]
    public = public_tabletop(tops)
    assert public.hand == () and public.viewer is None and public.decision is None
    assert [p.note for p in public.seats] == ["", "", ""] and public.seats[0].marks == {Mark.DEALER}
    assert (
        public.centre == tops[0].centre
        and public.last == tops[0].last
        and public.suit_in_force == Suit.HEARTS
    )


def test_a_third_party_game_gets_its_table_with_names_and_its_hand() -> None:
    game = HighCard()
    view = game.new_game(game.options_type(), 2, 1).view(0)
    top = tabletop_of(game, view, ("Ann", "Boris"), view.hand[:1])
    assert [p.name for p in top.seats] == ["Ann", "Boris"] and top.hand == view.hand
    assert top.playable == frozenset(view.hand[:1]) and top.viewer == 0


def test_a_plugin_whose_table_fails_still_gets_the_default_one() -> None:
    class Broken(HighCard):
        def tabletop(self, view: Any, names: Any, **kwargs: Any) -> Any:
            raise RuntimeError("a bug in the plugin")

    game = Broken()
    view = game.new_game(game.options_type(), 2, 1).view(0)
    top = tabletop_of(game, view, ("Ann", "Boris"), ())
    assert [p.name for p in top.seats] == ["Ann", "Boris"] and top.hand == view.hand


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
                    names = [p["name"] for p in message["tabletop"]["seats"]]
                    assert names == [s["name"] for s in message["seats"]] and "Ann" in names
                    ws.send(
                        json.dumps(
                            {
                                "type": "text",
                                "text": message["actions"][0]["text"],
                                "decision": message["decision"],
                            }
                        )
                    )
        assert {r["player"] for r in message["outcome"]["rows"]} == {s["name"] for s in message["seats"]}
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
