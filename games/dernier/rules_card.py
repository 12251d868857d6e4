"""The Dernier rules card: what each card does under the options in force (rules D-6 to D-21)."""

from __future__ import annotations

from cardgames.core.rulescard import RulesCard
from cardgames.games.dernier.options import DernierOptions
from cardgames.primitives.language import catalog

_ = catalog("cardgames.games.dernier").gettext
ngettext = catalog("cardgames.games.dernier").ngettext


def _goal(o: DernierOptions) -> str:
    if o.scoring == "hands":
        return ngettext(
            "Match: the first to win {n} hand wins; a hand is won by playing your last card.",
            "Match: the first to win {n} hands wins; a hand is won by playing your last card.",
            o.hands_to_win,
        ).format(n=o.hands_to_win)
    return _(
        "Match: the losers of a hand score the cards left in hand (a joker {joker}); it ends when "
        "someone reaches {target} points, and the lowest total wins."
    ).format(joker=o.joker_points, target=o.target_points)


def _cards(o: DernierOptions) -> tuple[tuple[str, str], ...]:
    if o.joker_mode == "wild":
        joker = _(
            "wild: plays on anything (not on a pending ace) and stands for the card you name: "
            "'joker as 7h'; it then is that card"
        )
    else:
        joker = _(
            "plays on anything and names the suit; the next player draws {n} unless they answer "
            "with a joker (+{n} each)"
        ).format(n=o.joker_penalty)
    if o.joker_mode == "draw5":
        ace = _(
            "the next player draws {n} unless they answer with an ace or a joker, which adds {n} and "
            "passes it on; whoever draws then plays normally (D-13)"
        )
    else:
        ace = _(
            "the next player draws {n} unless they answer with an ace, which adds {n} and passes it on; "
            "whoever draws then plays normally (D-13)"
        )
    # TRANSLATORS: the cards as a player of the language types them, then as everyone may (F/J)
    return (
        (_("any"), _("match the top card's suit in force or its rank; or draw a card (D-6, D-7)")),
        (_("J"), _("names the suit in force, any suit (D-10)")),
        (_("Q"), _("skips the next player (D-11)")),
        (_("K"), _("reverses the direction of play (D-12)")),
        (_("A"), ace.format(n=o.ace_penalty)),
        ("7", _("the player seated before the one who played it draws 1 (D-14)")),
        (_("JOKER"), _("{joker}; never your last card (D-15, D-16)").format(joker=joker)),
    )


def _notes(o: DernierOptions) -> tuple[str, ...]:
    if o.misplay == "strict":
        misplay = _(
            "Misplay: a card that does not match costs {n} cards and the turn (strict); "
            "a typo is never penalised (D-18)."
        ).format(n=o.misplay_penalty)
    else:
        misplay = _(
            "Misplay: a card that does not match is refused, without penalty (forgiving); "
            "a typo is never penalised (D-18)."
        )
    notes = [
        _("Call Dernier! with your second-to-last card (type 7h!); forgetting costs {n} (D-17).").format(
            n=o.dernier_penalty
        ),
        misplay,
        _("After a draw your turn ends, unless the drawn card matches: then you may play it (D-7).")
        if o.play_after_draw
        else _("After a draw your turn ends (D-7)."),
        _("Play starts clockwise, from the dealer's left (D-5).")
        if o.clockwise
        else _("Play starts counter-clockwise, from the dealer's right (D-5)."),
    ]
    if o.move_seconds is not None:
        notes.append(
            _("Move timer: {seconds} s a move; late costs {n} and the turn (D-19).").format(
                seconds=f"{o.move_seconds:g}", n=o.slow_penalty
            )
        )
    if o.anticipo:
        notes.append(
            _(
                "Anticipo: holding a card identical to the one just played, "
                "you may play it out of turn (D-20)."
            )
        )
    if o.starter_effects:
        notes.append(_("The starter card acts as if the dealer had played it (D-4)."))
    return tuple(notes)


def rules_card(o: DernierOptions) -> RulesCard:
    """The card for these options; the numbers are the options' own."""
    return RulesCard(
        goal=_goal(o),
        cards=_cards(o),
        notes=_notes(o),
        hand_word=_("hand"),
        points_count=o.scoring == "cards",
    )
