"""A plugin's race at a browser table: Durak's throw-in (tests/framework_durak.py) in real Chromium.

The question is open to every seat at once for a window of the same length whatever the
seats hold (the page shows its clock); the first claim wins and closes the others'
questions; silence passes when the window closes (rules I-1..I-3).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from registry_with import installed_plus_plugin
from test_browser_e2e import LAPTOP, play_first, state, wait_state
from web_server import Server

from cardgames.core.state import Choice
from cardgames.web.live import Settings

sys.path.insert(0, str(Path(__file__).parents[1]))
from framework_durak import Pass, Play

pytestmark = pytest.mark.e2e

WINDOW = 1.0  # the answer window, in seconds: the same for every race
RACE_PROMPT = "your move if you want it: the first one in wins"


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    installed_plus_plugin(monkeypatch, "durak", "framework_durak:Durak")
    settings = Settings(bot_delay=0.3, answer_seconds=WINDOW, ledger=tmp_path / "l.db")
    running = Server(tmp_path / "tables", settings)
    yield running
    running.stop()


def test_a_person_races_two_bots_to_throw_in_and_silence_passes(browser: Any, server: Server) -> None:
    seats = [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}]
    data = server.open_table({"game": "durak", "seats": seats, "seed": 4})
    live = server.hub.tables[data["table"]]
    ann = next(k for k, s in enumerate(live.table.seats) if s.name == "Ann")
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(server.link(data, "Ann"))
    wait_state(page, "state.seats.every((s) => s.here || s.bot)")
    claims, silences = 0, 0
    deadline = time.monotonic() + 12
    while not (claims and silences) and not state(page)["over"]:
        assert time.monotonic() < deadline, "no claim and no silence of Ann's in 12 s"
        s = state(page)
        asked = s["tabletop"]["decision"]
        if not s["yours"]:
            page.wait_for_timeout(30)
            continue
        if not (asked and asked["race"]):
            play_first(page)
            continue
        # open to all: the same window (its clock) whether Ann can throw in or not
        assert asked["text"] == RACE_PROMPT and s["clock"]["kind"] == "answer"
        assert set(asked["seats"]) == set(live.table.state.to_decide()) and ann in asked["seats"]
        cards = [a for a in s["actions"] if a["card"]]
        assert [a["text"] for a in s["actions"] if not a["card"]] == ["pass"]
        before = len(live.table.record.actions)
        if cards and not claims:  # Ann throws in: her card is first in, before the bots' delay
            page.locator(f'#hand .card[data-code="{cards[0]["card"]}"]').first.click()
            wait_state(page, f"state.decision > {s['decision']} || state.over")
            made = live.table.record.actions[before]
            assert made == Choice(ann, Play(made.action.card)), made  # the claim, with Ann's seat
            claims += 1
        else:  # Ann says nothing: when the window closes her silence passes (unless a bot claims)
            wait_state(page, f"state.decision > {s['decision']} || state.over", timeout=5_000)
            made = live.table.record.actions[before:]
            if Choice(ann, Pass()) in made:
                assert all(isinstance(m, Choice) and m.action == Pass() for m in made)  # everyone passed
                silences += 1
    assert claims and silences
