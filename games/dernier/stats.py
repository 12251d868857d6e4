"""Dernier statistics for simulations, read from the public log of a finished match.

Every record of ``DernierState.log`` is public (the view writes them all out in words), so
these counts use nothing a player could not have written down at the table:

- ace chains: runs of aces (D-13) each answering the one before, until someone takes the
  penalty, loses the turn or the hand ends; counted by length (1, 2+, 3+) with the aces in
  them (aces in chains / ace chains is the mean chain length);
- jokers played (D-14, D-15), Dernier calls forgotten (D-17), anticipos (D-20);
- safeguard endings: hands stopped by the turn limit rather than won by the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.core.game import SAFEGUARD_ENDINGS
from cardgames.games.dernier.actions import ACE, JOKER_INDEX, RANK_OF
from cardgames.games.dernier.state import DernierState
from cardgames.primitives.language import N_

ACE_CHAINS = N_("ace chains")
ACE_CHAINS_2 = N_("ace chains of 2+ aces")
ACE_CHAINS_3 = N_("ace chains of 3+ aces")
ACES_CHAINED = N_("aces in ace chains")
JOKERS = N_("jokers played")
FORGOTTEN = N_("Dernier calls forgotten")
ANTICIPOS = N_("anticipos")
# records that end a chain of penalties: taken, turn lost, hand won or stopped, new deal
_CHAIN_ENDS = frozenset({"take", "misplay", "slow", "win", "deal", "stop"})


def statistics(state: DernierState, actions: Sequence[Any] = ()) -> dict[str, float]:
    """The named counts of one finished match (the log holds everything; actions are not needed)."""
    chains = [0, 0, 0]  # chains of 1+, 2+ and 3+ aces
    chained = jokers = forgotten = anticipos = stopped = 0
    aces = 0  # aces in the chain being built
    for record in state.log:
        kind = record[0]
        if kind == "play":
            card, stands_for = record[2], record[3]
            effective = stands_for if card == JOKER_INDEX and stands_for >= 0 else card
            if card == JOKER_INDEX:
                jokers += 1
            if effective != JOKER_INDEX and RANK_OF[effective] == ACE:
                aces += 1
                chained += 1
            elif card != JOKER_INDEX and aces:  # cannot happen while a chain is pending; be safe
                aces = _close(chains, aces)
            continue
        if kind == "forgot":
            forgotten += 1
        elif kind == "anticipo":
            anticipos += 1
        elif kind == "win" and record[3]:
            stopped += 1
        if kind in _CHAIN_ENDS and aces:
            aces = _close(chains, aces)
    if aces:
        _close(chains, aces)
    return {
        ACE_CHAINS: chains[0],
        ACE_CHAINS_2: chains[1],
        ACE_CHAINS_3: chains[2],
        ACES_CHAINED: chained,
        JOKERS: jokers,
        FORGOTTEN: forgotten,
        ANTICIPOS: anticipos,
        SAFEGUARD_ENDINGS: stopped,
    }


def _close(chains: list[int], aces: int) -> int:
    for k in range(min(aces, 3)):
        chains[k] += 1
    return 0


def standings(state: DernierState) -> Sequence[Sequence[float]]:
    """After each hand: hands won (scoring by hands), or minus the card points so far (by cards)."""
    out: list[tuple[float, ...]] = []
    score = [0.0] * state.players
    cards = state.options.scoring == "cards"
    for r in state.hand_results():
        for seat in range(state.players):
            score[seat] += -r.points[seat] if cards else float(seat in r.winners)
        out.append(tuple(score))
    return out
