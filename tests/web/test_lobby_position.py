"""A web table started from a position (the lobby's position field), and the refusal of a bad one.

The lobby reads a position as ``cardgames play GAME --position TEXT`` does: the same
notation, the seed for what it leaves open, and the same one-line refusal for bad text
(hostile input: too long, not text, a card too many, seats that do not match), after
which nothing is created.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from typer.testing import CliRunner
from web_server import Server, token_of
from websockets.sync.client import connect

from cardgames.cli.app import app

DERNIER = "P1=7H 8H; P2=3C 9C; P3=QS; discard=9H; turn=P1; direction=cw"
SEATS = [{"name": "Ann"}, {"name": "Boris"}, {"bot": "random"}]


def _post(server: Server, body: bytes) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        server.url + "/api/tables",
        data=body,
        headers={"Content-Type": "application/json", "Origin": server.url},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _hand(server: Server, data: dict[str, Any], name: str) -> list[str]:
    token = token_of(data, name)
    with connect(
        f"ws://127.0.0.1:{server.port}/ws/{data['table']}", origin=server.url, open_timeout=5
    ) as conn:
        conn.send(json.dumps({"type": "hello", "token": token}))
        while True:
            message = json.loads(conn.recv(timeout=5))
            if message["type"] == "state":
                return [c["code"] for c in message["hand"]]


def test_a_table_starts_from_a_position_and_each_seat_sees_its_hand(server: Server) -> None:
    data = server.open_table({"game": "dernier", "seats": SEATS, "seed": 5, "position": DERNIER})
    live = server.hub.tables[data["table"]]
    assert live.table.record.position == DERNIER  # saved with the table: resume and replay start there
    assert [s["name"] for s in data["seats"]] == ["Ann", "Boris", "Bot 1 (random)"]  # seated as written
    assert _hand(server, data, "Ann") == ["7H", "8H"] and _hand(server, data, "Boris") == ["3C", "9C"]
    saved = [json.loads(f.read_text()) for f in server.folder.rglob("*") if f.is_file()]
    assert any(DERNIER in json.dumps(data) for data in saved)  # on disk before anyone has a link


def _cli_refusal(text: str, players: str = "bot,bot,bot") -> str:
    result = CliRunner().invoke(app, ["play", "dernier", "--position", text, "--players", players])
    assert result.exit_code == 2
    line: str = result.stderr.strip().removeprefix("error: ")
    return line


@pytest.mark.parametrize(
    ("position", "seats"),
    [
        (DERNIER.replace("8H", "9H 9H"), SEATS),  # a card more often than the deck has it
        (DERNIER + "; " + "x" * 5000, SEATS),  # longer than a position may be
        ("P1=7H; turn=P1", SEATS),  # too few seats written
        (DERNIER, SEATS[:2]),  # the position has three seats, the table two
        ("P1=7H 8H; P2=?2; P3=QS; discard=9H; turn=P1", SEATS),  # open cards, but whose knowledge?
    ],
    ids=["card-too-many", "too-long", "one-seat", "seats-differ", "open-without-seen"],
)
def test_a_bad_position_is_the_clis_one_line_and_creates_nothing(
    server: Server, position: str, seats: list[dict[str, str]]
) -> None:
    before = (len(server.hub.tables), sorted(p.name for p in server.folder.glob("*")))
    status, answer = _post(
        server, json.dumps({"game": "dernier", "seats": seats, "position": position}).encode()
    )
    assert status == 400 and "Traceback" not in answer["error"] and "\n" not in answer["error"]
    players = ",".join("bot" for _ in seats)
    assert answer["error"] == _cli_refusal(position, players)
    assert (len(server.hub.tables), sorted(p.name for p in server.folder.glob("*"))) == before


def test_a_position_that_is_not_text_or_far_too_long_is_refused(server: Server) -> None:
    status, answer = _post(
        server, json.dumps({"game": "dernier", "seats": SEATS, "position": ["P1=7H"]}).encode()
    )
    assert (status, answer["error"]) == (400, "position must be text of at most 4000 characters")
    status, answer = _post(
        server, json.dumps({"game": "dernier", "seats": SEATS, "position": "x" * 20000}).encode()
    )
    assert (status, answer["error"]) == (413, "the request is too large")
    assert not server.hub.tables


@pytest.mark.e2e
def test_the_lobby_form_opens_a_table_at_a_position(browser: Any, server: Server) -> None:
    page = browser.new_context().new_page()
    page.goto(server.url + "/")
    page.select_option("#game", "dernier")
    rows = page.locator("#seats li")
    rows.nth(0).locator(".seat-name").fill("Ann")
    rows.nth(1).locator(".seat-kind").select_option("random")
    while page.locator("#seats li").count() > 3:  # the position has three seats
        page.locator("#seats li").last.locator("button").click()
    while page.locator("#seats li").count() < 3:
        page.click("#add-bot")
    page.fill("#position", DERNIER.replace("8H", "9H 9H"))
    page.click("#create")
    page.wait_for_function("() => document.querySelector('#error').textContent !== ''")
    assert page.inner_text("#error") == "9H appears 3 times, but the deck has 2 (D-2)"
    assert page.locator("#links").is_hidden() and not server.hub.tables
    page.fill("#position", DERNIER)
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])", timeout=10_000)
    link = page.locator("#link-list li a").first.get_attribute("href")
    table = browser.new_context().new_page()
    table.goto(link)
    table.wait_for_function("() => state !== null && state.yours")
    codes = table.evaluate("() => state.hand.map((c) => c.code)")
    assert codes == ["7H", "8H"]
    assert table.locator("#hand .card").count() == 2
