"""Nobody learns the seed during play; its commitment is shown first and checked at the end."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.fairdeal import Deal, commitment, verify
from cardgames.core.record import load_record
from cardgames.play import playing
from cardgames.plugins.registry import find_game

COMMITMENT = re.compile(r"Deal commitment \(SHA-256\): ([0-9a-f]{64})")
REVEAL = re.compile(r"The deal: seed (\d+), salt ([0-9a-f]+)\. Check: the SHA-256 of '([^']+)'")
BOTS = "bot,bot,bot,bot"


def _play(runner: CliRunner, args: list[str], moves: str = "") -> str:
    result = runner.invoke(app, ["play", *args], input=moves)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.output


def test_a_drawn_seed_is_never_shown_before_the_end_of_a_hot_seat_game(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    out = _play(runner, ["dernier", "-p", "Ann,Boris", "--save", str(path)], "\n\nquit\ny\n")
    seed = load_record(path, find_game)[1].seed
    assert not re.search(r"\bseed\b", out, re.IGNORECASE)
    shown = COMMITMENT.search(out)
    assert shown is not None and str(seed) not in out.replace(shown.group(1), "")


def test_a_finished_game_reveals_seed_and_salt_that_match_the_commitment(runner: CliRunner) -> None:
    out = _play(runner, ["dernier", "-p", BOTS, "-o", "hands_to_win=1"])
    announced = COMMITMENT.search(out)
    revealed = REVEAL.search(out)
    assert announced is not None and revealed is not None
    assert out.index(announced.group(0)) < out.index("Game over") < out.index(revealed.group(0))
    seed, salt, text = int(revealed.group(1)), revealed.group(2), revealed.group(3)
    assert hashlib.sha256(text.encode()).hexdigest() == announced.group(1)  # what anyone can check
    assert text == f"cardgames-deal:dernier:{seed}:{salt}"
    assert verify("dernier", seed, salt, announced.group(1))
    assert not verify("dernier", seed + 1, salt, announced.group(1))


def test_the_commitment_of_a_drawn_seed_cannot_be_searched_for_the_seed(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(playing, "new_seed", lambda: 5)  # the same small seed twice
    first = COMMITMENT.search(_play(runner, ["dernier", "-p", BOTS, "-o", "hands_to_win=1"]))
    again = COMMITMENT.search(_play(runner, ["dernier", "-p", BOTS, "-o", "hands_to_win=1"]))
    assert first is not None and again is not None
    assert first.group(1) != again.group(1)  # a fresh 128-bit salt each time
    chosen = COMMITMENT.search(_play(runner, ["dernier", "-p", BOTS, "-o", "hands_to_win=1", "--seed", "5"]))
    assert chosen is not None and chosen.group(1) not in (first.group(1), again.group(1))


def test_json_of_an_unfinished_game_has_the_commitment_not_the_seed(
    runner: CliRunner, tmp_path: Path
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("")
    result = runner.invoke(app, ["play", "dernier", "-p", "me,bot", "--json", "--moves", str(moves)])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert not data["finished"] and "seed" not in data and "salt" not in data
    assert re.fullmatch(r"[0-9a-f]{64}", data["commitment"])
    done = json.loads(_play(runner, ["dernier", "-p", BOTS, "-o", "hands_to_win=1", "--json", "--seed", "9"]))
    assert done["seed"] == 9 and commitment("dernier", 9, done["salt"]) == done["commitment"]


def test_replay_of_an_unfinished_game_shows_no_hand_whatever_seat_is_asked(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    _play(runner, ["dernier", "-p", "me,bot", "--seed", "3", "--save", str(path)], "1\n2\n3\nquit\ny\n")
    _, record = load_record(path, find_game)
    assert record.actions, "some moves were made"
    for seat in ("P1", "P2", None):
        args = ["replay", str(path), *(["--seat", seat] if seat else [])]
        out = runner.invoke(app, args).output
        assert "The table seen by" not in out and "hand" not in out.casefold().replace("hands", "")
        assert "The game is not finished" in out and "seed 3" not in out


def test_replay_of_a_finished_game_shows_the_tables_and_the_seed(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    _play(runner, ["dernier", "-p", BOTS, "-o", "hands_to_win=1", "--seed", "3", "--save", str(path)])
    out = runner.invoke(app, ["replay", str(path), "--seat", "P2"]).output
    assert "seed 3" in out and "The table as Bot 2 (heuristic) sees it:" in out


def test_resume_names_the_commitment_not_the_seed(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    _play(runner, ["posledniy", "-p", "me,bot,bot", "--seed", "4", "--save", str(path)], "quit\ny\n")
    out = runner.invoke(app, ["resume", str(path)], input="quit\ny\n").output
    record = load_record(path, find_game)[1]
    deal = record.deal
    assert isinstance(deal, Deal) and f"(deal commitment {deal.commitment})" in out
    assert not re.search(r"\bseed\b", out)
