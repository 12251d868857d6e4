"""SHA-256 of a text, from CPython's own implementation when it has one (no OpenSSL to load).

``import hashlib`` loads OpenSSL's library and sets it up, which was about 2% of an unattended
game's instructions (start-up), for two digests of a few dozen bytes: the deal's commitment
and each bot's seed. CPython also builds SHA-256 itself (``_sha2`` from 3.12, ``_sha256``
before); the digest is the same, and a test compares it with hashlib's. Where neither module
exists, hashlib is used.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

_SHA256: Callable[[bytes], Any] | None = None


def sha256_hex(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8), as 64 lowercase hex digits."""
    global _SHA256
    if _SHA256 is None:
        _SHA256 = _constructor()
    return str(_SHA256(text.encode()).hexdigest())


def _constructor() -> Callable[[bytes], Any]:
    for name in ("_sha2", "_sha256"):
        try:
            constructor: Callable[[bytes], Any] = importlib.import_module(name).sha256
            return constructor
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256
