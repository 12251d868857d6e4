"""``cardgames verify FILE``: a finished game's fair deal, checked on real records, tampered ones included."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.primitives.language import speaking

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


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["options"].update(hand_size=999), "option hand_size must be from 1 to 60, not 999"),
        (lambda d: d.update(seats=[]), "Dernier is played by 2 to 8 players, not 0"),
    ],
)
def test_a_damaged_or_invalid_file_is_an_error_not_a_failed_fairness_check(
    tmp_path: Path, change: Any, said: str
) -> None:
    """Options or seats no game has are wrong whatever the seed: the file cannot be checked (exit 2)."""
    path, shown = _played(tmp_path, "dernier")
    _edit(path, change)
    result = _verify(str(path), "--commitment", shown)
    assert result.exit_code == 2 and result.stdout == "", result.output
    line = result.stderr.strip()
    assert line.startswith(f"error: cannot check '{path}': ") and said in line, line
    assert line.endswith("(the file is damaged or invalid, whatever its seed)") and "fair" not in line
    with speaking("ru"):
        russian = CliRunner().invoke(app, ["verify", str(path)])
    assert russian.exit_code == 2 and russian.stderr.startswith("ошибка: нельзя проверить "), russian.stderr
    assert "файл повреждён или неверен при любом зерне" in russian.stderr


def _bot_move_not_held(path: Path) -> tuple[int, str, str]:
    """Change the file's first move of a bot's card into a card that bot does not hold.

    Returns the move's number, the bot's name as stored and the card as the engine writes it (KH).
    """
    from cardgames.core.record import load_record, replay
    from cardgames.games.dernier.actions import Play
    from cardgames.plugins.registry import find_game
    from cardgames.primitives.cards import CARDS, format_card

    game, record = load_record(path, find_game)
    for number, action in enumerate(record.actions):
        state = replay(game, record, upto=number)
        seat = state.to_act()
        if isinstance(action, Play) and not action.card.is_joker and record.seats[seat].bot:
            hand = state.view(seat).hand
            card = next(c for c in CARDS if c.rank is not None and c not in hand)
            data = json.loads(path.read_text(encoding="utf-8"))
            data["actions"][number]["card"] = {"rank": int(card.rank), "suit": int(card.suit)}
            data["actions"][number]["suit"] = None
            path.write_text(json.dumps(data), encoding="utf-8")
            return number + 1, record.seats[seat].name, format_card(card)
    raise AssertionError("no bot played a card")


def test_a_move_that_does_not_replay_names_its_player_and_the_card_as_the_reader_writes_it(
    tmp_path: Path,
) -> None:
    path, shown = _played(tmp_path, "dernier")
    number, bot, engine = _bot_move_not_held(path)
    glyph = f"{engine[:-1]}{'♣♦♥♠'['CDHS'.index(engine[-1])]}"
    result = _verify(str(path), "--commitment", shown)
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"NOT a fair record: with its seed, action {number} does not replay: {bot} may not make the move "
        f"{glyph} there (the seed or the moves were changed)"
    )
    with speaking("ru"):
        russian = CliRunner().invoke(app, ["verify", str(path)]).output.strip()
    spoken = bot.replace("Bot", "Бот")
    assert russian == (
        f"НЕ честная запись: с её зерном ход {number} не воспроизводится: {spoken} не может там сделать "
        f"ход {glyph} (зерно или ходы изменены)"
    )
    for line in (result.output, russian):
        assert " you " not in line and " вы " not in line and f"({engine})" not in line
