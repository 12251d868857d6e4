"""Real processes: a writer killed inside its transaction, and two writers at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from ledger_helpers import posledniy

from cardgames.ledger import Ledger, views
from cardgames.ledger.db import ENV_PAUSE

RECORD_ONE = """
import sys
from cardgames.ledger import Ledger
with Ledger.open(sys.argv[1]) as book:
    book.record(int(sys.argv[2]), {"last": ["B"]})
"""

RECORD_PLAYED = """
import sys
from cardgames.core.state import HandResult, Outcome
from cardgames.ledger.played import PlayedGame, record_played
from cardgames.plugins.registry import find_game
hands = [HandResult(i + 1, i % 4, (), (1,), (0, 1, 0, 0), (0,) * 4, "X took it") for i in range(5)]
options = {"scoring": "points", "target": 5, "unit": 5}
outcome = Outcome((0, 2, 3), (5, -15, 5, 5), "X lost")
played = PlayedGame(find_game("posledniy"), "posledniy:killed", tuple("WXYZ"), options, tuple(hands), outcome)
record_played(sys.argv[1], "Friday", "bots", played, create=True)
"""

LOOP = """
import sys, time
from pathlib import Path
from cardgames.ledger import Ledger
path, game, who, go, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], Path(sys.argv[4]), int(sys.argv[5])
while not go.exists():
    time.sleep(0.005)
with Ledger.open(path) as book:
    for i in range(count):
        book.record(game, {"last": [who]}, key=f"{who}-{i}")
"""


def run_python(code: str, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def kill_inside_transaction(code: str, marker: Path, *args: str) -> None:
    """Start a writer that pauses inside its transaction, then SIGKILL it there."""
    proc = run_python(code, *args, env={ENV_PAUSE: str(marker)})
    deadline = time.monotonic() + 30
    while not marker.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the writer never reached its transaction"
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL


def test_killed_writer_leaves_no_partial_deal(book: Ledger, ledger_path: Path, tmp_path: Path) -> None:
    game = book.start_game("Friday", "1", "posledniy", {"scoring": "chips"})
    posledniy(book, game, last="A")
    before = views.game_log(book, game)
    kill_inside_transaction(RECORD_ONE, tmp_path / "inside", str(ledger_path), str(game))
    kill_inside_transaction(RECORD_PLAYED, tmp_path / "inside-played", str(ledger_path))
    with Ledger.open(ledger_path) as again:  # opening runs SQLite's integrity check
        assert views.game_log(again, game) == before
        assert again.conn.execute("SELECT count(*) FROM games").fetchone()[0] == 1
        assert again.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        (rec,) = posledniy(again, game, last="C")  # the lock died with the writer
        assert rec.deal == 2
        chips = {r.player: r.chips for r in views.standings(again, "Friday").overall}
        assert chips == {"A": -10, "B": 10, "C": -10, "D": 10}


def test_two_writers_at_once_lose_nothing(book: Ledger, ledger_path: Path, tmp_path: Path) -> None:
    game = book.start_game("Friday", "1", "posledniy", {"scoring": "chips", "stake": 1, "rounds": 100})
    go = tmp_path / "go"
    count = 25
    procs = [run_python(LOOP, str(ledger_path), str(game), who, str(go), str(count)) for who in ("B", "D")]
    time.sleep(0.3)
    go.touch()
    for proc in procs:
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err.decode()
    log = views.game_log(book, game)
    deals = [e.deal for e in log.entries]
    assert deals == list(range(1, 2 * count + 1))
    assert log.chips == (2 * count, -3 * count + count, 2 * count, count - 3 * count)
    assert sum(log.chips) == 0
