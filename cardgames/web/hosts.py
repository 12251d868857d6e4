"""The Host header checked against the addresses the server answers on, against DNS rebinding.

A page of another site can make a browser send requests to this server by pointing its
own name at the server's address (DNS rebinding): the browser then sends that name as the
Host, and the Origin matches it. Refusing every Host but the server's own addresses (and
the names the host allows with ``--allow-host``) stops it; an address typed as digits
cannot be rebound. See docs/hosting.md#who-can-do-what.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from cardgames.primitives.language import FRAMEWORK, speaking
from cardgames.web.words import connection_language

_ = FRAMEWORK.gettext

LOOPBACK_NAMES = frozenset({"localhost"})


def host_name(header: str) -> str:
    """The name or address of a Host header, without its port (``[::1]:8000`` → ``::1``), lower case."""
    value = header.strip().lower()
    if value.startswith("["):
        return value[1:].partition("]")[0]
    name, colon, port = value.rpartition(":")
    return name if colon and port.isdigit() and ":" not in name else value


class Hosts:
    """The names a request's Host may carry: the listening address's, and the allowed names."""

    def __init__(self, listen: str, allowed: Iterable[str] = ()) -> None:
        self.allowed = frozenset(host_name(n) for n in allowed)
        address = ipaddress.ip_address(host_name(listen)) if _is_address(listen) else None
        self.any_address = address is not None and address.is_unspecified  # 0.0.0.0 or ::
        self.loopback = address is None or address.is_loopback or self.any_address
        self.listen = host_name(listen)

    def accepts(self, header: str | None) -> bool:
        """Whether a request with this Host header is meant for this server."""
        if not header:
            return False
        name = host_name(header)
        if name in self.allowed or name == self.listen:
            return True
        if self.loopback and name in LOOPBACK_NAMES:
            return True
        if not _is_address(name):
            return False
        address = ipaddress.ip_address(name)
        if self.any_address:  # every address of the machine: any address typed as digits reached it
            return True
        return self.loopback and address.is_loopback


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(host_name(text))
    except ValueError:
        return False
    return True


class HostCheck:
    """ASGI middleware: a request (or websocket) for another Host gets 421 and reaches nothing."""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers: dict[bytes, Any] = dict(scope.get("headers") or [])
            host = headers.get(b"host", b"").decode("latin-1")
            if not self.hosts.accepts(host):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008, "reason": "unknown host"})
                    return
                accept = headers.get(b"accept-language", b"").decode("latin-1")
                with speaking(connection_language(None, accept)):  # a person may read it: in their language
                    text = _(
                        "this server does not answer for that host name (the host may allow it: --allow-host)"
                    )
                await PlainTextResponse(text, status_code=421)(scope, receive, send)
                return
        await self.app(scope, receive, send)
