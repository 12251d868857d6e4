"""What one client may ask of the server: tables it opens, and JSON it sends (bounded before parsing).

The limits and their defaults are in docs/hosting.md#limits.
"""

from __future__ import annotations

import ipaddress
import json
import time
from typing import Any

from attrs import define, field

from cardgames.primitives.language import FRAMEWORK

MAX_DEPTH = 16  # nesting of objects and arrays in a message or a request (the pages send 3 at most)
OPEN_BURST = 10  # tables a client may open at once …
OPEN_EVERY = 30.0  # … and then one every this many seconds
MAX_CLIENTS = 10_000  # clients remembered; beyond, those whose allowance is whole again are forgotten


class TooDeepError(ValueError):
    """JSON nested deeper than :data:`MAX_DEPTH` (refused before it is parsed)."""


def depth(text: str | bytes) -> int:
    """How deeply objects and arrays nest in a JSON text (brackets inside strings do not count)."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    deepest = level = 0
    quoted = escaped = False
    for byte in data:
        if quoted:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                quoted = False
        elif byte == 0x22:
            quoted = True
        elif byte in (0x5B, 0x7B):  # [ {
            level += 1
            deepest = max(deepest, level)
        elif byte in (0x5D, 0x7D):
            level -= 1
    return deepest


def loads(text: str | bytes) -> Any:
    """Parse JSON whose nesting is at most :data:`MAX_DEPTH`; TooDeepError (before parsing) or ValueError."""
    if depth(text) > MAX_DEPTH:
        raise TooDeepError(f"nested more than {MAX_DEPTH} levels deep")
    return json.loads(text)


def client_key(host: str | None) -> str:
    """Who a request comes from: its address (an IPv6 address by its /64, as one home holds a whole /64)."""
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address.ipv4_mapped or address) if isinstance(address, ipaddress.IPv6Address) else str(address)


@define
class Allowance:
    """A client's table openings: a bucket of ``OPEN_BURST`` refilled one every ``OPEN_EVERY`` seconds."""

    level: float = OPEN_BURST
    at: float = field(factory=time.monotonic)

    def refill(self, now: float) -> None:
        """Bring the bucket up to date."""
        self.level = min(OPEN_BURST, self.level + (now - self.at) / OPEN_EVERY)
        self.at = now


class OpenLimits:
    """Per client: how fast it may open tables, and how many of its tables may be open at once."""

    def __init__(self, per_client: int) -> None:
        self.per_client = per_client
        self.allowances: dict[str, Allowance] = {}

    def refusal(self, client: str, open_tables: int) -> str | None:
        """Why ``client`` may not open a table now (None: it may; then the opening is counted)."""
        if open_tables >= self.per_client:
            return FRAMEWORK.ngettext(
                "you already have {count} table open on this server (at most {most}); "
                "finish or leave it first",
                "you already have {count} tables open on this server (at most {most}); "
                "finish or leave one first",
                open_tables,
            ).format(count=open_tables, most=self.per_client)
        now = time.monotonic()
        allowance = self.allowances.get(client)
        if allowance is None:
            self._forget_some(now)
            allowance = self.allowances[client] = Allowance(at=now)
        allowance.refill(now)
        if allowance.level < 1:
            wait = (1 - allowance.level) * OPEN_EVERY
            return FRAMEWORK.gettext("you opened many tables just now: try again in {seconds} s").format(
                seconds=f"{wait:.0f}"
            )
        allowance.level -= 1
        return None

    def _forget_some(self, now: float) -> None:
        if len(self.allowances) < MAX_CLIENTS:
            return
        for key, allowance in list(self.allowances.items()):
            allowance.refill(now)
            if allowance.level >= OPEN_BURST:
                del self.allowances[key]
        if len(self.allowances) >= MAX_CLIENTS:  # a crowd of fresh clients: the oldest go
            for key in list(self.allowances)[: MAX_CLIENTS // 2]:
                del self.allowances[key]
