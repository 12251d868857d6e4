"""Running the plans of a simulation in batches on a backend, with progress and a clean stop.

Batches of the variants are interleaved, so that a run stopped early has about as many
games of each. A few batches per worker are kept in flight: enough to keep every worker
busy, few enough that Ctrl-C stops quickly and memory stays small.
"""

from __future__ import annotations

import contextlib
import math
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from attrs import define

from cardgames.core.game import Game
from cardgames.lab.backends import Backend
from cardgames.lab.outfile import OutFile
from cardgames.lab.plan import Plan
from cardgames.lab.result import GameResult
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext

MAX_BATCH = 100
IN_FLIGHT = 3  # batches per worker


class BatchError(CardgamesError):
    """A batch failed on a worker (a bug in a game or a bot, a lost worker, a full disk)."""


@define
class Run:
    """The results so far, per variant and in game order, and whether the run was stopped early."""

    results: list[list[GameResult]]
    interrupted: bool = False
    batches: int = 0
    planned: int = 0


def batch_size(games: int, workers: int) -> int:
    """Games per batch: about eight batches per worker, at most MAX_BATCH games."""
    return max(1, min(MAX_BATCH, math.ceil(games / (workers * 8))))


def batches(plans: Sequence[Plan], size: int, done: set[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """(variant, start, stop) of the games still to play, the variants' batches interleaved."""
    per_variant = []
    for v, plan in enumerate(plans):
        todo = [i for i in range(plan.games) if (v, i) not in done]
        runs: list[tuple[int, int, int]] = []
        for i in todo:  # contiguous runs of missing games, cut into batches
            if runs and runs[-1][2] == i and runs[-1][2] - runs[-1][1] < size:
                runs[-1] = (v, runs[-1][1], i + 1)
            else:
                runs.append((v, i, i + 1))
        per_variant.append(runs)
    out = []
    for k in range(max((len(r) for r in per_variant), default=0)):
        out += [r[k] for r in per_variant if k < len(r)]
    return out


class _CtrlC:
    """Ctrl-C raises KeyboardInterrupt at once, except inside ``whole()``, where it waits for its end.

    Blocking the signal is not enough: one that arrived just before the block has already
    tripped Python's handler, which would then raise midway through the block.
    """

    def __init__(self) -> None:
        self.inside = False
        self.pending = False

    def handler(self, signum: int, frame: Any) -> None:
        if self.inside:
            self.pending = True
        else:
            raise KeyboardInterrupt

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        """The handler, where Python lets this thread set one and Ctrl-C has its usual meaning."""
        usual = threading.current_thread() is threading.main_thread() and (
            signal.getsignal(signal.SIGINT) is signal.default_int_handler
        )
        if not usual:
            yield
            return
        signal.signal(signal.SIGINT, self.handler)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, signal.default_int_handler)

    @contextlib.contextmanager
    def whole(self) -> Iterator[None]:
        """A block that Ctrl-C does not cut in two."""
        self.inside = True
        try:
            yield
        finally:
            self.inside = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


def run(
    game: Game[Any, Any],
    plans: Sequence[Plan],
    backend: Backend,
    *,
    batch: int | None = None,
    out: OutFile | None = None,
    done: dict[tuple[int, int], GameResult] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Run:
    """Play every game of ``plans`` not already ``done``; Ctrl-C stops and keeps what finished.

    ``progress`` is told how many games each finished batch played.
    """
    done = dict(done or {})
    total = sum(p.games for p in plans)
    size = batch or batch_size(max(1, total - len(done)), backend.workers)
    queue = batches(plans, size, set(done))
    result = Run([[] for _ in plans], planned=total)
    inflight: dict[Any, int] = {}
    position = 0
    ctrl_c = _CtrlC()
    try:
        with ctrl_c.installed():
            while position < len(queue) or inflight:
                while position < len(queue) and len(inflight) < backend.workers * IN_FLIGHT:
                    v, start, stop = queue[position]
                    inflight[backend.submit(game, plans[v], start, stop)] = v
                    position += 1
                for handle, games in backend.wait(list(inflight)):
                    v = inflight.pop(handle)
                    with ctrl_c.whole():  # the report counts a game exactly when --out holds it
                        for g in games:
                            done[(v, g.index)] = g
                        if out is not None:
                            out.write(v, games)
                    result.batches += 1
                    if progress is not None:
                        progress(len(games))
    except KeyboardInterrupt:
        result.interrupted = True
        backend.cancel(list(inflight))
    except CardgamesError:
        raise
    except Exception as exc:  # one line for people; the finished games are in --out if given
        backend.cancel(list(inflight))
        detail = " ".join(str(exc).split()) or _("no detail")
        said = _("a batch failed {where}: {kind}: {detail}")
        raise BatchError(
            said.format(where=backend.where(backend.workers), kind=type(exc).__name__, detail=detail)
        ) from exc
    for (v, _index), g in sorted(done.items(), key=lambda kv: kv[0]):
        result.results[v].append(g)
    return result
