"""The ``cardgames serve`` command: a web server for tables of friends on a network."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from cardgames.output.commands import COMMANDS
from cardgames.output.options import IsolateOption
from cardgames.primitives.language import FRAMEWORK, N_

_ = FRAMEWORK.gettext

DEFAULT_PORT = 8000


def default_folder() -> Path:
    """Where the server keeps its tables unless told otherwise."""
    import platformdirs

    return platformdirs.user_data_path("cardgames") / "web-tables"


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the command line."""

    @app.command(help=COMMANDS["serve"])
    def serve(
        host: Annotated[
            str,
            typer.Option(
                help=N_("Address to listen on; 127.0.0.1 (this machine only) unless you say otherwise.")
            ),
        ] = "127.0.0.1",
        port: Annotated[
            int, typer.Option(help=N_("Port to listen on (0: any free port)."), min=0, max=65535)
        ] = DEFAULT_PORT,
        tables: Annotated[
            Path | None, typer.Option("--tables", help=N_("Folder of saved tables (resumed at start)."))
        ] = None,
        ledger: Annotated[
            Path | None, typer.Option(help=N_("Ledger file for tournaments (default: the usual ledger)."))
        ] = None,
        bot_delay: Annotated[
            float, typer.Option(help=N_("Seconds a bot waits before its move."), min=0)
        ] = 0.8,
        answer_seconds: Annotated[
            float, typer.Option(help=N_("Seconds a question such as an anticipo offer stays open."), min=0.2)
        ] = 2.5,
        allow_origin: Annotated[
            list[str] | None, typer.Option(help=N_("Another web origin allowed to connect (behind a proxy)."))
        ] = None,
        isolate_bots: IsolateOption = False,
        allow_host: Annotated[
            list[str] | None,
            typer.Option(help=N_("Another host name browsers may use to reach the server (repeatable).")),
        ] = None,
        bot_seconds: Annotated[
            float,
            typer.Option(
                help=N_("The most a bot may think about a move (a table asking more is refused)."),
                min=0.05,
                max=600,
            ),
        ] = 2.0,
        tables_per_client: Annotated[
            int, typer.Option(help=N_("Tables one client (address) may have open at once."), min=1, max=500)
        ] = 20,
        idle_minutes: Annotated[
            float,
            typer.Option(help=N_("An unfinished table nobody has been at for this long is closed."), min=1),
        ] = 120.0,
        finished_minutes: Annotated[
            float, typer.Option(help=N_("A finished table nobody watches is closed after this long."), min=1)
        ] = 10.0,
    ) -> None:
        """Serve tables in the browser: open a table, send each friend their seat's link."""
        from cardgames.output.console import fail

        try:
            import uvicorn

            from cardgames.web.app import create_app
            from cardgames.web.hosts import Hosts
            from cardgames.web.hub import Hub
            from cardgames.web.live import Settings
            from cardgames.web.store import TableStore
        except ImportError:
            raise fail(_("cardgames serve needs the web extra: pip install 'cardgames[web]'")) from None
        folder = tables if tables is not None else default_folder()
        try:
            store = TableStore(folder)
        except OSError as exc:
            raise fail(
                _("cannot use {folder} for the tables: {error}").format(
                    folder=folder, error=exc.strerror or exc
                )
            ) from None
        settings = Settings(
            bot_delay=bot_delay,
            answer_seconds=answer_seconds,
            ledger=ledger,
            bot_seconds=bot_seconds,
            tables_per_client=tables_per_client,
            idle_seconds=idle_minutes * 60,
            finished_seconds=finished_minutes * 60,
            isolate_bots=isolate_bots,
        )
        try:
            hub = Hub(store, settings)
        except OSError as exc:
            raise fail(
                _("cannot use {folder} for the tables: {error}").format(
                    folder=folder, error=exc.strerror or exc
                )
            ) from None
        hosts = Hosts(host, allow_host or ())
        app_ = create_app(hub, allowed_origins=frozenset(allow_origin or ()), hosts=hosts)
        try:
            sock = _bind(host, port)
        except OSError as exc:
            raise fail(
                _("cannot listen on {address}: {error}").format(
                    address=f"{host}:{port}", error=exc.strerror or exc
                )
            ) from None
        bound = sock.getsockname()[1]
        shown = f"[{host}]" if ":" in host else host
        typer.echo(
            _("Serving cardgames at {address} (tables in {folder}); Ctrl+C stops.").format(
                address=f"http://{shown}:{bound}/", folder=folder
            ),
            err=False,
        )
        # a search in a worker thread gives the event loop the interpreter's lock sooner (1 ms, not 5)
        sys.setswitchinterval(0.001)
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
