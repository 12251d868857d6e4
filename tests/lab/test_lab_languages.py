"""simulate and arena in Italian and Russian: every module's refusals, and where the games were played."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from lab_cli import footer, lab

from cardgames.lab import backends

NBSP = "\u00a0"  # Russian groups thousands with a no-break space
QUICK = ["simulate", "posledniy", "-p", "random,random,random", "--preset", "quick"]
ARENA = ["arena", "posledniy", "--bots", "heuristic,random", "-p", "3"]


def refusal(*args: str) -> str:
    """The one line a refused command says (exit code 2)."""
    result = lab(*args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    return lines[0]


REFUSALS = [
    # plan.py
    (
        ["simulate", "dernier", "-n", "0"],
        "errore: --games dev'essere almeno 1, non 0",
        "ошибка: значение --games должно быть не меньше 1, а не 0",
    ),
    (
        ["simulate", "posledniy", "-p", "2"],
        "errore: --players 2: Последний si gioca da 3 a 4 giocatori",
        "ошибка: --players 2: в Последний играют от 3 до 4 игроков",
    ),
    (
        ["simulate", "posledniy", "-p", "me,bot,bot"],
        "errore: --players: 'me' non è un bot di Последний; nelle simulazioni siedono solo bot (scegli tra ",
        "ошибка: --players: 'me' — не бот игры Последний; в симуляциях играют только боты (выберите из: ",
    ),
    # arena.py
    (
        ["arena", "posledniy", "--bots", "heuristic,heuristic"],
        "errore: --bots nomina un bot due volte; un'arena confronta bot diversi",
        "ошибка: в --bots один бот назван дважды; арена сравнивает разных ботов",
    ),
    (
        [*ARENA, "-n", "0"],
        "errore: --deals dev'essere almeno 1, non 0",
        "ошибка: значение --deals должно быть не меньше 1, а не 0",
    ),
    # field.py
    (
        [*ARENA[:-2], "--field", "random", "-p", "1"],
        "errore: --field richiede almeno due posti, non 1",
        "ошибка: для --field нужно хотя бы два места, а не 1",
    ),
    # backends.py
    (
        [*QUICK, "-w", "0"],
        "errore: --workers dev'essere almeno 1, non 0",
        "ошибка: значение --workers должно быть не меньше 1, а не 0",
    ),
    (
        [*QUICK, "--dask", "local", "--ray", "local"],
        "errore: scegli uno tra --dask e --ray",
        "ошибка: выберите что-то одно: --dask или --ray",
    ),
    # setup.py
    (
        [*QUICK, "--vs", "target"],
        "errore: --vs 'target' va scritto OPZIONE=VALORE",
        "ошибка: --vs 'target' нужно записать как ПАРАМЕТР=ЗНАЧЕНИЕ",
    ),
    (
        [*QUICK, "--vs", "preset=quick"],
        "errore: --vs 'preset=quick' non cambia nulla: le due varianti giocherebbero le stesse partite",
        "ошибка: --vs 'preset=quick' ничего не меняет: оба варианта сыграли бы одни и те же партии",
    ),
    # plots.py
    (
        [*QUICK, "--plot", "x.pdf"],
        "errore: --plot 'x.pdf': il file deve finire in .png o .svg",
        "ошибка: --plot 'x.pdf': имя файла должно оканчиваться на .png или .svg",
    ),
]


@pytest.mark.parametrize(("args", "italian", "russian"), REFUSALS, ids=lambda a: " ".join(a)[:40])
def test_a_refusal_reads_in_the_language_in_force(args: list[str], italian: str, russian: str) -> None:
    assert refusal(*args, "--lang", "it").startswith(italian)
    assert refusal(*args, "--lang", "ru").startswith(russian)
    assert refusal(*args, "--lang", "en").startswith("error: ")  # the English of the code


def test_an_out_file_that_exists_and_one_that_cannot_be_written(tmp_path: Path) -> None:
    taken = tmp_path / "run.jsonl"
    taken.write_text("", encoding="utf-8")
    args = [*QUICK, "-n", "2", "-w", "1", "--out", str(taken)]
    assert refusal(*args, "--lang", "it") == (
        f"errore: {str(taken)!r} esiste già; aggiungi --resume per continuare quella simulazione, "
        "o scegli un altro file"
    )
    assert refusal(*args, "--lang", "ru") == (
        f"ошибка: {str(taken)!r} уже существует; добавьте --resume, чтобы продолжить тот прогон, "
        "или выберите другой файл"
    )
    nowhere = str(tmp_path / "missing" / "run.jsonl")
    said = refusal(*QUICK, "-n", "2", "-w", "1", "--out", nowhere, "--lang", "ru")
    # the OS's own words stay as the OS says them
    assert said == f"ошибка: не удаётся записать {nowhere!r}: No such file or directory"


def test_a_resumed_line_that_is_no_result_is_refused_in_the_language_in_force(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    args = [*QUICK, "-n", "3", "-w", "1", "--seed", "4", "--out", str(path)]
    assert lab(*args).exit_code == 0
    head, first, *_ = path.read_text(encoding="utf-8").splitlines()
    path.write_text(f"{head}\n{first}\n{json.dumps({**json.loads(first), 'index': 7})}\n", encoding="utf-8")
    shown = repr(str(path))
    assert refusal(*args, "--resume", "--lang", "it") == (
        f"errore: la riga 3 di {shown} non è un risultato di questa simulazione: il numero della partita 8 "
        "è fuori dall'intervallo da 1 a 3 di questa simulazione; non si è giocata nessuna partita "
        "(togli quella riga per rigiocarne la partita, o scegli un altro file)"
    )
    path.write_text(f"{head}\n{first}\n{first}\n", encoding="utf-8")
    assert refusal(*args, "--resume", "--lang", "ru") == (
        f"ошибка: строка 3 файла {shown} — не результат этого прогона: она повторяет партию 1 (строка 2); "
        "ничего не сыграно (удалите эту строку, чтобы сыграть её партию заново, или выберите другой файл)"
    )
    path.write_text("[]\n", encoding="utf-8")
    assert refusal(*args, "--resume", "--lang", "it") == (
        f"errore: {shown} non è un file di risultati di una simulazione"
    )


def test_a_batch_that_fails_says_where_in_the_language_in_force(monkeypatch: pytest.MonkeyPatch) -> None:
    def lost(*args: Any) -> None:
        raise RuntimeError("the worker was lost")  # not a plugin's error: the batch itself failed

    monkeypatch.setattr(backends, "play_batch", lost)
    args = [*QUICK, "-n", "2", "-w", "1"]
    # the exception's own words are left as they are; the sentence around them is the reader's
    assert refusal(*args, "--lang", "it") == (
        "errore: un lotto è andato in errore in questo processo: RuntimeError: the worker was lost"
    )
    assert (
        refusal(*args, "--lang", "ru")
        == "ошибка: сбой пакета в этом процессе: RuntimeError: the worker was lost"
    )


def tenths(group: str, mark: str) -> str:
    """A number with one decimal as a language writes it: its thousands' separator, its decimal mark."""
    return rf"\d{{1,3}}(?:{re.escape(group)}\d{{3}})*{re.escape(mark)}\d"


# the seconds and the speed, written as each language writes a decimal: 0.4 s; 0,4 s; 1.234,5 partite/s
SECONDS = rf"{tenths(',', '.')} s(?: \({tenths(',', '.')} games/s\))?"
IT_SECONDS = rf"{tenths('.', ',')} s(?: \({tenths('.', ',')} partite/s\))?"
RU_SECONDS = rf"{tenths(NBSP, ',')} с(?: \({tenths(NBSP, ',')} партий/с\))?"


@pytest.mark.parametrize(
    ("workers", "code", "said"),
    [
        ("1", "it", rf"partite: 2 su 2; giocate ora: 2 in {IT_SECONDS} in questo processo, a lotti di 1"),
        ("1", "ru", rf"2 из 2 партий; сейчас сыграно 2 за {RU_SECONDS} в этом процессе, "
         r"пакетами по 1"),
        ("1", "en", rf"2 of 2 games; 2 played now in {SECONDS} in this process, batches of 1"),
        ("2", "it", rf"partite: 2 su 2; giocate ora: 2 in {IT_SECONDS} su 2 processi di lavoro, "
         r"a lotti di 1"),
        ("2", "ru", rf"2 из 2 партий; сейчас сыграно 2 за {RU_SECONDS} "
         r"в 2 рабочих процессах, пакетами по 1"),
        ("2", "en", rf"2 of 2 games; 2 played now in {SECONDS} on 2 worker processes, batches of 1"),
    ],
)  # fmt: skip
def test_the_footer_says_where_the_games_were_played(workers: str, code: str, said: str) -> None:
    line = footer(*QUICK, "-n", "2", "-w", workers, "--batch", "1", "--lang", code)
    assert re.fullmatch(said, line), line


def test_an_arena_footer_counts_its_games_and_json_keeps_the_engine_id() -> None:
    line = footer(*ARENA, "-n", "1", "-w", "1", "--lang", "ru")
    # 1 deal x 6 line-ups: 6 games, said with the form of 6 (and of 1 for one game)
    assert line.startswith("6 из 6 партий; сейчас сыграно 6 за ") and "в этом процессе" in line, line
    one = footer(*QUICK, "-n", "1", "-w", "1", "--lang", "ru")
    assert one.startswith("1 из 1 партии; сейчас сыграно 1 за "), one
    data = json.loads(lab(*QUICK, "-n", "2", "-w", "2", "--json", "--lang", "ru").output)
    assert data["backend"] == "processes" and data["workers"] == 2
