"""A resumed game goes on exactly as if it had never been interrupted, bots included."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from rich.console import Console

from cardgames.core.record import Seat
from cardgames.core.table import Table
from cardgames.play.lines import ScriptSource
from cardgames.play.session import End, Session
from cardgames.plugins.guard import GuardedBot
from cardgames.plugins.registry import find_game


def _run(table: Table) -> None:
    console = Console(file=io.StringIO(), width=100)
    end = Session(table, console, ScriptSource(console, io.StringIO()), quiet=True).run()
    assert end is End.FINISHED


@pytest.mark.parametrize(
    ("game_id", "bot"),
    [
        ("posledniy", "random"),
        ("dernier", "random"),
        ("dernier", "heuristic"),
        ("crazyeights", "eights-last"),  # a plugin's own bot (examples/crazyeights)
    ],
)
def test_resumed_bots_make_the_same_moves_as_in_an_uninterrupted_game(game_id: str, bot: str) -> None:
    game = find_game(game_id)
    seats = [Seat(f"Bot {i + 1}", bot) for i in range(4)]
    # two short hands: random bots rarely end a Dernier hand, the turn limit does (the cut falls between them)
    short = {"hands_to_win": 2, "turn_limit": 150} if game_id == "dernier" else {}
    options = game.options_type(**short)
    whole = Table.start(game, options, seats, 11)
    _run(whole)
    cut = len(whole.record.actions) // 2
    resumed = Table.from_record(game, attrs.evolve(whole.record, actions=whole.record.actions[:cut]))
    _run(resumed)
    assert resumed.record.actions == whole.record.actions
    assert resumed.state == whole.state


class _Fixed:
    """Always the first legal action: its move depends on its view alone."""

    memoryless = True

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[0]


def test_a_plugins_bot_that_says_it_is_memoryless_says_so_through_the_guard() -> None:
    assert GuardedBot("p", "fixed", _Fixed()).memoryless is True
    eights_last = find_game("crazyeights").bots["eights-last"](random.Random(1))  # draws at every move
    assert isinstance(eights_last, GuardedBot)
    assert eights_last.memoryless is False
