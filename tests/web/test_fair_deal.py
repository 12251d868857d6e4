"""At a browser table each person's browser adds a committed random value to the deal (docs/fair-deal.md).

In a real Chromium: two people's pages commit, reveal, play a game of Dernier to its end,
and each finds its own value among those the game was dealt with; ``cardgames verify``
says the saved game is fair, and without the values (or with one changed) it is not.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner
from web_server import Server

from cardgames.cli.app import app
from cardgames.core.record import load_record
from cardgames.plugins.registry import find_game

SEATS = [{"name": "Ann"}, {"name": "Bob"}, {"bot": "easy"}]
OPTIONS = ["hand_size=5", "hands_to_win=1"]


def _state(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("() => state")
    return found


def _play_to_the_end(pages: list[Any]) -> None:
    """Each person plays the first move offered whenever it is their turn, until the game is over."""
    for _ in range(2000):
        states = [_state(p) for p in pages]
        if all(s and s["over"] for s in states):
            return
        for page, state in zip(pages, states, strict=True):
            if state and state["yours"] and state["actions"]:
                i = state["actions"][0]["i"]
                page.evaluate(f"() => send({{type: 'act', i: {i}, decision: {state['decision']}}})")
                page.wait_for_function(
                    f"() => state.decision !== {state['decision']} || state.over", timeout=10_000
                )
        pages[0].wait_for_timeout(20)
    raise AssertionError("the game did not end")


def test_the_lobby_asks_for_the_seats_values_by_default(browser: Any, server: Server) -> None:
    page = browser.new_context().new_page()
    page.goto(server.url + "/")
    assert page.is_checked("#contributions")


def test_two_browsers_add_to_the_deal_play_it_out_and_the_game_verifies(browser: Any, server: Server) -> None:
    data = server.open_table({"game": "dernier", "seats": SEATS, "options": OPTIONS, "contributions": True})
    assert data["contributions"] is True and "seed" not in data
    record_path = server.folder / f"{data['table']}.json"
    pages = []
    for name in ("Ann", "Bob"):
        page = browser.new_context().new_page()
        page.goto(server.link(data, name))
        pages.append(page)
    for page in pages:  # before both have revealed, nobody sees a card
        page.wait_for_function("() => state !== null && state.deal.phase === 'dealt'", timeout=15_000)
    assert all(_state(p)["hand"] for p in pages)
    _play_to_the_end(pages)
    values = []
    for page in pages:
        page.wait_for_function("() => document.getElementById('deal').dataset.check === 'ok'", timeout=10_000)
        values.append(page.evaluate("() => dealValue(tableId, token)"))
        assert "is in the deal" in page.inner_text("#deal")
    game, record = load_record(record_path, find_game)
    assert sorted(c.value for c in record.contributions) == sorted(values)
    assert all(
        c.commitment == hashlib.sha256(bytes.fromhex(c.value)).hexdigest() for c in record.contributions
    )
    # the browsers' own SHA-256 agrees with Python's
    assert (
        pages[0].evaluate("() => sha256Hex(new TextEncoder().encode('abc'))")
        == hashlib.sha256(b"abc").hexdigest()
    )

    runner = CliRunner()
    verdict = runner.invoke(app, ["verify", str(record_path), "--commitment", data["commitment"]])
    assert verdict.exit_code == 0, verdict.output
    assert (
        verdict.output.startswith("fair: ")
        and "dealt with the 2 values the seats committed to" in verdict.output
    )

    # the values changed the deal: the seed alone deals other hands, and the record no longer replays
    options = game.options_type(**record.options)
    alone = game.new_game(options, 3, record.seed)
    dealt = game.new_game(options, 3, record.dealt_seed)
    assert [alone.view(s).hand for s in range(3)] != [dealt.view(s).hand for s in range(3)]
    text = json.loads(record_path.read_text(encoding="utf-8"))
    without = dict(text)
    del without["contributions"]
    _check_unfair(
        runner, record_path.parent / "without.json", without, data["commitment"], "NOT a fair record"
    )
    changed = json.loads(json.dumps(text))
    changed["contributions"][0]["value"] = "0" * 64
    _check_unfair(
        runner, record_path.parent / "changed.json", changed, data["commitment"], "NOT fair: contribution 1"
    )


def _check_unfair(runner: CliRunner, path: Path, data: dict[str, Any], commitment: str, said: str) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path), "--commitment", commitment])
    assert result.exit_code == 1 and result.output.startswith(said), result.output


def test_before_the_deal_no_move_is_taken_and_a_wrong_value_is_refused(browser: Any, server: Server) -> None:
    data = server.open_table({"game": "dernier", "seats": SEATS[:2], "contributions": True})
    ann = browser.new_context().new_page()
    ann.goto(server.link(data, "Ann"))
    ann.wait_for_function("() => state !== null && state.deal.mine !== null", timeout=15_000)
    state = _state(ann)
    assert state["deal"]["phase"] == "commit" and state["deal"]["waiting"] == ["Bob"]
    assert state["hand"] == [] and state["actions"] == [] and state["tabletop"] is None
    ann.evaluate("() => send({type: 'act', i: 0, decision: 0})")
    ann.wait_for_function("() => document.getElementById('notice').textContent.includes('not dealt yet')")
    ann.evaluate(f"() => send({{type: 'reveal', value: '{'1' * 64}'}})")
    ann.wait_for_function("() => document.getElementById('notice').textContent.includes('once every seat')")
