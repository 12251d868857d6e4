"""Everything a visitor of the browser table reads, in their language (issue 29): the notes the server
writes to the whole table, the fair deal's and the lobby's refusals, the error pages, the scoreboard
by the lobby's choice, the pages' first paint before any script runs, and a spectator's decision line.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

from test_browser_e2e import state, wait_state
from test_fairness import request
from web_server import Server, token_of

from cardgames.primitives.language import FRAMEWORK, LANGUAGES, Texts, speaking
from cardgames.web.notes import Note, note_from
from cardgames.web.pages import render
from cardgames.web.words import FAIRDEAL, LOBBY, SCORES, TABLE, page_words

SCORES_TEXTS = Texts(FRAMEWORK, SCORES)
# the fixed words' elements of a page as the server sends it
WORD = re.compile(r'data-word="([\w.]+)"[^>]*>([^<]*)<')


def dernier(server: Server, *options: str) -> dict[str, Any]:
    """Dernier for Ann, Boris and a bot, the seed fixed, no contributions to wait for."""
    return server.open_table(
        {
            "game": "dernier",
            "seats": [{"name": "Ann"}, {"name": "Boris"}, {"bot": "heuristic"}],
            "options": ["hand_size=5", "hands_to_win=1", *options],
            "seed": 5,
            "contributions": False,
        }
    )


def seat_link(server: Server, table: dict[str, Any], name: str, lang: str) -> str:
    """A person's link as the lobby writes it: the language in the query, the seat in the fragment."""
    return f"{server.url}/t/{table['table']}?lang={lang}#seat={token_of(table, name)}"


def test_a_note_to_the_whole_table_reads_in_each_seats_language(browser: Any, server: Server) -> None:
    table = dernier(server, "move_seconds=1")  # every person's clock runs out: the server says so to all
    contexts = [browser.new_context(locale="en-US") for _ in range(2)]
    ann, boris = (c.new_page() for c in contexts)
    ann.goto(seat_link(server, table, "Ann", "it"))
    boris.goto(seat_link(server, table, "Boris", "ru"))
    try:
        for page in (ann, boris):
            wait_state(page, "state.notes.length > 0")
        ann_notes = [n["text"] for n in state(ann)["notes"]]
        boris_notes = [n["text"] for n in state(boris)["notes"]]
        # the same notes, numbered alike, each in the seat's own language
        assert [n["n"] for n in state(ann)["notes"]][:1] == [n["n"] for n in state(boris)["notes"]][:1]
        assert re.fullmatch(r"(Ann|Boris): tempo scaduto", ann_notes[0]), ann_notes
        assert re.fullmatch(r"(Ann|Boris): время вышло", boris_notes[0]), boris_notes
        assert ann_notes[0].split(":")[0] == boris_notes[0].split(":")[0]  # about the same person
        ann.wait_for_function("() => document.getElementById('notice').textContent.includes('tempo scaduto')")
        boris.wait_for_function("() => document.getElementById('notice').textContent.includes('время вышло')")
    finally:
        for context in contexts:
            context.close()


def test_the_lobby_refuses_in_the_visitors_language(browser: Any, server: Server) -> None:
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.goto(server.url + "/")
    page.select_option("#page-lang", "ru")  # the switcher: the lobby comes again in Russian
    page.wait_for_url(re.compile(r"\?lang=ru$"))
    page.wait_for_function("() => document.querySelectorAll('#seats li').length > 1")
    assert page.evaluate("() => document.documentElement.lang") == "ru"
    assert page.inner_text("#create") == "Открыть стол"
    rows = page.locator("#seats li")
    for k in range(2):
        rows.nth(k).locator(".seat-kind").select_option("")
        rows.nth(k).locator(".seat-name").fill("Ann")
    page.click("#create")
    page.wait_for_function("() => document.getElementById('error').textContent !== ''")
    assert page.inner_text("#error") == "дайте каждому игроку своё имя"
    context.close()
    # the lobby's other refusals: the request (by its ?lang= or the browser's Accept-Language), a bad field
    status, answer = request(server, "POST", "/api/tables?lang=ru", b"not json")
    assert (status, answer) == (400, {"error": "запрос должен быть в JSON"})
    russian = {"Accept-Language": "ru-RU,ru;q=0.9"}
    status, answer = request(server, "POST", "/api/tables", {"game": "dernier", "seats": "x"}, russian)
    assert (status, answer["error"]) == (400, "места должны быть списком людей и ботов")
    status, answer = request(server, "POST", "/api/tables", {"game": "x" * 61}, {"Accept-Language": "it"})
    assert answer["error"] == "il gioco: serve un testo di al massimo 60 caratteri"
    # a page that is not there, a scoreboard link that opens nothing, another site's request
    assert request(server, "GET", "/nowhere", headers=russian) == (404, "На этом сервере нет такой страницы.")
    status, answer = request(server, "GET", "/api/scores/forged?lang=it")
    assert (status, answer) == (404, {"error": "a questo link non c’è nessuna classifica"})
    forged = {**russian, "Origin": "http://evil.example"}
    status, answer = request(server, "POST", "/api/tables", {}, forged)
    assert (status, answer) == (403, {"error": "столы открываются со страницы этого сервера"})
    status, text = request(server, "GET", "/", headers={**russian, "Host": "evil.example"})
    assert status == 421 and text.startswith("этот сервер не отвечает на это имя хоста")


def test_the_scoreboard_reads_in_the_language_the_lobby_chose(browser: Any, server: Server) -> None:
    context = browser.new_context(locale="en-US")  # an English browser; the host switches the lobby
    page = context.new_page()
    page.goto(server.url + "/")
    page.select_option("#page-lang", "it")
    page.wait_for_url(re.compile(r"\?lang=it$"))
    page.wait_for_function("() => document.querySelectorAll('#seats li').length > 1")
    assert page.locator("#seats li").nth(0).locator(".seat-lang").input_value() == "it"
    page.fill("#tournament", "Venerdì")
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    link = page.locator("#link-list a").last.get_attribute("href")
    assert link is not None and "/scores/" in link and link.endswith("?lang=it")
    page.goto(link)
    page.wait_for_function("() => document.getElementById('updated').textContent !== ''")
    assert page.title() == "cardgames: classifica"
    assert page.inner_text("#title") == "Classifica: Venerdì"
    with speaking("it"):
        nothing = SCORES_TEXTS["nothing"]
    assert nothing in page.inner_text("body")
    assert re.search(
        r"\b\d\d?:\d\d:\d\d$", page.inner_text("#updated")
    )  # the time as Italians write it: no AM/PM
    assert page.locator("#page-lang").input_value() == "it"
    # a link that opens no scoreboard says so in the page's language
    page.goto(f"{server.url}/scores/forged?lang=it")
    page.wait_for_function("() => document.getElementById('error').textContent !== ''")
    assert page.inner_text("#error") == "a questo link non c’è nessuna classifica"
    context.close()


def test_the_table_page_is_italian_from_its_first_paint(browser: Any, server: Server) -> None:
    table = dernier(server)
    status, html = request(server, "GET", f"/t/{table['table']}?lang=it")  # before any script runs
    assert status == 200 and '<html lang="it">' in html
    with speaking("it"):
        italian = page_words(TABLE)["words"]
    marked = WORD.findall(html)
    assert {key for key, _ in marked} >= {"send", "typeMove", "results", "log", "pageTitle"}
    assert all(text == italian[key]["text"] for key, text in marked), marked
    assert ">Invia<" in html and ">Send<" not in html
    # the words the page's script starts with are in the page too, the fair deal's with them
    with speaking("it"):
        assert page_words(FAIRDEAL, "fairdeal")["words"]["missing"]["text"] in html
    # a browser running no script at all (its Accept-Language says Italian) shows the page in Italian
    context = browser.new_context(locale="it-IT", java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{server.url}/t/{table['table']}#seat={token_of(table, 'Ann')}")
    assert page.get_attribute("html", "lang") == "it"
    assert page.inner_text("#move-send") == "Invia"
    assert page.inner_text("#status") == italian["connecting"]["text"]
    assert page.title() == italian["pageTitle"]["text"]
    context.close()
    # the lobby alike
    status, html = request(server, "GET", "/", headers={"Accept-Language": "ru"})
    with speaking("ru"):
        russian = page_words(LOBBY)["words"]
    assert '<html lang="ru">' in html
    assert all(text == russian[key]["text"] for key, text in WORD.findall(html))
    assert 'data-placeholder="optionsExample" placeholder="имя=значение, имя=значение"' in html


def test_a_spectator_reads_who_is_choosing_in_their_language(browser: Any, server: Server) -> None:
    table = dernier(server)
    context = browser.new_context(locale="ru-RU")
    page = context.new_page()
    page.goto(server.link(table, None))
    seen = wait_state(page, "state.tabletop !== null && state.tabletop.decision !== null")
    decision = seen["tabletop"]["decision"]
    who = ", ".join(seen["seats"][s]["name"] for s in decision["seats"])
    # the seat asked reads its own prompt and the others another line: the spectator reads who chooses
    assert decision["text"] == f"{who} выбирает" and decision["detail"] == ""
    assert page.inner_text("#turn") == f"{who} выбирает"
    # the same table watched in Italian
    other = browser.new_context(locale="it-IT")
    watcher = other.new_page()
    watcher.goto(server.link(table, None))
    wait_state(watcher, "state.tabletop !== null && state.tabletop.decision !== null")
    assert watcher.inner_text("#turn") == f"{who} sta scegliendo"
    other.close()
    context.close()


def test_the_fair_deal_refuses_in_the_seats_language(browser: Any, server: Server) -> None:
    table = server.open_table(
        {"game": "dernier", "seats": [{"name": "Ann"}, {"name": "Boris"}], "contributions": True}
    )
    context = browser.new_context(locale="en-US")
    ann = context.new_page()
    ann.goto(seat_link(server, table, "Ann", "ru"))
    wait_state(ann, "state.deal.mine !== null")
    # the page's own line about the deal, and the server's refusals of a move and of a wrong value
    assert ann.inner_text("#deal").startswith("Ваше случайное число добавляется к раздаче")
    ann.evaluate("() => send({type: 'act', i: 0, decision: 0})")
    ann.wait_for_function(
        "() => document.getElementById('notice').textContent.startsWith('Карты ещё не сданы')"
    )
    ann.evaluate(f"() => send({{type: 'commit', commitment: '{'1' * 64}'}})")
    ann.wait_for_function(
        "() => document.getElementById('notice').textContent.includes('уже дало обязательство')"
    )
    context.close()
    # a spectator's line while the seats add their values
    watcher = browser.new_context(locale="it-IT")
    page = watcher.new_page()
    page.goto(server.link(table, None))
    wait_state(page, "state.deal !== null")
    assert (
        page.inner_text("#deal")
        == "Si aspetta che ogni posto aggiunga il suo valore alla distribuzione: Boris."
    )
    watcher.close()


def test_every_page_is_written_whole_in_every_language(server: Server) -> None:
    for page, words in (("lobby", LOBBY), ("table", TABLE), ("scores", SCORES)):
        for code in LANGUAGES:
            html = render(page, code)
            with speaking(code):
                said = page_words(words)["words"]
            marked = WORD.findall(html)
            assert marked and all(text == said[key]["text"] for key, text in marked), (page, code)
            assert f'<html lang="{code}">' in html and html.count('id="words"') == 1
    # a language the server does not speak, or a tag made to break out of the page, reads English
    for asked in ("de", '"><script>alert(1)</script>', "x" * 500):
        status, html = request(server, "GET", "/?lang=" + quote(asked), headers={"Accept-Language": "fr"})
        assert status == 200 and '<html lang="en">' in html and "alert(1)" not in html


def test_a_tables_ledger_line_is_kept_as_a_note_and_an_older_files_line_as_written() -> None:
    recorded = Note("recorded", (("tournament", "'Venerdì'"), ("number", 2), ("game", 7)))
    again = note_from(json.loads(json.dumps(recorded.data())))  # as the table's file keeps it
    assert again == recorded
    with speaking("it"):
        assert again.text() == "registrata nel torneo 'Venerdì' come sua partita 2 (partita 7 del registro)"
    assert again.text() == "recorded in tournament 'Venerdì' as its game 2 (game 7 of the ledger)"
    older = note_from("recorded in tournament 'Friday' as its game 1 (game 1 of the ledger)")
    assert older is not None and older.text().startswith("recorded in tournament 'Friday'")
    for damaged in (3, {"key": 1}, {"key": "recorded", "values": {"game": [1]}}):
        assert note_from(damaged) is None
