"""End to end in a real headless Chromium: friends at one table, each in their own browser context.

A full hand of each game: Dernier with an anticipo race (two devices of one player claim
at once; the first claim wins), a window that closes in silence and a claim that comes
too late, a reload, a spectator, the ledger and its scoreboard; Последний with the
exchange by selecting cards, on a phone-sized screen, and a server restart in the middle.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_server import Server

from cardgames.core.record import Seat
from cardgames.play.start import start_table
from cardgames.plugins.registry import find_game
from cardgames.web.live import Settings, bots_for
from cardgames.web.payload import actions_data
from cardgames.web.rounds import is_question

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1200, "height": 860}
DERNIER = ["anticipo=on", "hand_size=5", "hands_to_win=1"]
ANSWER_SECONDS = 4.0  # long enough for a claim clicked at once to beat the window on a loaded machine


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    """The running server (a restart replaces it in the list)."""
    settings = Settings(bot_delay=0.15, answer_seconds=ANSWER_SECONDS, ledger=tmp_path / "ledger.sqlite3")
    running = [Server(tmp_path / "tables", settings)]
    yield running
    running[-1].stop()


def state(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("() => state")
    return found


def wait_state(page: Any, condition: str, timeout: float = 15_000) -> dict[str, Any]:
    page.wait_for_function(f"() => state !== null && ({condition})", timeout=timeout)
    return state(page)


def send_raw(page: Any, message: str) -> None:
    """What the page would send for a button it showed a moment ago (a claim in flight)."""
    page.evaluate(f"() => send({message})")


def close_pause(page: Any) -> None:
    """At a hand's end the page pauses on its summary: read, then continue, as a person does."""
    if page.locator("#pause[open]").count():
        page.click("#pause-close")


def play_first(page: Any, *, keyboard: bool = False) -> None:
    """Make the first move the page offers, as a person does: the card (or a selection, or a button),
    clicked, or with ``keyboard`` reached with Tab focus and played with Enter."""
    close_pause(page)
    s = state(page)
    if not s["yours"]:  # the moment passed (a window closed) since the caller looked: nothing to play
        return
    if s["select"]:
        cards = page.locator("#hand .card")
        for k in range(s["select"]):
            cards.nth(k).click()
        page.click("#pass-selected")
    else:
        first = s["actions"][0]
        if first["card"]:
            target = page.locator(f'#hand .card[data-code="{first["card"]}"]').first
            if keyboard:
                target.focus()
                page.keyboard.press("Enter")
            else:
                target.click()
            if page.locator("#question").is_visible():
                page.locator("#question button", has_text=first["text"]).first.click()
        else:
            keyed = [a for a in s["actions"] if not a["card"]]
            page.keyboard.press(str(keyed.index(first) + 1))  # the keyboard shortcut of that button
    wait_state(page, f"state.decision > {s['decision']} || state.over")


def dernier_seed(seats: list[Seat]) -> int:
    """A seed whose hand (played as the test plays it) offers Ann an anticipo, then a second one.

    Of the first few such seeds, the one with the shortest hand: every move is clicked in a browser.
    """
    game = find_game("dernier")
    found: list[tuple[int, int]] = []  # (moves in the hand, seed)
    for seed in range(400):
        if len(found) == 8:
            break
        table = start_table(game, seats, seed, None, DERNIER)
        bots = bots_for(table)
        questions: list[int] = []  # the people offered a claim (they hold the card)
        while not table.state.is_over() and len(table.record.actions) < 150:
            seat = table.state.to_act()
            assert seat is not None
            view, legal = table.state.view(seat), list(table.state.legal_actions())
            if seat in bots:
                action = bots[seat].choose(view, legal)
            elif is_question(game, view, legal):
                silence = game.timeout_action(view)
                if len(legal) > 1:
                    questions.append(seat)
                action = silence if len(legal) == 1 or len(questions) == 2 else legal[0]
            else:
                action = legal[actions_data(game, legal)[0][0]["i"]]
            table.act(action)
        if table.state.is_over() and len(questions) >= 2 and table.seats[questions[0]].name == "Ann":
            found.append((len(table.record.actions), seed))
    assert found, "no seed in 0-399 offers the anticipo the test needs"
    return min(found)[1]


def claim_offered(page: Any) -> bool:
    """Whether the page offers its seat a claim now (it holds the card), not only "no"."""
    return bool(page.locator("#actions button.claim").count())


def open_from_lobby(page: Any, url: str, seed: int, shots: Path) -> list[str]:
    """Open the Dernier table through the lobby's form, as a host would; the links it shows."""
    page.goto(url + "/")
    page.select_option("#game", "dernier")
    page.fill("#options", ", ".join(DERNIER))
    rows = page.locator("#seats li")
    rows.nth(0).locator(".seat-name").fill("Ann")
    rows.nth(1).locator(".seat-kind").select_option("")
    rows.nth(1).locator(".seat-name").fill("Boris")
    rows.nth(2).locator(".seat-kind").select_option("heuristic")
    rows.nth(3).locator("button").click()
    page.fill("#tournament", "Friday")
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    page.screenshot(path=str(shots / "lobby.png"), full_page=True)
    items = page.locator("#link-list li")
    links = {
        items.nth(k).locator("strong").inner_text(): items.nth(k).locator("a").get_attribute("href")
        for k in range(items.count())
    }
    return [
        next(url for label, url in links.items() if who in label)
        for who in ("Ann", "Boris", "Spectators", "Scoreboard of Friday")
    ]


def log_count(page: Any, text: str) -> int:
    return sum(text in e["text"] for e in state(page)["log"])


def test_a_hand_of_dernier_with_an_anticipo_race_a_reload_and_the_scoreboard(
    browser: Any, servers: list[Server], shots: Path
) -> None:
    """D-20 in the browser: the first claim of an anticipo wins, silence declines, a late claim changes
    nothing; I-2: the offer's countdown is shown to the seat offered only; D-21: the hand ends the match."""
    seats = [Seat("Ann"), Seat("Boris"), Seat("Bot 1 (heuristic)", "heuristic")]
    seed = dernier_seed(seats)
    host = browser.new_context(viewport=LAPTOP)
    links = open_from_lobby(host.new_page(), servers[0].url, seed, shots)
    ann_link, boris_link, watch_link, scores_link = links
    ann = host.new_page()
    ann.goto(ann_link)
    phone_ctx = browser.new_context(viewport=PHONE)  # Ann's phone: the same seat, another device
    phone = phone_ctx.new_page()
    phone.goto(ann_link)
    boris_ctx = browser.new_context(viewport=LAPTOP)
    boris = boris_ctx.new_page()
    boris.goto(boris_link)
    watcher = browser.new_context(viewport=LAPTOP).new_page()
    watcher.goto(watch_link)
    for page in (ann, phone, boris, watcher):
        wait_state(page, "state.seats.every((s) => s.here)")
    assert state(ann)["seat"] == state(phone)["seat"] != state(boris)["seat"]
    assert state(ann)["seats"][state(ann)["seat"]]["name"] == "Ann"
    assert state(watcher)["seat"] is None and state(watcher)["hand"] == []
    questions = 0
    reloaded = False
    deadline = time.monotonic() + 90
    while not state(ann)["over"]:
        assert time.monotonic() < deadline, "the hand did not end"
        mover = next((p for p in (ann, boris) if state(p)["yours"]), None)
        if mover is None:
            ann.wait_for_timeout(40)
            continue
        s = state(mover)
        if s["clock"] and s["clock"]["kind"] == "answer":
            decision = s["decision"]
            other = boris if mover is ann else ann
            # the window is the same for everyone, holder or not: its timing tells nothing (I-2); the
            # other page may hear of it a moment later than the mover's (well within the 4 s window)
            wait_state(other, "state.clock && state.clock.kind == 'answer'", timeout=3_000)
            if not claim_offered(mover):  # nothing to claim: say no at once (key 1)
                mover.keyboard.press("1")
                wait_state(mover, f"!state.yours || state.decision > {decision}")
                continue
            questions += 1
            if questions == 1:
                assert mover is ann
                mover.screenshot(path=str(shots / "dernier-anticipo.png"))
                claims = log_count(ann, "calls Anticipo!")
                ann.locator("#actions button.claim").click()
                send_raw(phone, f"{{type: 'act', i: 0, decision: {decision}}}")  # the phone claims too
                wait_state(phone, f"state.decision > {decision}")
                phone.wait_for_function(
                    "() => document.getElementById('notice').textContent.includes('Too late')"
                )
                wait_state(ann, f"state.decision > {decision}")  # Ann's page may hear of it after the phone
                assert log_count(ann, "calls Anticipo!") == claims + 1  # one claim, the first, won
            elif questions == 2:  # silence: the window closes by itself, then a claim comes too late
                wait_state(mover, f"state.decision > {decision}", timeout=ANSWER_SECONDS * 1000 + 5000)
                send_raw(mover, f"{{type: 'act', i: 0, decision: {decision}}}")
                mover.wait_for_function(
                    "() => document.getElementById('notice').textContent.includes('Too late')"
                )
            else:
                play_first(mover)
            continue
        if mover is boris and not reloaded:  # a reload gets the seat back with the same link
            hand = state(boris)["hand"]
            boris.reload()
            wait_state(boris, "state.yours")
            assert (
                state(boris)["hand"] == hand
                and state(boris)["seats"][state(boris)["seat"]]["name"] == "Boris"
            )
            reloaded = True
            boris.screenshot(path=str(shots / "dernier-table.png"))
        play_first(mover, keyboard=mover is boris)  # Boris plays with the keyboard only
    assert questions >= 2 and reloaded
    final = wait_state(ann, "state.recorded !== null")
    assert "recorded in tournament 'Friday'" in final["recorded"]
    assert state(watcher)["hand"] == [] and state(watcher)["over"]
    phone.screenshot(path=str(shots / "dernier-phone.png"))
    watcher.goto(scores_link)  # the link the lobby gave the host: /scores/Friday itself is nothing
    watcher.wait_for_selector("#sections td:text('Ann')")
    names = watcher.locator("#sections td:nth-child(2)").all_inner_texts()
    assert sorted(names) == ["Ann", "Boris", "Bot 1 (heuristic)"]
    watcher.screenshot(path=str(shots / "scoreboard.png"))


def test_the_move_timer_counts_down_and_its_penalty_applies(browser: Any, servers: list[Server]) -> None:
    """D-19: the page counts the seconds down, and running out draws the slow penalty."""
    data = servers[0].open_table(
        {
            "game": "dernier",
            "seats": [{"name": "Ann"}, {"bot": "random"}],
            "options": ["move_seconds=3"],
            "seed": 1,
        }
    )
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(servers[0].link(data, "Ann"))

    def seconds_left() -> float:
        return float(page.inner_text("#clock").split(":")[1].split()[0])

    wait_state(page, "state.yours && state.clock !== null && state.clock.ms > 1800")
    page.wait_for_function(
        "() => /^move \\(you\\): [0-9.]+ s$/.test(document.getElementById('clock').textContent)"
    )
    decision, first = state(page)["decision"], seconds_left()
    page.wait_for_timeout(400)
    assert seconds_left() < first and state(page)["decision"] == decision  # counting down, live
    wait_state(page, "state.log.some((e) => e.text.includes('ran out of time'))", timeout=10_000)


def test_a_deal_of_posledniy_with_the_exchange_and_a_server_restart(
    browser: Any, servers: list[Server], shots: Path
) -> None:
    """P-5: the exchange by selecting cards; P-7: the tricks by clicking the cards allowed; P-10 ends it."""
    data = servers[0].open_table(
        {
            "game": "posledniy",
            "seats": [{"name": "Ann"}, {"name": "Boris"}, {"bot": "heuristic"}],
            "options": ["target=1"],
            "seed": 7,
        }
    )
    ann = browser.new_context(viewport=PHONE).new_page()
    ann.goto(servers[0].link(data, "Ann"))
    boris = browser.new_context(viewport=LAPTOP).new_page()
    boris.goto(servers[0].link(data, "Boris"))
    for page in (ann, boris):
        wait_state(page, "state.seats.every((s) => s.here)")
    exchanged = restarted = False
    deadline = time.monotonic() + 90
    while not state(ann)["over"]:
        assert time.monotonic() < deadline, "the deal did not end"
        mover = next((p for p in (ann, boris) if state(p)["yours"]), None)
        if mover is None:
            ann.wait_for_timeout(40)
            continue
        s = state(mover)
        if s["select"] and not exchanged:  # the first person to pass (the seat draw decides who)
            cards = mover.locator("#hand .card")
            for k in range(s["select"]):
                cards.nth(k).click()
            assert mover.locator("#hand .card.selected").count() == s["select"]
            mover.screenshot(path=str(shots / "posledniy-exchange.png"))
            mover.click("#pass-selected")
            wait_state(mover, f"state.decision > {s['decision']}")
            assert len(state(mover)["log"]) > len(s["log"])
            exchanged = True
            continue
        if exchanged and not restarted and not s["select"]:
            decision = s["decision"]
            opened = [p.evaluate("() => connections") for p in (ann, boris)]
            servers.append(servers[-1].restart())  # every open table resumes from disk
            for page, before in zip((ann, boris), opened, strict=True):
                page.wait_for_function(f"() => online && connections > {before}", timeout=20_000)
                wait_state(page, f"state.decision === {decision} && state.seats.every((x) => x.here)")
            restarted = True
            continue
        play_first(mover)
    assert exchanged and restarted
    final = state(ann)
    assert final["outcome"] and final["hands"]
    ann.screenshot(path=str(shots / "posledniy-phone.png"), full_page=True)
