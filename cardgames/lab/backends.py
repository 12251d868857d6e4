"""Where batches of games run: this process, local worker processes, a Dask or a Ray cluster.

Every backend runs the same function (:func:`cardgames.lab.play.play_batch`) on the same
batches, so results do not depend on the backend; only the speed does. Dask and Ray are
optional extras (``pip install 'cardgames[dask]'`` / ``'cardgames[ray]'``) imported only
when asked for.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import importlib
import logging
import os
import signal
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from cardgames.core.game import Game
from cardgames.lab.plan import Plan
from cardgames.lab.play import play_batch
from cardgames.lab.result import GameResult
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext

LOCAL = "local"  # --dask local / --ray local: start a cluster on this machine


class Backend(ABC):
    """Runs batches; ``wait`` hands back finished ones in whatever order they finish."""

    name: str  # the engine's id: a key in --json, never said in a sentence (see ``where``)
    workers: int

    @classmethod
    @abstractmethod
    def where(cls, workers: int) -> str:
        """Where this backend plays the games, in words of the language in force ("on 2 worker processes")."""

    @abstractmethod
    def submit(self, game: Game[Any, Any], plan: Plan, start: int, stop: int) -> Any:
        """Start a batch; returns a handle."""

    @abstractmethod
    def wait(self, handles: Sequence[Any]) -> list[tuple[Any, list[GameResult]]]:
        """Block until at least one batch is finished; return the finished ones with their results."""

    def cancel(self, handles: Sequence[Any]) -> None:  # noqa: B027  (in-process batches need no cancelling)
        """Give up batches still running (after Ctrl-C), so a shared cluster does not play them on."""

    def close(self) -> None:  # noqa: B027  (most backends have something to stop; Serial has not)
        """Stop the workers this backend started (a cluster it only joined keeps running)."""


class Serial(Backend):
    """In this process, one batch at a time (``--workers 1``)."""

    name = "serial"
    workers = 1

    @classmethod
    def where(cls, workers: int) -> str:
        """In this process."""
        return _("in this process")

    def submit(self, game: Game[Any, Any], plan: Plan, start: int, stop: int) -> Any:
        """Remember the batch; it is played when waited for."""
        return _Batch(game, plan, start, stop)

    def wait(self, handles: Sequence[Any]) -> list[tuple[Any, list[GameResult]]]:
        """Play the oldest batch."""
        b = handles[0]
        return [(b, play_batch(b.game, b.plan, b.start, b.stop))]


class _Batch:
    """A batch waiting to be played in this process (a handle, compared by identity)."""

    def __init__(self, game: Game[Any, Any], plan: Plan, start: int, stop: int) -> None:
        self.game, self.plan, self.start, self.stop = game, plan, start, stop


def _ignore_interrupt() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the run cleanly)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Processes(Backend):
    """Local worker processes (``--workers K``, default one per core)."""

    name = "processes"

    @classmethod
    def where(cls, workers: int) -> str:
        """On K worker processes."""
        said = ngettext("on {count} worker process", "on {count} worker processes", workers)
        return said.format(count=workers)

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = cf.ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupt)

    def submit(self, game: Game[Any, Any], plan: Plan, start: int, stop: int) -> Any:
        """Queue the batch in the pool."""
        return self.pool.submit(play_batch, game, plan, start, stop)

    def wait(self, handles: Sequence[Any]) -> list[tuple[Any, list[GameResult]]]:
        """The batches finished so far (at least one)."""
        done, _running = cf.wait(handles, return_when=cf.FIRST_COMPLETED)
        return [(h, h.result()) for h in handles if h in done]

    def close(self) -> None:
        """Cancel what has not started and stop the workers, also in the middle of a batch."""
        processes = dict(getattr(self.pool, "_processes", None) or {})
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes.values():
            with contextlib.suppress(Exception):
                process.terminate()
        for process in processes.values():
            with contextlib.suppress(Exception):
                process.join(5)


class Dask(Backend):
    """A Dask distributed cluster at ``address`` (``tcp://host:8786``), or a local one."""

    name = "dask"

    @classmethod
    def where(cls, workers: int) -> str:
        """On a Dask cluster with K workers."""
        said = ngettext(
            "on a Dask cluster with {count} worker", "on a Dask cluster with {count} workers", workers
        )
        return said.format(count=workers)

    def __init__(self, address: str, workers: int | None = None) -> None:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise OptionError(_("--dask needs Dask: pip install 'cardgames[dask]'")) from None
        self.cluster: Any = None
        try:
            if address == LOCAL:
                self.cluster = distributed.LocalCluster(
                    n_workers=workers or os.cpu_count() or 1,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                )
                self.client: Any = distributed.Client(self.cluster)
            else:
                self.client = distributed.Client(address, timeout=10)
        except (OSError, TimeoutError, ValueError) as exc:
            self.close()
            said = _("cannot reach the Dask scheduler at {address!r}: {error}")
            raise OptionError(said.format(address=address, error=exc)) from None
        info = self.client.scheduler_info()
        self.workers = max(1, sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values()))

    def submit(self, game: Game[Any, Any], plan: Plan, start: int, stop: int) -> Any:
        """Send the batch to the scheduler (pure=False: every batch is its own task)."""
        return self.client.submit(play_batch, game, plan, start, stop, pure=False)

    def wait(self, handles: Sequence[Any]) -> list[tuple[Any, list[GameResult]]]:
        """The batches finished so far (at least one)."""
        distributed: Any = importlib.import_module("distributed")
        done = distributed.wait(list(handles), return_when="FIRST_COMPLETED").done
        return [(h, h.result()) for h in handles if h in done]

    def cancel(self, handles: Sequence[Any]) -> None:
        """Cancel the batches on the cluster."""
        with contextlib.suppress(Exception):
            self.client.cancel(list(handles))

    def close(self) -> None:
        """Close the client, and the cluster if this backend started it."""
        for thing in (getattr(self, "client", None), self.cluster):
            if thing is not None:
                with contextlib.suppress(Exception):
                    thing.close()


class Ray(Backend):
    """A Ray cluster at ``address`` (``auto``, ``ray://host:10001``), or a local Ray instance."""

    name = "ray"

    @classmethod
    def where(cls, workers: int) -> str:
        """On a Ray cluster with K workers."""
        said = ngettext(
            "on a Ray cluster with {count} worker", "on a Ray cluster with {count} workers", workers
        )
        return said.format(count=workers)

    def __init__(self, address: str, workers: int | None = None) -> None:
        try:
            ray: Any = importlib.import_module("ray")
        except ImportError:
            raise OptionError(_("--ray needs Ray: pip install 'cardgames[ray]'")) from None
        self.ray: Any = ray
        self.started = not ray.is_initialized()
        if self.started:
            try:
                quiet = logging.WARNING  # Ray's start-up chatter is not the user's business
                if address == LOCAL:
                    ray.init(
                        num_cpus=workers, include_dashboard=False, log_to_driver=False, logging_level=quiet
                    )
                else:
                    ray.init(address=address, log_to_driver=False, logging_level=quiet)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                said = _("cannot reach the Ray cluster at {address!r}: {error}")
                raise OptionError(said.format(address=address, error=exc)) from None
        self.remote: Any = ray.remote(num_cpus=1)(play_batch)
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))

    def submit(self, game: Game[Any, Any], plan: Plan, start: int, stop: int) -> Any:
        """Start the batch as a Ray task."""
        return self.remote.remote(game, plan, start, stop)

    def wait(self, handles: Sequence[Any]) -> list[tuple[Any, list[GameResult]]]:
        """The batches finished so far (at least one)."""
        ready, _running = self.ray.wait(list(handles), num_returns=1)
        more, _running = self.ray.wait(list(handles), num_returns=len(handles), timeout=0)
        done = {id(h) for h in ready + more}
        return [(h, self.ray.get(h)) for h in handles if id(h) in done]

    def cancel(self, handles: Sequence[Any]) -> None:
        """Cancel the batches' tasks on the cluster."""
        for handle in handles:
            with contextlib.suppress(Exception):
                self.ray.cancel(handle, force=True)

    def close(self) -> None:
        """Shut Ray down if this backend started it."""
        if self.started:
            with contextlib.suppress(Exception):
                self.ray.shutdown()


def make_backend(workers: int | None, dask: str | None, ray: str | None) -> Backend:
    """The backend the options ask for; OptionError (one line) for a bad combination."""
    if dask is not None and ray is not None:
        raise OptionError(_("choose one of --dask and --ray"))
    if workers is not None and workers < 1:
        raise OptionError(_("--workers must be at least 1, not {workers}").format(workers=workers))
    if dask is not None:
        return Dask(dask.strip(), workers)
    if ray is not None:
        return Ray(ray.strip(), workers)
    count = workers if workers is not None else os.cpu_count() or 1
    return Serial() if count == 1 else Processes(count)


def where(name: str, workers: int) -> str:
    """Where the backend called ``name`` played the games, in words (a run's report says it)."""
    kind = next(k for k in (Serial, Processes, Dask, Ray) if k.name == name)
    return kind.where(workers)
