"""The Dernier rules card: what each card does under the options in force (rules D-6 to D-21)."""

from __future__ import annotations

from cardgames.core.rulescard import RulesCard
from cardgames.games.dernier.options import DernierOptions
from cardgames.primitives.text import counted


def rules_card(o: DernierOptions) -> RulesCard:
    """The card for these options; the numbers are the options' own."""
    if o.scoring == "hands":
        goal = (
            f"Match: the first to win {counted(o.hands_to_win, 'hands')} wins; "
            "a hand is won by playing your last card."
        )
    else:
        goal = (
            f"Match: the losers of a hand score the cards left in hand (a joker {o.joker_points}); "
            f"it ends when someone reaches {o.target_points} points, and the lowest total wins."
        )
    if o.joker_mode == "wild":
        joker = (
            "wild: plays on anything (not on a pending ace) and stands for the card you name: "
            "'joker as 7h'; it then is that card"
        )
    else:
        joker = (
            f"plays on anything and names the suit; the next player draws {o.joker_penalty} "
            f"unless they answer with a joker (+{o.joker_penalty} each)"
        )
    ace_answer = "an ace or a joker" if o.joker_mode == "draw5" else "an ace"
    cards = (
        ("any", "match the top card's suit in force or its rank; or draw a card (D-6, D-7)"),
        ("J", "names the suit in force, any suit (D-10)"),
        ("Q", "skips the next player (D-11)"),
        ("K", "reverses the direction of play (D-12)"),
        (
            "A",
            f"the next player draws {o.ace_penalty} unless they answer with {ace_answer}, "
            f"which adds {o.ace_penalty} and passes it on; whoever draws then plays normally (D-13)",
        ),
        ("7", "the player seated before the one who played it draws 1 (D-14)"),
        ("JOKER", f"{joker}; never your last card (D-15, D-16)"),
    )
    misplay = (
        f"a card that does not match costs {o.misplay_penalty} cards and the turn (strict)"
        if o.misplay == "strict"
        else "a card that does not match is refused, without penalty (forgiving)"
    )
    notes = [
        "Call Dernier! with your second-to-last card (type 7h!); "
        f"forgetting costs {o.dernier_penalty} (D-17).",
        f"Misplay: {misplay}; a typo is never penalised (D-18).",
        "After a draw your turn ends"
        + (
            ", unless the drawn card matches: then you may play it (D-7)." if o.play_after_draw else " (D-7)."
        ),
        f"Play starts {'clockwise' if o.clockwise else 'counter-clockwise'}, from the dealer's "
        f"{'left' if o.clockwise else 'right'} (D-5).",
    ]
    if o.move_seconds is not None:
        notes.append(
            f"Move timer: {o.move_seconds:g} s a move; late costs {o.slow_penalty} and the turn (D-19)."
        )
    if o.anticipo:
        notes.append(
            "Anticipo: holding a card identical to the one just played, you may play it out of turn (D-20)."
        )
    if o.starter_effects:
        notes.append("The starter card acts as if the dealer had played it (D-4).")
    return RulesCard(goal=goal, cards=cards, notes=tuple(notes), points_count=o.scoring == "cards")
