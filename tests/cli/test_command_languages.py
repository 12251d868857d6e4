"""Issue 29: the command line in Italian and Russian: every command's help (click's own words too),
usage mistakes, a ledger session, the simulation report and ``--ascii`` cards."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.cli.lazy import LAZY
from cardgames.plugins.registry import default_registry
from cardgames.primitives.cards import parse_card, shown_card
from cardgames.primitives.language import speaking, typed_by_player

LANGUAGES = ("it", "ru")


def _paths() -> list[tuple[str, ...]]:
    """Every command and subcommand of the program (lazy ones loaded)."""
    root: Any = typer.main.get_command(app)
    for name in LAZY:
        root.load(name)
    found: list[tuple[str, ...]] = []

    def walk(path: tuple[str, ...], command: Any) -> None:
        found.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk((*path, name), sub)

    walk((), root)
    return found


PATHS = _paths()
GAMES = {word for game in default_registry().games() for word in (game.id, game.name)}
NAMES = {name for path in PATHS for name in path} | GAMES | {"cardgames"}


def invoke(code: str, args: list[str], **settings: Any) -> Any:
    """``cardgames ARGS`` in this process, speaking ``code``."""
    with speaking(code):
        return CliRunner().invoke(app, args, terminal_width=80, **settings)


def _no_words(line: str) -> bool:
    """Whether a help line holds only names, option flags and metavars (the same in every language)."""
    line = re.sub(r"<[a-z ]+>", " ", line)  # typer's metavars: <int>, <float range>
    for token in re.split(r"[\s,/|]+", line.strip()):
        bare = token.strip("[]{}().:;'`<>")
        if not bare or not re.search(r"[a-z]", bare) or token.startswith("-") or bare in NAMES:
            continue
        if re.fullmatch(r"[\d.<=x]+", bare):  # click's range of a number: 0.05<=x<=600
            continue
        return False
    return True


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "cardgames")
def test_every_help_is_in_the_language_asked(path: tuple[str, ...], code: str) -> None:
    english = invoke("en", [*path, "--help"])
    said = invoke(code, [*path, "--help"])
    assert english.exit_code == said.exit_code == 0, said.output
    lines = set(said.output.splitlines())
    left = [line for line in english.output.splitlines() if line in lines and not _no_words(line)]
    assert not left, f"English left in {' '.join(path)} --help under --lang {code}: {left}"
    assert "╭" not in said.output  # plain help: typer's rich panels (titles in English) never show
    for word in (
        "Usage:",
        "Options:",
        "Arguments:",
        "Commands:",
        "Show this message",
        "[required]",
        "default:",
    ):
        assert word not in said.output


def test_the_help_counts_its_lines_the_same_way() -> None:
    """The walk compares real help: English and Italian have the same sections."""
    english = invoke("en", ["simulate", "--help"]).output
    italian = invoke("it", ["simulate", "--help"]).output
    assert english.startswith("Usage: cardgames simulate") and italian.startswith("Uso: cardgames simulate")
    assert "Options:" in english and "Opzioni:" in italian and "--vs CHANGES" in italian
    assert "[default: 1000]" in english and "[di norma: 1000]" in italian


@pytest.mark.parametrize(
    ("code", "args", "said"),
    [
        ("it", ["rules", "--bogus"], "errore: Opzione sconosciuta: --bogus (vedi 'cardgames rules --help')"),
        ("ru", ["rules", "--bogus"], "ошибка: Нет такого параметра: --bogus (см. 'cardgames rules --help')"),
        ("it", ["rules"], "errore: Manca l'argomento 'GAME'. (vedi 'cardgames rules --help')"),
        ("ru", ["rules"], "ошибка: Не указан аргумент 'GAME'. (см. 'cardgames rules --help')"),
        (
            "it",
            ["simulate", "dernier", "-n", "molte"],
            "errore: Valore non valido per '--games' / '-n': 'molte' non è un numero intero. "
            "(vedi 'cardgames simulate --help')",
        ),
        ("ru", ["lisst"], "ошибка: Команды 'lisst' нет; может быть, list? (см. 'cardgames --help')"),
        (
            "ru",
            ["simulate", "dernier", "--sed", "3"],
            "ошибка: Нет такого параметра: --sed; может быть, --seed?",
        ),
    ],
)
def test_a_usage_mistake_is_said_in_the_language_asked(code: str, args: list[str], said: str) -> None:
    result = invoke(code, args)
    assert result.exit_code == 2
    assert result.stderr.strip().startswith(said), result.stderr


@pytest.fixture
def ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "torneo.sqlite3"
    monkeypatch.setenv("CARDGAMES_LEDGER", str(path))
    yield path


def _ascii_words(text: str) -> list[str]:
    """The Latin words of a Russian output, but for the ledger file's path."""
    text = re.sub(r"\S*/\S*", "", text)  # the ledger's path
    return re.findall(r"[A-Za-z]{3,}", text)


def test_a_ledger_evening_in_russian_has_no_english_left(ledger: Path) -> None:
    steps = [
        ["ledger", "new", "Кубок"],
        ["ledger", "table", "Кубок", "1", "Аня", "Борис", "Вера"],
        ["ledger", "game", "Кубок", "1", "-g", "posledniy"],
        ["ledger", "record", "1", "--last", "Борис"],
        ["ledger", "record", "1", "--all-tricks", "Вера"],
        ["ledger", "standings", "Кубок"],
        ["ledger", "games", "Кубок"],
    ]
    out = ""
    for args in steps:
        result = invoke("ru", args)
        assert result.exit_code == 0, result.output
        out += result.output
    assert "турнир Кубок начат" in out
    assert "партия 1 за столом 1: Последний, штрафные очки до 5, 5 фишек за очко" in out
    assert "раздача 1 (сдаёт Аня): последняя взятка: Борис; очки: Борис +1" in out
    assert "Последний, штрафные очки (Кубок)" in out and "Общий зачёт (Кубок)" in out
    assert "идёт, следующая" in out and "раздача 3" in out
    assert _ascii_words(out) == [], _ascii_words(out)
    # the ledger keeps its words in English, as a record does: an English reader sees the same deal
    english = invoke("en", ["ledger", "log", "1"]).output
    assert "deal 1 (dealer Аня): Борис took the last trick; points Борис +1" in english
    assert json.loads(invoke("ru", ["ledger", "games", "Кубок", "--json"]).output)["games"][0]["deals"] == 2


def test_a_ledger_question_is_answered_in_the_language_asked(ledger: Path) -> None:
    for args in (["ledger", "new", "Кубок"], ["ledger", "table", "Кубок", "1", "Аня", "Борис", "Вера"]):
        invoke("ru", args)
    invoke("ru", ["ledger", "game", "Кубок", "1", "-g", "posledniy"])
    invoke("ru", ["ledger", "record", "1", "--last", "Борис"])
    refused = invoke("ru", ["ledger", "undo", "1"], input="нет\n")
    assert "Отменить? [д/Н]:" in refused.output and "ничего не отменено" in refused.stderr
    done = invoke("ru", ["ledger", "undo", "1"], input="да\n")
    assert done.exit_code == 0, done.output
    assert "партия 1" in done.output


def test_the_simulation_report_speaks_italian_and_keeps_its_keys() -> None:
    args = ["simulate", "dernier", "-n", "3", "--seed", "5", "-w", "1"]
    italian = invoke("it", args, env={"COLUMNS": "200"}).output
    assert "posti" in italian and "vince P1 (heuristic)" in italian and "il mazziere vince la mano" in italian
    assert "decisioni per partita" in italian and "mediana" in italian and "in questo processo" in italian
    assert "catene di assi" in italian  # a statistic Dernier declares, in Dernier's own catalog
    assert "first player wins" not in italian and "games from seed" not in italian
    english_data = json.loads(invoke("en", [*args, "--json"]).output)
    italian_data = json.loads(invoke("it", [*args, "--json"]).output)

    def keys(data: Any) -> Any:
        if isinstance(data, dict):
            return {
                k: keys(v) for k, v in data.items() if k not in {"seconds", "games_per_second", "verdict"}
            }
        if isinstance(data, list):
            return [keys(v) for v in data]
        return None

    assert keys(italian_data) == keys(english_data)
    rows = italian_data["variants"][0]["rows"] if "variants" in italian_data else italian_data["rows"]
    assert {"section": "seats", "label": "first player wins"}.items() <= next(
        r for r in rows if r["label"] == "first player wins"
    ).items()


def test_ascii_cards_are_written_as_the_player_types_them_back() -> None:
    seven_of_clubs, queen_of_hearts = parse_card("7C"), parse_card("QH")
    with speaking("it"), typed_by_player():
        assert shown_card(seven_of_clubs, ascii_only=True) == "7F"  # fiori: C is cuori here
        assert shown_card(queen_of_hearts, ascii_only=True) == "QC"
        for card in (seven_of_clubs, queen_of_hearts, parse_card("10D"), parse_card("AS")):
            assert parse_card(shown_card(card, ascii_only=True)) == card
    with speaking("ru"), typed_by_player():
        assert shown_card(seven_of_clubs, ascii_only=True) == "7C"  # no Russian letter means another suit
        assert parse_card("7C") == seven_of_clubs
    with speaking("en"):
        assert shown_card(seven_of_clubs, ascii_only=True) == "7C"


def test_ascii_at_the_italian_table(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("quit\n", encoding="utf-8")
    args = [
        "play",
        "dernier",
        "--players",
        "me,bot,bot",
        "--seed",
        "3",
        "--ascii",
        "--lines",
        "--moves",
        str(moves),
    ]
    out = invoke("it", args).output
    hand = next(line for line in out.splitlines() if line.startswith("La tua mano"))
    assert "1:2F" in hand and "4:4C" in hand  # 2 of clubs (fiori), 4 of hearts (cuori)
    assert "Bot 1 gioca AC" in out and "Scarti: AC, giocata da Bot 1\n" in out  # the ace of hearts, once
    assert "♥" not in out and "♣" not in out
