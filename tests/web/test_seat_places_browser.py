"""A zone game's seats in the browser: the cards everyone saw go into a hand lie face up on its seat,
and each seat says whom it passes to (tests/plugins/test_seat_places.py holds the model and the terminal)."""

from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path
from typing import Any

import pytest
from test_browser_e2e import LAPTOP, wait_state
from web_server import Server

from cardgames.plugins import registry
from cardgames.primitives.cards import format_card

sys.path.insert(0, str(Path(__file__).parents[1]))

pytestmark = pytest.mark.e2e

SEATS_SHOWN = """() => [...document.querySelectorAll('#seats .seat')].map((s) => ({
  name: s.dataset.seatName,
  known: [...s.querySelectorAll('.known .card')].map((c) => c.dataset.code),
  note: (s.querySelector('.note') || {}).textContent || '',
  label: s.getAttribute('aria-label'),
}))"""


@pytest.fixture(autouse=True)
def plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Durak and Pass On installed as third-party plugins are, for these tests only."""
    reg = registry.Registry()
    found = [
        importlib.metadata.EntryPoint("durak", "framework_durak:Durak", registry.GROUP),
        importlib.metadata.EntryPoint("passon", "framework_passon:PassOn", registry.GROUP),
    ]
    reg.load_entry_points([*found, *importlib.metadata.entry_points(group=registry.GROUP)])
    assert not reg.broken, reg.broken
    monkeypatch.setattr(registry, "_default", reg)


def test_a_card_everyone_saw_go_into_a_hand_lies_face_up_on_its_seat(browser: Any, server: Server) -> None:
    seats = [
        {"name": "Ann"},
        *({"bot": "random"} for _ in range(5)),
    ]  # six share the deck: the trump is dealt
    data = server.open_table({"game": "durak", "seats": seats, "seed": 1})
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(server.link(data, "Ann"))
    wait_state(page, "state.tabletop && state.tabletop.seats.some((s) => s.known.length)")
    live = server.hub.tables[data["table"]].table
    assert live.seats[0].name == "Ann" and live.state.to_act() == 0  # the table waits for Ann: nothing moves
    shown = page.evaluate(SEATS_SHOWN)
    sent = page.evaluate("() => state.tabletop.seats")
    assert [s["known"] for s in shown] == [[c["code"] for c in s["known"]] for s in sent]
    holder = next(s for s in shown if s["known"])
    seat = [s.name for s in live.seats].index(holder["name"])
    assert holder["known"] == [format_card(c) for c in live.state.picked_up[seat]]
    assert "known:" in holder["label"]  # and said to a screen reader


def test_each_seat_says_whom_it_passes_to(browser: Any, server: Server) -> None:
    data = server.open_table({"game": "passon", "seats": [{"name": "Ann"}, {"name": "Bea"}, {"name": "Cid"}]})
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(server.link(data, "Ann"))
    wait_state(page, "state.tabletop !== null")
    live = server.hub.tables[data["table"]].table
    names = [s.name for s in live.seats]
    notes = {s["name"]: s["note"] for s in page.evaluate(SEATS_SHOWN)}
    assert notes == {names[s]: f"passes to {names[to]}" for s, to in live.state.passes_to.items()}
