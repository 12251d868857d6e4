"""One table, each seat's page in its own language (issue 29): Ann's in Italian (the lobby's choice, carried
by her link), Boris's in Russian (his browser's Accept-Language), a spectator's in English, at the same time.

The server builds every connection's messages with its language in force, and the page's own
words come from the framework's catalog (cardgames/web/words.py), so each page reads whole in its
language: the decision line, the seats' words, the buttons.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from typing import Any

import pytest
from test_browser_e2e import state
from web_server import Server

from cardgames.primitives.language import speaking
from cardgames.web.words import LOBBY, SCORES, TABLE, page_words

# The page's signs that are no words (the leader's star, a called last card's "!") stay as they are.
SIGNS = {"markSigns.leader", "markSigns.last_call"}
# Words a language says as English does (Italian says "bot" too).
ALIKE = {("it", "bot")}


def english_words() -> list[str]:
    """The page's own English words that a translated page must not show (a placeholder's text is cut out)."""
    plain = [t for t in TABLE.values() if isinstance(t, str)]
    pieces = [p for t in plain for p, *_ in string.Formatter().parse(t)]
    return sorted({p.strip(" .:()") for p in pieces if len(p.strip(" .:()")) > 3})


@pytest.fixture
def table(server: Server) -> dict[str, Any]:
    """Dernier for Ann, Boris and a bot, the deal's seed fixed, no contributions to wait for."""
    return server.open_table(
        {
            "game": "dernier",
            "seats": [{"name": "Ann"}, {"name": "Boris"}, {"bot": "heuristic"}],
            "options": ["hand_size=5", "hands_to_win=1"],
            "seed": 5,
            "contributions": False,
        }
    )


@pytest.fixture
def pages(browser: Any, server: Server, table: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Ann's page (her link says Italian, her browser English), Boris's (Russian browser), a spectator's."""
    contexts = {
        "Ann": (browser.new_context(locale="en-GB"), server.link(table, "Ann") + "&lang=it"),
        "Boris": (browser.new_context(locale="ru-RU"), server.link(table, "Boris")),
        "watch": (browser.new_context(locale="en-US"), server.link(table, None)),
    }
    opened = {}
    for who, (context, link) in contexts.items():
        page = context.new_page()
        page.goto(link)
        opened[who] = page
    for page in opened.values():
        page.wait_for_function("() => state !== null && document.getElementById('turn').textContent !== ''")
    yield opened
    for context, _ in contexts.values():
        context.close()


def test_each_seat_reads_the_table_in_its_own_language_at_once(pages: dict[str, Any]) -> None:
    ann, boris, watcher = pages["Ann"], pages["Boris"], pages["watch"]
    assert [p.evaluate("() => document.documentElement.lang") for p in (ann, boris, watcher)] == [
        "it",
        "ru",
        "en",
    ]
    # a button of the page's own
    assert [p.inner_text("#move-send") for p in (ann, boris, watcher)] == ["Invia", "Отправить", "Send"]
    # the decision line (the server's words for each seat, in its language)
    turns = [p.inner_text("#turn") for p in (ann, boris, watcher)]
    assert len(set(turns)) == 3, turns  # three languages (the seat asked reads its own turn)
    russian = turns[1].replace("Ann", "").replace("Boris", "")
    assert not re.search(r"[A-Za-z]{3,}", russian), turns[1]  # no Latin word but the players' names
    assert state(ann)["tabletop"] != state(boris)["tabletop"]
    # the seats' words: how many cards each holds, counted as each language counts; the dealer's sign
    assert [p.inner_text("#seats .mark.dealer") for p in (ann, boris, watcher)] == ["M", "С", "D"]
    backs = [
        p.eval_on_selector_all("#seats .backs", "(bs) => bs.map((b) => b.ariaLabel)") for p in pages.values()
    ]
    assert "5 carte" in backs[0]
    assert "5 карт" in backs[1]
    assert "5 cards" in backs[2]
    # no English word of the page's own on the Italian and Russian pages; the spectator's reads English
    for page in (ann, boris):
        body = page.inner_text("body")
        left = [w for w in english_words() if re.search(rf"\b{re.escape(w)}\b", body)]
        assert not left, left
    assert "watching" in watcher.inner_text("#status")
    # the moves offered as buttons are written as the seat types them in its language
    assert state(boris)["yours"] and "беру" in boris.inner_text("#actions")
    # the server's reply to a seat's message, in that seat's language
    for page in (ann, boris):
        page.evaluate("() => send({ type: 'act', i: 0, decision: -1 })")
    ann.wait_for_function("() => document.getElementById('notice').textContent !== ''")
    boris.wait_for_function("() => document.getElementById('notice').textContent !== ''")
    assert ann.inner_text("#notice") == "Troppo tardi: il momento è passato."
    assert boris.inner_text("#notice") == "Поздно: момент упущен."


def test_every_word_of_the_page_is_in_the_catalog_and_translated(pages: dict[str, Any]) -> None:
    keys = pages["watch"].evaluate(
        "() => Object.entries(TEXT).flatMap(([k, v]) =>"
        " typeof v === 'object' ? Object.keys(v).map((n) => k + '.' + n) : [k])"
    )
    assert set(keys) - SIGNS == set(TABLE)
    for words in (TABLE, SCORES, LOBBY):
        english = page_words(words)["words"]
        for code in ("it", "ru"):
            with speaking(code):
                sent = page_words(words)["words"]
            same = [k for k in words if sent[k] == english[k] and (code, k) not in ALIKE]
            assert not same, (code, same)


def test_the_lobby_gives_each_person_a_link_in_their_language(browser: Any, server: Server) -> None:
    context = browser.new_context(locale="it-IT")  # the host's browser asks for Italian
    page = context.new_page()
    page.goto(server.url + "/")
    page.select_option("#game", "dernier")
    rows = page.locator("#seats li")
    assert rows.nth(0).locator(".seat-lang").input_value() == "it"  # Accept-Language's choice
    # the lobby itself reads Italian: every word of its own (TEXT and the HTML's) from the catalog
    assert set(page.evaluate("() => Object.keys(TEXT)")) == set(LOBBY)
    marked = page.eval_on_selector_all(
        "[data-word]", "(ns) => ns.map((n) => [n.dataset.word, n.textContent])"
    )
    with speaking("it"):
        italian = page_words(LOBBY)["words"]
    assert marked and all(text == italian[key]["text"] for key, text in marked)
    assert page.inner_text("#create") == "Apri il tavolo"
    assert page.get_attribute("#options", "placeholder") == "nome=valore, nome=valore"
    assert rows.nth(0).locator(".seat-name").input_value() == "Ospite"
    assert rows.nth(0).locator(".seat-lang option").all_inner_texts() == ["English", "Italiano", "Русский"]
    rows.nth(0).locator(".seat-name").fill("Ann")
    rows.nth(1).locator(".seat-kind").select_option("")
    rows.nth(1).locator(".seat-name").fill("Boris")
    rows.nth(1).locator(".seat-lang").select_option("ru")
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    items = page.locator("#link-list li")
    links = {
        items.nth(k).locator("strong").inner_text(): items.nth(k).locator("a").inner_text() for k in range(3)
    }
    context.close()
    # the language in the query (the server sends the page already in it), the seat in the fragment
    assert "?lang=it#seat=" in links["Ann: "]
    assert "?lang=ru#seat=" in links["Boris: "]
    assert "lang=" not in links["Spettatori: "]  # a spectator's browser says its own


def test_the_scoreboard_reads_in_the_browsers_language(browser: Any, server: Server) -> None:
    data = server.open_table(
        {"game": "dernier", "seats": [{"name": "Ann"}, {"bot": "random"}], "tournament": "Venerdì"}
    )
    context = browser.new_context(locale="ru-RU")
    page = context.new_page()
    page.goto(f"{server.url}/scores/{data['scoreboard']}")
    page.wait_for_function("() => document.getElementById('updated').textContent !== ''")
    keys = page.evaluate("() => Object.keys(TEXT)")
    texts = page.inner_text("body")
    context.close()
    assert set(keys) == set(SCORES)
    assert "Турнирная таблица: Venerdì" in texts
    assert "В этом турнире ещё не записано ни одной партии." in texts
