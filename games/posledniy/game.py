"""The Последний plugin: rules, options, notation and bots (rules P-1 to P-11)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from cardgames.core.choosing import Pick, Picks
from cardgames.core.game import Bot, Game
from cardgames.core.rulescard import RulesCard
from cardgames.core.tabletop import Tabletop
from cardgames.core.utility import Utility
from cardgames.games.posledniy.actions import ACTION_TYPES, FaceDown, PassCards, PlayCard
from cardgames.games.posledniy.heuristic import HeuristicBot
from cardgames.games.posledniy.notation import format_move, parse, typed_move
from cardgames.games.posledniy.options import PRESETS, PosledniyOptions
from cardgames.games.posledniy.position import POSITION
from cardgames.games.posledniy.rules_card import rules_card
from cardgames.games.posledniy.scoring import PosledniySheet
from cardgames.games.posledniy.state import CHAINS, PASS_COUNTS, TRICKS, PosledniyState
from cardgames.games.posledniy.view import PosledniyView
from cardgames.primitives.cards import Card
from cardgames.primitives.errors import OptionError, ParseError
from cardgames.primitives.language import N_, catalog  # the summary is translated where it is shown

_ = catalog("cardgames.games.posledniy").gettext
ngettext = catalog("cardgames.games.posledniy").ngettext


class Posledniy(Game[PosledniyOptions, PosledniyState]):
    """Последний, "The Last": whoever takes the eighth trick loses the deal."""

    id = "posledniy"
    name = "Последний"
    aliases = ("poslednii", "posledny", "poslednij", "last", "the-last", "последний")
    summary = N_(
        "Russian trick game without trumps: take the last of eight tricks and lose, or take all eight and win"
    )
    min_players = 3
    max_players = 4
    default_players = 4
    options_type = PosledniyOptions
    presets = PRESETS
    default_preset = "points"
    action_types = ACTION_TYPES
    protocol = 2
    scoresheet = PosledniySheet()
    position = POSITION
    bots: ClassVar[Mapping[str, Callable[..., Bot]]] = {"heuristic": HeuristicBot}

    def utility(self, options: PosledniyOptions) -> Utility:
        """Chips won or lost, adding up to zero: every deal's stake, or the points' settlement (P-9, P-10)."""
        return Utility(
            measure="chips",
            chips=True,
            sum="zero",
            hand_winners="the player who took all eight tricks, if one did (else nobody)",
            hand_losers="the player who took the last trick, or everyone else when one took all eight",
        )

    def check(self, options: PosledniyOptions, players: int) -> None:
        """Only 3 or 4 players (P-1)."""
        if not isinstance(options, PosledniyOptions):
            raise OptionError(f"{self.name} needs PosledniyOptions, not {type(options).__name__}")
        if isinstance(players, bool) or players not in (3, 4):
            raise OptionError(
                _("{game} is played by 3 or 4 players, not {players} (P-1)").format(
                    game=self.name, players=players
                )
            )

    def new_game(self, options: PosledniyOptions, players: int, seed: int) -> PosledniyState:
        """Draw for seats (P-3) and deal the first hand (P-4)."""
        self.check(options, players)
        return PosledniyState(options, players, seed)

    def max_deals(self, options: PosledniyOptions, players: int) -> int:
        """The most deals a game can last: fixed in chips mode; points mode scores at least 1 a deal."""
        if options.scoring == "chips":
            return options.rounds * players
        return players * (options.target - 1) + 1

    def max_decisions(self, options: PosledniyOptions, players: int) -> int:
        """Each deal has one pick per card passed in the exchange and eight plays per player."""
        return self.max_deals(options, players) * (sum(PASS_COUNTS[players]) + TRICKS * players)

    def parse_action(self, text: str, view: Any) -> Pick | Picks | PassCards | PlayCard:
        """Read ``10h``, ``a♠``, ``3`` (a hand position) or ``pass 10h ah kd``."""
        if not isinstance(view, PosledniyView):
            raise ParseError("moves are read against a Последний view")
        return parse(text, view)

    def rules_card(self, options: PosledniyOptions) -> RulesCard:
        """What each card does under these options."""
        return rules_card(options)

    def format_action(self, action: Any) -> str:
        """Write an action the way parse_action reads it."""
        return format_move(action)

    def typed_action(self, action: Any) -> str:
        """A move as a player types it in the language in force ("снос 10♣ A♥")."""
        return typed_move(action)

    def action_seen_by(self, action: Any, actor: int, view: Any) -> Any:
        """A pass is seen only by its giver and receiver (P-5, I-1); the others see how many cards went.

        Chosen card by card, a pick is seen by its giver, and by the receiver only when it
        completes the pass (the cards then come into the receiver's hand).
        """
        if isinstance(action, Pick) and view.seat != actor:
            count = next(s.count for s in CHAINS[view.players, view.dealer] if s.giver == actor)
            receiver = (view.seat - actor) % view.players == 1
            return action if receiver and view.set_aside == count - 1 else FaceDown(1)
        if isinstance(action, PassCards) and (view.seat - actor) % view.players not in (0, 1):
            return FaceDown(len(action.cards))
        return action

    def describe_action(self, action: Any, actor: int, view: Any | None) -> str:
        """A pass (or one pick of it) names its cards to those who see it; the others read how many went."""
        hidden = view is None or self.action_seen_by(action, actor, view) != action
        if isinstance(action, PassCards) and hidden:
            count = len(action.cards)
            said = ngettext("pass {count} card face down", "pass {count} cards face down", count)
            return said.format(count=count)
        if isinstance(action, Pick) and hidden:  # one card of a pass chosen card by card
            return _("choose a card to pass, face down")
        return self.typed_action(action)

    def tabletop(
        self,
        view: PosledniyView,
        names: Sequence[str],
        *,
        playable: frozenset[Card] = frozenset(),
        asked: Sequence[int] | None = None,
        seconds: float | None = None,
    ) -> Tabletop:
        """The table as this player sees it: seats, the trick, the exchange, the decision, a deal's end."""
        from cardgames.games.posledniy.tabletop import tabletop

        return tabletop(view, names, playable, seconds)

    def statistics(self, state: PosledniyState, actions: Sequence[Any]) -> Mapping[str, float]:
        """Counts for simulations, from public data (see games/posledniy/stats.py)."""
        from cardgames.games.posledniy.stats import statistics

        return statistics(state, actions)

    def standings(self, state: PosledniyState) -> Sequence[Sequence[float]]:
        """The match score after each hand, higher is better (for lead changes and drama)."""
        from cardgames.games.posledniy.stats import standings

        return standings(state)
