"""The same simulation on this process, local processes, a real Dask cluster and a real Ray instance.

Nothing is mocked: a ``distributed.LocalCluster`` with two worker processes and a local
Ray instance with two CPUs run the batches, and the results must equal, game by game,
those of the serial run (each game is seeded from the run's seed and its index alone).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from lab_cli import footer

from cardgames.lab.arena import arena_plan
from cardgames.lab.backends import Backend, Dask, Processes, Ray, Serial, make_backend
from cardgames.lab.plan import Plan, simulation_plan
from cardgames.lab.result import GameResult
from cardgames.lab.runner import run
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

DERNIER = find_game("dernier")
POSLEDNIY = find_game("posledniy")


def plans() -> list[tuple[Any, list[Plan]]]:
    """A --vs simulation of Последний and an arena of Dernier: small, but several batches each."""
    p_opts = build_options(POSLEDNIY, "quick", [])
    sim = [
        simulation_plan(POSLEDNIY, p_opts, ["heuristic"] * 3, 11, 9),
        simulation_plan(POSLEDNIY, p_opts, ["random", "heuristic", "heuristic"], 11, 9),
    ]
    d_opts = build_options(DERNIER, None, ["hands_to_win=2"])
    duel = [arena_plan(DERNIER, d_opts, ["heuristic", "random"], 2, 3, 5)]
    return [(POSLEDNIY, sim), (DERNIER, duel)]


def play_all(backend: Backend) -> list[list[list[GameResult]]]:
    try:
        return [run(game, ps, backend, batch=2).results for game, ps in plans()]
    finally:
        backend.close()


@pytest.fixture(scope="module")
def reference() -> list[list[list[GameResult]]]:
    return play_all(Serial())


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
    ) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    yield
    ray.shutdown()


def test_the_reference_run_played_every_game_once(reference: list[list[list[GameResult]]]) -> None:
    (sim_a, sim_b), (arena,) = reference
    assert [g.index for g in sim_a] == [g.index for g in sim_b] == list(range(9))
    assert [g.seed for g in sim_a] == list(range(11, 20))
    assert [g.index for g in arena] == list(range(10))
    # duplicate deals: each deal's seed is played by both line-ups
    assert [(g.seed, g.lineup) for g in arena[:2]] == [
        (3, ("heuristic", "random")),
        (3, ("random", "heuristic")),
    ]


def test_local_processes_give_the_same_results(reference: list[list[list[GameResult]]]) -> None:
    assert play_all(Processes(2)) == reference


def test_a_dask_cluster_gives_the_same_results(
    reference: list[list[list[GameResult]]], dask_address: str
) -> None:
    backend = make_backend(None, dask_address, None)
    assert isinstance(backend, Dask) and backend.workers == 2
    assert play_all(backend) == reference


QUICK = [
    "simulate",
    "posledniy",
    "-p",
    "random,random,random",
    "--preset",
    "quick",
    "-n",
    "4",
    "--batch",
    "2",
]


def test_a_run_on_a_dask_cluster_says_so_in_words(dask_address: str) -> None:
    args = [*QUICK, "--dask", dask_address]
    assert footer(*args, "--lang", "en").endswith(" on a Dask cluster with 2 workers, batches of 2")
    assert footer(*args, "--lang", "it").endswith(" su un cluster Dask con 2 worker, a lotti di 2")
    assert footer(*args, "--lang", "ru").endswith(" на кластере Dask с 2 исполнителями, пакетами по 2")


@pytest.mark.usefixtures("ray_instance")
def test_a_run_on_a_ray_cluster_says_so_in_words() -> None:
    args = [*QUICK, "--ray", "auto"]
    assert footer(*args, "--lang", "en").endswith(" on a Ray cluster with 2 workers, batches of 2")
    assert footer(*args, "--lang", "it").endswith(" su un cluster Ray con 2 worker, a lotti di 2")
    assert footer(*args, "--lang", "ru").endswith(" на кластере Ray с 2 исполнителями, пакетами по 2")


@pytest.mark.usefixtures("ray_instance")
def test_a_ray_instance_gives_the_same_results(reference: list[list[list[GameResult]]]) -> None:
    backend = make_backend(None, None, "auto")
    assert isinstance(backend, Ray) and backend.workers == 2
    assert not backend.started  # it joined the running instance and leaves it running
    assert play_all(backend) == reference


def test_the_batch_size_does_not_change_the_results(reference: list[list[list[GameResult]]]) -> None:
    game, ps = plans()[0]
    assert run(game, ps, Serial(), batch=7).results == reference[0]
