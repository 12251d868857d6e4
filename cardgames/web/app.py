"""The ASGI application (Starlette): the lobby, the table page, the scoreboard and the websocket.

A seat's token travels in the link's fragment (``/t/ID#seat=TOKEN``), which browsers never
send in a request, and then in the websocket's first message: it never appears in a URL
the server (or a proxy) logs.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import FRAMEWORK, LANGUAGES, N_, speaking
from cardgames.web import moves
from cardgames.web.fairdeal import contribute
from cardgames.web.hosts import HostCheck, Hosts
from cardgames.web.hub import Client, Hub, TooManyError, games_data
from cardgames.web.ledger_link import standings_data
from cardgames.web.limits import MAX_DEPTH, TooDeepError, client_key, loads
from cardgames.web.live import LiveTable
from cardgames.web.moves import Reply
from cardgames.web.pages import STATIC, render
from cardgames.web.pause import going_on, reading
from cardgames.web.scoreboard import tournament_of
from cardgames.web.words import FAIRDEAL, connection_language, page_words, request_language

_ = FRAMEWORK.gettext

MAX_MESSAGE = 2048  # characters in one websocket message
MAX_BODY = 16384  # bytes in the lobby's request
RATE = 8.0  # messages a second a browser may send, on average
BURST = 16.0
HELLO_SECONDS = 10.0
# what a person reads for an HTTP error (the server's log has the traceback of a failure)
ERROR_PAGES = {
    404: N_("There is no such page on this server."),
    405: N_("That request is refused."),
    500: N_("The server failed to answer this request; try again."),
}
TOO_DEEP = 1007  # the websocket close code for a message nested too deeply (invalid payload)


class Bucket:
    """A token bucket: ``RATE`` messages a second, ``BURST`` at once."""

    def __init__(self) -> None:
        self.level = BURST
        self.at = time.monotonic()
        self.refused = 0

    def take(self) -> bool:
        """Whether one more message may pass now."""
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.at) * RATE)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        self.refused += 1
        return False


def same_origin(headers: Any, allowed: frozenset[str]) -> bool:
    """Whether a browser's Origin is this server itself (or one the host allowed)."""
    origin = headers.get("origin")
    if origin is None:  # not a browser (a script on the host's machine): nothing to forge
        return True
    if origin in allowed:
        return True
    host = headers.get("host", "")
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc == host


async def cancel_all(tables: list[LiveTable]) -> None:
    """Stop every table's pending bot move and clock."""
    for live in tables:
        thinking = None if live.thinking is None else live.thinking.task
        tasks = [t for t in (live._task, thinking) if t is not None]
        live.stop()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task


def reply_message(reply: Reply) -> dict[str, Any] | None:
    """What a person is told after their message (None: the new state says it all)."""
    if reply.question is not None:
        return {
            "type": "question",
            "question": reply.question,
            "choices": list(reply.choices),
            "base": reply.base,
        }
    if reply.text:
        return {"type": "notice", "text": reply.text, "level": reply.level}
    return None


def handle(live: LiveTable, seat: int | None, data: Any) -> Reply:
    """One validated message from a seat's browser, through the same parse/apply path as the terminal."""
    if not isinstance(data, dict):
        return Reply(_("A message must be a JSON object."), "warn")
    kind = data.get("type")
    if kind == "ping":
        return Reply()
    if seat is None:
        return Reply(_("Spectators watch; they do not play."), "warn")
    if kind in ("commit", "reveal") or live.gathering is not None:
        return contribute(live, seat, data)
    if kind == "reading":
        return reading(live, seat, data.get("hands"))
    if kind == "continue":
        return going_on(live, seat)
    decision = data.get("decision")
    if kind == "act":
        return moves.play_index(live, seat, decision, data.get("i"))
    if kind == "text":
        text = data.get("text")
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            return Reply(_("Type a move of at most 200 characters."), "warn")
        return moves.play_text(live, seat, decision, text.strip())
    if kind == "select":
        cards = data.get("cards")
        if (
            not isinstance(cards, list)
            or len(cards) > 20
            or not all(isinstance(c, str) and len(c) < 8 for c in cards)
        ):
            return Reply(_("Select the cards to pass."), "warn")
        return moves.play_selection(live, seat, decision, cards)
    return Reply(_("Unknown message."), "warn")


async def read_body(request: Request, limit: int) -> bytes | None:
    """The request's body, or None as soon as it is longer than ``limit`` bytes (the rest is not read)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return bytes(body)


def create_app(
    hub: Hub, *, allowed_origins: frozenset[str] = frozenset(), hosts: Hosts | None = None
) -> Starlette:
    """The application serving ``hub``'s tables; ``hosts``: the Host names it answers (default: loopback)."""

    def page(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            code = request_language(request)
            return HTMLResponse(
                render(name, code), headers={"Cache-Control": "no-store", "Content-Language": code}
            )

        return endpoint

    async def api_games(request: Request) -> Response:
        chosen = request_language(request)
        with speaking(chosen):  # the games' summaries and options in the browser's language
            return JSONResponse({"games": games_data(), "languages": LANGUAGES, "language": chosen})

    async def api_open(request: Request) -> Response:
        with speaking(request_language(request)):  # a refusal in the lobby's language
            return await open_table(request)

    async def open_table(request: Request) -> Response:
        if not same_origin(request.headers, allowed_origins):
            return refused(_("tables are opened from this server's own page"), 403)
        try:
            body = await read_body(request, MAX_BODY)
        except ClientDisconnect:
            return Response(status_code=400)
        if body is None:
            return refused(_("the request is too large"), 413)
        client = client_key(request.client.host if request.client else None)
        try:
            data = loads(body)
        except TooDeepError:
            return refused(
                _("the request is nested too deeply (at most {most} levels)").format(most=MAX_DEPTH)
            )
        except ValueError:
            return refused(_("the request must be JSON"))
        try:
            return JSONResponse(hub.open_table(data, client))
        except TooManyError as exc:
            return refused(str(exc), 429)
        except CardgamesError as exc:
            return refused(str(exc))

    async def api_scores(request: Request) -> Response:
        tournament = tournament_of(hub.scoreboard_key, request.path_params["token"])
        with speaking(request_language(request)):
            if tournament is None:  # a guess learns nothing, not even whether such a tournament exists
                return refused(_("there is no scoreboard at this link"), 404)
            try:
                return JSONResponse(standings_data(hub.settings.ledger, tournament))
            except CardgamesError:  # no game of it recorded yet
                return JSONResponse({"tournament": tournament, "rows": [], "sections": []})

    async def http_error(request: Request, exc: Exception) -> Response:
        """A missing page, a method refused, a failure: one line in the visitor's language."""
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        with speaking(request_language(request)):
            text = ERROR_PAGES.get(status, ERROR_PAGES[405])
            return PlainTextResponse(_(text), status_code=status)

    async def websocket(ws: WebSocket) -> None:
        if not same_origin(ws.headers, allowed_origins):
            await ws.close(code=1008)
            return
        live = hub.tables.get(ws.path_params["table"])
        await ws.accept()
        if live is None:
            with speaking(request_language(ws)):
                text = _("There is no such table on this server.")
            await ws.send_json({"type": "error", "text": text})
            await ws.close(code=4404)
            return
        hello = await _hello(ws, live)
        if hello is None:
            return
        client = Client(*hello)
        with speaking(client.lang):
            client.send(page_words(FAIRDEAL, "fairdeal"))
            client.send(page_words())
        writer = asyncio.create_task(_write(ws, client))
        hub.join(live, client)
        try:
            await _read(ws, live, client)
        finally:
            hub.leave(live, client)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.resume_all()
        sweeper = asyncio.create_task(hub.sweep())
        yield
        sweeper.cancel()
        await cancel_all(list(hub.tables.values()))
        hub.thinkers.close()

    routes = [
        Route("/", page("lobby")),
        Route("/t/{table}", page("table")),
        Route("/scores/{token}", page("scores")),
        Route("/api/games", api_games),
        Route("/api/tables", api_open, methods=["POST"]),
        Route("/api/scores/{token}", api_scores),
        WebSocketRoute("/ws/{table}", websocket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    check = Middleware(HostCheck, hosts=hosts or Hosts("127.0.0.1"))
    handlers: dict[Any, Any] = dict.fromkeys(ERROR_PAGES, http_error)
    return Starlette(routes=routes, lifespan=lifespan, middleware=[check], exception_handlers=handlers)


def refused(text: str, status: int = 400) -> JSONResponse:
    """A request refused, with the reason a person reads (in the language in force)."""
    return JSONResponse({"error": text}, status_code=status)


async def _hello(ws: WebSocket, live: LiveTable) -> tuple[int | None, str] | None:
    """Read the first message, which carries the link's token: its seat and language; None: closed."""
    try:
        text = await asyncio.wait_for(ws.receive_text(), HELLO_SECONDS)
        data = loads(text) if len(text) <= MAX_MESSAGE else None
    except TooDeepError:
        await _too_deep(ws)
        return None
    except (TimeoutError, ValueError, WebSocketDisconnect, KeyError, RuntimeError):
        with contextlib.suppress(Exception):
            await ws.close(code=1008)
        return None
    token = data.get("token") if isinstance(data, dict) and data.get("type") == "hello" else None
    seat = live.meta.keys.seat_of(token) if isinstance(token, str) else False
    asked = data.get("lang") if isinstance(data, dict) else None
    lang = connection_language(asked, ws.headers.get("accept-language", ""))
    if seat is False:
        with speaking(lang):
            text = _("This link does not open a seat at this table.")
        await ws.send_json({"type": "error", "text": text})
        await ws.close(code=4403)
        return None
    return seat, lang


async def _too_deep(ws: WebSocket) -> None:
    """Close a connection that sent JSON nested too deeply (no page does): a clear code and reason."""
    with contextlib.suppress(Exception):
        await ws.close(code=TOO_DEEP, reason=f"message nested more than {MAX_DEPTH} levels deep")


async def _write(ws: WebSocket, client: Client) -> None:
    while True:
        text = await client.outbox.get()
        if not text:  # the browser fell too far behind
            await ws.close(code=1013)
            return
        await ws.send_text(text)


def _warn(client: Client, text: str) -> None:
    """Tell one browser what was wrong with its message, in its language."""
    with speaking(client.lang):
        client.send({"type": "notice", "text": _(text), "level": "warn"})


async def _read(ws: WebSocket, live: LiveTable, client: Client) -> None:
    bucket = Bucket()
    while True:
        try:
            text = await ws.receive_text()
        except (WebSocketDisconnect, KeyError, RuntimeError):  # gone, or closed by the writer
            return
        if not bucket.take():
            if bucket.refused > 4 * BURST:
                await ws.close(code=1008)
                return
            _warn(client, N_("Too many messages: slow down."))
            continue
        if len(text) > MAX_MESSAGE:
            _warn(client, N_("That message is too long."))
            continue
        try:
            data = loads(text)
        except TooDeepError:
            await _too_deep(ws)
            return
        except ValueError:
            _warn(client, N_("A message must be JSON."))
            continue
        with speaking(client.lang):  # the reply (an illegal move's reason, a notice) in its language
            message = reply_message(handle(live, client.seat, data))
        if message is not None:
            client.send(message)
