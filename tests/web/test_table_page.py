"""What the table page shows besides the felt (a fresh-eyes review): a dead link's page, the line while
people read a hand's summary, the joker's face and the results' heading, each in the reader's language.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser_e2e import wait_state
from web_server import Server

from cardgames.web.live import Settings

pytestmark = pytest.mark.e2e


@pytest.fixture
def still(tmp_path: Path) -> Iterator[Server]:
    """A server whose bots wait a minute before they move: the table stays as it was dealt."""
    running = Server(tmp_path / "tables", Settings(bot_delay=60.0, ledger=tmp_path / "l.db"))
    yield running
    running.stop()


def dernier(server: Server, **more: Any) -> dict[str, Any]:
    """Dernier for Ann, Boris and a bot, the seed fixed, no contributions to wait for."""
    body = {
        "game": "dernier",
        "seats": [{"name": "Ann"}, {"name": "Boris"}, {"bot": "heuristic"}],
        "seed": 5,
        "contributions": False,
    }
    return server.open_table({**body, **more})


def gone(browser: Any, link: str, locale: str) -> tuple[str, list[str], Any]:
    """The page a link opens that opens nothing: its heading, its words, and the page (to look at)."""
    page = browser.new_context(locale=locale).new_page()
    page.goto(link)
    page.wait_for_selector("#gone:not([hidden])")
    return page.inner_text("#gone h1"), page.locator("#gone-text p").all_inner_texts(), page


def nothing_to_play_on(page: Any) -> None:
    assert not page.is_visible("#felt") and not page.is_visible("#move") and not page.is_visible("#log")
    assert page.locator("input:visible, button:visible").count() == 0


def test_a_link_that_opens_nothing_says_so_on_a_page_of_its_own(browser: Any, still: Server) -> None:
    # a table that is not there, the link in Italian, the browser in English: the link's language
    heading, words, page = gone(browser, still.url + "/t/doesnotexist?lang=it#seat=abc", "en-US")
    assert heading == "Questo link non funziona" and page.title() == heading
    assert words == [
        "Su questo server non c’è questo tavolo.",
        "Chiedi un link nuovo a chi ha aperto il tavolo.",
    ]
    nothing_to_play_on(page)
    # a real table, but a seat's token that is wrong, in a Russian browser
    table = dernier(still)
    heading, words, page = gone(browser, f"{still.url}/t/{table['table']}#seat=forged", "ru-RU")
    assert heading == "Эта ссылка не работает"
    assert words == [
        "Эта ссылка не открывает место за этим столом.",
        "Попросите новую ссылку у хозяина стола.",
    ]
    nothing_to_play_on(page)
    # no token at all
    heading, words, page = gone(browser, f"{still.url}/t/{table['table']}?lang=en", "it-IT")
    assert (heading, words) == ("This link does not work", ["This page needs a seat's link (ask the host)."])
    nothing_to_play_on(page)


def test_a_player_reading_the_summary_is_never_told_to_wait_for_herself(browser: Any, still: Server) -> None:
    table = dernier(still)
    for lang, others in (("en", "Waiting for Boris to read the hand's summary"), ("ru", "Boris")):
        page = browser.new_context().new_page()
        page.goto(still.link(table, "Ann") + f"&lang={lang}")
        wait_state(page, "state.tabletop !== null")
        line = "(readers) => { state.reading = readers; state.yours = false; return turnLine(); }"
        alone = page.evaluate(line, ["Ann"])
        both = page.evaluate(line, ["Ann", "Boris"])
        assert "Ann" not in alone and "Ann" not in both  # Ann reads her own summary: she waits for nobody
        assert others in both and both != alone
        page.context.close()


def test_the_jokers_face_is_named_as_the_readers_language_names_it(browser: Any, still: Server) -> None:
    position = "P1=JOKER 7H 8H; P2=3C 9C; P3=QS KD; discard=9H; turn=P1"
    table = dernier(still, position=position)
    faces = {}
    for lang in ("it", "ru", "en"):
        page = browser.new_context().new_page()
        page.goto(still.link(table, "Ann") + f"&lang={lang}")
        wait_state(page, "state.hand.length === 3")
        faces[lang] = page.inner_text("#hand .card.joker .pip")
        page.context.close()
    assert faces == {"it": "JOLLY", "ru": "ДЖОКЕР", "en": "JOKER"}


def test_no_results_heading_stands_over_nothing(browser: Any, still: Server) -> None:
    page = browser.new_context().new_page()
    page.goto(still.link(dernier(still), "Ann"))
    wait_state(page, "state.tabletop !== null")
    assert not page.is_visible("#results-title")  # during the first hand (after it: test_card_table)
    page.context.close()
