"""The bot levels at the table: resuming, the thinking indicator, and where people find them."""

from __future__ import annotations

import io
import time

import attrs
from rich.console import Console
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.record import Seat
from cardgames.core.table import Table
from cardgames.play.lines import ScriptSource
from cardgames.play.session import End, Session
from cardgames.play.thinking import thinking
from cardgames.plugins.registry import find_game


def _run(table: Table) -> None:
    console = Console(file=io.StringIO(), width=100)
    end = Session(table, console, ScriptSource(console, io.StringIO()), quiet=True).run()
    assert end is End.FINISHED


def test_a_resumed_game_with_search_bots_goes_on_as_if_never_stopped() -> None:
    game = find_game("posledniy")
    seats = [Seat("A", "ismcts:iterations=3:rollout=random"), Seat("B", "easy"), Seat("C", "medium")]
    options = attrs.evolve(game.options_type(), scoring="chips", rounds=1)
    whole = Table.start(game, options, seats, 5)
    _run(whole)
    cut = len(whole.record.actions) // 2
    resumed = Table.from_record(game, attrs.evolve(whole.record, actions=whole.record.actions[:cut]))
    _run(resumed)
    assert resumed.record.actions == whole.record.actions
    assert resumed.state == whole.state


def test_a_slow_bot_is_shown_thinking_on_a_terminal_only() -> None:
    screen = io.StringIO()
    with thinking(Console(file=screen, force_terminal=True), "Bot 2 (hard)", delay=0.01):
        time.sleep(0.3)
    assert "Bot 2 (hard) is thinking" in screen.getvalue()
    quick = io.StringIO()
    with thinking(Console(file=quick, force_terminal=True), "Bot 2 (hard)", delay=5):
        pass
    assert "thinking" not in quick.getvalue()
    piped = io.StringIO()
    with thinking(Console(file=piped), "Bot 2 (hard)", delay=0.01):
        time.sleep(0.1)
    assert piped.getvalue() == ""


def test_rules_name_the_levels_and_a_bad_bot_is_one_line() -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["rules", "dernier"])
    assert shown.exit_code == 0
    for name in ("easy", "medium", "hard", "ismcts", "heuristic", "random"):
        assert f"\n{name} " in shown.output
    bad = runner.invoke(app, ["play", "dernier", "--players", "me,bot:ismcts:time=fast", "--seed", "1"])
    assert bad.exit_code == 2
    assert "time must be a number, not 'fast'" in bad.output and "Traceback" not in bad.output
