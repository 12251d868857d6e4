"""The felt with two to eight seats, on a phone and a laptop: every seat's box, pile and count in sight.

Each seat's box lies against the felt's rim, yours on the bottom edge, so that none is cut by the
felt's edge nor covers another box or a pile (the review found the player's own box over the stock
and cut off on a phone with eight seats). Seen as a person sees it: the topmost element at each
corner and edge of a box is that box. A trick's cards lie in front of their players, each with
the player's whole name under it (not "Bot 3 (heu…").
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser_e2e import play_first, state, wait_state
from web_server import Server

from cardgames.web.live import Settings

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
NAME = "Annamaria Bartolomei"

# What of the felt a person cannot see: a box, pile, sign or count whose corners or edges' middles
# are covered by something else or cut off by the felt's rounded edge (the point then hits the page
# behind the felt), or that lies outside the window; each by its words.
HIDDEN = """() => {
  const visible = (node) => {
    const r = node.getBoundingClientRect(), i = node.matches(".sign") ? r.width * 0.3 : 4; // a sign is round
    const xs = [r.left + i, (r.left + r.right) / 2, r.right - i];
    const ys = [r.top + i, (r.top + r.bottom) / 2, r.bottom - i];
    const on = (x, y) => { const hit = document.elementFromPoint(x, y); return hit && node.contains(hit); };
    return xs.every((x) => ys.every((y) => on(x, y)));
  };
  const parts = [...document.querySelectorAll(
    "#seats .seat, #centre .pile, #centre .sign, #seats .me .facts span")];
  return parts.filter((node) => !visible(node))
    .map((node) => node.getAttribute("aria-label") || node.textContent);
}"""


# The trick's cards that lie on a seat's box or on another card: the two, by their words.
CROSSING = """() => {
  const cards = [...document.querySelectorAll("#trick .played .card")];
  const seats = [...document.querySelectorAll("#seats .seat")];
  const meet = (a, b) => { const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom; };
  const words = (n) => n.getAttribute("aria-label");
  return cards.flatMap((c, k) => [...seats, ...cards.slice(k + 1)]
    .filter((o) => meet(c, o)).map((o) => [words(c), words(o)]));
}"""


@pytest.fixture
def still(tmp_path: Path) -> Iterator[Server]:
    """A server whose bots wait a minute before they move: the table stays as it was dealt."""
    running = Server(tmp_path / "tables", Settings(bot_delay=60.0, ledger=tmp_path / "l.db"))
    yield running
    running.stop()


@pytest.mark.parametrize("players", range(2, 9))
def test_every_seat_and_pile_is_in_sight_with_two_to_eight_seats(
    browser: Any, still: Server, players: int
) -> None:
    bots = [{"bot": "heuristic" if k % 2 else "easy"} for k in range(players - 1)]
    table = still.open_table(
        {
            "game": "dernier",
            "seats": [{"name": NAME}, *bots],
            "options": ["hand_size=12"],
            "seed": 5,
            "contributions": False,
        }
    )
    for size in (PHONE, LAPTOP):
        context = browser.new_context(viewport=size, reduced_motion="reduce")
        page = context.new_page()
        page.goto(still.link(table, NAME) + "&lang=it")
        wait_state(page, "state.tabletop !== null")
        assert page.evaluate(HIDDEN) == [], (players, size)
        mine = page.inner_text("#seats .seat.me")
        assert NAME in mine and "12 carte" in mine  # your box: the whole name and the count
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= size["width"]
        context.close()


def test_a_tricks_cards_lie_in_front_of_their_players_with_whole_names(browser: Any, server: Server) -> None:
    table = server.open_table(
        {
            "game": "posledniy",
            "seats": [{"name": NAME}, *({"bot": "heuristic"} for _ in range(3))],
            "seed": 7,
            "contributions": False,
        }
    )
    for size in (PHONE, LAPTOP):
        context = browser.new_context(viewport=size, reduced_motion="reduce")
        page = context.new_page()
        page.goto(server.link(table, NAME))
        wait_state(page, "state.tabletop !== null")
        for _ in range(40):  # Ann's moves until the trick she is to play to holds the others' cards
            s = wait_state(page, "state.yours || state.over")
            cards = [z for z in s["tabletop"]["centre"] if z["kind"] == "trick" and z["cards"]]
            if cards and len(cards[0]["cards"]) >= 2:
                break
            play_first(page)
        drawn = page.eval_on_selector_all(
            "#trick .played figcaption",
            "(cs) => cs.map((c) => [c.textContent, c.scrollWidth <= c.clientWidth + 1,"
            " getComputedStyle(c).textOverflow])",
        )
        names = {p["name"] for p in state(page)["tabletop"]["seats"]}
        assert len(drawn) >= 2 and all(text in names and whole for text, whole, _ in drawn), drawn
        assert all(cut != "ellipsis" for _, _, cut in drawn)
        # each card clear of the seats' boxes and of the other cards
        assert page.evaluate(CROSSING) == [], size
        context.close()
