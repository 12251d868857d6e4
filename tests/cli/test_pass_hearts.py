"""Pass Hearts on the command line: hot-seat passes in a pty, bots, save, resume, replay per seat."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from framework_passing import PassHearts, PassOptions
from registry_with import installed_plus
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.choosing import Pick
from cardgames.core.record import load_record, replay
from cardgames.core.state import Choice
from cardgames.core.table import Table
from cardgames.play.logs import log_names
from cardgames.plugins import registry

LAUNCHER = Path(__file__).parents[1] / "passhearts_cli.py"
GAME = PassHearts()
HAND = re.compile(r"hand: ((?:\S+ ?)+)")
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def plain(text: str) -> str:
    """The text without terminal escapes (bold cards, the screen clear)."""
    return ANSI.sub("", text)


@pytest.fixture
def pass_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[registry.Registry]:
    """The installed games plus Pass Hearts, for this test only."""
    yield installed_plus(monkeypatch, PassHearts())


@pytest.fixture(autouse=True)
def no_settings_file(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads the settings file of whoever runs the tests."""
    monkeypatch.setenv("CARDGAMES_SETTINGS", str(tmp_path_factory.mktemp("settings") / "none.toml"))


def _find(record_path: Path) -> Table:
    _, record = load_record(record_path, lambda name: GAME)
    return Table.from_record(GAME, record)


@pytest.mark.e2e
def test_two_people_at_one_screen_pass_in_private_and_the_bots_pass_too(tmp_path: Path) -> None:
    env = {**os.environ, "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "110", "LINES": "50"}  # the line table
    args = [str(LAUNCHER), "play", "passhearts", "-p", "Ann,Boris,bot:random,bot:random", "--seed", "4"]
    args += ["-o", "deals=1", "--ascii", "--save", "g.json"]
    child = pexpect.spawn(sys.executable, args, env=env, cwd=tmp_path, encoding="utf-8", timeout=30)
    try:
        child.expect_exact("Ann: press Enter when you are at the screen")
        child.sendline("")
        child.expect_exact("Ann, pass 3 cards left: ")
        hand = HAND.findall(plain(child.before))[-1].split()
        ann = hand[:3]
        child.sendline("help")
        child.expect_exact("Ann, pass 3 cards left: ")
        assert "pass" in child.before and "(20" not in child.before  # no list of combinations
        child.sendline("pass " + " ".join(ann))
        child.expect_exact("Ann: press Enter to hide your hand and pass the screen.")
        child.sendline("")
        child.expect_exact("Boris: press Enter when you are at the screen")
        screen = child.before
        child.sendline("")
        child.expect_exact("Boris, pass 3 cards left: ")
        boris_screen = child.before
        # the screen was cleared for Boris, and nothing he sees names Ann's pending choice
        assert "\x1b[2J" in screen + boris_screen
        after_clear = plain((screen + boris_screen).rsplit("\x1b[2J", 1)[-1])
        assert not any(re.search(rf"\b{re.escape(c)}\b", after_clear) for c in ann)
        boris = HAND.findall(plain(boris_screen))[-1].split()
        child.sendline("hint")
        child.expect_exact("Boris, pass 3 cards left: ")
        hinted = re.search(r"Hint: pass (\S+) (\S+) (\S+) \(", plain(child.before))
        assert hinted is not None and set(hinted.groups()) <= set(boris)
        child.sendline("pass " + boris[0])  # one card now, two later: still Boris's turn
        child.expect_exact("Boris, pass 2 cards left: ")
        child.sendline(f"pass {boris[1]} {boris[1]}")
        child.expect_exact("Boris, pass 2 cards left: ")
        assert "only once" in child.before
        child.sendline(f"pass {boris[1]} {boris[2]}")
        # the bots pass, everything is revealed together; then the tricks, played from the hints
        while True:
            i = child.expect([r"(Ann|Boris), your card: ", r"press Enter", pexpect.EOF])
            if i == 2:
                break
            if i == 1:
                child.sendline("")
                continue
            who = child.match.group(1)
            child.sendline("hint")
            child.expect_exact(f"{who}, your card: ")
            move = re.search(r"Hint: (play \S+)", plain(child.before))
            assert move is not None
            child.sendline(move.group(1))
    finally:
        child.close(force=True)
    table = _find(tmp_path / "g.json")
    assert table.state.is_over()
    choices = [a for a in table.record.actions if isinstance(a, Choice)]
    assert sorted(c.seat for c in choices) == [0] * 3 + [1] * 3 + [2] * 3 + [3] * 3
    assert [c.action.card.__str__() for c in choices if c.seat == 0] != []
    first_deal = table.state.view(1).log
    assert any("everyone passes three cards left" in e.text for e in first_deal)


def _play(runner: CliRunner, save: Path, lines: list[str]) -> str:
    args = ["play", "passhearts", "-p", "Ann,bot:random,bot:random,bot:random", "--seed", "6"]
    result = runner.invoke(
        app, [*args, "-o", "deals=1", "--ascii", "--save", str(save)], input="".join(lines)
    )
    assert result.exit_code == 1 and "The moves ran out" in result.output, result.output
    return result.output


@pytest.mark.usefixtures("pass_registry")
def test_a_game_saved_with_some_choices_made_resumes_with_them_as_if_never_stopped(tmp_path: Path) -> None:
    from cardgames.primitives.cards import format_card

    runner = CliRunner()
    cards = [format_card(c, glyphs=False) for c in GAME.new_game(PassOptions(deals=1), 4, 6).view(0).hand]
    half = tmp_path / "half.json"
    _play(runner, half, [f"pass {cards[0]} {cards[1]}\n"])
    saved = _find(half)
    # Ann chose two cards, then the input ended: the bots (after her in seat order) have not chosen
    assert saved.state.simultaneous() and saved.state.to_decide() == (0, 1, 2, 3)
    assert [a.seat for a in saved.record.actions] == [0, 0]
    assert saved.state.view(0).chosen == (
        saved.record.actions[0].action.card,
        saved.record.actions[1].action.card,
    )
    assert saved.state.view(1).chosen == () and saved.state.view(1).setting_aside == (2, 0, 0, 0)
    out = runner.invoke(app, ["resume", str(half), "--ascii"], input=f"pass {cards[2]}\n").output
    assert "Resuming" in out
    resumed = _find(half)
    assert not resumed.state.simultaneous()  # every pass is in and revealed
    assert sorted(a.seat for a in resumed.record.actions if isinstance(a, Choice)) == sorted([0, 1, 2, 3] * 3)
    # the same moves without the interruption give the identical game (bots included)
    whole = tmp_path / "whole.json"
    _play(runner, whole, [f"pass {cards[0]} {cards[1]}\n", f"pass {cards[2]}\n"])
    assert _find(whole).record.actions == resumed.record.actions
    assert json.loads(half.read_text())["schema"] == 3
    assert replay(GAME, resumed.record) == resumed.state


@pytest.mark.usefixtures("pass_registry")
def test_replay_for_one_seat_names_only_its_own_picks_and_the_pass_it_received(tmp_path: Path) -> None:
    runner = CliRunner()
    save = tmp_path / "bots.json"
    args = ["play", "passhearts", "-p", "bot:random,bot:random,bot:random,bot:random", "--seed", "8"]
    result = runner.invoke(app, [*args, "-o", "deals=1", "--ascii", "--save", str(save)])
    assert result.exit_code == 0, result.output
    table = _find(save)
    assert table.state.is_over()
    out = runner.invoke(app, ["replay", str(save), "--seat", "P2", "--ascii", "--brief"]).output
    named = re.findall(r"move \d+/\d+: ([^:\n]+): pass (\S+)", out)
    names = log_names(table.seats)  # moves name the players as the log does ("Bot 2")
    assert named and {who for who, _ in named} <= {names[1], names[0]}
    picks = [a for a in table.record.actions if isinstance(a, Choice)]
    others = {str(a.action.card) for a in picks if a.seat in (2, 3)}
    shown = {card for who, card in named if who != names[1]}
    # the only other seat's pick named is the one that completed the pass P2 received (from P1)
    assert len(shown) <= 1 and not (shown & others)
    assert out.count("a hidden move") >= 8  # Game.describe_action's default, for P2
    assert isinstance(picks[0].action, Pick)


@pytest.mark.usefixtures("pass_registry")
def test_search_bots_and_the_lab_play_a_game_of_simultaneous_passes(tmp_path: Path) -> None:
    runner = CliRunner()
    save = tmp_path / "search.json"
    seats = "bot:ismcts:iterations=20,bot:random,bot:hard,bot:random"
    args = ["play", "passhearts", "-p", seats, "--seed", "3", "-o", "deals=1", "--save", str(save)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    table = _find(save)
    assert table.state.is_over() and replay(GAME, table.record) == table.state
    bots = "random,ismcts:iterations=5,random,random"
    simulated = runner.invoke(
        app, ["simulate", "passhearts", "-p", bots, "-n", "4", "-w", "1", "-o", "deals=1"]
    )
    assert simulated.exit_code == 0, simulated.output
    assert "4 of 4 games" in simulated.output
    duel = ["arena", "passhearts", "-b", "random,ismcts:iterations=5", "-n", "1", "-w", "1", "-o", "deals=1"]
    arena = runner.invoke(app, duel)
    assert arena.exit_code == 0, arena.output
    assert re.search(r"(\d+) of \1 games", arena.output)
