"""A bad bot spec is refused in the language in force, its setting and bot names kept as typed.

What a player or a researcher types (``--players me,bot:ismcts:foo=1``, the arena's ``--bots``)
is said through the framework's catalog; a game's own ``search_settings`` that the framework
cannot read is the plugin author's programming error and is said in English (docs/languages.md).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgames.bots.lookup import check_bot
from cardgames.games.dernier import Dernier
from cardgames.lab.arena import check_compared
from cardgames.lab.plan import parse_bots
from cardgames.play.seats import parse_players
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import speaking

ROOT = Path(__file__).resolve().parents[2]
GAME = Dernier()

# the spec, then what its refusal says in Italian and in Russian
REFUSED = [
    (
        "ismcts:foo=1",
        "bot 'ismcts:foo=1': non c'è un'impostazione 'foo'; le impostazioni sono time=SECONDI, iterations=N",
        "бот 'ismcts:foo=1': настройки 'foo' нет; настройки такие: time=СЕКУНДЫ, iterations=N",
    ),
    (
        "ismcts:time",
        "bot 'ismcts:time': scrivi ogni impostazione come chiave=valore (time=0.5), non 'time'",
        "бот 'ismcts:time': пишите каждую настройку как ключ=значение (time=0.5), а не 'time'",
    ),
    ("ismcts:c=1:c=2", "il bot 'ismcts:c=1:c=2' imposta c due volte", "бот 'ismcts:c=1:c=2' задаёт c дважды"),
    (
        "ismcts:iterations=1.5",
        "bot 'ismcts:iterations=1.5': iterations dev'essere un numero intero, non '1.5'",
        "бот 'ismcts:iterations=1.5': iterations должно быть целым числом, а не '1.5'",
    ),
    (
        "ismcts:time=x",
        "bot 'ismcts:time=x': time dev'essere un numero, non 'x'",
        "бот 'ismcts:time=x': time должно быть числом, а не 'x'",
    ),
    (
        "ismcts:time=0",
        "bot 'ismcts:time=0': time dev'essere da 0.001 a 600, non 0",  # the bounds as they are typed
        "бот 'ismcts:time=0': time должно быть от 0.001 до 600, а не 0",
    ),
    (
        "ismcts:rollout=smart",
        "bot 'ismcts:rollout=smart': rollout è random o heuristic, non 'smart'",
        "бот 'ismcts:rollout=smart': rollout — это random или heuristic, а не 'smart'",
    ),
    (
        "ismcts:beliefs=0:weigh=3",
        "bot 'ismcts:beliefs=0:weigh=3': weigh pesa i mondi plausibili; con beliefs=0 non fa nulla",
        "бот 'ismcts:beliefs=0:weigh=3': weigh взвешивает правдоподобные миры; при beliefs=0 он ничего не",
    ),
    (
        "nosuch",
        "Dernier non ha nessun bot chiamato 'nosuch'; scegli tra easy, hard, heuristic",
        "у игры Dernier нет бота 'nosuch'; выберите из: easy, hard, heuristic",
    ),
    (
        "mybots:clever",
        "il bot 'mybots:clever' è codice esterno a Dernier: gioca solo in un processo a sé",
        "бот 'mybots:clever' — код не из игры Dernier: он играет только в отдельном процессе",
    ),
]


@pytest.mark.parametrize(("spec", "italian", "russian"), REFUSED)
def test_a_bad_bot_spec_is_refused_in_the_language_in_force(spec: str, italian: str, russian: str) -> None:
    for code, said in (("it", italian), ("ru", russian)):
        with speaking(code), pytest.raises(OptionError) as refused:
            check_bot(GAME, spec)
        assert str(refused.value).startswith(said), str(refused.value)


def test_english_is_as_it_was() -> None:
    with pytest.raises(OptionError, match=r"^bot 'ismcts:foo=1': no setting 'foo'; the settings are time="):
        check_bot(GAME, "ismcts:foo=1")


def test_a_game_without_a_heuristic_refuses_its_rollout_in_the_language_in_force() -> None:
    from framework_speaking import SpeakingHighCard

    with speaking("ru"), pytest.raises(OptionError, match=r"у игры Speaking High Card нет эвристического"):
        check_bot(SpeakingHighCard(), "ismcts:rollout=heuristic")


def test_a_missing_module_for_an_isolated_bot_is_said_in_the_language_in_force() -> None:
    with speaking("it"), pytest.raises(OptionError, match=r"^nessun modulo 'nosuchmodule' per il bot"):
        check_bot(GAME, "nosuchmodule:clever", isolate=True)


def test_a_plugin_authors_search_settings_mistake_is_said_in_english() -> None:
    """A game whose search_settings the framework cannot read is a programming error, for its author."""

    class Untuned(Dernier):
        search_settings = {"speed": 3.0}  # noqa: RUF012

    with speaking("ru"), pytest.raises(OptionError, match=r"^Dernier's search_settings: no setting 'speed'"):
        check_bot(Untuned(), "hard")


@pytest.mark.parametrize(
    ("spec", "italian", "russian"),
    [
        ("a,a", "--players nomina 'a' due volte", "--players называет 'a' дважды"),
        ("a,,b", "--players 'a,,b' ha un nome vuoto", "в --players 'a,,b' есть пустое имя"),
        ("0", "--players 0: una partita vuole almeno un giocatore", "--players 0: в игре нужен хотя бы один"),
        (
            "999",
            "--players 999: nessun gioco ha tanti posti (al massimo 64)",
            "--players 999: столько мест нет",
        ),
        (
            "x" * 101,
            "--players: un nome ha al massimo 100 caratteri, non 101",
            "--players: имя не длиннее 100",
        ),
    ],
)
def test_a_bad_players_spec_is_refused_in_the_language_in_force(
    spec: str, italian: str, russian: str
) -> None:
    for code, said in (("it", italian), ("ru", russian)):
        with speaking(code), pytest.raises(OptionError) as refused:
            parse_players(GAME, spec)
        assert str(refused.value).startswith(said), str(refused.value)


@pytest.mark.parametrize(
    ("call", "italian", "russian"),
    [
        (
            lambda: parse_bots(GAME, "heuristic,foo", what="--bots"),
            "--bots: 'foo' non è un bot di Dernier; nelle simulazioni siedono solo bot",
            "--bots: 'foo' — не бот игры Dernier; в симуляциях играют только боты",
        ),
        (
            lambda: parse_bots(GAME, "9"),
            "--players 9: Dernier si gioca da 2 a 8 giocatori",
            "--players 9: в Dernier играют от 2 до 8 игроков",
        ),
        (
            lambda: check_compared(["random", "random"], 10, "heuristic,random"),
            "--bots nomina un bot due volte; un'arena confronta bot diversi",
            "в --bots один бот назван дважды; арена сравнивает разных ботов",
        ),
        (
            lambda: check_compared(["random"], 10, "heuristic,random"),
            "--bots vuole almeno due bot da confrontare, come in --bots heuristic,random",
            "--bots: для сравнения нужно хотя бы два бота, например --bots heuristic,random",
        ),
    ],
)
def test_the_labs_bot_specs_are_refused_in_the_language_in_force(
    call: Callable[[], object], italian: str, russian: str
) -> None:
    for code, said in (("it", italian), ("ru", russian)):
        with speaking(code), pytest.raises(OptionError) as refused:
            call()
        assert str(refused.value).startswith(said), str(refused.value)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["play", "dernier", "--players", "me,bot:ismcts:foo=1", "--lang", "ru"],
            "ошибка: бот 'ismcts:foo=1': настройки 'foo' нет; настройки такие: time=СЕКУНДЫ",
        ),
        (
            ["arena", "dernier", "--bots", "ismcts:time=x,random", "--lang", "it"],
            "errore: bot 'ismcts:time=x': time dev'essere un numero, non 'x'",
        ),
    ],
)
def test_the_command_says_it_in_one_line(argv: list[str], said: str, tmp_path: Path) -> None:
    environ = {**os.environ, "CARDGAMES_SETTINGS": str(tmp_path / "none.toml"), "COLUMNS": "250"}
    environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), environ.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-m", "cardgames", *argv],
        capture_output=True,
        text=True,
        env=environ,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(said), done.stderr
