"""Seat links: unguessable tokens, kept on disk only as hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from attrs import frozen

TOKEN_BYTES = 24  # 192 bits: a link cannot be guessed


def new_token() -> str:
    """A fresh seat or spectator token for a link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the server keeps of a token (a leaked save file gives no link away)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@frozen
class Keys:
    """The hashes of a table's seat tokens (one per seat) and of its spectator token."""

    seats: tuple[str, ...]
    spectator: str

    def seat_of(self, token: str) -> int | bool | None:
        """The seat a token opens, None for the spectator token, False for no seat of this table."""
        digest = token_hash(token)
        found: int | bool | None = False
        for seat, known in enumerate(self.seats):
            if hmac.compare_digest(digest, known):
                found = seat
        if found is False and hmac.compare_digest(digest, self.spectator):
            found = None
        return found


def new_keys(players: int) -> tuple[Keys, list[str], str]:
    """Keys for a new table, with the seat tokens and the spectator token to put in the links."""
    tokens = [new_token() for _ in range(players)]
    watch = new_token()
    return Keys(tuple(token_hash(t) for t in tokens), token_hash(watch)), tokens, watch
