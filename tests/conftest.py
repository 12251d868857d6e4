"""Shared test set-up: hypothesis profiles (CI runs the "ci" profile), and small file systems."""

import os
import signal
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# the tests, and every program they start, keep what they cache in a folder of their own, never in
# the user's home
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="cardgames-test-cache-")
# and games kept at the end of input (autosaves) go to a data folder of their own
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="cardgames-test-data-")
# A run started in the background of a shell without job control inherits Ctrl-C ignored, and so
# would every program it starts; the tests of Ctrl-C need it delivered (a handler, unlike an ignored
# signal, is not passed on to a program started from here)
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Callable[[str], Path]]:
    """Folders each on a tmpfs of its own of a given size ("64k", "2m"), unmounted after the test.

    A test that asks for one is skipped where mounting is not permitted (CI runs as root).
    """
    mounted: list[Path] = []

    def make(size: str) -> Path:
        folder = tmp_path / f"tmpfs{len(mounted)}"
        folder.mkdir()
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
            capture_output=True,
            check=False,
        )
        if done.returncode != 0:
            pytest.skip("mounting a small tmpfs is not permitted here")
        mounted.append(folder)
        return folder

    try:
        yield make
    finally:
        for folder in mounted:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)
