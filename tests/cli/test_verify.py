"""``cardgames verify FILE``: a finished game's fair deal, checked on real records, tampered ones included."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app

GAMES = {
    "dernier": ["-p", "bot,bot", "-o", "hands_to_win=1"],
    "posledniy": ["-p", "bot,bot,bot"],
}


def _played(tmp_path: Path, game: str) -> tuple[Path, str]:
    """A finished game with a drawn (secret) seed, saved; and the commitment it showed at the start."""
    path = tmp_path / f"{game}.json"
    result = CliRunner().invoke(app, ["play", game, *GAMES[game], "--save", str(path)])
    assert result.exit_code == 0, result.output
    match = re.search(r"Deal commitment \(SHA-256\): ([0-9a-f]{64})", result.output)
    assert match is not None
    return path, match[1]


def _verify(*args: str) -> Any:
    return CliRunner().invoke(app, ["verify", *args])


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_game_is_fair_with_the_commitment_it_showed(tmp_path: Path, game: str) -> None:
    path, shown = _played(tmp_path, game)
    result = _verify(str(path), "--commitment", shown.upper())
    assert result.exit_code == 0, result.output
    assert result.output.startswith("fair: the commitment is the SHA-256 of seed ")
    assert "moves replay from seed" in result.output and len(result.output.strip().splitlines()) == 1
    plain = _verify(str(path))  # without it: the commitment to compare by eye
    assert plain.exit_code == 0 and plain.output.startswith("consistent:") and shown in plain.output


def test_another_commitment_is_not_fair(tmp_path: Path) -> None:
    path, shown = _played(tmp_path, "dernier")
    other = ("0" if shown[0] != "0" else "1") + shown[1:]
    result = _verify(str(path), "--commitment", other)
    assert result.exit_code == 1 and result.output.startswith("NOT fair: the commitment " + other)


def test_a_changed_salt_is_not_fair(tmp_path: Path) -> None:
    path, shown = _played(tmp_path, "dernier")
    _edit(path, lambda d: d.update(salt="0" * 32))
    result = _verify(str(path), "--commitment", shown)
    assert result.exit_code == 1 and result.output.startswith("NOT fair")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_changed_seed_does_not_replay_the_record(tmp_path: Path, game: str) -> None:
    path, shown = _played(tmp_path, game)
    _edit(path, lambda d: d.update(seed=d["seed"] + 1))
    result = _verify(str(path), "--commitment", shown)
    assert result.exit_code == 1 and result.output.startswith("NOT a fair record: with its seed, action ")


def test_a_changed_move_does_not_replay_the_record(tmp_path: Path) -> None:
    path, shown = _played(tmp_path, "posledniy")

    def swap(data: dict[str, Any]) -> None:
        actions = data["actions"]
        actions[-1], actions[-2] = actions[-2], actions[-1]  # the last trick's cards in another order

    _edit(path, swap)
    result = _verify(str(path), "--commitment", shown)
    assert result.exit_code == 1 and "does not replay" in result.output


def test_an_unfinished_game_is_refused_and_its_seed_stays_secret(tmp_path: Path) -> None:
    path = tmp_path / "open.json"
    result = CliRunner().invoke(
        app, ["play", "dernier", "-p", "me,bot", "--save", str(path)], input="draw\nquit\ny\n"
    )
    assert path.exists(), result.output
    seed = str(json.loads(path.read_text(encoding="utf-8"))["seed"])
    refused = _verify(str(path))
    assert refused.exit_code == 2
    assert "is not finished" in refused.stderr and "still secret" in refused.stderr
    assert seed not in refused.output and len(refused.stderr.strip().splitlines()) == 1


def test_a_cut_record_is_an_unfinished_game(tmp_path: Path) -> None:
    path, _ = _played(tmp_path, "dernier")
    _edit(path, lambda d: d.update(actions=d["actions"][:-3]))
    assert _verify(str(path)).exit_code == 2


def test_a_file_from_before_commitments_has_nothing_to_check(tmp_path: Path) -> None:
    path, _ = _played(tmp_path, "dernier")
    _edit(path, lambda d: d.pop("salt"))
    result = _verify(str(path))
    assert result.exit_code == 2 and "before deals had commitments" in result.stderr


@pytest.mark.parametrize(
    ("content", "said"),
    [(b"not json", "not"), (b"\0\0\0", "NUL byte"), (b"\xff\xfe", "not UTF-8")],
)
def test_a_file_that_is_not_a_save_is_one_line(tmp_path: Path, content: bytes, said: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = _verify(str(path))
    assert result.exit_code == 2 and said in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_commitment_that_is_not_64_hex_digits_is_one_line(tmp_path: Path) -> None:
    path, _ = _played(tmp_path, "dernier")
    result = _verify(str(path), "--commitment", "abc")
    assert result.exit_code == 2 and "64 hexadecimal digits" in result.stderr


OLD_RECORDS = Path(__file__).parents[1] / "core" / "records"
# saved by the program before deals came from the keyed stream (schema 2), with the commitments it showed
SCHEMA_2 = {
    "dernier_v2.json": "267413af1c31f201e2178c9208082354dee28aeafad680bdf84883b723815fa6",
    "posledniy_v2.json": "d981a805860bdbe0f82b16a0f7a74fcde8f7c2ee494774393993d00ecc072a3e",
}


@pytest.mark.parametrize("name", sorted(SCHEMA_2))
def test_a_record_saved_before_keyed_deals_still_replays_and_verifies(tmp_path: Path, name: str) -> None:
    """Its deal came from random.Random(seed): replayed the old way (its schema says so), it is fair."""
    result = _verify(str(OLD_RECORDS / name), "--commitment", SCHEMA_2[name])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("fair: ")
    changed = tmp_path / name  # the same file claiming today's schema: the moves no longer replay
    changed.write_text((OLD_RECORDS / name).read_text(encoding="utf-8").replace('"schema": 2', '"schema": 3'))
    tampered = _verify(str(changed), "--commitment", SCHEMA_2[name])
    assert tampered.exit_code == 1 and tampered.output.startswith("NOT a fair record")


def test_a_new_record_is_dealt_from_the_keyed_stream(tmp_path: Path) -> None:
    path, shown = _played(tmp_path, "posledniy")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema"] == 3 and data["seed"].bit_length() > 64  # a drawn 256-bit secret
    assert _verify(str(path), "--commitment", shown).exit_code == 0
