"""A mirror of a CLI session in the test process: the same seed, seats and bots, so a test
knows every position the program reaches and can type moves that are legal, illegal or forgetful."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.bots.lookup import bot_rng, make_bot
from cardgames.core.game import Bot
from cardgames.core.table import Table
from cardgames.play.seats import parse_players
from cardgames.play.start import start_table
from cardgames.plugins.registry import find_game
from cardgames.primitives.errors import IllegalActionError


class Mirror:
    """The table the program plays, advanced through the bots' moves up to each human decision."""

    def __init__(self, game_id: str, players: str, seed: int, pairs: Sequence[str] = ()) -> None:
        self.game = find_game(game_id)
        seats = parse_players(self.game, players)
        self.table: Table = start_table(self.game, seats, seed, None, list(pairs))
        self.bots: dict[int, Bot] = {
            i: make_bot(self.game, s.bot, bot_rng(seed, i))
            for i, s in enumerate(self.table.seats)  # where the seat draw (if any) put them
            if s.bot is not None
        }

    @property
    def state(self) -> Any:
        """The game state."""
        return self.table.state

    def to_human(self, hands: int | None = None) -> int | None:
        """Let the bots move until a person must decide (None when the game, or hand ``hands``, is over)."""
        while not self.state.is_over():
            if hands is not None and len(self.state.hand_results()) >= hands:
                return None
            seat = self.state.to_act()
            bot = self.bots.get(seat)
            if bot is None:
                return int(seat)
            self.table.act(bot.choose(self.state.view(seat), list(self.state.legal_actions())))
        return None

    def type(self, text: str) -> bool:
        """Apply what a person typed, as the program does; False when the rules refuse it."""
        seat = self.state.to_act()
        action = self.game.parse_action(text, self.state.view(seat))
        try:
            self.table.act(action)
        except IllegalActionError:
            return False
        return True
