"""Build a Последний position from card strings (for tests, puzzles and the docs)."""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.eventlog import EventLog
from cardgames.games.posledniy.log import log_trick
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.state import CHAINS, DECKS, EXCHANGE, PLAY_PHASE, TRICKS, PosledniyState
from cardgames.primitives.cards import parse_cards
from cardgames.primitives.scoring import PenaltySheet


def position(
    hands: Sequence[str],
    *,
    dealer: int = 0,
    leader: int | None = None,
    trick: str = "",
    taken: Sequence[int] | None = None,
    points: Sequence[int] | None = None,
    options: PosledniyOptions | None = None,
    deal: int = 1,
    seed: int = 0,
) -> PosledniyState:
    """A state with these hands (one string per seat, as in ``"AS 10H 7C"``).

    With 11/10 cards for the dealer and 7 for the others it is the start of the exchange.
    Otherwise it is the play: ``leader`` led ``trick`` (cards in order of play) and the
    cards missing from the deck were played in earlier tricks, of which each seat took
    ``taken[seat]`` (by default the leader took them all).
    """
    options = options or PosledniyOptions()
    n = len(hands)
    state = PosledniyState(options, n, seed)
    cards = [sorted(c.index for c in parse_cards(h)) for h in hands]
    played = [c.index for c in parse_cards(trick)]
    state.dealer = dealer
    state.deal_no = deal
    state.chain = CHAINS[n, dealer]
    state.step = 0
    state.passes = ()
    state.hands = [tuple(h) for h in cards]
    state.trick = tuple(played)
    state.tricks = ()
    state.taken = (0,) * n
    state.events = EventLog(state.events[:1])
    if points is not None:
        state.sheet = PenaltySheet(n, state.sheet.target, list(points))  # replaced, never changed in place
    dealt = len(DECKS[n]) - (n - 1) * 7
    if len(cards[dealer]) == dealt and all(len(h) == 7 for s, h in enumerate(cards) if s != dealer):
        state.phase = EXCHANGE
        state.actor = dealer
        return state
    lead = (dealer - 1) % n if leader is None else leader
    state.phase = PLAY_PHASE
    state.leader = lead
    state.actor = (lead + len(played)) % n
    done = TRICKS - len(cards[lead]) - (1 if played else 0)
    wins = list(taken) if taken is not None else [done if s == lead else 0 for s in range(n)]
    if sum(wins) != done:
        raise ValueError(f"{done} tricks were played before this one, but taken says {sum(wins)}")
    used = {c for h in cards for c in h} | set(played)
    rest = [c for c in DECKS[n] if c not in used]
    if len(rest) != done * n:
        raise ValueError(f"the hands and the trick leave {len(rest)} cards, not {done * n} for {done} tricks")
    if done and not wins[lead]:
        raise ValueError(f"seat {lead} leads, so it must have taken the trick before")
    # the leader's tricks come last: the winner of a trick leads the next one
    winners = [s for s in range(n) if s != lead for _ in range(wins[s])] + [lead] * wins[lead]
    first = (dealer - 1) % n
    for i, winner in enumerate(winners):
        prev = first if i == 0 else winners[i - 1]
        state.tricks = (*state.tricks, (prev, tuple(rest[i * n : (i + 1) * n]), winner))
        log_trick(state, prev, state.tricks[-1][1], winner)
    state.taken = tuple(wins)
    log_trick(state, lead, played, None)
    state.sync_actions()
    return state
