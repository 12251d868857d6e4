"""The ``cardgames serve`` command: a web server for tables of friends on a network."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Annotated, Any

import typer

DEFAULT_PORT = 8000


def default_folder() -> Path:
    """Where the server keeps its tables unless told otherwise."""
    import platformdirs

    return platformdirs.user_data_path("cardgames") / "web-tables"


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the command line."""

    @app.command()
    def serve(
        host: Annotated[
            str,
            typer.Option(
                help="Address to listen on; 127.0.0.1 (this machine only) unless you say otherwise."
            ),
        ] = "127.0.0.1",
        port: Annotated[
            int, typer.Option(help="Port to listen on (0: any free port).", min=0, max=65535)
        ] = DEFAULT_PORT,
        tables: Annotated[
            Path | None, typer.Option("--tables", help="Folder of saved tables (resumed at start).")
        ] = None,
        ledger: Annotated[
            Path | None, typer.Option(help="Ledger file for tournaments (default: the usual ledger).")
        ] = None,
        bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before its move.", min=0)] = 0.8,
        answer_seconds: Annotated[
            float, typer.Option(help="Seconds a question such as an anticipo offer stays open.", min=0.2)
        ] = 2.5,
        allow_origin: Annotated[
            list[str] | None, typer.Option(help="Another web origin allowed to connect (behind a proxy).")
        ] = None,
        isolate_bots: Annotated[
            bool,
            typer.Option(
                "--isolate-bots",
                help="Run each bot in its own process, where it gets only its view (for untrusted bots).",
            ),
        ] = False,
    ) -> None:
        """Serve tables in the browser: open a table, send each friend their seat's link."""
        from cardgames.output.console import fail

        try:
            import uvicorn

            from cardgames.web.app import create_app
            from cardgames.web.hub import Hub
            from cardgames.web.live import Settings
            from cardgames.web.store import TableStore
        except ImportError:
            raise fail("cardgames serve needs the web extra: pip install 'cardgames[web]'") from None
        folder = tables if tables is not None else default_folder()
        try:
            store = TableStore(folder)
        except OSError as exc:
            raise fail(f"cannot use {folder} for the tables: {exc.strerror or exc}") from None
        hub = Hub(
            store,
            Settings(
                bot_delay=bot_delay, answer_seconds=answer_seconds, ledger=ledger, isolate_bots=isolate_bots
            ),
        )
        app_ = create_app(hub, allowed_origins=frozenset(allow_origin or ()))
        try:
            sock = _bind(host, port)
        except OSError as exc:
            raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
        bound = sock.getsockname()[1]
        shown = f"[{host}]" if ":" in host else host
        typer.echo(
            f"Serving cardgames at http://{shown}:{bound}/ (tables in {folder}); Ctrl+C stops.", err=False
        )
        config: Any = uvicorn.Config(app_, log_level="warning", ws_max_size=16384, lifespan="on")
        uvicorn.Server(config).run(sockets=[sock])


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)  # a browser that connects before the server runs waits in the queue
    sock.set_inheritable(True)
    return sock
