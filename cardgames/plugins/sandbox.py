"""Bots in a separate process: they receive their view and legal actions as data, never the state.

A bot in the player's process can reach the whole game through the interpreter
(``sys._getframe``, ``gc.get_objects``). A bot run here lives in a child Python process
that holds no game state at all: for every decision the parent sends one JSON line with
the view and the legal actions (written by the project's cattrs converters), and the
child answers with the index of its choice. Its own prints go to stderr, so they cannot
corrupt the answers; an answer that is late, malformed or out of range is a
:class:`~cardgames.primitives.errors.PluginFailedError`, and the child is stopped.

The child starts with an empty environment (only ``PYTHONPATH``, to find the plugin), in a
private temporary folder of its own, with no descriptor but its pipes, its answers' pipe
and stderr (thrown away), and with resource limits (see :func:`confine`). Its generator is
seeded with :func:`cardgames.bots.lookup.bot_key`, as the same bot's is in process, so a game is the
same with and without ``--isolate-bots``. This is a process boundary with limits, not an
operating-system sandbox: the child runs as the same user and can still read that user's
files (a save file holds the seed). See ``docs/sandbox.md``.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import random
import select
import shutil
import subprocess
import sys
import tempfile
import weakref
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

from cardgames.bots.lookup import bot_key
from cardgames.core.actiondata import action_converter, action_from_data, action_to_data
from cardgames.core.game import Bot, Game
from cardgames.primitives.errors import OptionError, PluginFailedError

if TYPE_CHECKING:  # cattrs is imported when a bot first runs out of process
    import cattrs

__all__ = ["BOT_SECONDS", "LIMITS", "ProcessBot", "bot_key", "confine", "isolated_bot", "serve"]

# A bot has this long per decision before it is stopped (a search bot thinks for a second or two).
BOT_SECONDS = 30.0
# An answer is one short line; a longer one is not an answer.
ANSWER_LIMIT = 4096

# The child's resource limits (see confine): CPU seconds for its whole life (a game's
# decisions take a fraction of one), address space, bytes it may write to any file.
LIMITS = {"cpu_seconds": 300, "address_space": 2 << 30, "file_size": 0, "open_files": 64}

_VIEWS: cattrs.Converter | None = None


def _views() -> cattrs.Converter:
    global _VIEWS
    if _VIEWS is None:
        import cattrs

        from cardgames.core.state import log_hooks

        _VIEWS = log_hooks(cattrs.Converter())
    return _VIEWS


def type_ref(cls: type) -> str:
    """``module:qualname`` of a class, for the child to import."""
    return f"{cls.__module__}:{cls.__qualname__}"


def import_ref(ref: str) -> Any:
    """The object named by ``module:qualname``."""
    module, _, name = ref.partition(":")
    obj: Any = importlib.import_module(module)
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def plugin_class(game: Game[Any, Any]) -> type:
    """The plugin's own class (not the guarded subclass the registry hands out)."""
    cls = type(game)
    return getattr(cls, "guarded_plugin", None) or cls


def _stop(process: subprocess.Popen[bytes], folder: str) -> None:
    if process.poll() is None:
        process.kill()
    with contextlib.suppress(Exception):
        process.wait(timeout=5)
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(Exception):
                stream.close()
    shutil.rmtree(folder, ignore_errors=True)


class ProcessBot:
    """A bot of ``game`` by name (one of the game's bots, or ``module:factory``) in its own process."""

    def __init__(self, game: Game[Any, Any], bot: str, key: str, *, seconds: float = BOT_SECONDS) -> None:
        self.game = game
        self.bot = bot
        self.key = key
        self.seconds = seconds
        self._process: subprocess.Popen[bytes] | None = None
        self._folder: str | None = None
        self._conv = action_converter(game)

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is not None and self._process.poll() is None:
            return self._process
        # nothing of the player's environment; the path only so that the plugin can be imported
        env = {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p), "PYTHONDONTWRITEBYTECODE": "1"}
        self._folder = tempfile.mkdtemp(prefix="cardgames-bot-")
        args = [
            sys.executable,
            "-m",
            "cardgames.plugins.sandbox",
            type_ref(plugin_class(self.game)),
            self.bot,
            self.key,
        ]
        self._process = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # its prints would reach the player's terminal raw
            env=env,
            cwd=self._folder,
            close_fds=True,
        )
        weakref.finalize(self, _stop, self._process, self._folder)
        return self._process

    def _failed(self, why: str) -> PluginFailedError:
        self.close()
        return PluginFailedError(
            f"the plugin {self.game.id} failed: its bot {self.bot} (out of process) {why}"
        )

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Send the view and the legal actions, and return the action the child picked."""
        process = self._start()
        assert process.stdin is not None and process.stdout is not None
        message = {
            "view_type": type_ref(type(view)),
            "view": _views().unstructure(view),
            "legal": [action_to_data(self.game, a, self._conv) for a in legal],
        }
        try:
            process.stdin.write(json.dumps(message, ensure_ascii=False).encode() + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._failed("has stopped") from None
        ready, _, _ = select.select([process.stdout], [], [], self.seconds)
        if not ready:
            raise self._failed(f"did not answer within {self.seconds:g} s")
        line = process.stdout.readline(ANSWER_LIMIT)
        if not line:
            raise self._failed("has stopped")
        try:
            answer = json.loads(line)
        except ValueError:
            raise self._failed("gave an answer that is not JSON") from None
        if isinstance(answer, dict) and "error" in answer:
            raise self._failed(f"raised {str(answer['error'])[:300]}")
        choice = answer.get("choice") if isinstance(answer, dict) else None
        if not isinstance(choice, int) or isinstance(choice, bool) or not 0 <= choice < len(legal):
            raise self._failed(f"gave {str(answer)[:100]!r}, not the number of a legal action")
        return legal[choice]

    def close(self) -> None:
        """Stop the child process."""
        if self._process is not None:
            _stop(self._process, self._folder or "")


def isolated_bot(game: Game[Any, Any], bot: str, seed: int, seat: int) -> Bot:
    """A bot of ``game`` for ``seat`` out of process, with a generator that does not give the seed away.

    A search bot (hard, ismcts:…) is made in process instead: it is cardgames' own code and
    searches worlds that the table deals from the state, which a child process that receives
    only views cannot be given.
    """
    from cardgames.bots.lookup import bot_rng, make_bot
    from cardgames.bots.worlds import SearchingBot

    try:
        probe: Any = make_bot(game, bot, bot_rng(seed, seat))
    except OptionError:
        probe = None  # a module:attribute reference, made in the child
    searching = isinstance(probe, SearchingBot)
    return probe if searching else ProcessBot(game, bot, bot_key(seed, seat))


def seat_bot(game: Game[Any, Any], name: str, seed: int, seat: int, *, isolate: bool = False) -> Bot:
    """The bot called ``name`` at ``seat`` of a game dealt from ``seed``: in process, or out of it.

    One trust model (docs/sandbox.md#who-runs-where): a game is code the user installed, so
    its bots, the levels and the search run in process for every game. ``isolate``
    (``--isolate-bots``) runs each bot that chooses from its view in a child process; a search
    bot stays in process, as it is cardgames' own code searching the worlds the game deals.
    """
    if isolate:
        return isolated_bot(game, name, seed, seat)
    from cardgames.bots.lookup import bot_rng, make_bot

    return make_bot(game, name, bot_rng(seed, seat))


# -- the child --------------------------------------------------------------------------


def _make_bot(game: Game[Any, Any], name: str, rng: random.Random) -> Bot:
    """A bot by name (as ``make_bot`` reads it), else a ``module:attribute`` factory."""
    from cardgames.bots.lookup import make_bot

    try:
        return make_bot(game, name, rng)
    except OptionError:
        if ":" not in name:
            raise
    factory = import_ref(name)
    return factory(rng)  # type: ignore[no-any-return]


def serve(game_ref: str, bot_name: str, key: str, requests: IO[bytes], answers: IO[bytes]) -> None:
    """Answer decision requests, one JSON line each, until the input ends.

    A plugin or bot that cannot be made answers every request with the reason, so the
    parent can say it in one line.
    """
    setup: str | None = None
    try:
        cls = import_ref(game_ref)
        game = cls() if isinstance(cls, type) else cls
        bot = _make_bot(game, bot_name, random.Random(key))  # as bot_rng seeds it in process
        conv = action_converter(game)
    except Exception as exc:  # said to the parent, which stops this process
        setup = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
    for line in requests:
        try:
            if setup is not None:
                raise RuntimeError(setup)
            message = json.loads(line)
            view = _views().structure(message["view"], import_ref(message["view_type"]))
            legal = [action_from_data(game, a, conv) for a in message["legal"]]
            choice = bot.choose(view, legal)
            answer: dict[str, Any] = {"choice": next(i for i, a in enumerate(legal) if a == choice)}
        except StopIteration:
            answer = {"error": "it chose an action that is not legal"}
        except Exception as exc:  # said to the parent, which stops this process
            answer = {"error": f"{type(exc).__name__}: {' '.join(str(exc).split())}"}
        answers.write(json.dumps(answer).encode() + b"\n")
        answers.flush()


def confine(limits: dict[str, int] | None = None) -> None:
    """Limit this (the child) process: CPU time, address space, file writes, open files, children.

    Plain ``setrlimit``, which any user may lower: past the CPU limit the kernel stops the
    process; past the address space an allocation fails (MemoryError); a write of any byte to
    a file fails (``RLIMIT_FSIZE`` 0: pipes are not files); at most ``open_files``
    descriptors. ``RLIMIT_NPROC`` 0 refuses new processes for an ordinary user (the kernel does
    not apply it to root). A limit the system does not have is skipped.
    """
    try:
        import resource
        import signal
    except ImportError:  # pragma: no cover - not a POSIX system: no limits
        return
    chosen = {**LIMITS, **(limits or {})}
    wanted = [
        ("RLIMIT_CPU", chosen["cpu_seconds"]),
        ("RLIMIT_AS", chosen["address_space"]),
        ("RLIMIT_FSIZE", chosen["file_size"]),
        ("RLIMIT_NOFILE", chosen["open_files"]),
        ("RLIMIT_NPROC", 0),
        ("RLIMIT_CORE", 0),
    ]
    for name, value in wanted:
        which = getattr(resource, name, None)
        if which is None:
            continue
        _, hard = resource.getrlimit(which)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(which, (value, value))
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a refused write is an error, not death


def main(argv: Sequence[str]) -> None:
    """``python -m cardgames.plugins.sandbox GAME_CLASS BOT KEY``: serve one bot on stdin/stdout, confined."""
    game_ref, bot_name, key = argv
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # the bot's own prints go to stderr (discarded)
    confine()
    serve(game_ref, bot_name, key, sys.stdin.buffer, answers)


if __name__ == "__main__":
    main(sys.argv[1:])
