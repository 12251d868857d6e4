"""The Dernier plugin: rules, options, notation and table rendering in one Game class."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from cardgames.core.game import Bot, Game
from cardgames.core.rulescard import RulesCard
from cardgames.core.tabletop import Tabletop
from cardgames.core.utility import Utility
from cardgames.games.dernier.actions import (
    ACTION_TYPES,
    ANTICIPOS,
    DECLINE,
    DRAW,
    JOKER_PLAYS,
    PASS,
    PLAYS,
    SLOW,
)
from cardgames.games.dernier.announce import announce
from cardgames.games.dernier.deck import deck_size, hands_bound
from cardgames.games.dernier.heuristic import HeuristicBot
from cardgames.games.dernier.notation import format_action, parse_action, typed_action
from cardgames.games.dernier.options import PRESETS, DernierOptions
from cardgames.games.dernier.position import POSITION
from cardgames.games.dernier.rules_card import rules_card
from cardgames.games.dernier.scoring import DernierSheet
from cardgames.games.dernier.state import DernierState
from cardgames.games.dernier.view import DernierView
from cardgames.primitives.cards import Card
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import N_, catalog

_ = catalog("cardgames.games.dernier").gettext


class Dernier(Game[DernierOptions, DernierState]):
    """Dernier: the Italian shedding game with jacks, queens, kings, aces, sevens and jokers."""

    id = "dernier"
    name = "Dernier"
    aliases = ("dernière", "derniere")
    summary = N_(
        "Italian shedding game: match the top card, play specials, call Dernier! before your last card."
    )
    min_players = 2
    max_players = 8
    default_players = 4
    options_type = DernierOptions
    presets = PRESETS
    default_preset = "quick"
    action_types = ACTION_TYPES
    protocol = 2
    zero_sum = False
    scoresheet = DernierSheet()
    position = POSITION
    bots: ClassVar[Mapping[str, Callable[[Any], Bot]]] = {"heuristic": HeuristicBot}
    # hard's search, measured in docs/search.md: playouts of 8 moves each from the root's candidates, no
    # tree below the root, and the heuristic's move kept unless beaten by one standard error; at every
    # table size as many playouts as a move can afford within 0.1 s of CPU (docs/search.md)
    search_settings: ClassVar[Mapping[str, float]] = {
        "horizon": 8,
        "bias": 1.0,
        "widen": 0.0,
    }
    search_settings_by_players: ClassVar[Mapping[int, Mapping[str, float]]] = {
        2: {"iterations": 1100},
        3: {"iterations": 850},
        4: {"iterations": 850},
        5: {"iterations": 750},
        6: {"iterations": 750},
        7: {"iterations": 700},
        8: {"iterations": 650},
    }

    def utility(self, options: DernierOptions) -> Utility:
        """Hands won (to ``hands_to_win``), or card points, fewest best, negated (D-21); no chips."""
        won = "the player who went out (at the turn limit: who held the fewest card points)"
        lost = "every other player"
        if options.scoring == "hands":
            return Utility("hands won", low=0, high=options.hands_to_win, hand_winners=won, hand_losers=lost)
        return Utility("card points", negated=True, high=0, hand_winners=won, hand_losers=lost)

    def check(self, options: DernierOptions, players: int) -> None:
        """Refuse a player count outside 2-8 or a deal that does not fit in the deck (D-1, D-3)."""
        if not isinstance(options, DernierOptions):
            raise OptionError(f"{self.name} needs DernierOptions, not {type(options).__name__}")
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(
                _("{game} is played by 2 to 8 players, not {players!r}").format(
                    game=self.name, players=players
                )
            )
        super().check(options, players)
        size = deck_size(options)
        need = players * options.hand_size + 1
        if need > size - options.jokers:
            raise OptionError(
                _(
                    "dealing {hand} cards to each of {players} players plus a starter needs {need} cards "
                    "other than jokers, but the deck has {plain} ({size} cards with {jokers} jokers); "
                    "lower hand_size"
                ).format(
                    hand=options.hand_size,
                    players=players,
                    need=need,
                    plain=size - options.jokers,
                    size=size,
                    jokers=options.jokers,
                )
            )

    def new_game(self, options: DernierOptions, players: int, seed: int) -> DernierState:
        """Deal the first hand of a match (after ``check``: OptionError for what cannot be dealt)."""
        self.check(options, players)
        return DernierState(options, players, seed)

    def max_decisions(self, options: DernierOptions, players: int) -> int:
        """Hands in the longest match times the per-hand decision limit."""
        return hands_bound(options, players) * options.turn_limit

    def rl_actions(self, options: DernierOptions, players: int) -> tuple[Any, ...]:
        """Every action a player can take, for learning (docs/rl.md#spaces): 278, from the engine's tables."""
        groups = (*PLAYS, *JOKER_PLAYS, *ANTICIPOS)
        plays = (a for group in groups for listed in group for a in listed)
        return (*dict.fromkeys(plays), DRAW, PASS, DECLINE, SLOW)

    def parse_action(self, text: str, view: DernierView) -> Any:
        """Read a typed move (see games.dernier.notation)."""
        return parse_action(text, view)

    def rules_card(self, options: DernierOptions) -> RulesCard:
        """What each card does under these options."""
        return rules_card(options)

    def format_action(self, action: Any) -> str:
        """Write an action as it is typed."""
        return format_action(action)

    def typed_action(self, action: Any) -> str:
        """An action as a player types it in the language in force ("pesca", "Fc p")."""
        return typed_action(action)

    def tabletop(
        self,
        view: DernierView,
        names: Sequence[str],
        *,
        playable: frozenset[Card] = frozenset(),
        asked: Sequence[int] | None = None,
        seconds: float | None = None,
    ) -> Tabletop:
        """The table as this player sees it: seats, the discard and stock, the decision, a hand's end."""
        from cardgames.games.dernier.tabletop import tabletop

        return tabletop(view, names, playable, seconds)

    def announce(self, before: DernierView, after: DernierView) -> Sequence[Any]:
        """Skips, reverses, sevens, jacks and penalties, said where the player looks.

        The lines are ``Said`` values, which read as text and, to the player a line names, in the
        second person (the terminal says them so: cardgames.play.rulesview.announcements).
        """
        return announce(before, after)

    def reminders(self, view: DernierView) -> Sequence[str]:
        """Two cards in hand at one's turn: the card played now is the second-to-last (D-17)."""
        if view.phase == "anticipo" or view.to_act != view.seat or len(view.hand) != 2:
            return ()
        return (
            _("you hold 2 cards: call Dernier! with the card you play now (as in 7h!), or draw a penalty"),
        )

    def move_seconds(self, options: DernierOptions) -> float | None:
        """The move timer of D-19, if set."""
        return options.move_seconds

    def timeout_action(self, view: DernierView) -> Any:
        """Out of time: a slow-play penalty, or no claim when an anticipo was offered."""
        return DECLINE if view.phase == "anticipo" else SLOW

    def statistics(self, state: DernierState, actions: Sequence[Any]) -> Mapping[str, float]:
        """Counts for simulations, from public data (see games/dernier/stats.py)."""
        from cardgames.games.dernier.stats import statistics

        return statistics(state, actions)

    def standings(self, state: DernierState) -> Sequence[Sequence[float]]:
        """The match score after each hand, higher is better (for lead changes and drama)."""
        from cardgames.games.dernier.stats import standings

        return standings(state)
