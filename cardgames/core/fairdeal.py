"""A provably fair deal: a commitment to the seed is shown at the start, the seed and salt at the end.

The commitment is the SHA-256 of ``cardgames-deal:GAME:SEED:SALT``. The salt is 128
random bits for a seed the program draws, so the commitment cannot be searched for the
seed (the seed alone has only 2³¹ values); once the game ends the seed and the salt are
shown, and anyone can hash the same line and compare (``docs/fair-deal.md``). A seed a
person gives with ``--seed`` is known to that person anyway: its salt is derived from the
seed, so that the same seed gives the same game, output included, and it is not secret.
"""

from __future__ import annotations

import hashlib

from attrs import frozen

PREFIX = "cardgames-deal"
SALT_BYTES = 16


def new_salt() -> str:
    """A fresh random salt (hex) for a seed the program drew."""
    import secrets  # with base64 and hmac: a game whose seed was chosen does not need them (start-up)

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
        return f"Deal commitment (SHA-256): {self.commitment}"

    def reveal(self) -> str:
        """The line shown at the end: seed, salt and the text to hash to check them."""
        return (
            f"The deal: seed {self.seed}, salt {self.salt}. Check: the SHA-256 of "
            f"'{committed_text(self.game_id, self.seed, self.salt)}' is the commitment shown at the start."
        )


def verify(game_id: str, seed: int, salt: str, claimed: str) -> bool:
    """Whether seed and salt match the commitment ``claimed`` (hex, any case)."""
    import secrets

    return secrets.compare_digest(commitment(game_id, seed, salt), claimed.strip().lower())
