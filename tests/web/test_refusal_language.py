"""A refused move is said in the seat's own language (issue 29), over a real websocket."""

from __future__ import annotations

import json

from web_server import Server
from websockets.sync.client import connect

from cardgames.primitives.cards import CARDS, format_card


def test_each_seat_hears_why_a_move_is_refused_in_its_own_language(server: Server) -> None:
    data = server.open_table({"game": "dernier", "seats": [{"name": "Ann"}, {"name": "Boris"}], "seed": 3})
    live = server.hub.tables[data["table"]]
    seat = live.to_act()
    assert seat is not None
    hand = live.table.state.view(seat).hand
    card = format_card(next(c for c in CARDS if c.rank is not None and c not in hand))
    said = {}
    for lang in ("it", "ru", "en"):
        url = f"ws://127.0.0.1:{server.port}/ws/{data['table']}"
        with connect(url, origin=server.url, open_timeout=5) as conn:  # type: ignore[arg-type]
            conn.send(json.dumps({"type": "hello", "token": data["seats"][seat]["token"], "lang": lang}))
            conn.send(json.dumps({"type": "text", "text": card, "decision": live.decision}))
            while (message := json.loads(conn.recv(timeout=5)))["type"] != "notice":
                pass
            said[lang] = message["text"]
    assert said["it"].startswith("Non si può: non hai ")
    assert said["ru"].startswith("Так нельзя: у вас нет ")
    assert said["en"].startswith("Not allowed: you do not hold ")
    assert live.table.record.actions == []
