"""The exchange of Последний (rule P-5): the dealer passes 3 cards left, the receiver 2, the next 1.

Functions on the engine's state (games/posledniy/state.py), kept apart as one rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgames.core.choosing import Pick
from cardgames.games.posledniy.actions import PassCards, PlayCard
from cardgames.games.posledniy.log import PASSED, card_text
from cardgames.games.posledniy.phases import PLAY_PHASE
from cardgames.primitives.cards import Card
from cardgames.primitives.errors import IllegalActionError
from cardgames.primitives.exchange import Pass, pass_chain
from cardgames.primitives.language import catalog

if TYPE_CHECKING:
    from cardgames.games.posledniy.state import PosledniyState

_ = catalog("cardgames.games.posledniy").gettext
ngettext = catalog("cardgames.games.posledniy").ngettext

PASS_COUNTS: dict[int, tuple[int, ...]] = {4: (3, 2, 1), 3: (2, 1)}  # P-5
CHAINS: dict[tuple[int, int], tuple[Pass, ...]] = {
    (n, dealer): pass_chain(dealer, n, PASS_COUNTS[n]) for n in PASS_COUNTS for dealer in range(n)
}


def pass_cards(state: PosledniyState, action: Any) -> None:
    """Apply a whole pass, or one card of a pass chosen card by card; IllegalActionError changes nothing."""
    step = state.chain[state.step]
    if isinstance(action, Pick):
        idx = _pick_index(action)
        if idx not in state.hands[step.giver] or idx in state.picked:
            raise IllegalActionError(_("you cannot set {card} aside to pass now").format(card=card_text(idx)))
        if len(state.picked) + 1 < step.count:
            state.picked = (*state.picked, idx)
            return
        cards = tuple(sorted([*state.picked, idx]))
        state.picked = ()
    else:
        if state.picked:
            raise IllegalActionError(_("choose the rest of the pass you began, card by card"))
        cards = _pass_indices(action)
    if len(cards) != step.count:
        said = ngettext(
            "pass exactly {count} card, not {given} (P-5)",
            "pass exactly {count} cards, not {given} (P-5)",
            step.count,
        )
        raise IllegalActionError(said.format(count=step.count, given=len(cards)))
    hands = state.hands
    hand = hands[step.giver]
    missing = [c for c in cards if c not in hand]
    if missing:
        raise IllegalActionError(
            _("you do not hold {card}").format(card=" ".join(card_text(c) for c in missing))
        )
    hands[step.giver] = tuple(c for c in hand if c not in cards)
    # the receiver takes the cards in before passing on (P-5)
    hands[step.receiver] = tuple(sorted(hands[step.receiver] + cards))
    state.passes = (*state.passes, cards)
    state.events.append((PASSED, step.giver, step.count, cards, step.receiver))
    state.step += 1
    if state.step < len(state.chain):
        state.actor = state.chain[state.step].giver
    else:
        state.phase = PLAY_PHASE
        state.leader = state.actor = (state.dealer - 1) % state.n  # the dealer's right leads (P-6)
        state.sync_actions()


def _pick_index(action: Pick) -> int:
    c = action.card
    if not isinstance(c, Card) or c.rank is None:
        raise IllegalActionError(f"{c!r} is not a card of this deck")
    return c.index


def _pass_indices(action: Any) -> tuple[int, ...]:
    if not isinstance(action, PassCards):
        if isinstance(action, PlayCard):
            raise IllegalActionError(_("it is the exchange: pass cards to your left neighbour first (P-5)"))
        raise IllegalActionError(f"{action!r} is not a Последний action")
    cards = action.cards
    if any(not isinstance(c, Card) or c.rank is None for c in cards):
        raise IllegalActionError(_("only cards of this deck can be passed"))
    out = tuple(c.index for c in cards)
    if len(set(out)) != len(out):
        raise IllegalActionError(_("a card can be passed only once"))
    return out
