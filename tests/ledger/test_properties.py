"""Properties over random evenings: chips are zero-sum, standings are sums of entries, undo reverses.

The expected totals come from a small model written here from RULES.md (P-8 to P-10, D-21),
independent of the ledger's code.
"""

from __future__ import annotations

import csv
import io
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from ledger_helpers import dernier, posledniy

from cardgames.ledger import Ledger, LedgerError, views
from cardgames.ledger.export import export_csv
from cardgames.primitives.scoring import Transfer, balances

NAMES = ("Anna", "Boris", "Clara", "Dima", "Egor")


@st.composite
def configs(draw: Any) -> tuple[str, int, dict[str, int | str]]:
    game = draw(st.sampled_from(["posledniy", "dernier"]))
    if game == "posledniy":
        n = draw(st.integers(3, 4))
        if draw(st.booleans()):
            return (
                game,
                n,
                {"scoring": "chips", "stake": draw(st.integers(1, 10)), "rounds": draw(st.integers(1, 2))},
            )
        return (
            game,
            n,
            {"scoring": "points", "target": draw(st.integers(1, 6)), "unit": draw(st.integers(1, 5))},
        )
    n = draw(st.integers(2, 5))
    if draw(st.booleans()):
        return game, n, {"scoring": "hands", "hands_to_win": draw(st.integers(1, 4))}
    return (
        game,
        n,
        {
            "scoring": "cards",
            "target_points": draw(st.integers(3, 25)),
            "joker_points": draw(st.integers(1, 5)),
        },
    )


ops = st.lists(
    st.one_of(
        st.tuples(
            st.just("deal"),
            st.integers(0, 4),
            st.booleans(),
            st.lists(st.integers(0, 9), min_size=5, max_size=5),
        ),
        st.tuples(st.just("undo"), st.just(0), st.just(False), st.just([0] * 5)),
    ),
    max_size=14,
)


class Model:
    """What RULES.md says the totals are, deal by deal, with a stack for corrections."""

    def __init__(self, game: str, n: int, options: dict[str, Any]) -> None:
        self.game, self.n, self.o = game, n, options
        self.deals: list[tuple[int, list[int], list[int], list[int]]] = []  # dealer, points, chips, won
        self.ended: list[int] | None = None  # settlement chips when over

    def totals(self) -> tuple[list[int], list[int], list[int]]:
        points, chips, won = [0] * self.n, [0] * self.n, [0] * self.n
        for _, p, c, w in self.deals:
            for s in range(self.n):
                points[s] += p[s]
                chips[s] += c[s]
                won[s] += w[s]
        if self.ended is not None:
            chips = [c + e for c, e in zip(chips, self.ended, strict=True)]
        return points, chips, won

    def next_dealer(self) -> int:
        if not self.deals:
            return 0
        return (self.deals[-1][0] + (1 if self.game == "posledniy" else -1)) % self.n

    def deal(self, taker: int, everything: bool, counts: list[int]) -> None:
        n, o, dealer = self.n, self.o, self.next_dealer()
        points, chips, won = [0] * n, [0] * n, [0] * n
        if self.game == "posledniy":
            if everything:
                won[taker] = 1
                if o["scoring"] == "chips":
                    chips = [o["stake"] * (n - 1) if s == taker else -o["stake"] for s in range(n)]
                else:
                    points = [0 if s == taker else 1 for s in range(n)]
            elif o["scoring"] == "chips":
                chips = [-o["stake"] * (n - 1) if s == taker else o["stake"] for s in range(n)]
            else:
                points[taker] = 2 if taker == dealer else 1
        else:
            won[taker] = 1
            if o["scoring"] == "cards":
                for s in range(n):
                    if s != taker:
                        jokers = counts[s] // 3 if everything else 0
                        points[s] = counts[s] - jokers + jokers * o["joker_points"]
        self.deals.append((dealer, points, chips, won))
        self.check_end()

    def check_end(self) -> None:
        points, _, won = self.totals()
        o = self.o
        if self.game == "posledniy" and o["scoring"] == "points" and max(points) >= o["target"]:
            settle = [0] * self.n
            for a in range(self.n):
                for b in range(self.n):
                    if points[a] >= o["target"] > points[b]:
                        settle[a] -= (points[a] - points[b]) * o["unit"]
                        settle[b] += (points[a] - points[b]) * o["unit"]
            self.ended = settle
        elif (
            self.game == "posledniy"
            and o["scoring"] == "chips"
            and 0 < o["rounds"] * self.n <= len(self.deals)
        ):
            self.ended = [0] * self.n
        elif self.game == "dernier" and o["scoring"] == "hands" and max(won) >= o["hands_to_win"]:
            self.ended = [0] * self.n
        elif self.game == "dernier" and o["scoring"] == "cards" and max(points) >= o["target_points"]:
            self.ended = [0] * self.n

    def undo(self) -> None:
        self.deals.pop()
        self.ended = None


def seat_transfers(names: tuple[str, ...], transfers: tuple[views.Payment, ...]) -> list[Transfer]:
    return [Transfer(names.index(t.payer), names.index(t.payee), t.amount) for t in transfers]


def play(book: Ledger, game: int, model: Model, players: tuple[str, ...], steps: list[Any]) -> None:
    """Apply random steps to the ledger and the model alike; refusals must match the model."""
    n = model.n
    for kind, who, flag, counts in steps:
        taker = who % n
        if kind == "undo":
            if not model.deals:
                try:
                    book.undo(game)
                except LedgerError:
                    continue
                raise AssertionError("undo of an empty game was accepted")
            book.undo(game)
            model.undo()
            continue
        if model.ended is not None:
            try:
                posledniy(book, game, last=players[taker])
            except LedgerError:
                continue
            raise AssertionError("a deal was accepted after the end")
        if model.game == "posledniy":
            if flag:
                posledniy(book, game, all_tricks=players[taker])
            else:
                posledniy(book, game, last=players[taker])
        else:
            left = {players[s]: (counts[s], counts[s] // 3 if flag else 0) for s in range(n) if s != taker}
            dernier(book, game, winner=players[taker], left=left)
        model.deal(taker, flag, counts)


def check_log(book: Ledger, game: int, model: Model, players: tuple[str, ...]) -> None:
    log = views.game_log(book, game)
    points, chips, _ = model.totals()
    assert list(log.points) == points
    assert list(log.chips) == chips
    assert log.finished == (model.ended is not None)
    by_id = {e.id: e for e in log.entries}
    for entry in log.entries:
        assert sum(entry.chips) == 0  # every deal (and settlement) is zero-sum
        assert balances(model.n, seat_transfers(players, entry.transfers)) == entry.chips
        if entry.reverses is not None:
            undone = by_id[entry.reverses]
            assert undone.undone_by == entry.id
            assert entry.points == tuple(-p for p in undone.points)
            assert entry.chips == tuple(-c for c in undone.chips)


@settings(max_examples=20)
@given(st.lists(st.tuples(configs(), ops), min_size=1, max_size=2))
def test_random_evenings_add_up(games: list[tuple[tuple[str, int, dict[str, Any]], list[Any]]]) -> None:
    expected: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    with tempfile.TemporaryDirectory() as tmp, Ledger.open(Path(tmp) / "l.sqlite3", create=True) as book:
        book.new_tournament("Cup")
        book.add_table("Cup", "1", NAMES)
        book.add_table("Cup", "2", ["Zoe", "Yan", "Xi"])  # a quiet table: its players stay at zero
        for (game_name, n, options), steps in games:
            players = NAMES[:n]
            model = Model(game_name, n, options)
            game = book.start_game("Cup", "1", game_name, options, seats=players)
            play(book, game, model, players, steps)
            check_log(book, game, model, players)
            points, chips, _ = model.totals()
            for s, p in enumerate(players):
                expected[p]["points"] += points[s]
                expected[p]["chips"] += chips[s]

        table = views.standings(book, "Cup")
        assert sum(r.chips for r in table.overall) == 0  # the tournament is zero-sum
        sums: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for row in csv.DictReader(io.StringIO(export_csv(book, "Cup"))):
            for col in views.COUNTS:
                sums[row["player"]][col] += int(row[col])
        assert {r.player for r in table.overall} == {*NAMES, "Zoe", "Yan", "Xi"}
        overall_cols = ("chips", "hands_won", "hands_lost", "games_won", "games_lost")
        for r in table.overall:  # standings are the sums of the entries
            assert {col: getattr(r, col) for col in overall_cols} == {
                col: sums[r.player][col] for col in overall_cols
            }
            assert r.chips == expected[r.player]["chips"]
        points: dict[str, int] = defaultdict(int)
        for (
            sec
        ) in table.sections:  # each game and mode keeps its points apart; together they are the entries'
            for row in sec.rows:
                points[row.player] += row.points
        for player, want in expected.items():
            assert points[player] == want["points"] == sums[player]["points"]
