"""simulate and arena in Italian and Russian: where the games were played, and a batch that failed."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from lab_cli import footer, lab

from cardgames.lab import backends

QUICK = ["simulate", "posledniy", "-p", "random,random,random", "--preset", "quick"]
ARENA = ["arena", "posledniy", "--bots", "heuristic,random", "-p", "3"]


def refusal(*args: str) -> str:
    """The one line a refused command says (exit code 2)."""
    result = lab(*args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    return lines[0]


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


SECONDS = r"[\d.]+ s(?: \([\d.,]+ games/s\))?"
IT_SECONDS = r"[\d.]+ s(?: \([\d.,]+ partite/s\))?"
RU_SECONDS = r"[\d.]+ с(?: \([\d.,]+ партий/с\))?"


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
