"""Running a ``main`` of the program in the test process as the installed ``cardgames ARGV`` would run."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

import pytest


def kept_as_one(text: str) -> str:
    """Output with the file a game was kept in at the end of input (an autosave) written as one name:
    each run keeps its game in a file of its own."""
    return re.sub(r"\S*/autosave/\S*\.json", "KEPT.json", text)


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
