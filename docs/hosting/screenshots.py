"""Take the screenshots of docs/hosting.md again, from real games with bots, in a real Chromium.

Run by hand from the repository's top folder (it is not a test; it takes about a minute):

    python docs/hosting/screenshots.py            # writes docs/hosting/*.png
    python docs/hosting/screenshots.py --out DIR  # somewhere else, to compare first

It starts ``cardgames serve``'s application on a free loopback port, opens the tables through
the lobby as a host does, and plays them as Ann (on a laptop) and Boris (on a phone) would,
against bots, with the system's Chromium (``CARDGAMES_CHROMIUM``, default /usr/bin/chromium)
driven by Playwright. Animations are off (``prefers-reduced-motion``) so that no card is
caught in flight. Look at every image before committing them.
"""

from __future__ import annotations

import argparse
import os
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn

from cardgames.web.app import create_app
from cardgames.web.hub import Hub
from cardgames.web.live import Settings
from cardgames.web.store import TableStore

CHROMIUM = os.environ.get("CARDGAMES_CHROMIUM", "/usr/bin/chromium")
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LARGE = {"width": 1920, "height": 1080}


class Server:
    """The server on a free loopback port, in a thread of this process."""

    def __init__(self, folder: Path, settings: Settings) -> None:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        app = create_app(Hub(TableStore(folder), settings))
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def state(page: Any) -> Any:
    return page.evaluate("() => state")


def open_table(
    page: Any,
    url: str,
    game: str,
    options: str,
    seats: list[tuple[str, str]],
    seed: int,
    langs: dict[str, str] | None = None,
) -> dict[str, str]:
    """Open a table through the lobby's form (people by name, bots by kind, a person's language if
    not the lobby's); the links it gives, by name."""
    page.goto(url + "/")
    page.select_option("#game", game)
    page.fill("#options", options)
    rows = page.locator("#seats li")
    while rows.count() > len(seats):
        rows.nth(rows.count() - 1).locator("button").click()
    while rows.count() < len(seats):
        page.click("#add-bot")
    for k, (name, bot) in enumerate(seats):
        rows.nth(k).locator(".seat-kind").select_option(bot)
        if not bot:
            rows.nth(k).locator(".seat-name").fill(name)
        if name in (langs or {}):
            rows.nth(k).locator(".seat-lang").select_option((langs or {})[name])
    page.fill("#tournament", "Friday")
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    items = page.locator("#link-list li")
    return {
        items.nth(k).locator("strong").inner_text(): items.nth(k).locator("a").get_attribute("href")
        for k in range(items.count())
    }


def link(links: dict[str, str], who: str) -> str:
    return next(url for label, url in links.items() if who in label)


def move(page: Any) -> None:
    """The person's first move, made as a person makes it: a card, a selection or a button."""
    s = state(page)
    if s["select"]:
        cards = page.locator("#hand .card")
        for k in range(s["select"]):
            cards.nth(k).click()
        page.click("#pass-selected")
    elif s["actions"] and s["actions"][0]["card"]:
        page.locator(f'#hand .card[data-code="{s["actions"][0]["card"]}"]').first.click()
        if page.locator("#question").is_visible():
            page.locator("#question button").first.click()
    elif s["actions"]:
        page.locator("#actions button").first.click()
    page.wait_for_function(
        f"() => state.decision !== {s['decision']} || !state.yours || state.over", timeout=15000
    )


def play(
    pages: list[Any],
    moment: Callable[[Any, Any], None],
    enough: Callable[[], bool] = lambda: False,
    seconds: float = 180,
) -> None:
    """Play the people's moves until the game is over (or ``enough()``); ``moment(page, state)`` may
    take a picture first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not enough():
        idle, ended = True, True
        for page in pages:
            s = state(page)
            if s is None:
                ended = False
                continue
            moment(page, s)
            ended = ended and s["over"] and page.locator("#pause[open]").count() > 0
            if page.locator("#pause[open]").count():
                if not state(page)["over"]:  # read again: the game may have ended since
                    page.click("#pause-close")
                    idle = False
            elif s["yours"] and not s["over"]:
                move(page)
                idle = False
        if ended:
            return
        if idle:
            pages[0].wait_for_timeout(60)
    if not enough():
        where = [
            {k: state(p)[k] for k in ("seat", "decision", "yours", "over", "reading", "select")}
            for p in pages
        ]
        raise RuntimeError(f"the game did not end in time: {where}")


def trick_cards(s: Any) -> int:
    top = s["tabletop"] or {"centre": []}
    return max((len(z["cards"]) for z in top["centre"] if z["kind"] == "trick"), default=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent)
    out: Path = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp())
    server = Server(
        tmp / "tables", Settings(bot_delay=0.5, answer_seconds=6.0, ledger=tmp / "ledger.sqlite3")
    )
    taken: set[str] = set()

    def shot(page: Any, name: str, *, full: bool = False) -> None:
        if name not in taken:
            page.screenshot(path=str(out / name), full_page=full)
            taken.add(name)
            print("wrote", out / name)

    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])

            def device(size: dict[str, int]) -> Any:
                return browser.new_context(viewport=size, reduced_motion="reduce").new_page()

            # Dernier, two hands, through the lobby: Ann on a laptop, Boris on a phone (in Italian), two bots
            host = device(LAPTOP)
            seats = [("Ann", ""), ("Boris", ""), ("", "heuristic"), ("", "random")]
            options = "hand_size=6, hands_to_win=2"
            links = open_table(host, server.url, "dernier", options, seats, 4, {"Boris": "it"})
            shot(host, "lobby.png", full=True)
            ann, boris = device(LAPTOP), device(PHONE)
            ann.goto(link(links, "Ann"))
            boris.goto(link(links, "Boris"))
            scoreboard = link(links, "Scoreboard")

            def dernier(page: Any, s: Any) -> None:
                played = len(s["log"]) > 12
                if page is ann and s["yours"] and played:
                    shot(ann, "dernier-table.png")
                    if "dernier-large.png" not in taken:  # the same moment on a large screen
                        ann.set_viewport_size(LARGE)
                        ann.wait_for_timeout(200)
                        shot(ann, "dernier-large.png")
                        ann.set_viewport_size(LAPTOP)
                if page is boris and s["yours"] and played:
                    shot(boris, "dernier-phone.png")
                if page is ann and page.locator("#pause[open]").count() and not s["over"]:
                    shot(ann, "dernier-hand-end.png")

            play([ann, boris], dernier)
            shot(boris, "dernier-result-phone.png")

            # Последний, one deal to 1 penalty point: Ann on a phone (in Russian), Boris on a laptop
            seats = [("Ann", ""), ("Boris", ""), ("", "heuristic"), ("", "heuristic")]
            links = open_table(host, server.url, "posledniy", "target=1", seats, 9, {"Ann": "ru"})
            ann, boris = device(PHONE), device(LAPTOP)
            ann.goto(link(links, "Ann"))
            boris.goto(link(links, "Boris"))

            def posledniy(page: Any, s: Any) -> None:
                if page is ann and s["yours"] and s["select"]:
                    cards = ann.locator("#hand .card")
                    for k in range(s["select"]):
                        cards.nth(k).click()
                    shot(ann, "posledniy-exchange.png")
                    for k in range(s["select"]):  # as they were: the move itself selects them again
                        cards.nth(k).click()
                if s["yours"] and trick_cards(s) >= 2:
                    shot(page, "posledniy-phone.png" if page is ann else "posledniy-trick.png")
                if page is ann and page.locator("#pause[open]").count():
                    shot(ann, "posledniy-hand-end.png")

            play([ann, boris], posledniy)
            board = device(LAPTOP)
            board.goto(scoreboard)
            board.wait_for_selector("#sections td:text('Ann')")
            board.wait_for_timeout(300)
            shot(board, "scoreboard.png", full=True)

            # An anticipo offer: Dernier with anticipo on, until Ann holds the card just played
            for seed in range(20):
                if "dernier-anticipo.png" in taken:
                    break
                seats = [("Ann", ""), ("", "heuristic"), ("", "heuristic"), ("", "random")]
                links = open_table(
                    host, server.url, "dernier", "anticipo=on, hand_size=7, hands_to_win=1", seats, seed
                )
                ann = device(LAPTOP)
                ann.goto(link(links, "Ann"))

                def anticipo(page: Any, s: Any) -> None:
                    if s["yours"] and page.locator("#actions button.claim").count():
                        shot(page, "dernier-anticipo.png")

                play([ann], anticipo, lambda: "dernier-anticipo.png" in taken)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
