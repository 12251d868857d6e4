"""The installed game through the installed `cardgames` command: list, rules, play against bots, simulate."""

from __future__ import annotations

import json
import os
import shutil
import subprocess


def cardgames(*args: str) -> str:
    """Run the installed command (as a user would) and return what it printed."""
    program = shutil.which("cardgames")
    assert program, "the cardgames command is not installed (pip install -e . -e examples/ohhell)"
    env = {**os.environ, "COLUMNS": "200"}  # no line breaks inside a phrase
    done = subprocess.run([program, *args], capture_output=True, text=True, timeout=120, check=False, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_cardgames_list_shows_the_game_once_installed() -> None:
    assert any(row["id"] == "ohhell" for row in json.loads(cardgames("list", "--json"))["games"])
    assert "a trump is turned up" in cardgames("rules", "oh hell")


def test_its_summary_and_rules_card_read_in_italian_and_russian() -> None:
    """Its own catalog (ohhell/locale) says them, as the built-in games' catalogs say theirs."""
    italian = cardgames("rules", "ohhell", "--lang", "it")
    assert "Dichiara esattamente quante prese farai; a ogni mano si scopre una carta" in italian
    assert "Rispondi al seme se puoi; prende la briscola più alta" in italian
    russian = cardgames("rules", "ohhell", "--lang", "ru")
    assert "Закажите ровно столько взяток, сколько возьмёте; в каждом коне открывают козырь." in russian
    assert "Точный заказ приносит 10 очков и по одному за взятку" in russian
    for said in (italian, russian):
        assert "a trump is turned up" not in said and "Follow suit" not in said


def test_bots_play_it_to_the_end_the_hard_one_included() -> None:
    result = json.loads(
        cardgames(
            "play",
            "ohhell",
            "-p",
            "bot,bot:hard,bot:easy",
            "-o",
            "cards=3",
            "--seed",
            "3",
            "--lines",
            "--json",
        )
    )
    assert result["finished"] and len(result["final"]["scores"]) == 3


def test_simulate_plays_many_games_and_reports_on_the_seats() -> None:
    report = json.loads(
        cardgames(
            "simulate",
            "ohhell",
            "-p",
            "random,random,random",
            "-n",
            "30",
            "-o",
            "cards=4",
            "-w",
            "1",
            "--seed",
            "1",
            "--json",
        )
    )
    assert report["games_played_now"] == 30 and len(report["variants"][0]["fairness"]["sole_wins"]) == 3
