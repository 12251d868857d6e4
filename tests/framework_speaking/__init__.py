"""Speaking High Card: a plugin package with its own message catalogs, in Italian and Russian.

It is :mod:`framework_highcard`'s game with translated texts, and proves that a plugin
translates the way the framework and the built-in games do: its texts are marked with the
gettext names, its catalogs lie in its own ``locale`` folder under its own domain
(``framework_speaking``), and the framework shows them in the language in force (the summary
through :func:`cardgames.primitives.language.translated`, the rules card as the game writes it,
the log's trick taker through :func:`cardgames.primitives.said.said`, as data said when read, and
its own bot's line in ``cardgames rules`` from the bot's ``summary``, past the plugin guard).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from framework_highcard import HighCard, HighCardOptions, HighCardState

from cardgames.core.game import Bot
from cardgames.core.rulescard import RulesCard
from cardgames.core.state import LogEntry
from cardgames.primitives.language import N_, N_plural, catalog
from cardgames.primitives.said import said
from cardgames.primitives.seating import SeatNumber

SPEAKING = catalog("framework_speaking")
_ = SPEAKING.gettext
ngettext = SPEAKING.ngettext

TAKES = N_plural(
    "{who} takes the trick: {count} trick so far", "{who} takes the trick: {count} tricks so far"
)
# The same, said to the player who took it (the terminal's person at that seat)
YOU_TAKE = N_plural("You take the trick: {count} trick so far", "You take the trick: {count} tricks so far")


class SpeakingState(HighCardState):
    """High Card's state whose log says who took a trick as data, in the reader's language."""

    def _close_trick(self) -> None:
        before = len(self.log)
        super()._close_trick()
        seat = self.taken[-1].winner
        count = sum(t.winner == seat for t in self.taken)
        taken = said(SPEAKING, TAKES, who=SeatNumber(seat), count=count).to_you(YOU_TAKE)
        self.log[before] = LogEntry(seat, taken)


class FirstMove:
    """Plays the first of its legal moves (its docstring, as written, is not what rules shows)."""

    # what cardgames rules says of it, through this package's catalog (docs/plugin-guide.md#bots)
    summary = N_("plays the first legal move it is offered")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The first legal move."""
        return legal[0]


class LastMove(FirstMove):
    """Plays the last of its legal moves."""

    summary = ""  # no summary of its own: rules shows its docstring's first line, in English

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The last legal move."""
        return legal[-1]


class SpeakingHighCard(HighCard):
    """High Card, with its texts in English, Italian and Russian."""

    id = "speaking"
    name = "Speaking High Card"
    summary = N_("A trick game: the highest card of the suit led takes the trick, and most tricks win.")
    state_type: ClassVar[type[HighCardState]] = SpeakingState
    bots: ClassVar[Mapping[str, Callable[[random.Random], Bot]]] = {"first": FirstMove, "last": LastMove}

    def rules_card(self, options: HighCardOptions) -> RulesCard:
        """The goal with the number of cards dealt, in the language in force."""
        goal = ngettext(
            "Each player is dealt {n} card; "
            "whoever takes the most tricks wins {stake} chips from each other player.",
            "Each player is dealt {n} cards; "
            "whoever takes the most tricks wins {stake} chips from each other player.",
            options.hand_size,
        )
        return RulesCard(
            goal=goal.format(n=options.hand_size, stake=options.stake),
            cards=(
                (
                    _("any"),
                    _("follow the suit led if you can; the highest card of that suit takes the trick"),
                ),
            ),
            notes=(_("Instead of leading, you may draw one more card while the stock lasts."),),
            hand_word=_("round"),
        )
