"""Running a ``main`` of the program in the test process as the installed ``cardgames ARGV`` would run."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest


def run_main(
    main: Callable[[], object], argv: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``main`` run as ``cardgames ARGV``."""
    old = sys.argv
    sys.argv = ["cardgames", *argv]
    # as the installed script: under `python -m pytest` the program name would be taken from pytest's module
    running = sys.modules["__main__"]
    package = getattr(running, "__package__", None)
    running.__package__ = None
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    finally:
        sys.argv = old
        running.__package__ = package
    out, err = capsys.readouterr()
    return code, out, err


def modules_after(argv: list[str], cache: Path) -> set[str]:
    """The modules a fresh ``cardgames ARGV`` process has imported when it ends (it must exit 0).

    Modules the interpreter had already loaded when the program began are left out.

    It runs twice with the plugin cache in ``cache``: the first run writes the cache, the
    second, the one measured, reads it as a player's every later start does.
    """
    # what the interpreter had loaded before the program began (a site-packages .pth file may import
    # certifi, and with it tempfile and shutil, in every process) is not the program's doing
    code = (
        "import sys, io\n"
        "before = set(sys.modules)\n"
        f"sys.argv = ['cardgames', *{argv!r}]\n"
        "from cardgames.cli.main import main\n"
        "sys.stdout, sys.stderr = io.StringIO(), io.StringIO()\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert exc.code == 0, exc.code\n"
        "sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    env["XDG_CACHE_HOME"] = str(cache)  # the plugin cache of this test alone
    for _ in range(2):
        run = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
        )
    return set(eval(run.stdout.strip().splitlines()[-1]))
