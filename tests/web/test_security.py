"""Who may connect and act, and what each seat is sent (rules I-1 to I-3), over real websockets."""

from __future__ import annotations

import contextlib
import json
import random
import time
from typing import Any

import pytest
from web_server import Server
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from cardgames.core.tableread import played_card
from cardgames.primitives.cards import Card, format_card
from cardgames.web.app import RATE
from cardgames.web.screen import screen


def ws(server: Server, table: str, origin: str | None = None) -> ClientConnection:
    return connect(
        f"ws://127.0.0.1:{server.port}/ws/{table}",
        origin=origin or server.url,
        open_timeout=5,  # type: ignore[arg-type]
    )


def hello(conn: ClientConnection, token: str) -> dict[str, Any]:
    conn.send(json.dumps({"type": "hello", "token": token}))
    return next_state(conn)


def next_state(conn: ClientConnection, timeout: float = 5) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(conn.recv(timeout=timeout))
        if message["type"] in ("state", "error"):
            return message


def everyone_here(conn: ClientConnection, state: dict[str, Any]) -> dict[str, Any]:
    """The first state (from ``state`` on) in which every seat is connected."""
    while not all(s["here"] for s in state["seats"]):
        state = next_state(conn)
    return state


def next_notice(conn: ClientConnection) -> str:
    while True:
        message = json.loads(conn.recv(timeout=5))
        if message["type"] == "notice":
            return str(message["text"])


PEOPLE = [{"name": "Ann"}, {"name": "Boris"}, {"name": "Cat"}]


def test_a_seat_token_opens_only_its_own_seat_and_table(server: Server) -> None:
    """I-1: a connection acts only for the seat its token opens, at that table."""
    one = server.open_table({"game": "dernier", "seats": PEOPLE, "seed": 3})
    two = server.open_table({"game": "dernier", "seats": PEOPLE, "seed": 4})
    token = one["seats"][0]["token"]
    with ws(server, two["table"]) as conn:  # table one's token at table two
        assert hello(conn, token)["type"] == "error"
        with pytest.raises(ConnectionClosed):
            conn.recv(timeout=5)
    live = server.hub.tables[one["table"]]
    mover = live.to_act()
    assert mover is not None
    other = (mover + 1) % 3
    with ws(server, one["table"]) as conn:
        state = hello(conn, one["seats"][other]["token"])
        assert state["seat"] == other and not state["yours"] and state["actions"] == []
        before = list(live.table.record.actions)
        # acting for the seat to move, with its legal move, from another seat's connection
        conn.send(json.dumps({"type": "act", "i": 0, "decision": live.decision}))
        assert next_notice(conn) == "It is not your turn."
        conn.send(json.dumps({"type": "text", "text": "draw", "decision": live.decision}))
        assert next_notice(conn) == "It is not your turn."
        assert live.table.record.actions == before
    with ws(server, one["table"]) as conn:  # a made-up token
        assert hello(conn, "x" * 32)["type"] == "error"


def test_the_websocket_refuses_another_origin(server: Server) -> None:
    data = server.open_table({"game": "dernier", "seats": PEOPLE, "seed": 3})
    with pytest.raises(InvalidStatus):
        ws(server, data["table"], origin="http://evil.example").recv(timeout=5)


def test_oversized_malformed_and_flooding_messages_change_nothing(server: Server) -> None:
    data = server.open_table({"game": "dernier", "seats": PEOPLE, "seed": 3})
    live = server.hub.tables[data["table"]]
    seat = live.to_act()
    assert seat is not None
    with ws(server, data["table"]) as conn:
        hello(conn, data["seats"][seat]["token"])
        conn.send("x" * 5000)
        assert next_notice(conn) == "That message is too long."
        conn.send("{not json")
        assert next_notice(conn) == "A message must be JSON."
        conn.send(json.dumps({"type": "act", "i": 10_000, "decision": live.decision}))
        assert next_notice(conn) == "That move is not on the list."
        conn.send(json.dumps({"type": "text", "text": "play the moon", "decision": live.decision}))
        assert next_notice(conn).startswith("Not understood:")
        assert live.table.record.actions == []
        for _ in range(24):  # a flood: past the burst, messages are refused
            conn.send(json.dumps({"type": "ping"}))
        assert next_notice(conn) == "Too many messages: slow down."
    assert live.table.record.actions == []


def _cards_in(value: Any) -> list[str]:
    """Every card code in a payload (cards are objects with a code)."""
    if isinstance(value, dict):
        if "code" in value and "glyph" in value:
            return [str(value["code"])]
        return [c for v in value.values() for c in _cards_in(v)]
    if isinstance(value, list):
        return [c for v in value for c in _cards_in(v)]
    return []


def _visible(view: Any) -> set[str]:
    """Every card the seat's own view shows it."""
    out: set[str] = set()
    for name in dir(view):
        if name.startswith("_"):
            continue
        value = getattr(view, name, None)
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if isinstance(item, Card):
                out.add(format_card(item))
            for sub in getattr(item, "cards", ()) if not isinstance(item, Card) else ():
                if isinstance(sub, Card):
                    out.add(format_card(sub))
    return out


@pytest.mark.parametrize(
    ("game", "options"),
    [("dernier", ["anticipo=on", "hand_size=4", "hands_to_win=1"]), ("posledniy", ["target=1"])],
)
def test_no_payload_holds_a_card_hidden_from_its_seat(server: Server, game: str, options: list[str]) -> None:
    """I-1: every payload to a seat is what its view shows, and does not change when hidden cards do."""
    data = server.open_table({"game": game, "seats": PEOPLE, "seed": 11, "options": options})
    live = server.hub.tables[data["table"]]
    rng = random.Random(5)
    with contextlib.ExitStack() as stack:
        conns = [stack.enter_context(ws(server, data["table"])) for _ in range(3)]
        watcher = stack.enter_context(ws(server, data["table"]))
        first = [hello(c, data["seats"][i]["token"]) for i, c in enumerate(conns)]
        hello(watcher, data["watch"])
        latest = [everyone_here(c, s) for c, s in zip(conns, first, strict=True)]
        steps = 0
        sent = [0.0, 0.0, 0.0]  # when each seat last sent: a browser may send RATE messages a second
        while not live.table.state.is_over() and steps < 400:
            state = live.table.state
            for seat in range(3):
                payload = latest[seat]
                assert payload["decision"] == live.decision
                view = state.view(seat)
                assert set(_cards_in(payload)) <= _visible(view)
                assert not any(s["token"] in json.dumps(payload) for s in data["seats"])  # no link in it
                # the same payload whatever the hidden cards are (other hands, the stock)
                other = state.determinize(seat, random.Random(rng.getrandbits(32)))
                live.table.state = other
                try:
                    again = json.loads(json.dumps(screen(live, seat, {0, 1, 2})))
                finally:
                    live.table.state = state
                again["clock"], payload["clock"] = None, None
                assert again == {**payload, "clock": None}
            seat = live.to_act()
            assert seat is not None
            legal = list(state.legal_actions())
            plays = [i for i, a in enumerate(legal) if played_card(a) is not None]  # plays end a hand sooner
            choice = rng.choice(plays) if plays else rng.randrange(len(legal))
            time.sleep(max(0.0, sent[seat] + 1.05 / RATE - time.monotonic()))
            sent[seat] = time.monotonic()
            conns[seat].send(json.dumps({"type": "act", "i": choice, "decision": live.decision}))
            latest = [next_state(c) for c in conns]
            steps += 1
        assert live.table.state.is_over()
        spectator = next_state(watcher)
        while not spectator["over"]:
            spectator = next_state(watcher)
        assert spectator["hand"] == [] and spectator["seat"] is None


def test_an_anticipo_round_is_open_to_everyone_asked_and_says_nothing_of_who_holds(server: Server) -> None:
    """D-20, I-2: after a play every person asked sees the same open window; a "no" does not end it
    for the others, and it ends only when everyone asked has said no (or when it runs out)."""
    data = server.open_table(
        {"game": "dernier", "seats": [*PEOPLE, {"name": "Dan"}], "seed": 3, "options": ["anticipo=on"]}
    )
    live = server.hub.tables[data["table"]]
    with contextlib.ExitStack() as stack:
        conns = [stack.enter_context(ws(server, data["table"])) for _ in range(4)]
        first = [hello(c, data["seats"][i]["token"]) for i, c in enumerate(conns)]
        latest = [everyone_here(c, s) for c, s in zip(conns, first, strict=True)]
        for _ in range(60):  # play first moves until a round of questions opens
            if live.round is not None:
                break
            seat = live.to_act()
            assert seat is not None
            conns[seat].send(json.dumps({"type": "act", "i": 0, "decision": live.decision}))
            latest = [next_state(c) for c in conns]
        rnd = live.round
        assert rnd is not None and len(rnd.asks) >= 2
        asked = [a.seat for a in rnd.asks]
        for seat in range(4):
            assert latest[seat]["clock"]["kind"] == "answer"  # the same window for every seat
            assert latest[seat]["yours"] == (seat in asked)
        decision = live.decision
        *early, last = asked
        for seat in early:  # the first ones say no: the window stays open for the last
            no = next(a["i"] for a in latest[seat]["actions"] if a["text"] == "no")
            conns[seat].send(json.dumps({"type": "act", "i": no, "decision": decision}))
            assert not next_state(conns[seat])["yours"]
        assert live.round is rnd and live.decision == decision
        no = next(a["i"] for a in latest[last]["actions"] if a["text"] == "no")
        conns[last].send(json.dumps({"type": "act", "i": no, "decision": decision}))
        state = next_state(conns[last])
        while state["decision"] == decision:
            state = next_state(conns[last])
        assert live.decision == decision + len(asked)  # every silence recorded, in the engine's order


def test_a_table_takes_every_bot_the_terminal_takes_and_refuses_bad_settings_clearly(server: Server) -> None:
    """Bot names and search settings are read as the terminal and the lab read them."""
    import urllib.error

    data = server.open_table({"game": "dernier", "seats": [{"name": "Ann"}, {"bot": "ismcts:iterations=5"}]})
    assert any(s.get("bot") == "ismcts:iterations=5" or "ismcts" in s["name"] for s in data["seats"]), data
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.open_table({"game": "dernier", "seats": [{"name": "Ann"}, {"bot": "ismcts:bogus=1"}]})
    assert refused.value.code == 400 and "bogus" in refused.value.read().decode()
