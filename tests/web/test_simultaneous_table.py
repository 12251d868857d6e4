"""A simultaneous decision at a web table: Pass Hearts' pass (a test plugin, protocol 2) in real browsers.

Every seat of ``to_decide()`` chooses at once, each in its own browser: each page shows
only its own pending picks (the others see how many cards a seat has set aside, never
which), a choice made by another seat meanwhile does not make a page's move late, and the
passes are revealed together, when the last seat has chosen (rule I-1..I-3). Each person
deciding has a move timer of their own, which another seat's choice does not restart, and
a bot's search goes on while the people choose.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from registry_with import installed_plus
from web_server import Server, token_of
from websockets.sync.client import ClientConnection, connect

from cardgames.core.state import Choice
from cardgames.primitives.cards import Card, cards_named, parse_card
from cardgames.web.live import Settings

sys.path.insert(0, str(Path(__file__).parents[1]))
from framework_passing import NoDefaultPassHearts, PassHearts, PassOptions, TimedPassHearts

PEOPLE = ["Ann", "Boris", "Cleo"]


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    installed_plus(monkeypatch, PassHearts(), TimedPassHearts(), NoDefaultPassHearts())
    running = Server(
        tmp_path / "tables", Settings(bot_delay=0.05, answer_seconds=60.0, ledger=tmp_path / "l.db")
    )
    yield running
    running.stop()


def _open(server: Server, seats: list[dict[str, str]], game: str = "passhearts") -> dict[str, Any]:
    return server.open_table({"game": game, "seats": seats, "options": ["deals=1"], "seed": 3})


@contextlib.contextmanager
def _hello(server: Server, data: dict[str, Any], name: str) -> Iterator[ClientConnection]:
    token = token_of(data, name)
    url = f"ws://127.0.0.1:{server.port}/ws/{data['table']}"
    with connect(url, origin=server.url, open_timeout=5) as conn:
        conn.send(json.dumps({"type": "hello", "token": token}))
        yield conn


def _state(conn: ClientConnection, timeout: float = 5) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(conn.recv(timeout=timeout))
        if message["type"] == "state":
            return message
        assert message["type"] != "error", message


def _latest(conn: ClientConnection, condition: Any) -> dict[str, Any]:
    state = _state(conn)
    while not condition(state):
        state = _state(conn)
    return state


def _named(value: Any) -> set[Card]:
    """Every card a page's state names: in card codes and in any text (a log line, a section)."""
    if isinstance(value, dict):
        return set().union(*(_named(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_named(v) for v in value))
    return cards_named(value) if isinstance(value, str) else set()


def _codes(state: dict[str, Any]) -> list[str]:
    return [c["code"] for c in state["hand"]]


def test_people_pass_at_once_over_websockets_and_a_choice_meanwhile_is_not_late(server: Server) -> None:
    data = _open(server, [{"name": n} for n in PEOPLE])
    conns = {}
    with contextlib.ExitStack() as stack:
        for name in PEOPLE:
            conns[name] = stack.enter_context(_hello(server, data, name))
        first = {n: _latest(c, lambda s: all(x["here"] for x in s["seats"])) for n, c in conns.items()}
        assert all(s["yours"] and s["select"] == 3 for s in first.values())  # everyone decides now
        decision = first["Cleo"]["decision"]
        ann_pass = _codes(first["Ann"])[:3]
        conns["Ann"].send(json.dumps({"type": "select", "cards": ann_pass, "decision": decision}))
        after = _latest(conns["Boris"], lambda s: s["decision"] == decision + 3)
        assert not {parse_card(c) for c in ann_pass} & _named(after)  # Ann's pending choice stays hers
        assert after["yours"] and _codes(after) == _codes(first["Boris"])  # nothing revealed yet
        # Cleo's page still says the first decision: Ann's picks in between do not make it late
        cleo_pass = _codes(first["Cleo"])[:3]
        conns["Cleo"].send(json.dumps({"type": "select", "cards": cleo_pass, "decision": decision}))
        cleo = _latest(conns["Cleo"], lambda s: not s["yours"])
        assert _codes(cleo) == _codes(first["Cleo"])  # chosen, waiting for Boris: nothing revealed yet
        boris_pass = _codes(first["Boris"])[:3]
        conns["Boris"].send(json.dumps({"type": "select", "cards": boris_pass, "decision": decision + 6}))
        revealed = {n: _latest(c, lambda s: s["decision"] >= decision + 9) for n, c in conns.items()}
        gave = {"Ann": ann_pass, "Boris": boris_pass, "Cleo": cleo_pass}
        for name, state in revealed.items():  # all three passes arrive together (left, deal 1)
            seat_of = {s["name"]: k for k, s in enumerate(state["seats"])}
            giver = next(n for n in PEOPLE if seat_of[n] == (seat_of[name] - 1) % 3)
            assert set(gave[giver]) <= set(_codes(state)), (name, giver)
            assert not set(gave[name]) & set(_codes(state))


def test_bots_choose_their_passes_beside_a_person(server: Server) -> None:
    data = _open(server, [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}])
    with _hello(server, data, "Ann") as conn:
        state = _latest(conn, lambda s: s["decision"] >= 6)  # the bots have chosen; Ann has not
        assert state["yours"] and state["select"] == 3 and _codes(state) == _codes(_open_again(server, data))
        conn.send(json.dumps({"type": "select", "cards": _codes(state)[:3], "decision": state["decision"]}))
        _latest(conn, lambda s: s["decision"] >= 9)  # revealed: the tricks begin


def test_a_second_click_on_a_list_the_seats_own_pick_changed_is_late(server: Server) -> None:
    data = _open(server, [{"name": "Ann"}, {"name": "Boris"}, {"name": "Cleo"}])
    with _hello(server, data, "Ann") as conn:
        first = _latest(conn, lambda s: s["yours"])
        conn.send(json.dumps({"type": "act", "i": 0, "decision": first["decision"]}))
        _latest(conn, lambda s: s["decision"] == first["decision"] + 1)
        conn.send(json.dumps({"type": "act", "i": 0, "decision": first["decision"]}))  # the page's old list
        while (message := json.loads(conn.recv(timeout=5)))["type"] != "notice":
            pass
        assert "Too late" in message["text"]
    assert len(server.hub.tables[data["table"]].table.record.actions) == first["decision"] + 1


def test_each_person_has_an_own_move_timer_that_another_s_choice_does_not_restart(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TimedPassHearts, "seconds", 60.0)
    data = _open(server, [{"name": n} for n in PEOPLE], "timedpass")
    live = server.hub.tables[data["table"]]
    ann, boris = (next(k for k, s in enumerate(live.table.seats) if s.name == n) for n in ("Ann", "Boris"))
    with _hello(server, data, "Ann") as conn, _hello(server, data, "Boris") as other:
        first = _latest(conn, lambda s: s["yours"] and s["clock"] is not None)
        assert first["clock"]["seat"] == ann and first["clock"]["kind"] == "move"  # its own clock
        assert _latest(other, lambda s: s["clock"] is not None)["clock"]["seat"] == boris
        boris_clock = live.clocks[boris]
        assert set(live.clocks) == {0, 1, 2} and all(c.decision == 0 for c in live.clocks.values())
        conn.send(json.dumps({"type": "act", "i": 0, "decision": first["decision"]}))  # one pick
        _latest(other, lambda s: s["decision"] == 1)
        assert live.clocks[boris] is boris_clock  # Ann's pick did not give Boris more time
        assert live.clocks[ann].decision == 1 and live.clocks[ann].ends > boris_clock.ends  # her next pick


def test_a_clock_that_runs_out_chooses_the_game_s_default_for_that_seat_alone(server: Server) -> None:
    data = _open(server, [{"name": n} for n in PEOPLE], "timedpass")  # nobody moves: 0.3 s a pick
    live = server.hub.tables[data["table"]]
    with _hello(server, data, "Ann") as conn:
        _latest(conn, lambda s: s["decision"] >= 9)  # every pick of the pass was the clock's
    made = live.table.record.actions[:9]
    assert all(isinstance(a, Choice) for a in made)
    assert {a.seat for a in made[:3]} == {0, 1, 2}  # each seat's clock ran at once, not one after another
    start = TimedPassHearts().new_game(PassOptions(deals=1), 3, live.table.record.seed)
    for seat in range(3):  # the game's rule for a slow passer: the lowest cards not set aside yet
        assert [a.action.card for a in made if a.seat == seat] == list(start.view(seat).hand[:3])
    assert [n.text() for n in live.notes].count("Ann: time is up") == 3 and len(live.notes) == 9


def test_a_clock_with_no_default_choice_stops_and_the_seat_takes_its_time(server: Server) -> None:
    data = _open(server, [{"name": n} for n in PEOPLE], "nodefaultpass")
    live = server.hub.tables[data["table"]]
    with _hello(server, data, "Ann") as conn:
        first = _latest(conn, lambda s: s["yours"])
        if first["clock"] is not None:  # (under load they may have run out before Ann came in)
            _latest(conn, lambda s: s["clock"] is None)  # all three clocks ran out and stopped
        assert live.table.record.actions == [] and not any(c.running for c in live.clocks.values())
        conn.send(json.dumps({"type": "select", "cards": _codes(first)[:3], "decision": 0}))
        assert _latest(conn, lambda s: s["decision"] == 3)["clock"] is None  # stopped clocks stay so


class Watched:
    """A real search bot, watched: each call notes the bot's picks so far, and waits for the test's go."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.calls = bot, list[int]()
        self.started, self.go = threading.Event(), threading.Event()

    def choose(self, view: Any, legal: Any) -> Any:
        return self.bot.choose(view, legal)

    def choose_in(self, worlds: Any, view: Any, legal: Any) -> Any:
        self.calls.append(len(view.chosen))
        self.started.set()
        assert self.go.wait(10)
        return self.bot.choose_in(worlds, view, legal)


def test_a_bot_s_search_goes_on_when_a_person_chooses_meanwhile(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardgames.web.live as live_module

    watched: list[Watched] = []

    def make_watched(game: Any, spec: str, seed: int, seat: int, *, isolate: bool = False) -> Watched:
        watched.append(Watched(seat_bot(game, spec, seed, seat, isolate=isolate)))
        return watched[-1]

    seat_bot = live_module.seat_bot
    monkeypatch.setattr(live_module, "seat_bot", make_watched)
    data = _open(server, [{"name": "Ann"}, {"bot": "ismcts:iterations=20"}, {"name": "Cleo"}])
    (bot,) = watched
    assert bot.started.wait(10)  # the bot is searching for its first pick
    with _hello(server, data, "Ann") as conn:
        first = _latest(conn, lambda s: s["yours"])
        conn.send(json.dumps({"type": "select", "cards": _codes(first)[:3], "decision": first["decision"]}))
        _latest(conn, lambda s: s["decision"] == 3)  # Ann's pass is in while the bot still searches
        bot.go.set()
        _latest(conn, lambda s: s["decision"] == 6)  # the bot's three picks
    assert bot.calls == [0, 1, 2]  # one search a pick: the first was not thrown away and begun again
    picks = [a for a in server.hub.tables[data["table"]].table.record.actions if isinstance(a, Choice)]
    assert [a.seat for a in picks] == [0, 0, 0, 1, 1, 1]


def _open_again(server: Server, data: dict[str, Any]) -> dict[str, Any]:
    """Ann's hand as the table holds it (the bots' picks changed nothing of it)."""
    live = server.hub.tables[data["table"]]
    seat = next(k for k, s in enumerate(live.table.seats) if s.name == "Ann")
    from cardgames.web.tabletop import card_data

    return {"hand": [card_data(c) for c in live.table.state.view(seat).hand]}


@pytest.mark.e2e
def test_three_browsers_pass_at_once_and_see_only_their_own_picks(browser: Any, server: Server) -> None:
    data = _open(server, [{"name": n} for n in PEOPLE])
    pages = {}
    for name in PEOPLE:
        page = browser.new_context().new_page()
        page.goto(server.link(data, name))
        pages[name] = page
    for page in pages.values():
        page.wait_for_function(
            "() => state !== null && state.seats.every((s) => s.here) && state.select === 3"
        )
    hands = {n: p.evaluate("() => state.hand.map((c) => c.code)") for n, p in pages.items()}
    chosen = {n: hands[n][:3] for n in PEOPLE}
    decision = pages["Ann"].evaluate("() => state.decision")
    # Cleo and Boris pass first: not in seat order (Ann, P1, is to_act() all along)
    for k, name in enumerate(("Cleo", "Boris")):
        page = pages[name]
        for code in chosen[name]:
            page.locator(f'#hand .card[data-code="{code}"]').click()
        assert page.locator("#hand .card.selected").count() == 3
        page.click("#pass-selected")
        page.wait_for_function(f"() => state.decision >= {decision + 3 * (k + 1)} && !state.yours")
    ann = pages["Ann"]
    ann.wait_for_function(f"() => state.decision >= {decision + 6}")
    seen_by_ann = _named(ann.evaluate("() => state")) | cards_named(ann.inner_text("body"))
    for name in ("Cleo", "Boris"):
        assert not [c for c in chosen[name] if parse_card(c) in seen_by_ann], name  # hidden until revealed
        mine = _named(pages[name].evaluate("() => state"))
        assert all(parse_card(c) in mine for c in chosen[name])  # its own pending picks, shown to itself
        assert pages[name].evaluate("() => state.hand.map((c) => c.code)") == hands[name]  # not yet given
    assert ann.evaluate("() => state.yours && state.select === 3")
    for code in chosen["Ann"]:
        ann.locator(f'#hand .card[data-code="{code}"]').click()
    ann.click("#pass-selected")
    for page in pages.values():  # revealed together: every hand changes at the same decision
        page.wait_for_function(f"() => state.decision >= {decision + 9}")
    for name, page in pages.items():
        now = page.evaluate("() => state.hand.map((c) => c.code)")
        assert not set(chosen[name]) & set(now) and len(now) == len(hands[name])
        assert page.locator("#hand .card").count() == len(now)


@pytest.mark.e2e
def test_a_page_shows_its_own_clock_while_it_passes_then_the_clock_of_a_seat_still_passing(
    browser: Any, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TimedPassHearts, "seconds", 120.0)
    data = _open(server, [{"name": "Ann"}, {"name": "Boris"}, {"bot": "random"}], "timedpass")
    page = browser.new_context().new_page()
    page.goto(server.link(data, "Ann"))
    page.wait_for_function("() => state !== null && state.select === 3")
    page.wait_for_function("() => document.getElementById('clock').textContent.startsWith('move (you): ')")
    for code in page.evaluate("() => state.hand.slice(0, 3).map((c) => c.code)"):
        page.locator(f'#hand .card[data-code="{code}"]').click()
    page.click("#pass-selected")
    # Ann has passed; Boris has not, and his clock is the one her page shows
    clock = "document.getElementById('clock').textContent"
    page.wait_for_function(f"() => !state.yours && {clock}.startsWith('move (') && {clock}.includes('Boris')")
    assert page.evaluate("() => state.clock.seat") == next(
        k for k, s in enumerate(server.hub.tables[data["table"]].table.seats) if s.name == "Boris"
    )
