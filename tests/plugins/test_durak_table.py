"""A third-party trick game with a trump gets the whole table with no presentation code (issue 27, point 5).

Durak (tests/framework_durak.py) declares its card zones and writes neither ``tabletop`` nor
``render``: its table model is derived from the zones, and the terminal draws that model in
line mode and on the full screen at 60x20 like a built-in game's.
"""

from __future__ import annotations

import random
import re

import pytest
from framework_durak import Durak
from registry_with import installed_plus_plugin
from rich.text import Text
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.conformance.texts import cards_in
from cardgames.core.game import Game
from cardgames.core.record import Seat
from cardgames.core.tabletop import Mark, ZoneKind
from cardgames.play.screen_layout import Frame, layout
from cardgames.play.start import start_table
from cardgames.play.table import tabletop_for
from cardgames.play.tabletext import screen_parts, table_lines

NAMES = ("Anna", "Boris", "Vera")


def test_durak_writes_no_presentation_code() -> None:
    assert type(Durak()).tabletop is Game.tabletop and type(Durak()).render is Game.render


@pytest.mark.parametrize("seed", [1])
def test_every_seat_gets_a_whole_table_from_the_declared_zones(seed: int) -> None:
    game, rng = Durak(), random.Random(seed)
    table = start_table(game, [Seat(n, None) for n in NAMES], seed, None, [], None)
    state = table.state
    attacks = 0
    while not state.is_over():
        for seat in range(3):
            model = tabletop_for(table, seat)
            view = state.view(seat)
            assert model.trump is state.trump and model.hand == view.hand  # type: ignore[attr-defined]
            assert {c for c in model.cards() if c.rank is not None} <= cards_in(view)
            assert [p.name for p in model.seats] == list(NAMES)
            assert (Mark.TO_ACT in model.seats[state.to_act()].marks) and model.decision is not None
            stock = next(z for z in model.centre if z.kind is ZoneKind.STOCK)
            if (
                stock.cards
            ):  # the trump turned up under the stock, while it lies there, and the rest face down
                assert stock.cards[0].card == state.trump_card  # type: ignore[attr-defined]
                assert stock.backs == len(state.stock) - 1  # type: ignore[attr-defined]
            attack = next(z for z in model.centre if z.label == "Attack")
            attacks += bool(attack.cards)
            lines = [Text.from_markup(line).plain for line in table_lines(model, False)]
            assert any(line.startswith("Trumps: ") for line in lines)
            assert not any(re.search(r"\bP\d\b|SeatNumber", line) for line in lines), lines
            shown = layout(Frame(table=screen_parts(model, False), prompt=Text("Anna, your move: ")), 60, 20)
            assert len(shown) == 20 and all(line.cell_len <= 60 for line in shown)
            assert any(line.plain.startswith("Your hand") for line in shown)
        legal = state.legal_actions()
        table.act(legal[rng.randrange(len(legal))])
    assert attacks > 10  # the bout on the table was drawn, card by card


def test_a_person_reads_durak_s_table_in_line_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    installed_plus_plugin(monkeypatch, "durak", "framework_durak:Durak")
    args = ["play", "durak", "-p", "Ann,bot,bot", "--seed", "3", "--lines"]
    result = CliRunner().invoke(app, args, input="quit\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Durak" in out and re.search(r"Trumps: [♣♦♥♠] \w+\.", out)
    assert re.search(r"Ann \(you\) · \d+ cards", out) and re.search(r"Stock: .+", out)
    assert re.search(r"Your hand[^:]*: 1:", out)
    assert not re.search(r"\bP\d\b ·|SeatNumber", out)
