"""Последний statistics for simulations, read from public data of a finished game.

The data are the hand results, the tricks of each deal (public once played: every card is
shown, P-7) and the game's actions, whose passes are the exchange (P-5) as the record keeps
it. Positions count from the dealer: 0 is the dealer, 1 the dealer's left (who receives
the dealer's cards), the last one the dealer's right (who leads the first trick, P-6).

- all-tricks deals: one player took all eight tricks (P-8);
- last trick by position: who took the eighth trick, by position from the dealer;
- exchange effects: the last trick was won with a card the taker received in the exchange,
  or with a card the dealer passed away.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.core.choosing import Pick
from cardgames.games.posledniy.actions import PassCards
from cardgames.games.posledniy.log import deal_tricks
from cardgames.games.posledniy.state import CHAINS, PosledniyState
from cardgames.primitives.language import N_

ALL_TRICKS = N_("all-tricks deals")
WITH_RECEIVED = N_("last trick won with a received card")
WITH_DEALERS = N_("last trick won with a card the dealer passed")


def position_name(position: int, players: int) -> str:
    """How a position from the dealer is called."""
    if position == 0:
        return "the dealer"
    if position == players - 1:
        return "the dealer's right (first lead)"
    if position == 1:
        return "the dealer's left"
    return "the player opposite the dealer"


def last_trick_name(position: int, players: int) -> str:
    """The statistic counting last tricks taken from ``position``."""
    return f"last trick taken by {position_name(position, players)}"


def statistics(state: PosledniyState, actions: Sequence[Any]) -> dict[str, float]:
    """The named counts of one finished game."""
    n = state.players
    results = state.hand_results()
    tricks_of_deals = deal_tricks(state)
    # the exchange's actions: a whole pass (records of protocol 1) or one pick per card
    passes = [a for a in actions if isinstance(a, (PassCards, Pick))]
    out: dict[str, float] = {ALL_TRICKS: 0, WITH_RECEIVED: 0, WITH_DEALERS: 0}
    out |= {last_trick_name(p, n): 0 for p in range(n)}
    step = 0
    for result, tricks in zip(results, tricks_of_deals, strict=False):
        chain = CHAINS[n, result.dealer]
        received: dict[int, set[int]] = {seat: set() for seat in range(n)}
        from_dealer: set[int] = set()
        for pass_step in chain:
            if isinstance(passes[step], PassCards):
                cards = {c.index for c in passes[step].cards}  # type: ignore[union-attr]
                step += 1
            else:
                cards = {a.card.index for a in passes[step : step + pass_step.count]}  # type: ignore[union-attr]
                step += pass_step.count
            received[pass_step.receiver] |= cards
            if pass_step.giver == result.dealer:
                from_dealer |= cards
        if result.winners:
            out[ALL_TRICKS] += 1
        lead, played, taker = tricks[-1]
        out[last_trick_name((taker - result.dealer) % n, n)] += 1
        card = played[(taker - lead) % n]
        out[WITH_RECEIVED] += card in received[taker]
        out[WITH_DEALERS] += card in from_dealer
    return out


def standings(state: PosledniyState) -> Sequence[Sequence[float]]:
    """After each deal: minus the penalty points so far (points game), or the chips (chips game)."""
    out: list[tuple[float, ...]] = []
    score = [0.0] * state.players
    chips = state.chips_mode
    for r in state.hand_results():
        for seat in range(state.players):
            score[seat] += r.chips[seat] if chips else -r.points[seat]
        out.append(tuple(score))
    return out
