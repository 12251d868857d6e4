"""The browser for the end-to-end tests: the system's Chromium, driven by Playwright (never a download)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_server import Server

from cardgames.web.live import Settings

CHROMIUM = os.environ.get("CARDGAMES_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session; each player gets their own context in it."""
    if not Path(CHROMIUM).exists():  # CI installs it: a missing browser is a failure, not a skip
        pytest.fail(f"the end-to-end tests need Chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        running = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield running
        running.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """The folder a test's screenshots go to, to look at when it fails (docs/hosting/screenshots.py
    takes the documentation's)."""
    folder = tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A web server on a free port, with no bot delay (a test may define its own)."""
    running = Server(
        tmp_path / "tables", Settings(bot_delay=0.0, answer_seconds=60.0, ledger=tmp_path / "l.db")
    )
    yield running
    running.stop()
