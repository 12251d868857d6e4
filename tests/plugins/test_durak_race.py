"""Durak's throw-in race (tests/framework_durak.py) played through every runner: the terminal,
the lab's ``simulate`` and ``arena`` with the search bot. The browser's is in tests/web."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from framework_durak import Pass, Play
from registry_with import installed_plus_plugin
from rich.console import Console
from typer.testing import CliRunner

from cardgames.bots.lookup import decide
from cardgames.cli.app import app
from cardgames.core.game import Game
from cardgames.core.record import Seat, load_record, replay
from cardgames.core.state import Choice
from cardgames.play.session import End, Session
from cardgames.play.start import start_table
from cardgames.plugins.sandbox import seat_bot

RACE_PROMPT = "your move if you want it: the first one in wins"


def _script(game: Game, seed: int) -> tuple[list[str], int]:  # type: ignore[type-arg]
    """What Ann types against two random bots when she always makes her first legal move.

    In a race she is asked only when she has a card to throw in (alone at the screen, being
    spared the question tells nobody anything); then she throws it in. Also: how many races
    she was asked in.
    """
    table = start_table(game, [Seat("Ann"), Seat("Bot 1", "random"), Seat("Bot 2", "random")], seed, None, [])
    bots = {s: seat_bot(game, "random", seed, s) for s in (1, 2)}
    typed: list[str] = []
    raced = 0
    while (seat := table.state.to_act()) is not None:
        state = table.state
        if not state.race():
            action = decide(bots[seat], state, seat) if seat in bots else state.legal_actions()[0]
            if seat not in bots:
                typed.append(game.format_action(action))
            table.act(action)
            continue
        answers: dict[int, Any] = {}
        if 0 in state.to_decide():
            answers[0] = state.legal_actions_for(0)[0]  # a card when she has one, else the pass
            if answers[0] != Pass():
                typed.append(game.format_action(answers[0]))
                raced += 1
        for s in (s for s in state.to_decide() if s in bots):
            answers[s] = decide(bots[s], state, s)
        table.settle_race([(s, answers[s]) for s in state.to_decide()])
    return typed, raced


def test_a_person_and_two_bots_race_to_throw_in_at_the_terminal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = installed_plus_plugin(monkeypatch, "durak", "framework_durak:Durak").find("durak")
    typed, raced = _script(game, 4)
    assert raced > 0
    saved = tmp_path / "durak.json"
    args = [
        "play",
        "durak",
        "-p",
        "Ann,bot:random,bot:random",
        "--seed",
        "4",
        "--lines",
        "--save",
        str(saved),
    ]
    result = CliRunner().invoke(app, args, input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert result.output.count(RACE_PROMPT) >= raced
    _, record = load_record(saved, lambda _: game)
    chosen = [a for a in record.actions if isinstance(a, Choice)]
    assert any(c.seat == 0 and isinstance(c.action, Play) for c in chosen)  # Ann's throw-ins
    assert any(c.seat != 0 and isinstance(c.action, Play) for c in chosen)  # and the bots'
    assert any(c.action == Pass() for c in chosen)
    state = replay(game, record)
    assert state.is_over()
    shown = CliRunner().invoke(app, ["replay", str(saved), "--seat", "Ann", "--brief"])
    assert shown.exit_code == 0 and "Bot 1" in shown.output, shown.output


def test_the_lab_simulates_and_rates_a_race_with_the_search_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    installed_plus_plugin(monkeypatch, "durak", "framework_durak:Durak")
    args = ["simulate", "durak", "-p", "random,random,random", "-n", "2", "--seed", "1", "-w", "1", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games_played_now"] == 2
    # the search of ``hard`` on a small budget (``hard`` itself takes about a minute for the six line-ups)
    args = [
        "arena",
        "durak",
        "-b",
        "ismcts:iterations=10,random",
        "-p",
        "3",
        "-n",
        "1",
        "--seed",
        "2",
        "-w",
        "1",
    ]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output


class HotSeatPlayers:
    """Two people at one screen who press Enter when handed it and always make their first legal move."""

    interactive = False

    def __init__(self, game: Game) -> None:  # type: ignore[type-arg]
        self.game = game
        self.session: Session | None = None
        self.asked: list[tuple[str, str, int]] = []  # (who, what, moves recorded by then)

    def read(self, prompt: str, deadline: float | None = None) -> str:
        assert self.session is not None
        if "press Enter" in prompt:
            return ""
        table = self.session.table
        name, what = prompt.rstrip(": ").split(", ", 1)
        seat = next(k for k, s in enumerate(table.seats) if s.name == name)
        self.asked.append((name, what, len(table.record.actions)))
        return self.game.format_action(table.state.legal_actions_for(seat)[0])


def test_hot_seat_asks_every_person_of_a_race_before_anything_is_settled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = installed_plus_plugin(monkeypatch, "durak", "framework_durak:Durak").find("durak")
    table = start_table(game, [Seat("Ann"), Seat("Boris"), Seat("Bot", "random")], 2, None, [])
    players = HotSeatPlayers(game)
    session = players.session = Session(table, Console(file=io.StringIO(), width=100), players)
    assert session.run() is End.FINISHED
    races = [(who, at) for who, what, at in players.asked if what == RACE_PROMPT]
    together = {at for at in {a for _, a in races} if {w for w, a in races if a == at} == {"Ann", "Boris"}}
    assert together  # both asked the same question: nothing was applied between their answers
    for (
        at
    ) in together:  # both answered at once: the first claim in the game's order counts, not the first typed
        made, then = table.record.actions[at], replay(game, table.record, upto=at)
        assert isinstance(made, Choice) and then.race()
        order = then.to_decide()
        for seat in order[: order.index(made.seat)]:  # every person before the winner passed
            assert table.seats[seat].bot or then.legal_actions_for(seat)[0] == Pass()
        assert table.seats[made.seat].bot or made.action == then.legal_actions_for(made.seat)[0]
    assert replay(game, table.record) == table.state
