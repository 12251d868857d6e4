"""The browser table on a large screen (issue 27's follow-up): the felt keeps a table's proportions,
and the cards, seats and words grow with the screen, while a laptop's table stays as it was."""

from __future__ import annotations

from typing import Any

import pytest
from test_browser_e2e import wait_state
from web_server import Server

pytestmark = pytest.mark.e2e

MEASURE = """() => {
  const box = (sel) => document.querySelector(sel).getBoundingClientRect();
  const felt = box("#felt"), hand = box("#hand .card"), played = box("#centre .card");
  const seat = getComputedStyle(document.querySelector("#seats .seat .name")).fontSize;
  return { feltW: felt.width, feltH: felt.height, hand: hand.width, handBottom: hand.bottom,
    played: played.width, seat: parseFloat(seat), scroll: document.documentElement.scrollWidth };
}"""


def test_a_large_screen_shows_a_larger_table_not_a_wider_one(browser: Any, server: Server) -> None:
    table = server.open_table(
        {
            "game": "dernier",
            "seats": [{"name": "Ann"}, {"bot": "heuristic"}, {"bot": "heuristic"}, {"bot": "random"}],
            "options": ["hand_size=7"],
            "seed": 3,
            "contributions": False,
        }
    )
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(server.link(table, "Ann"))
    wait_state(page, "state.yours")
    laptop = page.evaluate(MEASURE)
    sizes = {}
    for width, height in ((1600, 900), (1920, 1080), (2560, 1440)):
        page.set_viewport_size({"width": width, "height": height})
        sizes[height] = found = page.evaluate(MEASURE)
        assert found["feltW"] / found["feltH"] <= 2.2, (width, found)  # a table, not a band of green
        assert found["feltH"] >= 0.5 * height, (width, found)
        assert found["handBottom"] <= height, (width, found)  # the hand is on screen without scrolling
        assert found["scroll"] <= width
    context.close()
    big = sizes[1080]
    assert big["hand"] >= 1.15 * laptop["hand"] and big["played"] >= 1.15 * laptop["played"]
    assert big["seat"] >= 1.15 * laptop["seat"]
    # and it keeps growing with the screen
    assert sizes[1440]["played"] > big["played"] > sizes[900]["played"]
