"""A table: one game in progress together with its record, so that it can be saved and replayed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import define

from cardgames.errors import SaveFileError
from cardgames.game import Game, GameState
from cardgames.position import start_state
from cardgames.record import GameRecord, Seat, new_record, options_from_record, replay


@define
class Table:
    """A game, its options and seats, its state and the record of every action applied."""

    game: Game[Any, Any]
    options: Any
    state: GameState
    record: GameRecord

    @classmethod
    def start(
        cls,
        game: Game[Any, Any],
        options: Any,
        seats: Sequence[Seat],
        seed: int,
        salt: str | None = None,
        position: str = "",
    ) -> Table:
        """Check the options against the player count and deal the first hand (salt: see cardgames.deal).

        ``seats`` are the players in the order they were named; when the game draws for
        seats, they sit where the draw puts them, and the record keeps that seating. A game
        started from a ``position`` (``cardgames.position``) seats them as named.
        """
        game.check(options, len(seats))
        state = start_state(game, options, len(seats), seed, position)
        draw = state.seat_draw()
        if draw is not None and not position:
            seats = [seats[who] for who in draw.seating]
        record = new_record(game, options, seats, seed, salt)
        record.position = position
        return cls(game, options, state, record)

    @classmethod
    def from_record(cls, game: Game[Any, Any], record: GameRecord) -> Table:
        """Rebuild a table by replaying a record (SaveFileError if it does not replay)."""
        if record.game != game.id:
            raise SaveFileError(f"the record is a game of {record.game!r}, not of {game.id!r}")
        state = replay(game, record)
        return cls(game, options_from_record(game, record), state, record)

    @property
    def seats(self) -> list[Seat]:
        """Who sits where."""
        return self.record.seats

    def act(self, action: Any) -> None:
        """Apply an action of the seat to act and record it; nothing changes if it is refused."""
        self.state.apply(action)
        self.record.actions.append(action)
