"""``Scoresheet.next_dealer`` is given the deal's result: a game can say "the fool deals".

Fool Hearts is Little Hearts (a third-party plugin of the tests) whose loser of a deal deals
the next one, as in Durak; Old Hearts keeps a ``next_dealer`` written with three arguments,
before the result was given, and is still asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from ledger_hearts import HeartsSheet, LittleHearts
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.scoresheet import Scoresheet
from cardgames.core.state import HandResult
from cardgames.ledger import Ledger, lookup
from cardgames.plugins import registry
from cardgames.plugins.registry import Registry

SEEN: list[HandResult | None] = []


class FoolSheet(HeartsSheet):
    """Little Hearts' scoring; whoever took the most hearts (the deal's loser) deals next."""

    def next_dealer(self, options: Any, players: int, dealer: int, result: HandResult | None = None) -> int:
        SEEN.append(result)
        if result is None or not result.losers:
            return super().next_dealer(options, players, dealer)
        return result.losers[0]


class OldSheet(HeartsSheet):
    """A scoresheet written before ``next_dealer`` was given the result: two seats on."""

    def next_dealer(self, options: Any, players: int, dealer: int) -> int:  # type: ignore[override]
        return (dealer + 2) % players


class FoolHearts(LittleHearts):
    id = "fool-hearts"
    name = "Fool Hearts"
    scoresheet = FoolSheet()


class OldHearts(LittleHearts):
    id = "old-hearts"
    name = "Old Hearts"
    scoresheet = OldSheet()


@pytest.fixture(autouse=True)
def installed(monkeypatch: pytest.MonkeyPatch) -> None:
    reg = Registry()
    for game in (FoolHearts(), OldHearts()):
        reg.register(game)
    monkeypatch.setattr(registry, "_default", reg)
    SEEN.clear()


def ok(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return str(result.stdout)


def next_dealer(path: Path, game: int = 1) -> int:
    with Ledger.open(path) as ledger, ledger.read() as conn:
        return lookup.game(conn, game).next_dealer


def record(path: Path, points: Sequence[int]) -> None:
    pairs = [
        x
        for name, p in zip(("Anna", "Boris", "Clara"), points, strict=True)
        for x in ("--points", f"{name}={p}")
    ]
    ok("ledger", "record", "1", *pairs, "--ledger", str(path))


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "friday.sqlite3"
    ok("ledger", "new", "Friday", "--ledger", str(path))
    ok("ledger", "table", "Friday", "1", "Anna", "Boris", "Clara", "--ledger", str(path))
    return path


def test_the_fool_deals_the_next_deal(evening: Path) -> None:
    ok("ledger", "game", "Friday", "1", "-g", "fool-hearts", "--ledger", str(evening))
    assert next_dealer(evening) == 0  # the first dealer, before any deal
    record(evening, (1, 2, 5))  # Clara took the most hearts: the fool (not the seat after Anna's)
    assert next_dealer(evening) == 2
    result = SEEN[-1]
    assert result is not None and (result.number, result.dealer) == (1, 0)
    assert (result.winners, result.losers, result.points) == ((0,), (2,), (1, 2, 5))
    assert "Clara 5" in str(result.summary)
    record(evening, (0, 4, 1))  # dealt by Clara; Boris is the fool now
    assert next_dealer(evening) == 1 and SEEN[-1] is not None and SEEN[-1].dealer == 2
    ok("ledger", "undo", "1", "--yes", "--ledger", str(evening))  # the correction: Clara is the fool again
    assert next_dealer(evening) == 2


def test_a_next_dealer_written_with_three_arguments_is_still_asked(evening: Path) -> None:
    ok("ledger", "game", "Friday", "1", "-g", "old-hearts", "--ledger", str(evening))
    record(evening, (1, 5, 2))
    assert next_dealer(evening) == 2


def test_the_default_passes_the_deal_to_the_next_seat() -> None:
    result = HandResult(1, 2, (0,), (1,), (0, 3, 0), (0, 0, 0), "")
    assert Scoresheet().next_dealer(None, 3, 2, result) == 0 == Scoresheet().next_dealer(None, 3, 2)
