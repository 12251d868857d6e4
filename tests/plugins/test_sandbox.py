"""Out-of-process bots: OS-level limits in the child, and the same game with and without isolation."""

from __future__ import annotations

import errno
import json
import os
import random
import sys
from pathlib import Path

import pytest
from hostile_plugins import SecretCard, SecretOptions
from typer.testing import CliRunner

from cardgames.bots.lookup import bot_key, bot_rng
from cardgames.cli.app import app
from cardgames.core.record import load_record
from cardgames.plugins import guard
from cardgames.plugins.registry import find_game
from cardgames.plugins.sandbox import LIMITS, ProcessBot
from cardgames.primitives.errors import PluginFailedError

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the limits are Linux's")


def _probe() -> tuple[dict[str, object], ProcessBot]:
    game = guard.guarded(SecretCard())
    state = game.new_game(SecretOptions(), 2, 5)
    bot = ProcessBot(game, "hostile_plugins:probe_bot", bot_key(5, 0))
    with pytest.raises(PluginFailedError) as caught:
        bot.choose(state.view(0), list(state.legal_actions()))
    message = str(caught.value)
    return json.loads(message[message.index("PROBE") + 5 :].rstrip(".")), bot


def test_the_child_has_an_empty_environment_a_private_folder_and_no_inherited_descriptors() -> None:
    os.environ["CARDGAMES_TEST_SECRET"] = "the parent's"
    try:
        seen, _ = _probe()
    finally:
        del os.environ["CARDGAMES_TEST_SECRET"]
    assert set(seen["env"]) <= {"PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "LC_CTYPE"}  # type: ignore[arg-type]
    folder = Path(str(seen["cwd"]))
    assert folder.name.startswith("cardgames-bot-") and folder != Path.cwd()
    assert not folder.exists()  # removed when the bot was stopped
    assert seen["fds"][:3] == [0, 1, 2] and len(seen["fds"]) <= 5  # type: ignore[index,arg-type]


def test_the_child_cannot_write_files_or_take_unbounded_memory_or_cpu() -> None:
    seen, _ = _probe()
    assert seen["write"] == errno.EFBIG  # RLIMIT_FSIZE 0: not one byte to a file
    assert seen["memory"] == "refused"  # RLIMIT_AS
    assert seen["cpu"] == LIMITS["cpu_seconds"] and seen["as"] == LIMITS["address_space"]


def test_a_bot_plays_the_same_in_and_out_of_process() -> None:
    """The child's generator is bot_rng's: seeded with bot_key, which does not give the seed away."""
    assert bot_rng(7, 1).random() == random.Random(bot_key(7, 1)).random()
    assert int(bot_key(7, 1), 16) and len(bot_key(7, 1)) == 64  # a SHA-256 digest, not the seed


@pytest.mark.parametrize("game", ["dernier", "posledniy"])
def test_a_game_is_the_same_with_and_without_isolate_bots(tmp_path: Path, game: str) -> None:
    players = "bot:random,bot:random,bot,bot"
    records = []
    for isolate in (False, True):
        path = tmp_path / f"{game}-{isolate}.json"
        args = ["play", game, "-p", players, "--seed", "11", "-o", "hands_to_win=1", "--save", str(path)]
        if game == "posledniy":
            args = ["play", game, "-p", players, "--seed", "11", "--save", str(path)]
        result = CliRunner().invoke(app, [*args, *(["--isolate-bots"] if isolate else [])], input="quit\ny\n")
        assert result.exit_code == 0, result.output
        records.append(load_record(path, find_game)[1])
    plain, isolated = records
    assert len(plain.actions) > 20
    assert plain.actions == isolated.actions
