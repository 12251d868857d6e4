"""A real server (uvicorn, in a thread of the test process) on a loopback port, restartable on that port."""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn

from cardgames.web.app import create_app
from cardgames.web.hub import Hub
from cardgames.web.live import Settings
from cardgames.web.store import TableStore


class Server:
    """``cardgames serve`` as the command runs it, with the hub at hand for the tests' checks."""

    def __init__(self, folder: Path, settings: Settings, port: int = 0) -> None:
        self.folder = folder
        self.settings = settings
        self.hub = Hub(TableStore(folder), settings)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(create_app(self.hub), log_level="warning", ws_max_size=16384, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)

    @property
    def url(self) -> str:
        """The server's address."""
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        """Stop as Ctrl+C does: the tables stay on disk."""
        self.server.should_exit = True
        self.thread.join(10)

    def restart(self) -> Server:
        """A new server process on the same port and folder (it resumes every table)."""
        self.stop()
        return Server(self.folder, self.settings, self.port)

    def open_table(self, body: dict[str, Any]) -> dict[str, Any]:
        """Open a table through the lobby's request, as the page does."""
        import urllib.request

        request = urllib.request.Request(
            self.url + "/api/tables",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "Origin": self.url},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            data: dict[str, Any] = json.loads(answer.read())
        return data

    def link(self, data: dict[str, Any], name: str | None) -> str:
        """The join link of the person called ``name`` (None: the spectators' link)."""
        token = data["watch"] if name is None else token_of(data, name)
        kind = "watch" if name is None else "seat"
        return f"{self.url}/t/{data['table']}#{kind}={token}"


def token_of(data: dict[str, Any], name: str) -> str:
    """The seat token of the person called ``name`` (the seat draw decides where they sit)."""
    token: str = next(s["token"] for s in data["seats"] if s["name"] == name)
    return token
