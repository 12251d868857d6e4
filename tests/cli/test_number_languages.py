"""The numbers people read are written as their language writes them; the data keeps plain numbers.

Italian and Russian write a decimal comma (``0,333``), Russian sets its percent sign apart with a
no-break space (``58,8 %``) and groups thousands with one; ``--json``, ``--csv`` and the files stay
data, with a dot, whatever the language.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.primitives.language import speaking

NBSP = "\u00a0"
SIMULATE = ["simulate", "posledniy", "-p", "random,random,random", "--preset", "quick"]
SIMULATE += ["-n", "20", "-w", "1", "--seed", "3"]
ARENA = ["arena", "posledniy", "--bots", "heuristic,random", "-p", "3", "-n", "2", "-w", "1", "--seed", "2"]


def invoke(code: str, *args: str, **settings: Any) -> Any:
    """``cardgames ARGS`` in this process, speaking ``code``, on a wide terminal."""
    with speaking(code):
        result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"}, **settings)
    assert result.exit_code == 0, result.output
    return result


def lines(code: str, *args: str) -> list[str]:
    """The report's lines, the tables' borders and padding taken out: ``cell | cell | …``."""
    out = invoke(code, *args).stdout
    return [" | ".join(c.strip() for c in re.split(r"[│┃]", line) if c.strip()) for line in out.splitlines()]


def test_the_simulation_report_writes_its_numbers_as_the_language_does() -> None:
    english, italian, russian = (lines(code, *SIMULATE) for code in ("en", "it", "ru"))
    assert "seats | P1 (random) wins | 70.0% [48.1%, 85.5%] | 14/20 | 46.7%" in english
    assert "posti | vince P1 (random) | 70,0% [48,1%; 85,5%] | 14/20 | 46,7%" in italian
    assert (
        f"места | выигрывает P1 (random) | 70,0{NBSP}% [48,1{NBSP}%; 85,5{NBSP}%] | 14/20 | 46,7{NBSP}%"
        in russian
    )
    # a mean to 3 significant digits, the quantiles, the fairness test's p
    assert "hands per game | 3.8 [3.11, 4.49] | 20" in english
    assert "mani per partita | 3,8 [3,11; 4,49] | 20" in italian
    assert "конов за партию | 3,8 [3,11; 4,49] | 20" in russian
    assert "decisioni per partita: min 54; p10 54; mediana 94,5; p90 162; max 189" in italian
    assert "решений за партию: мин 54; p10 54; медиана 94,5; p90 162; макс 189" in russian
    assert "equità: nessun segno di iniquità tra i posti (chi quadro p = 0,472)" in italian
    assert "справедливость: нет признаков несправедливости между местами (хи-квадрат p = 0,472)" in russian
    # a column's name is text: Italian's bracketed interval is not taken for markup
    assert any("stima [intervallo al 95%]" in line for line in italian)
    for line in (*italian[:-1], *russian[:-1]):  # the footer's speed may be 1.499,2 partite/s
        assert not re.search(r"\d\.\d", line), line  # no English decimal point left


def test_the_arena_tables_write_their_numbers_as_the_language_does() -> None:
    english, italian, russian = (lines(code, *ARENA) for code in ("en", "it", "ru"))
    assert "heuristic | 91.7% [64.6%, 98.5%] | 55.6% | 12 | 14.97 | 33.95 | 6.33" in english
    assert "heuristic | 91,7% [64,6%; 98,5%] | 55,6% | 12 | 14,97 | 33,95 | 6,33" in italian
    assert (
        f"heuristic | 91,7{NBSP}% [64,6{NBSP}%; 98,5{NBSP}%] | 55,6{NBSP}% | 12 | 14,97 | 33,95 | 6,33"
        in russian
    )
    assert "random | 16,7% [4,7%; 44,8%] | 55,6% | 12 | -2,93 | 16,05 | 6,33" in italian
    assert "heuristic | random | 10 | 1 | 1 | 0,0117 | sì: heuristic è più forte" in italian
    assert "heuristic | random | 10 | 1 | 1 | 0,0117 | да: heuristic сильнее" in russian
    for line in (*italian[:-1], *russian[:-1]):
        assert not re.search(r"\d\.\d", line), line


@pytest.mark.parametrize(
    ("code", "seconds"),
    [("en", r"\d+\.\d s \(\d[\d,]*\.\d games/s\)"), ("it", r"\d+,\d s \(\d[\d.]*,\d partite/s\)"),
     ("ru", rf"\d+,\d с \(\d[\d{NBSP}]*,\d партий/с\)")],
)  # fmt: skip
def test_the_footer_writes_the_seconds_and_the_speed_as_the_language_does(code: str, seconds: str) -> None:
    footer = lines(code, *SIMULATE)[-1]
    assert re.search(seconds, footer), footer


def test_the_ledger_ratings_are_written_as_the_language_does(tmp_path: Path) -> None:
    ledger = ["--ledger", str(tmp_path / "cup.sqlite3")]
    for args in (
        ["new", "Cup"],
        ["table", "Cup", "1", "Ann", "Boris", "Vera"],
        ["game", "Cup", "1", "-g", "posledniy"],
        ["record", "1", "--last", "Boris"],
        ["record", "1", "--all-tricks", "Vera"],
        ["game", "Cup", "1", "-g", "posledniy"],
        ["record", "2", "--last", "Ann"],
    ):
        invoke("en", "ledger", *args, *ledger)
    rating = ["ledger", "rating", "Cup", "--by", "deal", *ledger]
    english, italian, russian = (lines(code, *rating) for code in ("en", "it", "ru"))
    assert [line.split() for line in english if line.split()[:1] == ["1"]] == [
        ["1", "Vera", "5.02", "28.84", "7.94", "3"]
    ]
    assert [line.split() for line in italian if line.split()[:1] == ["1"]] == [
        ["1", "Vera", "5,02", "28,84", "7,94", "3"]
    ]
    assert [line.split() for line in russian if line.split()[:1] == ["2"]] == [
        ["2", "Boris", "-0,20", "23,32", "7,84", "3"]
    ]
    # the --json of a rating is data: the same numbers in every language
    data = [json.loads(invoke(code, *rating, "--json").stdout) for code in ("en", "it", "ru")]
    assert (
        data[0]["sections"][0]["ratings"]
        == data[1]["sections"][0]["ratings"]
        == data[2]["sections"][0]["ratings"]
    )
    assert data[0]["sections"][0]["ratings"][0]["mu"] == pytest.approx(28.84, abs=0.005)


def _without_timing(data: Any) -> Any:
    """``--json`` without what differs from one run to the next (the time) or is said in words."""
    if isinstance(data, dict):
        return {
            k: _without_timing(v)
            for k, v in data.items()
            if k not in {"seconds", "games_per_second", "verdict"}
        }
    if isinstance(data, list):
        return [_without_timing(v) for v in data]
    return data


@pytest.mark.parametrize("command", [SIMULATE, ARENA], ids=["simulate", "arena"])
def test_json_and_csv_keep_plain_numbers_in_every_language(command: list[str]) -> None:
    csv = {code: invoke(code, *command, "--csv").stdout for code in ("en", "it", "ru")}
    assert csv["en"] == csv["it"] == csv["ru"]
    assert re.search(r",0\.\d+,", csv["en"])  # a rate with a dot, between the commas of the CSV
    data = {code: json.loads(invoke(code, *command, "--json").stdout) for code in ("en", "it", "ru")}
    assert _without_timing(data["en"]) == _without_timing(data["it"]) == _without_timing(data["ru"])
    assert isinstance(data["ru"]["seconds"], float)


def test_a_plot_writes_its_words_and_numbers_in_the_language(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    drawn = {}
    for code in ("en", "it", "ru"):
        path = tmp_path / f"{code}.svg"
        invoke(code, *SIMULATE, "--plot", str(path))
        drawn[code] = path.read_text(encoding="utf-8")  # matplotlib notes each text in a comment
    assert "<!-- fair share 46.7% -->" in drawn["en"] and "<!-- 0.4 -->" in drawn["en"]
    assert "<!-- quota equa 46,7% -->" in drawn["it"] and "<!-- 0,4 -->" in drawn["it"]
    assert "<!-- percentuale di vittorie per posto -->" in drawn["it"]
    assert f"<!-- честная доля 46,7{NBSP}% -->" in drawn["ru"] and "<!-- 0,4 -->" in drawn["ru"]
    assert "<!-- Последний: 20 партий, зерно 3 -->" in drawn["ru"]


def test_a_narrow_table_breaks_between_numbers_never_inside_one() -> None:
    from rich.console import Console

    from cardgames.lab.report import Table

    table = Table()
    table.add_column("what")
    table.add_column("estimate", justify="right", width=12)
    table.add_row("P1 wins", f"70,0{NBSP}% [48,1{NBSP}%, 85,5{NBSP}%]")
    console = Console(width=40, record=True, file=io.StringIO())
    console.print(table)
    cells = [c.strip() for line in console.export_text().splitlines() for c in line.split("│")[2:3]]
    # rich alone breaks at a no-break space too (Textualize/rich#4196): "70,0 % [48,1", then "%, 85,5 %]"
    assert [c for c in cells if c] == [f"70,0{NBSP}%", f"[48,1{NBSP}%,", f"85,5{NBSP}%]"]


@pytest.mark.parametrize(
    ("code", "shown"),
    [("en", ("1,200/5,000", " 24%")), ("it", ("1.200/5.000", " 24%")),
     ("ru", (f"1{NBSP}200/5{NBSP}000", f" 24{NBSP}%"))],
)  # fmt: skip
def test_the_progress_bar_counts_as_the_language_does(code: str, shown: tuple[str, str]) -> None:
    from cardgames.lab.progress import counted

    with speaking(code):
        assert counted(1200, 5000) == shown
        assert len(counted(5, 5000)[0]) == len(shown[0])  # the bar keeps its place as the count grows
