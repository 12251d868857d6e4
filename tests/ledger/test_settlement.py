"""The seed's settlement example (rule P-10) and the scoring the ledger computes from deal facts."""

from __future__ import annotations

import pytest
from ledger_helpers import dernier, posledniy

from cardgames.ledger import Ledger, LedgerError, Recorded, lookup, views

# Deal by deal (dealer in turn A, B, C, D, A, …): who took the last trick. A takes it while
# dealing in deal 5 (2 points); the game ends when A reaches 5: A 5, B 2, C 3, D 3.
SEED_DEALS = ("B", "C", "D", "C", "A", "D", "B", "C", "D", "A", "A", "A")


def totals(book: Ledger, game: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    with book.read() as conn:
        info = lookup.game(conn, game)
    return info.totals.points, info.totals.chips


def test_seed_example_a_pays_b_15_c_10_d_10(book: Ledger) -> None:
    game = book.start_game("Friday", "1", "posledniy", {"scoring": "points", "target": 5, "unit": 5})
    records: list[Recorded] = []
    for taker in SEED_DEALS:
        records.extend(posledniy(book, game, last=taker))
    points, chips = totals(book, game)
    assert points == (5, 2, 3, 3)
    assert chips == (-35, 15, 10, 10)
    assert records[-1].finished
    assert "A pays B 15, C 10, D 10" in records[-1].summary
    log = views.game_log(book, game)
    end = log.entries[-1]
    assert end.kind == "end"
    assert [(t.payer, t.payee, t.amount, t.note) for t in end.transfers] == [
        ("A", "B", 15, "settlement"),
        ("A", "C", 10, "settlement"),
        ("A", "D", 10, "settlement"),
    ]
    table = {r.player: r for r in views.standings(book, "Friday").sections[0].rows}
    assert (table["A"].games_lost, table["B"].games_won) == (1, 1)
    assert [r.player for r in views.standings(book, "Friday").sections[0].rows] == ["B", "C", "D", "A"]


def test_dealer_taking_the_last_trick_scores_two(book: Ledger) -> None:
    game = book.start_game("Friday", "1", "posledniy", {}, first_dealer="C")
    (rec,) = posledniy(book, game, last="C")
    assert "dealer C" in rec.summary
    assert totals(book, game)[0] == (0, 0, 2, 0)
    posledniy(book, game, last="C")  # D deals now: C scores 1
    assert totals(book, game)[0] == (0, 0, 3, 0)


def test_all_eight_tricks_scores_everyone_else_and_the_tie_rule(book: Ledger) -> None:
    game = book.start_game("Friday", "1", "posledniy", {"target": 2, "unit": 3})
    posledniy(book, game, last="A")  # dealer A: A 2 -> A reaches the target at once
    assert book.undo(game).entries  # correct it: it was an all-tricks deal
    posledniy(book, game, all_tricks="B")  # everyone but B scores 1, the dealer too
    assert totals(book, game)[0] == (1, 0, 1, 1)
    recs = posledniy(book, game, all_tricks="B")
    # A, C, D all reach 2: each pays B 2 points x 3; nothing between themselves (P-10 decision).
    assert recs[-1].finished
    points, chips = totals(book, game)
    assert points == (2, 0, 2, 2)
    assert chips == (-6, 18, -6, -6)


def test_chips_scoring_pays_the_stake_each_deal(book: Ledger) -> None:
    game = book.start_game("Friday", "1", "posledniy", {"scoring": "chips", "stake": 5})
    posledniy(book, game, last="B")
    posledniy(book, game, all_tricks="D")
    points, chips = totals(book, game)
    assert points == (0, 0, 0, 0)
    assert chips == (5 - 5, -15 - 5, 5 - 5, 5 + 15)
    rec = book.close_game(game)
    assert rec.finished and "won D" in rec.summary and "lost B" in rec.summary
    with pytest.raises(LedgerError, match="was closed; `undo` without --deal reopens it"):
        book.undo(game, deal=2)
    book.undo(game)  # reopened: the deals stay
    (again,) = posledniy(book, game, last="A")
    assert again.deal == 3


def test_chips_game_lasts_its_rounds(book: Ledger) -> None:
    game = book.start_game("Friday", "1", "posledniy", {"scoring": "chips", "stake": 2, "rounds": 1})
    recs = [rec for taker in "ABCA" for rec in posledniy(book, game, last=taker)]
    assert [r.finished for r in recs] == [False] * 4 + [True]  # four deals: every player dealt once
    assert "won D; lost A" in recs[-1].summary
    assert totals(book, game)[1] == (-8, 0, 0, 8)


def test_dernier_hands_match_to_three(book: Ledger) -> None:
    game = book.start_game("Friday", "1", "dernier", {"hands_to_win": 2})
    dernier(book, game, winner="C", left={})
    recs = dernier(book, game, winner="C", left={"A": (3, 0)})
    assert recs[-1].finished and "won C" in recs[-1].summary
    rows = {r.player: r for r in views.standings(book, "Friday").sections[0].rows}
    assert rows["C"].hands_won == 2 and rows["A"].hands_lost == 2
    assert rows["C"].games_won == 1 and rows["A"].games_lost == 1 and rows["D"].games_lost == 1
    assert rows["C"].points == 0  # hands mode keeps no card points


def test_dernier_cards_mode_counts_jokers(book: Ledger) -> None:
    game = book.start_game(
        "Friday", "1", "dernier", {"scoring": "cards", "target_points": 10, "joker_points": 5}
    )
    dernier(book, game, winner="A", left={"B": (3, 1), "C": (2, 0), "D": (0, 0)})
    assert totals(book, game)[0] == (0, 7, 2, 0)
    recs = dernier(book, game, winner="B", left={"A": (4, 0), "C": (9, 0), "D": (1, 0)})
    assert recs[-1].finished
    assert totals(book, game)[0] == (4, 7, 11, 1)
    assert "won D" in recs[-1].summary


def test_dealer_passes_to_the_left_and_can_be_given(book: Ledger) -> None:
    game = book.start_game("Friday", "1", "posledniy", {"target": 50})
    dealers = []
    for _ in range(5):
        (rec,) = posledniy(book, game, last="A")
        dealers.append(rec.summary.split("dealer ")[1][0])
    assert dealers == ["A", "B", "C", "D", "A"]
    (rec,) = posledniy(book, game, last="A", dealer="D")
    assert "dealer D" in rec.summary
    (rec,) = posledniy(book, game, last="A")
    assert "dealer A" in rec.summary  # the turn continues from the actual dealer
