"""Optional compiled build: ``CARDGAMES_MYPYC=1`` compiles the engines, the search and its bots with mypyc.

Without the variable (the default, and what ``pip install .`` does) everything stays pure
Python. With it, and when a C compiler and mypy are at hand, the modules in ``COMPILED``
are compiled to C extensions; the Python sources stay the single implementation and the
compiled build is checked against them by ``tests/test_compiled_build.py``. See
docs/performance.md. Build it with::

    CARDGAMES_MYPYC=1 pip install --no-build-isolation -e ".[test]"
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig

from setuptools import setup

# The engines and the primitives they run on.
COMPILED = [
    "cardgames/primitives/chance.py",
    "cardgames/primitives/dealing.py",
    "cardgames/core/eventlog.py",
    "cardgames/games/dernier/hidden.py",
    "cardgames/games/dernier/state.py",
    "cardgames/games/dernier/fields.py",
    "cardgames/games/dernier/deck.py",
    "cardgames/games/dernier/dispatch.py",
    "cardgames/games/dernier/turn.py",
    "cardgames/games/dernier/stock.py",
    "cardgames/games/dernier/specials.py",
    "cardgames/games/dernier/penalties.py",
    "cardgames/games/dernier/world.py",
    "cardgames/games/dernier/ending.py",
    "cardgames/games/dernier/scoring.py",
    "cardgames/games/dernier/leaf.py",
    "cardgames/games/dernier/tables.py",
    "cardgames/primitives/tricks.py",
    "cardgames/primitives/shedding.py",
    "cardgames/games/posledniy/state.py",
    "cardgames/games/posledniy/exchange.py",
    "cardgames/games/posledniy/ending.py",
    "cardgames/games/posledniy/hidden.py",
    # the search and what it calls at every iteration: its walk, the playout bots and the views
    # they read (worlds.py stays interpreted: it runs once a world, declares SearchingBot, a
    # runtime-checkable protocol, and is subclassed by tests)
    "cardgames/bots/ismcts.py",
    "cardgames/bots/rewards.py",
    "cardgames/bots/simultaneous.py",
    "cardgames/games/dernier/heuristic.py",
    "cardgames/games/dernier/reading.py",
    "cardgames/games/dernier/view.py",
    "cardgames/games/dernier/checks.py",
    "cardgames/games/dernier/plausible.py",
    "cardgames/games/dernier/beliefs.py",
    "cardgames/games/dernier/likelihood.py",
    "cardgames/games/posledniy/heuristic.py",
    "cardgames/games/posledniy/view.py",
]


def _extensions() -> list:
    if os.environ.get("CARDGAMES_MYPYC", "") not in ("1", "true", "yes"):
        return []
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        print(f"CARDGAMES_MYPYC: no C compiler ({compiler}); building pure Python", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("CARDGAMES_MYPYC: mypy is not installed; building pure Python", file=sys.stderr)
        return []
    return mypycify(COMPILED, opt_level="3")


setup(ext_modules=_extensions())
