"""Games played in the program go to the ledger through ``record_played``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from ledger_helpers import dump, posledniy

from cardgames.core.options import make_options, options_as_dict
from cardgames.core.scoresheet import Scoresheet
from cardgames.core.state import GameState, HandResult, Outcome
from cardgames.ledger import Ledger, LedgerError, views
from cardgames.ledger.model import kept_and_said
from cardgames.ledger.played import PlayedGame, record_played
from cardgames.plugins.registry import find_game
from cardgames.primitives.language import speaking
from cardgames.primitives.scoring import balances, settle_penalties


def record_played_game(
    path: Path,
    tournament: str,
    table: str | None,
    program_id: str,
    names: list[str],
    options: dict[str, Any],
    hands: list[HandResult],
    outcome: Outcome | None,
) -> int:
    """Record a played game, starting its tournament and table and seating its players as needed."""
    game = find_game(program_id.partition(":")[0])
    played = PlayedGame(game, program_id, tuple(names), options, tuple(hands), outcome)
    return record_played(path, tournament, table, played, create=True, add_players=True).game_id


def play_out(game_id: str, players: int, seed: int, **overrides: Any) -> tuple[GameState, dict[str, Any]]:
    """A whole game between random players."""
    game = find_game(game_id)
    options = make_options(game.options_type, overrides=overrides)
    state = game.new_game(options, players, seed)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(list(state.legal_actions())))
    return state, options_as_dict(options)


@pytest.mark.parametrize("seed", [1, 2])
def test_posledniy_points_game_from_the_program(ledger_path: Path, seed: int) -> None:
    state, options = play_out("posledniy", 4, seed, scoring="points", target=5, unit=5)
    hands, outcome = list(state.hand_results()), state.outcome()
    assert outcome is not None
    names = ["Ann", "Bob", "Cid", "Dee"]
    gid = record_played_game(ledger_path, "Cup", None, f"posledniy:{seed}", names, options, hands, outcome)
    with Ledger.open(ledger_path) as book:
        log = views.game_log(book, gid)
        assert (log.table, log.source, log.finished) == ("main", "program", True)
        assert log.chips == outcome.scores
        points = tuple(sum(h.points[s] for h in hands) for s in range(4))
        assert log.points == points
        deals = [e for e in log.entries if e.kind == "deal"]
        assert len(deals) == len(hands)
        end = log.entries[-1]
        expected = settle_penalties(points, 5, 5)
        assert all(h.chips == (0, 0, 0, 0) for h in hands)  # penalty points: chips only at the end
        assert balances(4, expected) == outcome.scores
        assert [(names[t.payer], names[t.payee], t.amount) for t in expected] == [
            (t.payer, t.payee, t.amount) for t in end.transfers
        ]
        before = dump(ledger_path)
    again = record_played_game(ledger_path, "Cup", None, f"posledniy:{seed}", names, options, hands, outcome)
    assert again == gid
    assert dump(ledger_path) == before


def test_dernier_match_from_the_program(ledger_path: Path) -> None:
    state, options = play_out("dernier", 3, 7, hands_to_win=2)
    hands, outcome = list(state.hand_results()), state.outcome()
    assert outcome is not None
    gid = record_played_game(
        ledger_path, "Cup", "bots", "dernier:7", ["X", "Y", "Z"], options, hands, outcome
    )
    with Ledger.open(ledger_path) as book:
        rows = {r.player: r for r in views.standings(book, "Cup", "bots").sections[0].rows}
        winners = {("X", "Y", "Z")[s] for s in outcome.winners}
        assert {p for p, r in rows.items() if r.games_won} == winners
        assert sum(r.hands_won for r in rows.values()) == len(hands)
        assert views.game_log(book, gid).finished


def fake_hands() -> list[HandResult]:
    return [
        HandResult(i + 1, i % 3, (), (0,), (1, 0, 0), (-10, 5, 5), "A took the last trick") for i in range(2)
    ]


def test_chips_mode_game_then_withdrawn(ledger_path: Path) -> None:
    outcome = Outcome((1, 2), (-20, 10, 10), "A lost")
    options = {"scoring": "chips", "stake": 5, "rounds": 1}
    gid = record_played_game(
        ledger_path, "Cup", "2", "posledniy:x", ["A", "B", "C"], options, fake_hands(), outcome
    )
    with Ledger.open(ledger_path) as book:
        assert views.game_log(book, gid).chips == (-20, 10, 10)
        first = views.game_log(book, gid).entries[0]
        assert [(t.payer, t.payee, t.amount, t.note) for t in first.transfers] == [
            ("A", "B", 5, "deal"),
            ("A", "C", 5, "deal"),
        ]
        with pytest.raises(LedgerError, match="played in the program"):
            posledniy(book, gid, last="A")
        rec = book.undo(gid)
        assert len(rec.entries) == 3  # the end and both deals, newest first
        log = views.game_log(book, gid)
        assert log.chips == (0, 0, 0) and not log.finished
        assert all(e.undone_by for e in log.entries if e.kind != "undo")


def test_stopped_game_stays_open(ledger_path: Path) -> None:
    gid = record_played_game(
        ledger_path, "Cup", None, "posledniy", ["A", "B", "C"], {}, fake_hands()[:1], None
    )
    with Ledger.open(ledger_path) as book:
        log = views.game_log(book, gid)
        assert not log.finished and log.points == (1, 0, 0)


@pytest.mark.parametrize(
    ("hands", "outcome", "message"),
    [
        ([HandResult(1, 0, (), (0,), (1, 0, 0), (-10, 5, 0), "")], None, "do not sum to zero"),
        ([HandResult(1, 5, (), (0,), (1, 0, 0), (0, 0, 0), "")], None, "does not describe 3 seats"),
        ([], Outcome((0,), (1, 0, 0), ""), "do not sum to zero"),
        ([], Outcome((4,), (0, 0, 0), ""), "does not describe 3 seats"),
    ],
)
def test_inconsistent_input_writes_nothing(
    ledger_path: Path, hands: list[HandResult], outcome: Outcome | None, message: str
) -> None:
    with Ledger.open(ledger_path, create=True) as book:
        book.new_tournament("Cup")
    before = dump(ledger_path)
    with pytest.raises(LedgerError, match=message):
        record_played_game(ledger_path, "Cup", None, "posledniy:bad", ["A", "B", "C"], {}, hands, outcome)
    assert dump(ledger_path) == before


def test_posledniy_chips_game_from_the_program(ledger_path: Path) -> None:
    state, options = play_out("posledniy", 3, 5, scoring="chips", stake=3, rounds=1)
    hands, outcome = list(state.hand_results()), state.outcome()
    assert outcome is not None and len(hands) == 3
    gid = record_played_game(
        ledger_path, "Cup", "2", "posledniy:chips5", ["A", "B", "C"], options, hands, outcome
    )
    with Ledger.open(ledger_path) as book:
        log = views.game_log(book, gid)
        assert log.finished and log.chips == outcome.scores
        assert [e.chips for e in log.entries if e.kind == "deal"] == [h.chips for h in hands]
        assert not log.entries[-1].transfers  # chips were paid deal by deal: nothing left to settle


def test_the_default_deal_line_is_kept_in_english_and_said_in_the_organisers_language() -> None:
    """Issue 29: the default ``played_deal`` line is kept neutral by the ledger and said translated."""
    sheet, names = Scoresheet(), ("Ann", "Boris", "Cat")
    won = HandResult(1, 0, (0,), (1, 2), (0, 0, 0), (0, 0, 0), "")
    with speaking("ru"):
        kept, said = kept_and_said(lambda: sheet.played_deal(None, won, names))
        nobody = kept_and_said(
            lambda: sheet.played_deal(None, HandResult(2, 1, (), (), (0,) * 3, (0,) * 3, ""), names)
        )
    assert kept == "won by Ann; lost by Boris, Cat"
    assert said == "победа: Ann; поражение: Boris, Cat"
    assert nobody == ("no winner", "без победителя")
