"""``cardgames rules GAME`` says the options' descriptions and the bots' lines in the language in force.

An option's description is marked with ``N_`` where the options class is written and said through
the catalog of that class's package (a game's, a plugin's); the bots' lines are the framework's.
A plugin without a catalog shows its descriptions as written; ``--json`` keys the bots' lines by
their names and says them in the language in force, as it says the rules card.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.bots.lookup import describe_bots
from cardgames.cli import app as cli
from cardgames.core.options import option_doc, option_fields
from cardgames.plugins.registry import Registry, find_game
from cardgames.primitives.language import speaking

ROOT = Path(__file__).resolve().parents[2]
NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def rules(*argv: str, tmp_path: Path) -> str:
    """``cardgames rules ARGV`` in a fresh process (its --lang read as the program reads it), wide."""
    environ = {**os.environ, **NO_LOCALE, "CARDGAMES_SETTINGS": str(tmp_path / "none.toml"), "COLUMNS": "250"}
    environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), environ.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-m", "cardgames", "rules", *argv],
        capture_output=True,
        text=True,
        env=environ,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return one_line(done.stdout)


def one_line(text: str) -> str:
    """The text with rich's wrapping and padding undone (a no-break space, as in 1\u00a0100, is kept)."""
    return re.sub(r"[ \n]+", " ", text)


SAID = {
    "it": (
        [
            "carte distribuite a ogni giocatore (D-3)",
            "jolly nel doppio mazzo da 104 carte (D-2)",
            "hands: vince chi arriva per primo a hands_to_win mani vinte",
            "la vince chi ha meno punti in mano (una salvaguardia del programma)",
            "l'euristica, con una mossa a caso una volta su tre",
            "la stessa ricerca con impostazioni a tua scelta, ismcts:CHIAVE=VALORE:…",
            "una mossa consentita scelta a caso",
            "heuristic valuta ogni mossa con ciò che vede e gioca la migliore: prima le carte normali",
        ],
        # every table size has its budget (the figures are the game's to tune: thousands as 1.100)
        r"sugli insiemi di informazione, [\d.]+ iterazioni a mossa con 2 giocatori, [\d.]+ con 3",
    ),
    "ru": (
        [
            "сколько карт сдаётся каждому игроку (D-3)",
            "сколько карт берёт тот, кто забыл сказать «Dernier!» (D-17)",
            "очки за джокера, оставшегося на руке (D-21)",
            "эвристика, но один ход из трёх — случайный",
            "с доигрыванием партий по эвристике",
            "ключи: time=СЕКУНДЫ, iterations=N",
            "heuristic оценивает каждый ход по тому, что видит, и делает лучший: сначала простые карты",
        ],
        r"информационных множеств, [\d\u00a0]+ итерац\w+ на ход при 2 игроках, [\d\u00a0]+ при 3",
    ),
}


@pytest.mark.parametrize("code", sorted(SAID))
def test_rules_dernier_says_the_options_and_the_bots_in_the_language_asked(code: str, tmp_path: Path) -> None:
    out = rules("dernier", "--lang", code, tmp_path=tmp_path)
    said, budgets = SAID[code]
    for line in said:
        assert line in out
    for english in [
        "cards dealt to each player",
        "iterations a move",
        "uniformly random",
        "played out by",
        "the keys",
        "plain cards first",
    ]:
        assert english not in out
    assert "bot proprio del gioco" not in out and "собственный бот игры" not in out
    assert re.search(budgets, out)


@pytest.mark.parametrize(
    ("code", "dernier", "posledniy"),
    [
        ("en", "scores every move from what it sees", "passes and sheds high cards early"),
        ("it", "valuta ogni mossa con ciò che vede", "passa e scarta presto le carte alte"),
        ("ru", "оценивает каждый ход по тому, что видит", "сносит и рано сбрасывает старшие карты"),
    ],
)
def test_a_games_own_bot_says_what_it_is_through_the_games_catalog(
    code: str, dernier: str, posledniy: str
) -> None:
    """The registry's guard wraps each bot factory; what the bot says of itself (its ``summary``) is kept
    and said through its game's catalog, never "the game's own bot" (docs/plugin-guide.md#bots)."""
    with speaking(code):
        assert describe_bots(find_game("dernier"))["heuristic"].startswith(dernier)
        assert describe_bots(find_game("posledniy"))["heuristic"].startswith(posledniy)


def test_rules_json_keys_the_bots_lines_by_name_and_says_them_as_the_rules_card(tmp_path: Path) -> None:
    russian = json.loads(rules("dernier", "--json", "--lang", "ru", tmp_path=tmp_path))
    english = json.loads(rules("dernier", "--json", "--lang", "en", tmp_path=tmp_path))
    assert russian["bots"].keys() == english["bots"].keys()
    assert english["bots"]["random"] == "a uniformly random legal move"
    assert english["bots"]["hard"].startswith(
        "information-set tree search, 1,100 iterations a move with 2 players"
    )
    assert russian["bots"]["random"] != english["bots"]["random"]
    assert russian["bots"]["hard"].startswith("поиск по дереву информационных множеств")
    assert russian["rules_card"] != english["rules_card"]  # the card beside them is said in Russian too


def test_a_plugins_options_are_said_through_its_own_catalog() -> None:
    """The example Crazy Eights (examples/crazyeights) translates its option in its own locale/ folder."""
    game = find_game("crazyeights")
    (hand_size,) = option_fields(game.options_type)
    assert (
        option_doc(game.options_type, hand_size) == "cards dealt to each (0: 7 for two players, 5 for more)"
    )
    with speaking("it"):
        assert option_doc(game.options_type, hand_size).startswith(
            "carte distribuite a ciascuno (0: 7 se si gioca in due"
        )
        out = one_line(CliRunner().invoke(cli.app, ["rules", "crazyeights"]).stdout)
    assert "carte distribuite a ciascuno (0: 7 se si gioca in due, 5 se si è in più)" in out
    with speaking("ru"):
        out = one_line(CliRunner().invoke(cli.app, ["rules", "crazyeights"]).stdout)
    assert "сколько карт сдаётся каждому (0: 7 при двух игроках, 5 при большем числе)" in out
    assert "небольшой поиск (40 итераций)" in out  # a game without a heuristic: medium is a small search


@pytest.mark.parametrize("code", ["it", "ru"])
def test_a_plugin_without_a_catalog_shows_its_options_as_written(fake_registry: Registry, code: str) -> None:
    """High Card (tests/framework_highcard.py) is a lone module: no catalog, so its own English words."""
    with speaking(code):
        out = one_line(CliRunner().invoke(cli.app, ["rules", "highcard"]).stdout)
    assert "chips each loser pays a winner" in out
    assert "Bots" not in out  # the framework's words around it are translated all the same


def test_an_empty_text_stays_empty_whatever_the_catalog() -> None:
    """gettext("") is a catalog's header: a game without a summary must not show it in the lobby."""
    from cardgames.games.dernier import Dernier
    from cardgames.play.rulesview import summary_of
    from cardgames.primitives.language import translated

    class Unsaid(Dernier):
        summary = ""

    for code in ("it", "ru"):
        with speaking(code):
            assert translated(Dernier, "") == ""
            assert summary_of(Unsaid()) == ""
