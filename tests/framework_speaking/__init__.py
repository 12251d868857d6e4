"""Speaking High Card: a plugin package with its own message catalogs, in Italian and Russian.

It is :mod:`framework_highcard`'s game with translated texts, and proves that a plugin
translates the way the framework and the built-in games do: its texts are marked with the
gettext names, its catalogs lie in its own ``locale`` folder under its own domain
(``framework_speaking``), and the framework shows them in the language in force (the summary
through :func:`cardgames.primitives.language.translated`, the rules card as the game writes it).
"""

from __future__ import annotations

from framework_highcard import HighCard, HighCardOptions

from cardgames.core.rulescard import RulesCard
from cardgames.primitives.language import N_, catalog

_ = catalog("framework_speaking").gettext
ngettext = catalog("framework_speaking").ngettext


class SpeakingHighCard(HighCard):
    """High Card, with its texts in English, Italian and Russian."""

    id = "speaking"
    name = "Speaking High Card"
    summary = N_("A trick game: the highest card of the suit led takes the trick, and most tricks win.")

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
