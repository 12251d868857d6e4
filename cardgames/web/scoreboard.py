"""Scoreboard links: a tournament's standings for whoever holds its link, and nobody else.

A link's token is the tournament's name with a MAC of it under the server's own secret
key (kept in the tables folder, readable by the host only): the server checks it without
keeping a list, a guess gets nothing, and the link stays the same across restarts. No
answer ever names a tournament the asker has no link to.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

from cardgames.primitives.atomic import write_atomic

KEY_FILE = "scoreboard-key.json"
KEY_FORMAT = "cardgames-web-scoreboard-key"
MAC_BYTES = 16  # 128 bits: a link cannot be guessed
MAX_NAME = 200


def load_key(folder: Path) -> bytes:
    """The server's secret key for scoreboard links, made once (256 random bits) and kept in ``folder``."""
    path = folder / KEY_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        ours = isinstance(data, dict) and data.get("format") == KEY_FORMAT
        key = bytes.fromhex(data["key"]) if ours else b""
        if len(key) >= 32:
            return key
    except (FileNotFoundError, ValueError, TypeError, KeyError):
        pass  # made again (the links given so far no longer open the scoreboards)
    key = secrets.token_bytes(32)
    write_atomic(path, json.dumps({"format": KEY_FORMAT, "key": key.hex()}) + "\n")
    os.chmod(path, 0o600)
    return key


def _mac(key: bytes, name: str) -> bytes:
    return hmac.new(key, b"cardgames-scoreboard:" + name.encode("utf-8"), hashlib.sha256).digest()[:MAC_BYTES]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def link_token(key: bytes, tournament: str) -> str:
    """The token of a tournament's scoreboard link (``/scores/TOKEN``)."""
    return f"{_b64(tournament.encode('utf-8'))}.{_b64(_mac(key, tournament))}"


def tournament_of(key: bytes, token: str) -> str | None:
    """The tournament a token opens, or None for anything else (compared in constant time)."""
    name_part, dot, mac_part = token.partition(".")
    if not dot or len(token) > 4 * MAX_NAME:
        return None
    try:
        name = base64.urlsafe_b64decode(name_part + "=" * (-len(name_part) % 4)).decode("utf-8")
        mac = base64.urlsafe_b64decode(mac_part + "=" * (-len(mac_part) % 4))
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None
    return name if hmac.compare_digest(mac, _mac(key, name)) else None
