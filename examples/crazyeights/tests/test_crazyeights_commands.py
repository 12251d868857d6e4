"""The installed game through the installed `cardgames` command: list, rules, play against bots, simulate."""

from __future__ import annotations

import json
import os
import shutil
import subprocess


def cardgames(*args: str) -> str:
    """Run the installed command (as a user would) and return what it printed."""
    program = shutil.which("cardgames")
    assert program, "the cardgames command is not installed (pip install -e . -e examples/crazyeights)"
    env = {**os.environ, "COLUMNS": "200"}  # no line breaks inside a phrase
    done = subprocess.run([program, *args], capture_output=True, text=True, timeout=120, check=False, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_cardgames_list_shows_the_game_once_installed() -> None:
    assert any(row["id"] == "crazyeights" for row in json.loads(cardgames("list", "--json"))["games"])
    assert "eights are wild" in cardgames("rules", "crazy eights")


def test_its_summary_and_rules_card_read_in_italian_and_russian() -> None:
    """Its own catalog (crazyeights/locale) says them, as the built-in games' catalogs say theirs."""
    italian = cardgames("rules", "crazyeights", "--lang", "it")
    assert (
        "Scarta una carta dello stesso seme o valore di quella in cima; gli otto fanno da matta." in italian
    )
    assert "matta: si gioca su qualsiasi carta, poi si chiama il seme da seguire" in italian
    russian = cardgames("rules", "crazyeights", "--lang", "ru")
    assert "восьмёрка идёт на любую карту. Побеждает тот, кто первым избавится от карт." in russian
    assert "Первым избавьтесь от всех карт; остальные платят вам столько, сколько стоят их карты." in russian
    for said in (italian, russian):
        assert "eights are wild" not in said and "play it on anything" not in said


def test_its_own_bot_says_what_it_is_in_the_language_asked() -> None:
    """``summary`` on the bot's class, marked with cg.N_, is its line in ``cardgames rules``."""
    lines = {
        code: json.loads(cardgames("rules", "crazyeights", "--json", "--lang", code))["bots"]
        for code in ("en", "it", "ru")
    }
    assert (
        lines["en"]["eights-last"]
        == "plays any other card before an eight, draws only when it must, calls its longest suit"
    )
    assert lines["it"]["eights-last"].startswith(
        "gioca qualsiasi altra carta prima di un otto, pesca solo se deve"
    )
    assert lines["ru"]["eights-last"].startswith("ходит любой другой картой раньше восьмёрки")


def test_bots_play_it_to_the_end_the_hard_one_included() -> None:
    result = json.loads(
        cardgames(
            "play",
            "crazyeights",
            "-p",
            "bot:eights-last,bot:hard,bot:easy",
            "--seed",
            "3",
            "--lines",
            "--json",
        )
    )
    assert result["finished"] and sum(result["final"]["scores"]) == 0


def test_simulate_plays_many_games_and_reports_on_the_seats() -> None:
    report = json.loads(
        cardgames(
            "simulate",
            "crazyeights",
            "-p",
            "random,random,random",
            "-n",
            "30",
            "-w",
            "1",
            "--seed",
            "1",
            "--json",
        )
    )
    assert report["games_played_now"] == 30 and len(report["variants"][0]["fairness"]["sole_wins"]) == 3
