"""A provably fair deal: a commitment to the seed is shown at the start, the seed and salt at the end.

The commitment is the SHA-256 of ``cardgames-deal:GAME:SEED:SALT``. The salt is 128
random bits for a seed the program draws (itself a 256-bit secret that keys the deal's
stream, ``cardgames.primitives.dealstream``); once the game ends the seed and the salt are shown,
and anyone can hash the same line and compare (``docs/fair-deal.md``). A seed a
person gives with ``--seed`` is known to that person anyway: its salt is derived from the
seed, so that the same seed gives the same game, output included, and it is not secret.

At a browser table the seats add values to the deal (docs/fair-deal.md#a-browser-table):
each seat's browser draws 32 random bytes (its *value*, 64 hex digits) and sends first their
SHA-256 (its *commitment*), and the value itself only once every seat has committed. The
game is then dealt from :func:`dealt_seed` of the table's secret seed (committed to before any
seat committed) and the values: nobody, host included, could choose the deal.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import TypeGuard

from attrs import frozen

from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext

PREFIX = "cardgames-deal"
SALT_BYTES = 16


def new_salt() -> str:
    """A fresh random salt (hex) for a seed the program drew."""
    import secrets

    return secrets.token_hex(SALT_BYTES)


def salt_of_chosen_seed(seed: int) -> str:
    """The salt of a seed a person chose: fixed by the seed, so a chosen seed replays identically."""
    return hashlib.sha256(f"{PREFIX}-chosen-salt:{seed}".encode()).hexdigest()[: 2 * SALT_BYTES]


def committed_text(game_id: str, seed: int, salt: str) -> str:
    """The line whose SHA-256 is the commitment."""
    return f"{PREFIX}:{game_id}:{seed}:{salt}"


def commitment(game_id: str, seed: int, salt: str) -> str:
    """The commitment to a deal, as 64 hex digits."""
    return hashlib.sha256(committed_text(game_id, seed, salt).encode()).hexdigest()


@frozen
class Deal:
    """The secret of a game (its seed and salt) and the public commitment to it."""

    game_id: str
    seed: int
    salt: str

    @property
    def commitment(self) -> str:
        """SHA-256 of the committed text, shown before the game."""
        return commitment(self.game_id, self.seed, self.salt)

    def announce(self) -> str:
        """The line shown at the start: the commitment, never the seed."""
        return _("Deal commitment (SHA-256): {commitment}").format(commitment=self.commitment)

    def reveal(self) -> str:
        """The line shown at the end: seed, salt and the text to hash to check them."""
        return _(
            "The deal: seed {seed}, salt {salt}. Check: the SHA-256 of '{text}' is the commitment "
            "shown at the start."
        ).format(seed=self.seed, salt=self.salt, text=committed_text(self.game_id, self.seed, self.salt))


def verify(game_id: str, seed: int, salt: str, claimed: str) -> bool:
    """Whether seed and salt match the commitment ``claimed`` (hex, any case)."""
    import secrets

    return secrets.compare_digest(commitment(game_id, seed, salt), claimed.strip().lower())


CONTRIBUTIONS_DOMAIN = "cardgames-deal-contributions:"
HEX64 = re.compile(r"[0-9a-f]{64}")


@frozen
class Contribution:
    """One seat's value and the commitment it sent before any value was revealed."""

    commitment: str
    value: str

    @property
    def keeps_its_word(self) -> bool:
        """Whether the value is the one committed to."""
        return value_commitment(self.value) == self.commitment


def is_hex64(text: object) -> TypeGuard[str]:
    """Whether ``text`` is 64 lowercase hexadecimal digits (a value or a commitment)."""
    return isinstance(text, str) and HEX64.fullmatch(text) is not None


def value_commitment(value: str) -> str:
    """The commitment to a value: the SHA-256 (hex) of its 32 bytes."""
    return str(hashlib.sha256(bytes.fromhex(value)).hexdigest())


def dealt_seed(seed: int, values: Iterable[str]) -> int:
    """The seed a game is dealt from: ``seed`` alone, or with values, SHA-256 of all of them (sorted)."""
    ordered = sorted(values)
    if not ordered:
        return seed
    text = CONTRIBUTIONS_DOMAIN + str(seed) + "".join(":" + v for v in ordered)
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")
