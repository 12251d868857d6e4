"""The card table in a real Chromium, read from the page as a person sees it (issue 27, points 2 and 3).

Dernier, Последний and a third-party plugin (High Card, a trick game) are played to the end
by one person against bots, on a small phone (360x640), a phone (390x844) and a laptop
(1280x800). Along the way and at the end the page is checked: nothing scrolls sideways; no
engine field or seat number is shown; the trick in progress shows each card with its
player's name; the last trick stays on the felt once taken; the summary at a hand's end and
the game's result name the players, and the bots wait while the person reads it; and the
tournament's scoreboard ranks the players as the table did.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from registry_with import installed_plus_plugin
from test_browser_e2e import close_pause, play_first, state, wait_state
from web_server import Server

from cardgames.web.live import Settings

pytestmark = pytest.mark.e2e

SMALL = {"width": 360, "height": 640}
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
BOTS = [{"bot": "heuristic"}, {"bot": "random"}, {"bot": "heuristic"}]
GAMES = {
    "dernier": (["hand_size=4", "hands_to_win=2"], BOTS),
    "posledniy": (["target=1"], BOTS),
    "highcard": ([], [{"bot": "highest"}, {"bot": "random"}]),
}
# What the page showed before (issue 27): engine fields, seat labels and numbers.
ENGINE = re.compile(
    r"\bP[1-9]\b|\b[a-z]+_[a-z_]+\b|\bdirection -?1\b|\bphase \w+|pending penalty|\bdealer \d|"
    r"passed to \d|received from \d|set aside \d|\bseat \d"
)
# Each render, the page's drawing is recorded from the DOM itself: the trick's cards with their
# captions, and the last trick left on the felt once taken.
WATCH = """
window.seen = { tricks: [], lasts: [] };
new MutationObserver(() => {
  const trick = document.getElementById("trick");
  if (!trick) return;
  const cards = [...trick.querySelectorAll(".played")].map((f) => [f.querySelector(".card").dataset.code,
    f.querySelector("figcaption").textContent]);
  if (!cards.length) return;
  (trick.classList.contains("is-last") ? window.seen.lasts : window.seen.tricks).push(cards);
}).observe(document, { subtree: true, childList: true });
"""


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[Server]:
    """A server whose bots move at once, with a ledger for the tournament."""
    running = Server(tmp_path / "tables", Settings(bot_delay=0.0, ledger=tmp_path / "ledger.sqlite3"))
    yield running
    running.stop()


@pytest.fixture(autouse=True)
def highcard(monkeypatch: pytest.MonkeyPatch) -> None:
    """High Card installed as a third-party plugin, beside the built-in games."""
    installed_plus_plugin(monkeypatch, "highcard", "framework_highcard:HighCard")


def check_page(page: Any) -> None:
    """No sideways scrolling, and nothing of the engine in what the page shows."""
    width, inner = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page is {width} px wide in a {inner} px window"
    text = page.inner_text("body")
    found = ENGINE.findall(text)
    assert not found, found


def check_trick(page: Any, names: set[str]) -> None:
    """The trick in progress: every card on the felt with its player's name, as the table has it."""
    top = state(page)["tabletop"]
    zone = next((z for z in top["centre"] if z["kind"] == "trick" and z["cards"]), None)
    if zone is None:
        return
    drawn = page.eval_on_selector_all(
        "#trick .played",
        "(fs) => fs.map((f) => [f.querySelector('.card').dataset.code,"
        " f.querySelector('figcaption').innerText])",
    )
    assert [(c["code"], c["by"]) for c in zone["cards"]] == [(code, text.strip()) for code, text in drawn]
    assert {c["by"] for c in zone["cards"]} <= names


def tap_dimmed(page: Any) -> bool:
    """Tapping a card that cannot be played says why and sends nothing; whether there was one."""
    s = state(page)
    dimmed = page.locator("#hand .card.dimmed")
    if not dimmed.count():
        return False
    dimmed.first.click()
    page.wait_for_function(
        "() => document.getElementById('notice').textContent.includes('cannot be played now')"
    )
    page.wait_for_timeout(150)
    assert state(page)["decision"] == s["decision"] and state(page)["hand"] == s["hand"]
    return True


def drag_to_felt(page: Any) -> bool:
    """A playable card dragged from the hand onto the felt is played; whether there was one to drag."""
    s = state(page)
    codes = [a["card"] for a in s["actions"] if a["card"]]
    once = [c for c in codes if codes.count(c) == 1]  # played one way (a joker asks how)
    if s["select"] or not once:
        return False
    card = page.locator(f'#hand .card.playable[data-code="{once[0]}"]').first
    box, felt = card.bounding_box(), page.locator("#felt").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(felt["x"] + felt["width"] / 2, felt["y"] + felt["height"] / 2, steps=6)
    page.mouse.up()
    wait_state(page, f"state.decision > {s['decision']} || state.over")
    return True


def play_out(page: Any, names: set[str]) -> list[str]:
    """Play the person's moves until the game is over; the texts of the summaries the page paused on.

    The first time it can, a dimmed card is tapped (nothing happens but a word why), and a card
    is played by dragging it onto the felt; the other moves are clicked.
    """
    summaries: list[str] = []
    deadline = time.monotonic() + 40
    checked = 0
    tapped = dragged = False
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        if page.locator("#pause[open]").count():
            summaries.append(page.inner_text("#pause"))
            if state(page)["over"]:
                return summaries
            # while Ann reads the hand's summary, the bots wait for her (moving at once otherwise)
            held = wait_state(page, "state.reading.includes('Ann')")
            page.wait_for_timeout(400)
            assert state(page)["decision"] == held["decision"]
            # Ann reads her own summary: the page never tells her to wait for herself
            assert "to read the hand's summary" not in page.inner_text("#turn")
            close_pause(page)
            wait_state(page, "state.reading.length === 0")
            continue
        s = state(page)
        if s["over"]:
            page.wait_for_selector("#pause[open]")
            continue
        if not s["yours"]:
            page.wait_for_timeout(20)
            continue
        check_trick(page, names)
        if checked < 3:  # the page read whole a few times along the game
            check_page(page)
            checked += 1
        if not tapped:
            tapped = tap_dimmed(page)
        if not dragged and drag_to_felt(page):
            dragged = True
            continue
        play_first(page)


@pytest.mark.parametrize("viewport", [SMALL, PHONE, LAPTOP], ids=["small", "phone", "laptop"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_at_the_card_table(browser: Any, quick: Server, game: str, viewport: dict[str, int]) -> None:
    options, bots = GAMES[game]
    tournament = None if game == "highcard" else f"{game} night"
    data = quick.open_table(
        {
            "game": game,
            "seats": [{"name": "Ann"}, *bots],
            "options": options,
            "seed": 11,
            "tournament": tournament,
        }
    )
    page = browser.new_context(viewport=viewport).new_page()
    page.add_init_script(WATCH)
    page.goto(quick.link(data, "Ann"))
    first = wait_state(page, "state.tabletop !== null")
    assert not page.is_visible("#results-title")  # no heading over no result
    names = {p["name"] for p in first["tabletop"]["seats"]}
    assert "Ann" in names and len(names) == 1 + len(bots)
    summaries = play_out(page, names)
    check_page(page)
    final = state(page)
    # the hand's end and the game's result name the players, and rank them
    assert summaries and all(all(n in text for n in names) for text in summaries)
    assert page.is_visible("#results-title")
    winners = final["outcome"]["winners"]
    assert winners and all(w in summaries[-1] and w in page.inner_text("#final") for w in winners)
    ranking = [r["player"] for r in final["outcome"]["rows"]]
    assert sorted(ranking) == sorted(names)
    if game == "dernier":  # two hands: the first one's end paused the table before the second
        assert len(final["hands"]) == 2 and len(summaries) == 2
    seen = page.evaluate("() => window.seen")
    if game != "dernier":  # a trick game: every trick was drawn with its players' names
        assert seen["tricks"] and all(by in names for cards in seen["tricks"] for _, by in cards)
    if game == "posledniy":  # each trick, once taken, stayed on the felt whole, names and all
        players = len(names)
        assert any(len(cards) == players for cards in seen["lasts"])
        assert all(by in names for cards in seen["lasts"] for _, by in cards)
    if tournament is not None:  # the scoreboard ranks the players as the table's result did
        wait_state(page, "state.recorded !== null")
        assert "as its game 1 " in final["recorded"] or "as its game 1 " in state(page)["recorded"]
        board = page.context.new_page()
        board.goto(f"{quick.url}/scores/{data['scoreboard']}")
        board.wait_for_selector("#sections td:text('Ann')")
        assert board.locator("#sections td:nth-child(2)").all_inner_texts() == ranking
        width, inner = board.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width <= inner
