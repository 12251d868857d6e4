"""A server that stays fair to every table (issue 32, items 2 to 6): bots' time, clients' limits, expiry,
the Host header, scoreboard links and bounded JSON, over the real server."""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from web_server import Server
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from cardgames.web.hosts import Hosts
from cardgames.web.limits import MAX_DEPTH, OPEN_BURST, TooDeepError, depth, loads
from cardgames.web.live import Settings
from cardgames.web.thinking import Lane, Thinkers

NESTED = "[" * 1020 + "]" * 1020  # 2 KB: under the size limits, too deep for Python's parser
SLOW = "ismcts:iterations=10000000"  # hours of search, were it not for the cap


def request(
    server: Server,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str | None] | None = None,
    source: str = "127.0.0.1",
) -> tuple[int, Any]:
    """An HTTP request from ``source`` (any address of 127/8 reaches the loopback server)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10, source_address=(source, 0))
    try:
        data = body if isinstance(body, bytes | None) else json.dumps(body).encode()
        sent = {k: v for k, v in {"Origin": server.url, **(headers or {})}.items() if v is not None}
        conn.request(method, path, body=data, headers=sent)
        answer = conn.getresponse()
        raw = answer.read()
        try:
            return answer.status, json.loads(raw)
        except ValueError:
            return answer.status, raw.decode()
    finally:
        conn.close()


def tables_on_disk(server: Server) -> set[str]:
    return {p.name.removesuffix(".table.json") for p in server.folder.glob("*.table.json")}


@pytest.fixture
def fair(tmp_path: Path) -> Any:
    """A server whose bots think at most 0.3 s a move, with short expiry, to watch the limits at work."""
    settings = Settings(bot_delay=0.0, ledger=tmp_path / "l.db", bot_seconds=0.3)
    running = Server(tmp_path / "tables", settings)
    yield running
    running.stop()


# -- item 2: bots' time -------------------------------------------------------------------


def test_a_lobby_table_may_not_ask_a_bot_for_more_time_than_the_host_allows(fair: Server) -> None:
    status, data = request(
        fair, "POST", "/api/tables", {"game": "dernier", "seats": [{"bot": "ismcts:time=30"}] * 4}
    )
    assert status == 400
    assert (
        data["error"] == "bot 'ismcts:time=30' asks for 30 s a move; bots on this server think at most 0.3 s"
    )
    assert fair.hub.tables == {} and tables_on_disk(fair) == set()  # nothing opened
    assert (
        request(fair, "POST", "/api/tables", {"game": "dernier", "seats": [{"bot": "ismcts:time=0.2"}] * 2})[
            0
        ]
        == 200
    )


def test_tables_of_endless_searches_do_not_hold_up_another_table(fair: Server) -> None:
    """Eight tables of searches that would run for hours: each move is cut to its share of the cap, and
    a table of quick bots opened after them plays on at once."""
    for _ in range(8):
        assert (
            request(
                fair,
                "POST",
                "/api/tables",
                {"game": "dernier", "seats": [{"bot": SLOW}] * 4},
                source="127.0.0.2",
            )[0]
            == 200
        )
    status, data = request(
        fair, "POST", "/api/tables", {"game": "dernier", "seats": [{"bot": "heuristic"}] * 2}
    )
    assert status == 200
    quick = fair.hub.tables[data["table"]]
    deadline = time.monotonic() + 10
    while quick.decision < 20 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert quick.decision >= 20  # on main: no move at all while the searches hold every worker
    searching = [t for t in fair.hub.tables.values() if t is not quick]
    time.sleep(1.5)
    assert sum(t.decision for t in searching) >= 2  # the searches move too, a share of the cap each


def test_the_lanes_take_tables_in_turn_and_share_the_cap() -> None:
    """Round robin: a table with five moves waiting does not go before another table's one move."""

    async def scenario() -> tuple[list[str], list[int]]:
        lane = Lane(1, "test")
        order: list[str] = []
        shares: list[int] = []

        def work(name: str) -> Any:
            def run(tables: int) -> None:
                order.append(name)
                shares.append(tables)
                time.sleep(0.01)

            return run

        jobs = [lane.run("A", work(f"A{i}")) for i in range(5)] + [lane.run("B", work("B0"))]
        await asyncio.gather(*jobs)
        lane.pool.shutdown()
        return order, shares

    with ThreadPoolExecutor(1) as own:  # a loop of its own (the browser tests' loop may be running here)
        order, shares = own.submit(asyncio.run, scenario()).result()
    assert order == ["A0", "B0", "A1", "A2", "A3", "A4"]
    assert shares[:2] == [1, 2]  # B waiting: the second search shares the cap with A
    thinkers = Thinkers(2.0)
    assert thinkers.share(1) == 2.0 and thinkers.share(4) == 0.5 and thinkers.share(1000) == 0.05
    thinkers.close()


def test_a_saved_table_of_long_searches_resumes_within_the_cap(tmp_path: Path) -> None:
    """A table saved by a server that allowed 30 s a move resumes on one that allows 0.3 s: capped."""
    folder = tmp_path / "tables"
    generous = Server(folder, Settings(bot_delay=60.0, bot_seconds=600.0))
    data = generous.open_table({"game": "dernier", "seats": [{"bot": "ismcts:time=30"}] * 4})
    generous.stop()
    strict = Server(folder, Settings(bot_delay=0.0, bot_seconds=0.3))
    try:
        live = strict.hub.tables[data["table"]]
        deadline = time.monotonic() + 8
        while live.decision < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert live.decision >= 3  # three moves in seconds, not 90 s
    finally:
        strict.stop()


# -- item 3: clients' limits and expiry -----------------------------------------------------


def test_one_client_flooding_the_lobby_does_not_lock_out_another(fair: Server) -> None:
    body = {"game": "dernier", "seats": [{"name": "A"}, {"name": "B"}]}
    answers = [
        request(fair, "POST", "/api/tables", body, {"Origin": None}, source="127.0.0.2") for _ in range(40)
    ]
    opened = [a for a in answers if a[0] == 200]
    assert len(opened) == OPEN_BURST  # then refused, with a clear line
    assert answers[-1][0] == 429 and answers[-1][1]["error"].startswith("you opened many tables just now")
    assert len(tables_on_disk(fair)) == OPEN_BURST
    assert request(fair, "POST", "/api/tables", body, source="127.0.0.3")[0] == 200  # anyone else: as ever


def test_a_client_may_have_so_many_tables_open_at_once(tmp_path: Path) -> None:
    server = Server(tmp_path / "tables", Settings(bot_delay=0.0, tables_per_client=2))
    try:
        body = {"game": "dernier", "seats": [{"name": "A"}, {"name": "B"}]}
        assert [request(server, "POST", "/api/tables", body)[0] for _ in range(3)] == [200, 200, 429]
        assert request(server, "POST", "/api/tables", body)[1]["error"].startswith(
            "you already have 2 tables open"
        )
    finally:
        server.stop()


def test_idle_and_finished_tables_expire_and_leave_nothing_on_disk(tmp_path: Path) -> None:
    settings = Settings(bot_delay=0.0, idle_seconds=1.0, finished_seconds=0.5)
    server = Server(tmp_path / "tables", settings)
    try:
        body = {"game": "dernier", "seats": [{"name": "Ann"}, {"name": "Boris"}], "seed": 2}
        idle = server.open_table(body)
        watched = server.open_table(body)
        finished = server.open_table(
            {"game": "dernier", "seats": [{"bot": "random"}] * 2, "options": ["hands_to_win=1"]}
        )
        with connect(f"ws://127.0.0.1:{server.port}/ws/{watched['table']}", origin=server.url) as ws:
            ws.send(json.dumps({"type": "hello", "token": watched["watch"]}))
            deadline = time.monotonic() + 5
            while (
                idle["table"] in server.hub.tables or finished["table"] in server.hub.tables
            ) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert set(server.hub.tables) == {watched["table"]}  # someone is watching it
            assert tables_on_disk(server) == {watched["table"]}
            assert not (server.folder / f"{idle['table']}.json").exists()
        time.sleep(1.6)
        assert server.hub.tables == {}
        with connect(f"ws://127.0.0.1:{server.port}/ws/{idle['table']}", origin=server.url) as ws:
            assert json.loads(ws.recv(timeout=5))["text"] == "There is no such table on this server."
    finally:
        server.stop()


def test_a_table_idle_on_disk_for_too_long_is_not_resumed(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    first = Server(folder, Settings(bot_delay=60.0))
    data = first.open_table({"game": "dernier", "seats": [{"bot": "ismcts:time=1"}] * 4})
    first.stop()
    old = time.time() - 3 * 3600  # saved three hours ago: past the two hours an idle table is kept
    for path in folder.glob(f"{data['table']}*"):
        os.utime(path, (old, old))
    again = Server(folder, Settings(bot_delay=0.0))
    try:
        assert again.hub.tables == {} and not list(folder.glob(f"{data['table']}*"))
    finally:
        again.stop()


# -- item 4: the Host header ----------------------------------------------------------------


def test_a_request_for_another_host_is_refused(fair: Server) -> None:
    """DNS rebinding: evil.example pointed at this server, its page's Origin matching its name."""
    evil = {"Host": "evil.example", "Origin": "http://evil.example"}
    status, text = request(
        fair, "POST", "/api/tables", {"game": "dernier", "seats": [{"name": "A"}, {"name": "B"}]}, evil
    )
    assert status == 421 and "--allow-host" in text
    assert fair.hub.tables == {}
    assert request(fair, "GET", "/api/games", headers=evil)[0] == 421
    with pytest.raises(InvalidStatus):
        connect(
            f"ws://127.0.0.1:{fair.port}/ws/x",
            origin="http://evil.example",
            additional_headers={"Host": "evil.example"},
        ).recv(timeout=5)
    assert request(fair, "GET", "/api/games", headers={"Host": f"localhost:{fair.port}"})[0] == 200


def test_the_host_names_a_server_answers() -> None:
    loopback = Hosts("127.0.0.1")
    assert (
        loopback.accepts("127.0.0.1:8000")
        and loopback.accepts("localhost:8000")
        and loopback.accepts("[::1]:8000")
    )
    assert (
        not loopback.accepts("evil.example:8000") and not loopback.accepts("") and not loopback.accepts(None)
    )
    assert not loopback.accepts("192.168.1.5:8000")
    everywhere = Hosts("0.0.0.0", ["games.lan"])
    assert everywhere.accepts("192.168.1.5:8000") and everywhere.accepts(
        "[fe80::1]:8000"
    )  # digits: not rebound
    assert everywhere.accepts("GAMES.lan:8000") and not everywhere.accepts("evil.example")
    one = Hosts("192.168.1.5")
    assert (
        one.accepts("192.168.1.5:8000") and not one.accepts("10.0.0.1:8000") and not one.accepts("localhost")
    )


# -- item 5: scoreboards only through their links ----------------------------------------


def test_scoreboards_open_only_through_the_link_the_table_gave(fair: Server) -> None:
    from typer.testing import CliRunner

    from cardgames.cli.app import app

    for name in ("Secret night", "Other club"):  # on main, any guess was told both names
        ledger = str(fair.settings.ledger)
        assert CliRunner().invoke(app, ["ledger", "new", name, "--ledger", ledger]).exit_code == 0
    data = fair.open_table(
        {"game": "dernier", "seats": [{"name": "Ann"}, {"bot": "random"}], "tournament": "Secret night"}
    )
    for guess in ("anything", "Secret%20night", "U2VjcmV0IG5pZ2h0.AAAAAAAAAAAAAAAAAAAAAA"):
        status, answer = request(fair, "GET", f"/api/scores/{guess}")
        assert status == 404 and answer == {"error": "there is no scoreboard at this link"}
    status, answer = request(fair, "GET", f"/api/scores/{data['scoreboard']}")
    assert status == 200 and answer["tournament"] == "Secret night"
    restarted = fair.restart()  # the link stays the same across a restart
    try:
        assert (
            request(restarted, "GET", f"/api/scores/{data['scoreboard']}")[1]["tournament"] == "Secret night"
        )
    finally:
        restarted.stop()


# -- item 6: JSON bounded before parsing ----------------------------------------------------


def test_json_nested_too_deeply_closes_the_seat_cleanly_and_logs_no_traceback(
    fair: Server, caplog: pytest.LogCaptureFixture
) -> None:
    data = fair.open_table({"game": "dernier", "seats": [{"name": "Ann"}, {"name": "Boris"}], "seed": 1})
    caplog.set_level(logging.INFO)
    with connect(f"ws://127.0.0.1:{fair.port}/ws/{data['table']}", origin=fair.url) as ws:
        ws.send(json.dumps({"type": "hello", "token": data["seats"][0]["token"]}))
        ws.send(NESTED)
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=5)
        assert (
            ws.close_code == 1007 and ws.close_reason == f"message nested more than {MAX_DEPTH} levels deep"
        )
    with connect(f"ws://127.0.0.1:{fair.port}/ws/{data['table']}", origin=fair.url) as ws:
        ws.send(NESTED)  # as the first message, too
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
        assert ws.close_code == 1007
    status, answer = request(fair, "POST", "/api/tables", NESTED.encode())
    assert status == 400 and answer == {
        "error": f"the request is nested too deeply (at most {MAX_DEPTH} levels)"
    }
    assert not [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert fair.hub.tables[data["table"]].decision == 0


def test_a_body_over_the_limit_is_refused_before_it_is_read(fair: Server) -> None:
    status, answer = request(fair, "POST", "/api/tables", b"[" + b" " * 100_000 + b"]")
    assert status == 413 and answer == {"error": "the request is too large"}


def test_depth_counts_brackets_outside_strings_only() -> None:
    assert depth('{"a": [1, {"b": "[[[[{{{{"}]}') == 3
    assert depth('"\\"[[["') == 0 and depth("[]") == 1 and depth("3") == 0
    assert loads('{"type": "act", "i": 3}') == {"type": "act", "i": 3}
    with pytest.raises(TooDeepError):
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


def test_serve_takes_the_limits_and_the_allowed_host_names_from_its_command_line(tmp_path: Path) -> None:
    import re
    import subprocess
    import sys

    command = [sys.executable, "-m", "cardgames", "serve", "--port", "0", "--tables", str(tmp_path)]
    options = ["--allow-host", "games.lan", "--allow-host", "gamebox.local", "--bot-seconds", "1"]
    proc = subprocess.Popen([*command, *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)", proc.stdout.readline())
        assert found
        port = int(found[1])

        def answer(host: str, body: Any = None) -> tuple[int, str]:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                if body is None:
                    conn.request("GET", "/api/games", headers={"Host": host})
                else:
                    conn.request("POST", "/api/tables", json.dumps(body), {"Host": host})
                reply = conn.getresponse()
                return reply.status, reply.read().decode()
            finally:
                conn.close()

        assert answer(f"games.lan:{port}")[0] == 200 and answer("GAMEBOX.local")[0] == 200
        assert answer("evil.example")[0] == 421
        status, text = answer("games.lan", {"game": "dernier", "seats": [{"bot": "ismcts:time=5"}] * 2})
        assert status == 400 and "think at most 1 s" in text
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    assert "Traceback" not in err
