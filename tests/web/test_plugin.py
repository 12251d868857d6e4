"""A third-party game plugin at a browser table against a ``hard`` bot, with no plugin-specific switch.

High Card is found as an installed third-party plugin is (an entry point of another
distribution). Its table seats the search bot ``hard``, which runs in the server's process
as it does for the built-in games (docs/sandbox.md#who-runs-where); ``serve
--isolate-bots`` puts a bot that chooses from its view in a child process and keeps the
search in process.
"""

from __future__ import annotations

import sys
import time
import urllib.error
from pathlib import Path
from typing import Any

import pytest
from registry_with import installed_plus_plugin
from test_browser_e2e import LAPTOP, play_first, state, wait_state
from web_server import Server

from cardgames.bots.worlds import SearchingBot
from cardgames.plugins.sandbox import ProcessBot
from cardgames.web.live import Settings

sys.path.insert(0, str(Path(__file__).parents[1]))

pytestmark = pytest.mark.e2e


@pytest.fixture(autouse=True)
def highcard(monkeypatch: pytest.MonkeyPatch) -> None:
    """High Card installed as a third-party plugin, for this test only."""
    installed_plus_plugin(monkeypatch, "highcard", "framework_highcard:HighCard")


def test_a_person_plays_a_plugin_in_the_browser_against_a_hard_bot(browser: Any, server: Server) -> None:
    data = server.open_table({"game": "highcard", "seats": [{"name": "Ann"}, {"bot": "hard"}], "seed": 5})
    live = server.hub.tables[data["table"]]
    assert isinstance(next(iter(live.bots.values())), SearchingBot)  # the search itself, in process
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(server.link(data, "Ann"))
    wait_state(page, "state.seats.every((s) => s.here || s.bot)")
    deadline = time.monotonic() + 60
    while not state(page)["over"]:
        assert time.monotonic() < deadline, "the game did not end"
        if state(page)["yours"]:
            play_first(page)
        else:
            page.wait_for_timeout(40)
    assert live.table.state.is_over() and len(live.table.record.actions) > 4
    assert any(e["text"].startswith("Bot 1 (hard) plays") for e in state(page)["log"])


def test_serve_isolate_bots_puts_a_view_bot_in_a_child_and_keeps_the_search(tmp_path: Path) -> None:
    settings = Settings(bot_delay=0.0, isolate_bots=True, ledger=tmp_path / "l.db")
    server = Server(tmp_path / "tables", settings)
    try:
        data = server.open_table(
            {"game": "highcard", "seats": [{"name": "Ann"}, {"bot": "hard"}, {"bot": "highest"}], "seed": 5}
        )
        live = server.hub.tables[data["table"]]
        bots = {live.table.seats[seat].bot: bot for seat, bot in live.bots.items()}
        assert isinstance(bots["hard"], SearchingBot) and isinstance(bots["highest"], ProcessBot)
        with pytest.raises(urllib.error.HTTPError) as refused:  # code a request names: never, even isolated
            server.open_table({"game": "highcard", "seats": [{"name": "Ann"}, {"bot": "os:system"}]})
        assert refused.value.code == 400 and "code from outside" in refused.value.read().decode()
        assert len(server.hub.tables) == 1
    finally:
        server.stop()
