"""Последний at the terminal: the seat draw shown with people's names, and replays shown for one seat."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.record import load_record
from cardgames.plugins.registry import find_game

RUNNER = CliRunner()


def test_p3_the_terminal_shows_who_drew_which_card_and_the_seating(tmp_path: Path) -> None:
    """P-3: the people, as named, each draw a card; the table and the file seat them by the draw."""
    path = tmp_path / "g.json"
    args = ["play", "posledniy", "--players", "Ann,bot,bot,bot", "--seed", "3", "--save", str(path)]
    out = " ".join(RUNNER.invoke(app, args, input="quit\ny\n").output.split())  # undo line wrapping
    drawn = re.search(r"Seat draw, in the order the players drew: (.*?); (.*?) drew the highest card", out)
    assert drawn is not None
    picks = [p.rsplit(" ", 1) for p in drawn[1].split(", ")]
    bots = [f"Bot {i}" for i in (1, 2, 3)]  # in the sentence by the short name, the kind said in "Seats:"
    # the bots are numbered by the seats the draw gave them, so they drew in some order
    # Ann, the one person at the table, reads her own draw as "you"
    assert picks[0][0] == "you" and sorted(name for name, _ in picks[1:]) == bots
    picks = [("Ann" if name == "you" else f"{name} (heuristic)", card) for name, card in picks]
    dealer = next(name for name, c in picks if c.startswith("A"))
    assert drawn[2] in ("you", dealer.removesuffix(" (heuristic)"))
    _, record = load_record(path, find_game)
    by_rank = sorted(picks, key=lambda p: "AKQJ".index(p[1][0]))
    assert [s.name for s in record.seats] == [name for name, _ in by_rank]  # A deals at P1, K at P2, ...
    names = [n for n, _ in by_rank]
    assert "Seats: " + ", ".join(names[:-1]) + " and " + names[-1] in out  # in seat order, by name


def test_i1_a_replay_shown_for_one_seat_names_no_pass_between_two_others(tmp_path: Path) -> None:
    """I-1, P-5: `replay --seat P3` writes P3's own pass and the one it received, not the dealer's."""
    path = tmp_path / "g.json"
    args = ["play", "posledniy", "--players", "bot,bot,bot,bot", "--seed", "7", "--save", str(path)]
    assert RUNNER.invoke(app, args).exit_code == 0
    _, record = load_record(path, find_game)
    picks = list(record.actions[:6])  # the exchange card by card: the dealer 3, P2 2, P3 1
    out = RUNNER.invoke(app, ["replay", str(path), "--seat", "P3", "--brief", "--ascii"]).output
    lines = [line for line in out.splitlines() if line.lstrip("─- ").startswith("move ")]
    said = [find_game("posledniy").format_action(p) for p in picks]
    first = said[0]  # the dealer P1 passes to P2: P3 sees none of it
    assert all("face down" in x for x in lines[:3]), lines[:3]  # describe_action, for P3
    assert not any(said[i] in lines[i] for i in range(3))
    assert said[4] in lines[4]  # P2's pick that completes its pass to P3: the cards come to P3
    assert said[5] in lines[5]  # P3's own pass
    everyone = RUNNER.invoke(app, ["replay", str(path), "--brief", "--ascii"]).output
    assert first in everyone  # the whole game, for its owner, still shows everything
