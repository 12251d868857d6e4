"""Helpers for benchmark scripts: random play of our games and of OpenSpiel games, timed alike.

Rates are measured in this process's CPU time, so other work on a shared machine skews them
less; the scripts in ``benchmarks/`` alternate the contenders in short slices and repeat, so
a busy moment hits every contender alike and the ratios hold even when absolute figures
drift. OpenSpiel is optional (``pip install open_spiel``, the ``bench`` extra).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from cardgames.core.game import Game
from cardgames.core.state import GameState

# (decisions, games, CPU seconds) of a stretch of random play
Tally = tuple[int, int, float]
NOT_BUILT = "not built"  # what a table says of the compiled build when none is at hand


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    """(min, median, max) of repeated measurements."""
    return min(values), statistics.median(values), max(values)


def load_openspiel(name: str, params: Mapping[str, Any] | None = None) -> Any | None:
    """An OpenSpiel game, or None when OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game(name, dict(params or {}))


def check_uniform_chance(game: Any, games: int, seed: int) -> int:
    """Play ``games`` random games and check every chance node is uniform over its legal actions.

    The lean loop below relies on it: it applies a chance outcome picked uniformly from
    ``legal_actions()`` instead of reading the probabilities. Returns the nodes checked.
    """
    randrange = random.Random(seed).randrange
    checked = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                probs = [p for _, p in outcomes]
                if max(probs) - min(probs) > 1e-9 or [a for a, _ in outcomes] != state.legal_actions():
                    raise ValueError(f"{game} has a chance node that is not uniform over its legal actions")
                checked += 1
            legal = state.legal_actions()
            state.apply_action(legal[randrange(len(legal))])
    return checked


def openspiel_lean_play(game: Any, seconds: float, seed: int) -> Tally:
    """(decisions, games, CPU seconds) of uniform random play of an OpenSpiel game, from Python.

    The leanest loop pyspiel allows: one ``legal_actions`` and one ``apply_action`` per
    step, chance nodes included (each is uniform over its legal actions, see
    ``check_uniform_chance``). Decisions (player moves, not chance) are counted from the
    history once per game, outside the timed stretch.
    """
    randrange = random.Random(seed).randrange
    decisions = games = 0
    clock = time.process_time
    spent = 0.0
    while spent < seconds:
        start = clock()
        state = game.new_initial_state()
        is_terminal, legal_actions, apply_action = state.is_terminal, state.legal_actions, state.apply_action
        while not is_terminal():
            legal = legal_actions()
            apply_action(legal[randrange(len(legal))])
        spent += clock() - start
        decisions += sum(1 for step in state.full_history() if step.player >= 0)
        games += 1
    return decisions, games, spent


def openspiel_cpp_play(game: Any, seconds: float, seed: int) -> tuple[int, float]:
    """(games, CPU seconds) of OpenSpiel's own C++ loop: ``evaluate_bots`` with uniform random bots.

    The loop does not report decisions; a caller multiplies the games by the mean length
    measured with ``openspiel_lean_play`` (the same random policy, so the same lengths).
    """
    import pyspiel

    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(players)]
    games = 0
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    game_seed = seed
    while clock() < deadline:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, game_seed)
        game_seed += 1
        games += 1
    return games, clock() - start


def random_play(
    game: Game[Any, Any],
    options: Any,
    players: int,
    seconds: float,
    seed: int,
    on_end: Callable[[GameState], None] | None = None,
) -> Tally:
    """(decisions, games, CPU seconds) of uniform random legal play of one of our games.

    Games are started from seeds ``seed``, ``seed + 1``, …; ``on_end`` sees each finished
    state (to count deals, say) outside the timed stretch. The inner loop is the one
    measured against OpenSpiel's lean loop.
    """
    randrange = random.Random(seed).randrange
    decisions = games = 0
    game_seed = seed
    clock = time.process_time
    spent = 0.0
    while spent < seconds:
        start = clock()
        state = game.new_game(options, players, game_seed)
        legal_actions, apply, to_act = state.legal_actions, state.apply, state.to_act
        while to_act() is not None:
            legal = legal_actions()
            apply(legal[randrange(len(legal))])
            decisions += 1
        spent += clock() - start
        game_seed += 1
        games += 1
        if on_end is not None:
            on_end(state)
    return decisions, games, spent


def per_call(fn: Callable[[Any], Any], inputs: Sequence[Any], seconds: float) -> float:
    """CPU microseconds per call of ``fn`` over ``inputs`` (cycled for about ``seconds``)."""
    clock = time.process_time
    calls = 0
    spent = 0.0
    while spent < seconds or not calls:
        start = clock()
        for x in inputs:
            fn(x)
        spent += clock() - start
        calls += len(inputs)
    return spent / calls * 1e6


def compiled_tree() -> Path | None:
    """The compiled build measured beside the pure one: ``CARDGAMES_COMPILED_TREE``, checked to be one.

    A tree is a copy of the sources with setup.py's modules compiled in place (docs/performance.md).
    """
    tree = os.environ.get("CARDGAMES_COMPILED_TREE", "")
    if not tree:
        return None
    probe = "import cardgames.bots.ismcts as m; print(m.__file__)"
    env = {**os.environ, "PYTHONPATH": tree}
    out = subprocess.run([sys.executable, "-c", probe], env=env, cwd=tree, capture_output=True, text=True)
    if out.returncode or out.stdout.strip().endswith(".py"):
        raise SystemExit(f"CARDGAMES_COMPILED_TREE={tree} holds no compiled build:\n{out.stderr[-1000:]}")
    return Path(tree)


class InBuild:
    """A contender run in a child process with another build on its path, one slice a call.

    The child is this benchmark script run with ``--serve NAME``: it builds the contender
    ``NAME`` as the script does for itself, then answers each call's arguments with the
    contender's result (``serve``). Its CPU time is its own, so the rates compare alike with
    the contenders measured in this process, and the calls alternate with theirs.
    """

    def __init__(self, script: str, name: str, tree: Path, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        run = [sys.executable, str(Path(script).resolve()), "--serve", name, *args]
        self._child = subprocess.Popen(
            run, env=env, cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def __call__(self, *args: Any) -> Any:
        child = self._child
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(json.dumps(args) + "\n")
        child.stdin.flush()
        line = child.stdout.readline()
        if not line:
            raise RuntimeError(f"the compiled build's contender stopped (exit code {child.wait()})")
        return tuple(json.loads(line))


def serve(contender: Callable[..., Any]) -> None:
    """The child's side of ``InBuild``: a JSON line of arguments in, one of results out, to stdin's end."""
    import cardgames.bots.ismcts as probe  # compiled in the compiled build (setup.py)

    if probe.__file__ is None or probe.__file__.endswith(".py"):
        raise SystemExit(f"--serve: the build on the path is not compiled ({probe.__file__})")
    for line in sys.stdin:
        print(json.dumps(contender(*json.loads(line))), flush=True)
