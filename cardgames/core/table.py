"""A table: one game in progress together with its record, so that it can be saved and replayed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import define

from cardgames.core.game import Game
from cardgames.core.position import start_state
from cardgames.core.race import race_answers, several_asked
from cardgames.core.record import GameRecord, Seat, new_record, options_from_record, replay
from cardgames.core.state import Choice, GameState
from cardgames.primitives.errors import IllegalActionError, SaveFileError
from cardgames.primitives.language import FRAMEWORK
from cardgames.primitives.seating import SeatNumber


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
        """Check the options against the player count and deal the first hand (salt: core.fairdeal).

        ``seats`` are the players in the order they were named; when the game draws for
        seats, they sit where the draw puts them, and the record keeps that seating. A game
        started from a ``position`` (``cardgames.core.position``) seats them as named.
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
            said = FRAMEWORK.gettext("the record is a game of {theirs}, not of {ours}")
            raise SaveFileError(said.format(theirs=repr(record.game), ours=repr(game.id)))
        state = replay(game, record)
        return cls(game, options_from_record(game, record), state, record)

    @property
    def seats(self) -> list[Seat]:
        """Who sits where."""
        return self.record.seats

    def act(self, action: Any, seat: int | None = None) -> None:
        """Apply ``seat``'s action (default: the seat to act's) and record it; nothing changes if refused.

        At a simultaneous decision or in a race the record keeps it as a ``Choice`` naming its seat.
        """
        self.record.actions.append(decide(self.state, action, seat))

    def settle_race(self, answers: Sequence[tuple[int, Any]]) -> None:
        """Settle a race from answers gathered together (``cardgames.core.race``), recording each."""
        for choice in race_answers(self.state, answers):
            self.act(choice.action, choice.seat)


def _label(seat: int | None) -> str:
    """A seat as the log writes it (P2); no seat at all (nobody to act) as P0."""
    return "P0" if seat is None else str(SeatNumber(seat))


def decide(state: GameState, action: Any, seat: int | None = None) -> Any:
    """Apply ``seat``'s action (default: the seat to act) and return what a record keeps of it.

    At a simultaneous decision or in a race that is ``Choice(seat, action)``, applied so;
    otherwise the action itself, refused (IllegalActionError, nothing changed) for a seat not to act.
    """
    if seat is None:
        seat = state.to_act()
    if several_asked(state):
        if seat not in state.to_decide():
            raise IllegalActionError(
                FRAMEWORK.gettext("{who} has nothing to decide now").format(who=_label(seat))
            )
        made: Any = action if isinstance(action, Choice) else Choice(seat, action)
    elif seat != state.to_act():
        raise IllegalActionError(FRAMEWORK.gettext("it is not {who}'s turn").format(who=_label(seat)))
    else:
        made = action
    state.apply(made)
    return made
